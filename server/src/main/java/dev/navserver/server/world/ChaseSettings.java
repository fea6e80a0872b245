package dev.navserver.server.world;

/**
 * The chase parameters a {@link World} applies; a new value replaces the old one at a tick boundary.
 *
 * @param navIntervalSeconds          least time between two plans of one monster, seconds
 * @param moveThresholdMeters         least XZ distance the player must have moved since the last plan, metres
 * @param localNavDistanceMeters      at or below this XZ distance the client's local navigation takes over, metres
 * @param localNavHysteresisMeters    local navigation ends above {@code localNavDistanceMeters + this}, metres
 * @param stoppingDistanceMeters      a monster stops this far from its player, metres
 * @param monsterSpeedMetersPerSecond speed of newly spawned monsters, metres per second
 * @param monstersPerPlayer           monsters spawned automatically for a new player
 * @param allowClientSpawn            whether clients may spawn monsters
 * @param snapshotHz                  rate of {@code monsters} snapshots per session, per second (0 = never)
 * @param spawnMinDistanceMeters      automatic spawns land at least this far from the player, metres
 * @param spawnMaxDistanceMeters      and at most this far, metres
 */
public record ChaseSettings(
        double navIntervalSeconds,
        double moveThresholdMeters,
        double localNavDistanceMeters,
        double localNavHysteresisMeters,
        double stoppingDistanceMeters,
        double monsterSpeedMetersPerSecond,
        int monstersPerPlayer,
        boolean allowClientSpawn,
        double snapshotHz,
        double spawnMinDistanceMeters,
        double spawnMaxDistanceMeters) {

    public ChaseSettings {
        if (!(spawnMinDistanceMeters <= spawnMaxDistanceMeters)) {
            throw new IllegalArgumentException("spawnMinDistanceMeters must be <= spawnMaxDistanceMeters");
        }
        if (!(stoppingDistanceMeters <= localNavDistanceMeters)) {
            throw new IllegalArgumentException("stoppingDistanceMeters must be <= localNavDistanceMeters");
        }
    }
}
