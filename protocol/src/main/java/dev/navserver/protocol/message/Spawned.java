package dev.navserver.protocol.message;

import java.util.Objects;

/**
 * Server → client {@code spawned}: the answer to {@code spawn} or {@code monster_spawn}.
 *
 * @param id      the request's id, or {@code null}
 * @param monster the new monster's id, e.g. {@code "m-9"}
 * @param pos     where it was placed, Unity world metres
 */
public record Spawned(RequestId id, String monster, Vec3 pos) implements ServerMessage {
    public static final String TYPE = "spawned";

    public Spawned {
        Require.nonNull(monster, "monster");
        Objects.requireNonNull(pos, "pos");
    }

    @Override
    public String type() {
        return TYPE;
    }
}
