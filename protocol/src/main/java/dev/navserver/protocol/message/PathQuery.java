package dev.navserver.protocol.message;

import java.util.Objects;

/**
 * Client → server {@code path_query}: a stateless path request, answered by {@code path}.
 *
 * @param id   request id to echo, or {@code null}
 * @param from start, Unity world metres
 * @param to   goal, Unity world metres
 */
public record PathQuery(RequestId id, Vec3 from, Vec3 to) implements ClientMessage {
    public static final String TYPE = "path_query";

    public PathQuery {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
    }

    @Override
    public String type() {
        return TYPE;
    }
}
