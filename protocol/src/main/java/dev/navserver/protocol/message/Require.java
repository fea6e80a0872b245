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

    static String nonNull(String value, String name) {
        return Objects.requireNonNull(value, name);
    }

    static <T> List<T> list(List<T> value, String name) {
        return List.copyOf(Objects.requireNonNull(value, name));
    }
}
