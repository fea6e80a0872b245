package dev.navserver.protocol.message;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * Server → client {@code monsters}: authoritative positions of every monster in the session's view.
 *
 * @param serverTime server clock, seconds
 * @param list       one entry per monster in the session's view
 * @param playerSeq  {@code seq} of the session's last {@code player_pos} the server had applied when it made the
 *                   snapshot (the player position its bodies were kept clear of), 0 when unknown (a reader of a
 *                   snapshot without the field); omitted from the JSON when 0
 */
public record Monsters(double serverTime, List<MonsterSnapshot> list,
                       @JsonInclude(JsonInclude.Include.NON_DEFAULT) long playerSeq) implements ServerMessage {
    public static final String TYPE = "monsters";

    public Monsters {
        Require.finite(serverTime, "serverTime");
        list = Require.list(list, "list");
        if (playerSeq < 0) {
            throw new IllegalArgumentException("playerSeq must be >= 0, got " + playerSeq);
        }
    }

    /** A snapshot without a player position. */
    public Monsters(double serverTime, List<MonsterSnapshot> list) {
        this(serverTime, list, 0);
    }

    @Override
    public String type() {
        return TYPE;
    }
}
