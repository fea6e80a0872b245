package dev.navserver.server.world.file;

import dev.navserver.protocol.message.Vec3;
import java.util.List;
import java.util.Objects;

/**
 * A group of monsters a map spawns ({@code spawnGroups[i]} of a world file): how many, of which kind, where and
 * doing what. The area is either a circle ({@code center} and {@code radiusMeters}) or explicit {@code points};
 * {@link SpawnPlacer} turns it into positions. Immutable.
 *
 * @param name               for messages, or {@code ""} when the file gives none
 * @param kind               the monsters' kind, a key of {@code monsters.kinds}
 * @param count              how many monsters, {@value #MIN_COUNT}..{@value #MAX_COUNT}
 * @param center             centre of the circle, metres; null when {@code points} are given
 * @param radiusMeters       radius of the circle, m, {@code (0, 1000]}; 0 when {@code points} are given
 * @param points             the positions, metres, in order, unmodifiable, at least {@code count}; empty when
 *                           {@code center} is given
 * @param behaviour          the monsters' default behaviour
 * @param wanderRadiusMeters with {@link SpawnBehaviour#WANDER}, how far from home a monster wanders, m,
 *                           {@code (0, 10000]}; otherwise 0
 * @param route              with {@link SpawnBehaviour#PATROL}, the name of the route walked; otherwise null
 * @param respawnSeconds     a monster of the group that despawned is replaced after this long, s, {@code 0..86400};
 *                           0 = never
 */
public record SpawnGroupSpec(String name, String kind, int count, Vec3 center, double radiusMeters, List<Vec3> points,
                             SpawnBehaviour behaviour, double wanderRadiusMeters, String route,
                             double respawnSeconds) {
    /** Fewest monsters of a group. */
    public static final int MIN_COUNT = 1;
    /** Most monsters of a group. */
    public static final int MAX_COUNT = 10_000;
    /** Largest {@link #radiusMeters}. */
    public static final double MAX_RADIUS_METERS = 1000;
    /** Largest {@link #wanderRadiusMeters}. */
    public static final double MAX_WANDER_RADIUS_METERS = 10_000;
    /** {@link #wanderRadiusMeters} of a wandering group with {@code points} and no radius given. */
    public static final double DEFAULT_WANDER_RADIUS_METERS = 5;
    /** Longest {@link #respawnSeconds}. */
    public static final double MAX_RESPAWN_SECONDS = 86_400;

    /** @throws IllegalArgumentException when a value is outside its range or the fields do not fit together */
    public SpawnGroupSpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(behaviour, "behaviour");
        points = List.copyOf(points);
        require(count >= MIN_COUNT && count <= MAX_COUNT, "count: " + count + " is outside 1..10000");
        if (center != null) {
            require(points.isEmpty(), "points: not allowed with center");
            require(radiusMeters > 0 && radiusMeters <= MAX_RADIUS_METERS,
                    "radiusMeters: " + radiusMeters + " is outside (0, 1000]");
        } else {
            require(radiusMeters == 0, "radiusMeters: only with center");
            require(points.size() >= count, "points: " + points.size() + " points for a count of " + count);
        }
        if (behaviour == SpawnBehaviour.WANDER) {
            require(wanderRadiusMeters > 0 && wanderRadiusMeters <= MAX_WANDER_RADIUS_METERS,
                    "wanderRadiusMeters: " + wanderRadiusMeters + " is outside (0, 10000]");
        } else {
            require(wanderRadiusMeters == 0, "wanderRadiusMeters: only with behaviour wander");
        }
        require((behaviour == SpawnBehaviour.PATROL) == (route != null),
                "route: required with behaviour patrol, and only then");
        require(respawnSeconds >= 0 && respawnSeconds <= MAX_RESPAWN_SECONDS,
                "respawnSeconds: " + respawnSeconds + " is outside 0..86400");
    }

    private static void require(boolean ok, String message) {
        if (!ok) {
            throw new IllegalArgumentException(message);
        }
    }

    /** Whether the area is explicit points rather than a circle. */
    public boolean hasPoints() {
        return center == null;
    }
}
