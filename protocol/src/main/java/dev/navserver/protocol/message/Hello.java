package dev.navserver.protocol.message;

/**
 * Client → server {@code hello}: opens a session.
 *
 * @param id       request id to echo in {@code welcome} or {@code error}, or {@code null}
 * @param protocol protocol version the client speaks, {@code >= 1}
 * @param player   player name, 1..{@value dev.navserver.protocol.Protocol#MAX_NAME_CHARS} chars
 * @param map      map name, or {@code null} for the server's default map
 */
public record Hello(RequestId id, int protocol, String player, String map) implements ClientMessage {
    public static final String TYPE = "hello";

    public Hello {
        Require.nonNull(player, "player");
    }

    @Override
    public String type() {
        return TYPE;
    }
}
