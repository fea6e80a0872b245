package dev.navserver.protocol.message;

/**
 * Client → server {@code hello}: opens a session.
 *
 * @param id       request id to echo in {@code welcome} or {@code error}, or {@code null}
 * @param protocol protocol version the client speaks, {@code >= 1}
 * @param player   player name, 1..{@value dev.navserver.protocol.Protocol#MAX_NAME_CHARS} chars
 * @param map      map name, or {@code null} for the server's default map
 * @param token    authority token, 1..{@value dev.navserver.protocol.Protocol#MAX_TOKEN_CHARS} chars, or
 *                 {@code null} for a player session; never shown by {@link #toString()}
 */
public record Hello(RequestId id, int protocol, String player, String map, String token) implements ClientMessage {
    public static final String TYPE = "hello";

    public Hello {
        Require.nonNull(player, "player");
    }

    /** A {@code hello} without a token: a player session. */
    public Hello(RequestId id, int protocol, String player, String map) {
        this(id, protocol, player, map, null);
    }

    @Override
    public String type() {
        return TYPE;
    }

    /** Like the record's, with the token replaced by {@code (set)}: a hello may be logged, its token never. */
    @Override
    public String toString() {
        return "Hello[id=" + id + ", protocol=" + protocol + ", player=" + player + ", map=" + map + ", token="
                + (token == null ? "null" : "(set)") + "]";
    }
}
