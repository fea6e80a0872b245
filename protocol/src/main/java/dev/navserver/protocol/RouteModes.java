package dev.navserver.protocol;

import java.util.List;

/** Values of the {@code mode} field of a {@code route}: what a patrolling monster does at the last point. */
public final class RouteModes {
    /** Go on from the last point to the first (the default). */
    public static final String LOOP = "loop";
    /** Walk the points back in reverse order, then forward again. */
    public static final String PINGPONG = "pingpong";
    /** Stop at the last point: the monster then stands idle there. */
    public static final String ONCE = "once";

    /** Every mode above. */
    public static final List<String> ALL = List.of(LOOP, PINGPONG, ONCE);

    private RouteModes() {
    }
}
