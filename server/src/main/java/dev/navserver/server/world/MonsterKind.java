package dev.navserver.server.world;

import java.util.Objects;

/**
 * A kind of monster ({@code monsters.kinds.<name>} in the config): how fast it walks, how big its body is, whom it
 * notices and how far it follows. Immutable; safe to share between threads.
 *
 * @param name                 the kind's name, e.g. {@code "wolf"}; {@link #DEFAULT_NAME} is always defined
 * @param speedMetersPerSecond walking speed, m/s, {@code 0.01..100}
 * @param radiusMeters         body radius, m, {@code 0..10}
 * @param aggroRadiusMeters    a monster in its default behaviour chases the nearest visible player on its island
 *                             within this XZ distance, m, {@code 0..1000}; 0 = never aggroes
 * @param leashRadiusMeters    a chase that stays farther than this from home for {@code leashSeconds} ends with a
 *                             return home, m, {@code 0..100000}; 0 = no leash
 * @param leashSeconds         how long a chase may stay beyond the leash (or on a lost or unreachable target)
 *                             before it gives up, s, {@code 0..3600}
 */
public record MonsterKind(String name, double speedMetersPerSecond, double radiusMeters, double aggroRadiusMeters,
                          double leashRadiusMeters, double leashSeconds) {
    /** Name of the kind every config has (built from {@code chase.*} unless configured). */
    public static final String DEFAULT_NAME = "default";
    /** Default {@link #leashSeconds} of the default kind. */
    public static final double DEFAULT_LEASH_SECONDS = 5.0;

    public MonsterKind {
        Objects.requireNonNull(name, "name");
        check("speedMetersPerSecond", speedMetersPerSecond, 0.01, 100);
        check("radiusMeters", radiusMeters, 0, 10);
        check("aggroRadiusMeters", aggroRadiusMeters, 0, 1000);
        check("leashRadiusMeters", leashRadiusMeters, 0, 100000);
        check("leashSeconds", leashSeconds, 0, 3600);
    }

    private static void check(String key, double v, double min, double max) {
        if (!(v >= min && v <= max)) {
            throw new IllegalArgumentException(key + ": " + v + " is outside " + min + ".." + max);
        }
    }

    /** Whether it aggroes at all. */
    public boolean aggroes() {
        return aggroRadiusMeters > 0;
    }

    /** Whether its chases are leashed to home. */
    public boolean leashed() {
        return leashRadiusMeters > 0;
    }
}
