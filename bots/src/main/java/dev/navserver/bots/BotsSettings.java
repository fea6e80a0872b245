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
 * @param durationSeconds length of the steady window after the ramp, seconds, {@code > 0}; the run lasts
 *                        {@code rampUpSeconds + durationSeconds} from the first connect
 * @param mapFile         the map file the bots walk and check paths on
 * @param mapName         map name sent in {@code hello}
 * @param speedMetersPerSecond the players' walking speed, metres per second, {@code > 0}
 * @param posHz           {@code player_pos} messages per second per bot, {@code > 0}
 * @param seed            seed of the bots' random routes and spawn points
 * @param rampUpSeconds   seconds over which the bots start connecting, evenly spread, {@code 0..3600}
 * @param adminPort       the server's admin HTTP port to read {@code /metrics} from, or 0 for none
 */
public record BotsSettings(InetAddress host, int port, int players, int spawnPerPlayer, double durationSeconds,
                           Path mapFile, String mapName, double speedMetersPerSecond, double posHz, long seed,
                           double rampUpSeconds, int adminPort) {
    /** Nearest monster spawned by a bot, metres from its player. */
    public static final double SPAWN_MIN_METERS = 5.0;
    /** Farthest monster spawned by a bot, metres from its player. */
    public static final double SPAWN_MAX_METERS = 15.0;

    public BotsSettings {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(mapName, "mapName");
    }

    /** Settings without a ramp (every bot connects at once) and without reading the server's metrics. */
    public BotsSettings(InetAddress host, int port, int players, int spawnPerPlayer, double durationSeconds,
                        Path mapFile, String mapName, double speedMetersPerSecond, double posHz, long seed) {
        this(host, port, players, spawnPerPlayer, durationSeconds, mapFile, mapName, speedMetersPerSecond, posHz,
                seed, 0, 0);
    }

    /** Ramp plus steady window, seconds. */
    public double runSeconds() {
        return rampUpSeconds + durationSeconds;
    }
}
