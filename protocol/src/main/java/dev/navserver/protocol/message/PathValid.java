package dev.navserver.protocol.message;

/**
 * Server → client {@code path_valid}: the answer to {@code validate_path}.
 *
 * @param id         the request's id, or {@code null}
 * @param valid      whether every point is on the map and walkable and no segment crosses a blocked cell or cuts a
 *                   corner
 * @param badSegment index of the first bad segment (segment {@code i} joins points {@code i} and {@code i+1}), or
 *                   {@code null} when valid
 * @param reason     why it is bad, e.g. {@code "blocked"}, or {@code null} when valid
 */
public record PathValid(RequestId id, boolean valid, Integer badSegment, String reason) implements ServerMessage {
    public static final String TYPE = "path_valid";

    /** A {@code path_valid} with {@code valid:true}. */
    public static PathValid ok(RequestId id) {
        return new PathValid(id, true, null, null);
    }

    @Override
    public String type() {
        return TYPE;
    }
}
