package dev.navserver.server.world.file;

import java.util.Locale;
import java.util.Optional;

/**
 * The default behaviour a spawn group gives its monsters; in world files as its {@link #wireName()}.
 */
public enum SpawnBehaviour {
    /** Stand at home. */
    IDLE,
    /** Walk to random walkable points within a radius of home. */
    WANDER,
    /** Walk a route. */
    PATROL;

    private final String wireName = name().toLowerCase(Locale.ROOT);

    /** {@code idle}, {@code wander} or {@code patrol}. */
    public String wireName() {
        return wireName;
    }

    /** The behaviour of a wire name, case-sensitive; empty for anything else (including null). */
    public static Optional<SpawnBehaviour> fromWire(String wireName) {
        for (SpawnBehaviour b : values()) {
            if (b.wireName.equals(wireName)) {
                return Optional.of(b);
            }
        }
        return Optional.empty();
    }

    /** Every wire name joined by {@code separator}, e.g. {@code idle|wander|patrol}. */
    public static String wireNames(String separator) {
        StringBuilder b = new StringBuilder();
        for (SpawnBehaviour s : values()) {
            b.append(b.length() > 0 ? separator : "").append(s.wireName);
        }
        return b.toString();
    }
}
