package dev.navserver.protocol.message;

/**
 * Server → client {@code pong}: the answer to {@code ping}.
 *
 * @param id         the ping's id, or {@code null}
 * @param serverTime server clock, seconds, finite
 */
public record Pong(RequestId id, double serverTime) implements ServerMessage {
    public static final String TYPE = "pong";

    public Pong {
        Require.finite(serverTime, "serverTime");
    }

    @Override
    public String type() {
        return TYPE;
    }
}
