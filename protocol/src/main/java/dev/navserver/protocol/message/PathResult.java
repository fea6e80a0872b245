package dev.navserver.protocol.message;

import java.util.List;

/**
 * Server → client {@code path}: the answer to {@code path_query}.
 *
 * @param id     the query's id, or {@code null}
 * @param status one of {@link dev.navserver.protocol.PathStatus}
 * @param points turning points from start to (nearest reachable) goal, Unity world metres; empty when there is
 *               no path
 * @param length length of the polyline through {@code points}, metres, finite
 */
public record PathResult(RequestId id, String status, List<Vec3> points, double length) implements ServerMessage {
    public static final String TYPE = "path";

    public PathResult {
        Require.nonNull(status, "status");
        points = Require.list(points, "points");
        Require.finite(length, "length");
    }

    @Override
    public String type() {
        return TYPE;
    }
}
