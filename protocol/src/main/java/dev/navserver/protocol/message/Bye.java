package dev.navserver.protocol.message;

/**
 * {@code bye} in either direction. From the client it closes the connection cleanly ({@code reason} optional);
 * from the server it precedes the server closing the connection.
 *
 * @param reason one of {@link dev.navserver.protocol.ByeReasons}, or {@code null} (client only)
 */
public record Bye(String reason) implements ClientMessage, ServerMessage {
    public static final String TYPE = "bye";

    @Override
    public String type() {
        return TYPE;
    }

    /** Always {@code null}: nothing replies to {@code bye}. */
    @Override
    public RequestId id() {
        return null;
    }
}
