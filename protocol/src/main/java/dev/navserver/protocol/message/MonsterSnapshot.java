package dev.navserver.protocol.message;

import java.util.Objects;

/**
 * One entry of a {@code monsters} list.
 *
 * @param monster monster id
 * @param pos     authoritative position, Unity world metres
 * @param state   one of {@link dev.navserver.protocol.MonsterStates}
 */
public record MonsterSnapshot(String monster, Vec3 pos, String state) {
    public MonsterSnapshot {
        Require.nonNull(monster, "monster");
        Objects.requireNonNull(pos, "pos");
        Require.nonNull(state, "state");
    }
}
