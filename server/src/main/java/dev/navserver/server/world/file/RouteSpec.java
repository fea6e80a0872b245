package dev.navserver.server.world.file;

import dev.navserver.protocol.message.Vec3;
import java.util.List;
import java.util.Objects;

/**
 * A named route monsters patrol along ({@code routes[i]} of a world file, or defined at run time). Immutable.
 *
 * @param name        1..64 characters of {@code A-Z a-z 0-9 _ -}, unique per map
 * @param points      world positions, metres, {@value #MIN_POINTS}..{@value #MAX_POINTS} of them, unmodifiable;
 *                    only x and z matter for the grid
 * @param mode        how the points are walked
 * @param waitSeconds pause at each point, s, {@code 0..3600}
 */
public record RouteSpec(String name, List<Vec3> points, RouteMode mode, double waitSeconds) {
    /** Fewest points of a route. */
    public static final int MIN_POINTS = 2;
    /** Most points of a route. */
    public static final int MAX_POINTS = 256;
    /** Longest {@link #waitSeconds}. */
    public static final double MAX_WAIT_SECONDS = 3600;

    /** @throws IllegalArgumentException for a bad name, point count or wait */
    public RouteSpec {
        WorldNames.check("name", name);
        points = List.copyOf(points);
        if (points.size() < MIN_POINTS || points.size() > MAX_POINTS) {
            throw new IllegalArgumentException("points: " + points.size() + " points, must be " + MIN_POINTS + ".."
                    + MAX_POINTS);
        }
        Objects.requireNonNull(mode, "mode");
        if (!(waitSeconds >= 0 && waitSeconds <= MAX_WAIT_SECONDS)) {
            throw new IllegalArgumentException("waitSeconds: " + waitSeconds + " is outside 0..3600");
        }
    }
}
