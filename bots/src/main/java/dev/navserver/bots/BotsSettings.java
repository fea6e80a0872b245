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
 * @param editsPerSecond  {@code map_edit}s per second of the editing bot, {@code 0..1000}; 0 with a token: the
 *                        editor connects (and must be an authority) but edits nothing
 * @param authorityToken  the server's {@code server.authorityToken}, or null for no editing bot
 * @param monsterRadiusMeters body radius of a monster for the overlap check, metres, {@code >= 0}
 * @param playerRadiusMeters  body radius of a player for the overlap check, metres, {@code >= 0}
 * @param crowdPerPlayer  extra monsters each bot spawns 1–2.5 m around its start, {@code 0..100}
 * @param world           the shared-world options ({@code --world}, {@code --world-spawn},
 *                        {@code --authority-commands}, the server's view radii)
 */
public record BotsSettings(InetAddress host, int port, int players, int spawnPerPlayer, double durationSeconds,
                           Path mapFile, String mapName, double speedMetersPerSecond, double posHz, long seed,
                           double rampUpSeconds, int adminPort, double editsPerSecond, String authorityToken,
                           double monsterRadiusMeters, double playerRadiusMeters, int crowdPerPlayer,
                           WorldSettings world) {
    /** Default {@code monsterRadiusMeters}: the server's {@code chase.monsterRadiusMeters} default. */
    public static final double DEFAULT_MONSTER_RADIUS_METERS = 0.4;
    /** Default {@code playerRadiusMeters}: the server's {@code chase.playerRadiusMeters} default. */
    public static final double DEFAULT_PLAYER_RADIUS_METERS = 0.5;
    /** Nearest crowd monster, metres from its player's start. */
    public static final double CROWD_MIN_METERS = 1.0;
    /** Farthest crowd monster, metres from its player's start. */
    public static final double CROWD_MAX_METERS = 2.5;

    /** Nearest monster spawned by a bot, metres from its player. */
    public static final double SPAWN_MIN_METERS = 5.0;
    /** Farthest monster spawned by a bot, metres from its player. */
    public static final double SPAWN_MAX_METERS = 15.0;

    public BotsSettings {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(mapName, "mapName");
        Objects.requireNonNull(world, "world");
    }

    /** Settings without the shared-world options. */
    public BotsSettings(InetAddress host, int port, int players, int spawnPerPlayer, double durationSeconds,
                        Path mapFile, String mapName, double speedMetersPerSecond, double posHz, long seed,
                        double rampUpSeconds, int adminPort, double editsPerSecond, String authorityToken,
                        double monsterRadiusMeters, double playerRadiusMeters, int crowdPerPlayer) {
        this(host, port, players, spawnPerPlayer, durationSeconds, mapFile, mapName, speedMetersPerSecond, posHz,
                seed, rampUpSeconds, adminPort, editsPerSecond, authorityToken, monsterRadiusMeters,
                playerRadiusMeters, crowdPerPlayer, WorldSettings.NONE);
    }

    /** Settings without a ramp (every bot connects at once) and without reading the server's metrics. */
    public BotsSettings(InetAddress host, int port, int players, int spawnPerPlayer, double durationSeconds,
                        Path mapFile, String mapName, double speedMetersPerSecond, double posHz, long seed) {
        this(host, port, players, spawnPerPlayer, durationSeconds, mapFile, mapName, speedMetersPerSecond, posHz,
                seed, 0, 0);
    }

    /** Settings without an editing bot or crowds, with the default body radii. */
    public BotsSettings(InetAddress host, int port, int players, int spawnPerPlayer, double durationSeconds,
                        Path mapFile, String mapName, double speedMetersPerSecond, double posHz, long seed,
                        double rampUpSeconds, int adminPort) {
        this(host, port, players, spawnPerPlayer, durationSeconds, mapFile, mapName, speedMetersPerSecond, posHz,
                seed, rampUpSeconds, adminPort, 0, null, DEFAULT_MONSTER_RADIUS_METERS, DEFAULT_PLAYER_RADIUS_METERS,
                0);
    }

    /** These settings with an editing bot. */
    public BotsSettings withEditor(double perSecond, String token) {
        return new BotsSettings(host, port, players, spawnPerPlayer, durationSeconds, mapFile, mapName,
                speedMetersPerSecond, posHz, seed, rampUpSeconds, adminPort, perSecond, token, monsterRadiusMeters,
                playerRadiusMeters, crowdPerPlayer, world);
    }

    /** These settings with other body radii and crowd size. */
    public BotsSettings withBodies(double monsterRadius, double playerRadius, int crowd) {
        return new BotsSettings(host, port, players, spawnPerPlayer, durationSeconds, mapFile, mapName,
                speedMetersPerSecond, posHz, seed, rampUpSeconds, adminPort, editsPerSecond, authorityToken,
                monsterRadius, playerRadius, crowd, world);
    }

    /** These settings with other shared-world options. */
    public BotsSettings withWorld(WorldSettings w) {
        return new BotsSettings(host, port, players, spawnPerPlayer, durationSeconds, mapFile, mapName,
                speedMetersPerSecond, posHz, seed, rampUpSeconds, adminPort, editsPerSecond, authorityToken,
                monsterRadiusMeters, playerRadiusMeters, crowdPerPlayer, w);
    }

    /** Whether the run has the world's authority bot: a token and a world option that needs it. */
    public boolean worldAuthority() {
        return authorityToken != null && world.authorityBot();
    }

    /** Whether the run has an editing bot. */
    public boolean editing() {
        // with the world authority bot, a token alone no longer needs an idle editor to prove it
        return authorityToken != null && (editsPerSecond > 0 || !world.authorityBot());
    }

    /** Like the record's, with the authority token replaced by {@code (set)}: never print the token. */
    @Override
    public String toString() {
        return "BotsSettings[host=" + host + ", port=" + port + ", players=" + players + ", spawnPerPlayer="
                + spawnPerPlayer + ", durationSeconds=" + durationSeconds + ", mapFile=" + mapFile + ", mapName="
                + mapName + ", speedMetersPerSecond=" + speedMetersPerSecond + ", posHz=" + posHz + ", seed=" + seed
                + ", rampUpSeconds=" + rampUpSeconds + ", adminPort=" + adminPort + ", editsPerSecond="
                + editsPerSecond + ", authorityToken=" + (authorityToken == null ? "null" : "(set)")
                + ", monsterRadiusMeters=" + monsterRadiusMeters + ", playerRadiusMeters=" + playerRadiusMeters
                + ", crowdPerPlayer=" + crowdPerPlayer + ", world=" + world + "]";
    }

    /** Ramp plus steady window, seconds. */
    public double runSeconds() {
        return rampUpSeconds + durationSeconds;
    }
}
