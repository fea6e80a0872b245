package dev.navserver.protocol.message;

/**
 * Server → client {@code monster_leave}: a monster left the session's view; the client forgets it.
 *
 * @param monster monster id
 * @param reason  one of {@link dev.navserver.protocol.LeaveReasons}
 */
public record MonsterLeave(String monster, String reason) implements ServerMessage {
    public static final String TYPE = "monster_leave";

    public MonsterLeave {
        Require.nonNull(monster, "monster");
        Require.nonNull(reason, "reason");
    }

    @Override
    public String type() {
        return TYPE;
    }
}
