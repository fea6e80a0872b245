package dev.navserver.server.config;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.navserver.server.world.MonsterKind;
import java.util.Map;

/**
 * Kinds of monsters ({@code monsters.*}).
 *
 * @param kinds every kind by name (1..64 characters of {@code A-Z a-z 0-9 _ -}), unmodifiable, default kind
 *              first ({@link NavServerConfig} adds it, built from {@code chase.*}, when missing); in the file, a
 *              key a kind leaves out takes the default kind's value
 */
public record Monsters(Map<String, MonsterKind> kinds) {
    public static final Monsters DEFAULT = new Monsters(Map.of());

    public Monsters {
        kinds = MonsterKinds.checked(kinds);
    }

    @JsonCreator
    static Monsters fromFile(@JsonProperty("kinds") Map<String, MonsterKinds.Keys> kinds) {
        return MonsterKinds.fromFile(kinds);
    }

    /** The kind of that name, or null when there is none. */
    public MonsterKind kind(String name) {
        return name == null ? null : kinds.get(name);
    }
}
