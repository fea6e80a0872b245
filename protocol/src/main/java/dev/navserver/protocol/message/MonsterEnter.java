package dev.navserver.protocol.message;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Objects;

/**
 * Server → client {@code monster_enter}: a monster came into the session's view; its current {@code nav_path}
 * follows at once when it is moving.
 *
 * @param monster              monster id
 * @param kind                 its kind's name
 * @param pos                  authoritative position, Unity world metres
 * @param radiusMeters         its body radius, metres, {@code >= 0}
 * @param speedMetersPerSecond its speed, metres per second, {@code >= 0}
 * @param state                one of {@link dev.navserver.protocol.MonsterStates}
 * @param target               the chased player's name while chasing, else {@code null}
 * @param home                 its home, Unity world metres, or {@code null} when not sent
 */
@JsonPropertyOrder({"type", "monster", "kind", "pos", "radiusMeters", "speedMetersPerSecond", "state", "target",
        "home"})
public record MonsterEnter(String monster, String kind, Vec3 pos, double radiusMeters, double speedMetersPerSecond,
                           String state, String target, Vec3 home) implements ServerMessage {
    public static final String TYPE = "monster_enter";

    public MonsterEnter {
        Require.nonNull(monster, "monster");
        Require.nonNull(kind, "kind");
        Objects.requireNonNull(pos, "pos");
        Require.nonNegative(radiusMeters, "radiusMeters");
        Require.nonNegative(speedMetersPerSecond, "speedMetersPerSecond");
        Require.nonNull(state, "state");
    }

    /** A monster chasing nobody, home not sent. */
    public MonsterEnter(String monster, String kind, Vec3 pos, double radiusMeters, double speedMetersPerSecond,
            String state) {
        this(monster, kind, pos, radiusMeters, speedMetersPerSecond, state, null, null);
    }

    @Override
    public String type() {
        return TYPE;
    }
}
