package dev.navserver.server.world.file;

import java.util.Locale;
import java.util.Optional;

/** How a monster walks a route's points; on the wire and in world files as its {@link #wireName()}. */
public enum RouteMode {
    /** After the last point, on to the first again. */
    LOOP,
    /** After the last point, back through the points in reverse order, and so on. */
    PINGPONG,
    /** Once from the first point to the last, then stand there. */
    ONCE;

    private final String wireName = name().toLowerCase(Locale.ROOT);

    /** {@code loop}, {@code pingpong} or {@code once}. */
    public String wireName() {
        return wireName;
    }

    /** The mode of a wire name, case-sensitive; empty for anything else (including null). */
    public static Optional<RouteMode> fromWire(String wireName) {
        for (RouteMode m : values()) {
            if (m.wireName.equals(wireName)) {
                return Optional.of(m);
            }
        }
        return Optional.empty();
    }

    /** Every wire name joined by {@code separator}, e.g. {@code loop|pingpong|once}. */
    public static String wireNames(String separator) {
        StringBuilder b = new StringBuilder();
        for (RouteMode m : values()) {
            b.append(b.length() > 0 ? separator : "").append(m.wireName);
        }
        return b.toString();
    }
}
