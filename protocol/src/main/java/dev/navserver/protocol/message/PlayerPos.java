package dev.navserver.protocol.message;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * Client → server {@code player_pos}: where the session's player is now, or (from an authority, with
 * {@code player}) where a player the authority manages is; the first such message creates that player.
 *
 * @param id     request id, or {@code null} (usually absent)
 * @param seq    client counter, {@code 0..}{@link dev.navserver.protocol.Protocol#MAX_COUNTER}, increasing per session
 *               (per managed player with {@code player})
 * @param pos    the player's position, Unity world metres
 * @param player with an authority session: the name of a player it manages,
 *               1..{@value dev.navserver.protocol.Protocol#MAX_NAME_CHARS} chars; {@code null} for the session's
 *               own player
 */
@JsonPropertyOrder({"type", "id", "seq", "pos", "player"})
public record PlayerPos(RequestId id, long seq, Vec3 pos, String player) implements ClientMessage {
    public static final String TYPE = "player_pos";

    public PlayerPos {
        java.util.Objects.requireNonNull(pos, "pos");
    }

    /** The position of the session's own player. */
    public PlayerPos(RequestId id, long seq, Vec3 pos) {
        this(id, seq, pos, null);
    }

    @Override
    public String type() {
        return TYPE;
    }
}
