package dev.navserver.server.editlog;

import dev.navserver.protocol.message.Vec3;
import java.util.List;
import java.util.Objects;

/**
 * A route an authority defined with a {@code route} request, as the route store keeps it. Immutable.
 *
 * @param name        the route's name in its map
 * @param points      world points, at least 2
 * @param mode        the route mode's wire name ({@code loop}, {@code pingpong}, {@code once})
 * @param waitSeconds seconds a patrol waits at each point, ≥ 0
 */
public record StoredRoute(String name, List<Vec3> points, String mode, double waitSeconds) {
    public StoredRoute {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(mode, "mode");
        points = List.copyOf(points);
        if (points.size() < 2) {
            throw new IllegalArgumentException("a route needs at least 2 points");
        }
        if (!(waitSeconds >= 0)) {
            throw new IllegalArgumentException("waitSeconds: " + waitSeconds);
        }
    }
}
