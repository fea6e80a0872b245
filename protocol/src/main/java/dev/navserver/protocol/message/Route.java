package dev.navserver.protocol.message;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.navserver.protocol.Protocol;
import dev.navserver.protocol.RouteModes;
import java.util.List;

/**
 * Client → server {@code route} (authority sessions only): defines or replaces a named route of a map, answered
 * by {@code route_ok}.
 *
 * @param id          request id to echo in {@code route_ok} or {@code error}, or {@code null}
 * @param map         the route's map, or {@code null} for the session's map
 * @param name        the route's name, unique per map
 * @param points      the points in walking order, Unity world metres; at least
 *                    {@value dev.navserver.protocol.Protocol#MIN_ROUTE_POINTS}, the decoder accepts at most
 *                    {@value dev.navserver.protocol.Protocol#MAX_ROUTE_POINTS}
 * @param mode        one of {@link RouteModes}; {@code null} given to the constructor becomes
 *                    {@link RouteModes#LOOP}
 * @param waitSeconds how long a patrolling monster stands at each point, seconds, {@code >= 0}; the decoder accepts
 *                    at most {@value dev.navserver.protocol.Protocol#MAX_ROUTE_WAIT_SECONDS} and reads an absent
 *                    one as 0
 */
@JsonPropertyOrder({"type", "id", "map", "name", "points", "mode", "waitSeconds"})
public record Route(RequestId id, String map, String name, List<Vec3> points, String mode, double waitSeconds)
        implements ClientMessage {
    public static final String TYPE = "route";

    public Route {
        Require.nonNull(name, "name");
        points = Require.list(points, "points");
        if (points.size() < Protocol.MIN_ROUTE_POINTS) {
            throw new IllegalArgumentException("points: at least " + Protocol.MIN_ROUTE_POINTS + ", got "
                    + points.size());
        }
        mode = mode == null ? RouteModes.LOOP : mode;
        if (!RouteModes.ALL.contains(mode)) {
            throw new IllegalArgumentException("mode must be one of " + RouteModes.ALL + ", got " + mode);
        }
        if (!(Require.finite(waitSeconds, "waitSeconds") >= 0)) {
            throw new IllegalArgumentException("waitSeconds must be >= 0, got " + waitSeconds);
        }
    }

    /** A looping route without waits. */
    public Route(RequestId id, String map, String name, List<Vec3> points) {
        this(id, map, name, points, RouteModes.LOOP, 0);
    }

    @Override
    public String type() {
        return TYPE;
    }
}
