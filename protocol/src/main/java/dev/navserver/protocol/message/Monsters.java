package dev.navserver.protocol.message;

import java.util.List;

/**
 * Server → client {@code monsters}: authoritative positions of the session's monsters.
 *
 * @param serverTime server clock, seconds
 * @param list       one entry per monster of the session
 */
public record Monsters(double serverTime, List<MonsterSnapshot> list) implements ServerMessage {
    public static final String TYPE = "monsters";

    public Monsters {
        Require.finite(serverTime, "serverTime");
        list = Require.list(list, "list");
    }

    @Override
    public String type() {
        return TYPE;
    }
}
