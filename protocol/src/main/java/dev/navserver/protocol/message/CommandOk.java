package dev.navserver.protocol.message;

/**
 * Server → client {@code command_ok}: the answer to a {@code monster_command} the server accepted (its effects
 * follow as {@code monster_state}, {@code nav_path} and {@code monster_event} messages).
 *
 * @param id      the {@code monster_command}'s id, or {@code null}
 * @param monster the monster's id
 */
public record CommandOk(RequestId id, String monster) implements ServerMessage {
    public static final String TYPE = "command_ok";

    public CommandOk {
        Require.nonNull(monster, "monster");
    }

    @Override
    public String type() {
        return TYPE;
    }
}
