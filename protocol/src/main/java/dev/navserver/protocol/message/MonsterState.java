package dev.navserver.protocol.message;

/**
 * Server → client {@code monster_state}: a monster in the session's view changed its wire state.
 *
 * @param monster monster id
 * @param state   one of {@link dev.navserver.protocol.MonsterStates}
 * @param target  the chased player's name while chasing, else {@code null}
 */
public record MonsterState(String monster, String state, String target) implements ServerMessage {
    public static final String TYPE = "monster_state";

    public MonsterState {
        Require.nonNull(monster, "monster");
        Require.nonNull(state, "state");
    }

    /** A state without a target. */
    public MonsterState(String monster, String state) {
        this(monster, state, null);
    }

    @Override
    public String type() {
        return TYPE;
    }
}
