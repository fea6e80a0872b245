package dev.navserver.protocol.message;

import java.util.List;
import java.util.Objects;

/** Constructor checks that catch programming errors before they become invalid JSON on the wire. */
final class Require {
    private Require() {
    }

    static double finite(double value, String name) {
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException(name + " must be finite, got " + value);
        }
        return value;
    }

    static double nonNegative(double value, String name) {
        if (!(finite(value, name) >= 0)) {
            throw new IllegalArgumentException(name + " must be >= 0, got " + value);
        }
        return value;
    }

    /** A map version: 1 for a map's first load, increasing from there. */
    static long mapVersion(long value) {
        if (value < 1 || value > dev.navserver.protocol.Protocol.MAX_COUNTER) {
            throw new IllegalArgumentException("mapVersion must be 1.." + dev.navserver.protocol.Protocol.MAX_COUNTER
                    + ", got " + value);
        }
        return value;
    }

    static String nonNull(String value, String name) {
        return Objects.requireNonNull(value, name);
    }

    static <T> List<T> list(List<T> value, String name) {
        return List.copyOf(Objects.requireNonNull(value, name));
    }
}
