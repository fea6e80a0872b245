package dev.navserver.protocol.message;

/**
 * Client → server {@code player_pos}: where the session's player is now.
 *
 * @param id  request id, or {@code null} (usually absent)
 * @param seq client counter, {@code 0..}{@link dev.navserver.protocol.Protocol#MAX_COUNTER}, increasing per session
 * @param pos the player's position, Unity world metres
 */
public record PlayerPos(RequestId id, long seq, Vec3 pos) implements ClientMessage {
    public static final String TYPE = "player_pos";

    public PlayerPos {
        java.util.Objects.requireNonNull(pos, "pos");
    }

    @Override
    public String type() {
        return TYPE;
    }
}
