package dev.navserver.protocol.message;

import java.util.List;

/**
 * Client → server {@code validate_path}: asks whether a client-computed path is walkable, answered by
 * {@code path_valid}.
 *
 * @param id     request id to echo, or {@code null}
 * @param points the path's points in order, Unity world metres; decoded lists hold
 *               1..{@value dev.navserver.protocol.Protocol#MAX_VALIDATE_POINTS} points
 */
public record ValidatePath(RequestId id, List<Vec3> points) implements ClientMessage {
    public static final String TYPE = "validate_path";

    public ValidatePath {
        points = Require.list(points, "points");
    }

    @Override
    public String type() {
        return TYPE;
    }
}
