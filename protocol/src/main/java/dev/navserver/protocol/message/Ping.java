package dev.navserver.protocol.message;

/**
 * Client → server {@code ping}, answered by {@code pong}.
 *
 * @param id request id to echo, or {@code null}
 */
public record Ping(RequestId id) implements ClientMessage {
    public static final String TYPE = "ping";

    @Override
    public String type() {
        return TYPE;
    }
}
