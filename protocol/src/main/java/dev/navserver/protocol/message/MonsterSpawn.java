package dev.navserver.protocol.message;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Objects;

/**
 * Client → server {@code monster_spawn} (authority sessions only): puts a world monster on a map, answered by
 * {@code spawned}.
 *
 * @param id        request id to echo in {@code spawned} or {@code error}, or {@code null}
 * @param map       map to spawn on, or {@code null} for the session's map
 * @param pos       where to place it, Unity world metres
 * @param kind      a kind of {@code monsters.kinds}, or {@code null} for {@value #DEFAULT_KIND}
 * @param behaviour its default behaviour, or {@code null} for idle
 * @param home      its home (where it returns after a leash, the centre of its wander), Unity world metres, or
 *                  {@code null} for {@code pos}
 */
@JsonPropertyOrder({"type", "id", "map", "pos", "kind", "behaviour", "home"})
public record MonsterSpawn(RequestId id, String map, Vec3 pos, String kind, BehaviourSpec behaviour, Vec3 home)
        implements ClientMessage {
    public static final String TYPE = "monster_spawn";
    /** The kind a spawn without {@code kind} gets; built from the {@code chase.*} config keys. */
    public static final String DEFAULT_KIND = "default";

    public MonsterSpawn {
        Objects.requireNonNull(pos, "pos");
    }

    /** An idle monster of the default kind at {@code pos} on the session's map, home at {@code pos}. */
    public MonsterSpawn(RequestId id, Vec3 pos) {
        this(id, null, pos, null, null, null);
    }

    @Override
    public String type() {
        return TYPE;
    }
}
