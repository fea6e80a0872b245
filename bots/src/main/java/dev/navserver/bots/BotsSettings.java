package dev.navserver.bots;

import java.net.InetAddress;
import java.nio.file.Path;
import java.util.Objects;

/**
 * One load-test run's parameters, already validated by {@link BotsMain}. Immutable.
 *
 * @param host            loopback address to connect to
 * @param port            server TCP port
 * @param players         number of bots (one connection and player each), {@code >= 1}
 * @param spawnPerPlayer  monsters each bot spawns with {@code spawn}; 0 relies on the server's
 *                        {@code chase.monstersPerPlayer}
 * @param durationSeconds how long the run lasts from the first connect, seconds, {@code > 0}
 * @param mapFile         the map file the bots walk and check paths on
 * @param mapName         map name sent in {@code hello}
 * @param speedMetersPerSecond the players' walking speed, metres per second, {@code > 0}
 * @param posHz           {@code player_pos} messages per second per bot, {@code > 0}
 * @param seed            seed of the bots' random routes and spawn points
 */
public record BotsSettings(InetAddress host, int port, int players, int spawnPerPlayer, double durationSeconds,
                           Path mapFile, String mapName, double speedMetersPerSecond, double posHz, long seed) {
    /** Nearest monster spawned by a bot, metres from its player. */
    public static final double SPAWN_MIN_METERS = 5.0;
    /** Farthest monster spawned by a bot, metres from its player. */
    public static final double SPAWN_MAX_METERS = 15.0;

    public BotsSettings {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(mapName, "mapName");
    }
}
