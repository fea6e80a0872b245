package dev.navserver.protocol.message;

/**
 * Client → server {@code player_leave} (authority sessions only): removes a player the authority manages (one it
 * created with a {@code player_pos} carrying {@code player}). No answer on success.
 *
 * @param id     request id to echo in an {@code error}, or {@code null}
 * @param player the player's name, 1..{@value dev.navserver.protocol.Protocol#MAX_NAME_CHARS} chars
 */
public record PlayerLeave(RequestId id, String player) implements ClientMessage {
    public static final String TYPE = "player_leave";

    public PlayerLeave {
        Require.nonNull(player, "player");
    }

    @Override
    public String type() {
        return TYPE;
    }
}
