package dev.navserver.server.config;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import dev.navserver.nav.crowd.OrcaParams;
import dev.navserver.nav.io.MapLimits;
import dev.navserver.nav.search.Algorithm;
import dev.navserver.nav.search.LandmarkTable;
import dev.navserver.nav.search.SearchMode;
import java.nio.file.Path;
import java.util.Map;

/**
 * The whole server configuration, as read from {@code config/navserver.yaml} by {@link ConfigLoader}. Every
 * instance is valid: the compact constructors check each value's range and the cross-key rules, throwing
 * {@link IllegalArgumentException} whose message starts with the key path. Immutable and safe to share between
 * threads; a reload produces a new instance.
 *
 * <p>Each key is declared once: a record component is the key (its name, or its {@code @JsonProperty}), the
 * record's {@code DEFAULT} constant holds its default and the compact constructor its range check. {@link
 * ConfigMapper} binds the file to these records and derives {@link #keyValues()} from them.
 *
 * @param configVersion file format version; only {@link #CURRENT_VERSION} is accepted
 */
public record NavServerConfig(int configVersion, Server server, Admin admin, Tick tick, Chase chase,
                              Monsters monsters, Aoi aoi, Crowd crowd, Search search, Maps maps, Cluster cluster) {
    /** The only {@code configVersion} this build reads. */
    public static final int CURRENT_VERSION = 1;

    public NavServerConfig {
        if (configVersion != CURRENT_VERSION) {
            throw new IllegalArgumentException("configVersion: " + configVersion + " is not supported (must be "
                    + CURRENT_VERSION + ")");
        }
        Checks.notNull("server", server);
        Checks.notNull("admin", admin);
        Checks.notNull("tick", tick);
        Checks.notNull("chase", chase);
        Checks.notNull("monsters", monsters);
        Checks.notNull("aoi", aoi);
        Checks.notNull("crowd", crowd);
        Checks.notNull("search", search);
        Checks.notNull("maps", maps);
        Checks.notNull("cluster", cluster);
        if (server.port() != 0 && server.port() == admin.port()) {
            throw new IllegalArgumentException("admin.port: " + admin.port() + " must differ from server.port");
        }
        if (chase.snapshotHz() > tick.hz()) {
            throw new IllegalArgumentException("chase.snapshotHz: " + chase.snapshotHz()
                    + " exceeds tick.hz (" + tick.hz() + "); snapshots are sent on ticks");
        }
        monsters = MonsterKinds.withDefaultKind(monsters, chase);
    }

    /** Every key at its default; {@code maps.dir} is the relative path {@code maps}, not yet resolved. */
    public static NavServerConfig defaults() {
        return new NavServerConfig(CURRENT_VERSION, Server.DEFAULT, Admin.DEFAULT, Tick.DEFAULT, Chase.DEFAULT,
                Monsters.DEFAULT, Aoi.DEFAULT, Crowd.DEFAULT, Search.DEFAULT, Maps.DEFAULT,
                Cluster.DEFAULT);
    }

    /**
     * Every key path (as written in the YAML file) with its value, in file order. Includes {@code admin.token} in
     * clear: use {@link #describe()} for anything shown to people.
     */
    public Map<String, Object> keyValues() {
        return ConfigMapper.keyValues(this);
    }

    /**
     * {@link #keyValues()} with {@code admin.token} and {@code server.authorityToken} replaced by {@code "(set)"} or
     * {@code "(empty)"}.
     */
    public Map<String, Object> describe() {
        Map<String, Object> m = keyValues();
        m.put("server.authorityToken", server.authorityToken().isEmpty() ? "(empty)" : "(set)");
        m.put("admin.token", admin.token().isEmpty() ? "(empty)" : "(set)");
        return m;
    }

    /**
     * This config with every {@link ConfigDiff#RESTART_REQUIRED_KEYS restart-only} value taken from {@code running}:
     * what a live reload can actually put in force.
     */
    public NavServerConfig withRestartOnlyValuesFrom(NavServerConfig running) {
        Server s = new Server(running.server.host(), running.server.port(), server.maxFrameBytes(),
                server.maxConnections(), server.maxMessagesPerSecond(), server.outboundLimitBytes(),
                server.idleTimeoutSeconds(), server.authorityToken(), running.server.ioThreads());
        Admin a = new Admin(running.admin.host(), running.admin.port(), admin.token());
        Search se = new Search(search.algorithm(), search.mode(), search.landmarks(),
                search.landmarksMinDistanceCells(), search.maxExpandedNodes(), search.longRouteMinCells(),
                running.search.plannerThreads());
        Maps m = new Maps(running.maps.dir(), maps.defaultMap(), maps.maxEditCells(), maps.maxCells(),
                running.maps.editLogDir(), maps.editLogCompactEdits(), maps.editLogSync());
        return new NavServerConfig(configVersion, s, a, tick, chase, monsters, aoi, crowd, se, m, running.cluster);
    }

    /**
     * The game listener ({@code server.*}).
     *
     * @param host                 bind address (IP literal or host name)
     * @param port                 TCP port, 0..65535; 0 binds an ephemeral port
     * @param maxFrameBytes        longest accepted line in bytes, terminator excluded; 256..16 MiB
     * @param maxConnections       concurrent game connections; beyond it new ones get {@code server_full}; 1..1000000
     * @param maxMessagesPerSecond inbound messages per connection per second before {@code rate_limited}; 1..100000
     * @param outboundLimitBytes   unsent bytes queued for one connection before it is closed as a slow reader;
     *                             4 KiB..1 GiB and at least {@code maxFrameBytes}
     * @param idleTimeoutSeconds   a connection with no inbound message for this long is closed; 1..86400
     * @param authorityToken       the {@code hello.token} that makes a session an authority; empty (or
     *                             {@code authorityToken:} with no value in the file) means no authority sessions.
     *                             Otherwise 16..256 characters without whitespace. Never printed by
     *                             {@link #toString()}.
     * @param ioThreads            Netty event-loop threads serving the game connections; 1..256, or 0 for Netty's
     *                             default (two per available processor)
     */
    public record Server(String host, int port, int maxFrameBytes, int maxConnections, int maxMessagesPerSecond,
                         long outboundLimitBytes, int idleTimeoutSeconds,
                         @JsonSetter(nulls = Nulls.AS_EMPTY) String authorityToken, int ioThreads) {
        public static final Server DEFAULT = new Server("0.0.0.0", 7400, 65536, 4096, 100, 1L << 20, 60, "", 0);

        public Server {
            Checks.notBlank("server.host", host);
            Checks.range("server.port", port, 0, 65535);
            Checks.range("server.maxFrameBytes", maxFrameBytes, 256, 16 << 20);
            Checks.range("server.maxConnections", maxConnections, 1, 1_000_000);
            Checks.range("server.maxMessagesPerSecond", maxMessagesPerSecond, 1, 100_000);
            Checks.range("server.outboundLimitBytes", outboundLimitBytes, 4096L, 1L << 30);
            if (outboundLimitBytes < maxFrameBytes) {
                throw new IllegalArgumentException("server.outboundLimitBytes: " + outboundLimitBytes
                        + " must be at least server.maxFrameBytes (" + maxFrameBytes + ")");
            }
            Checks.range("server.idleTimeoutSeconds", idleTimeoutSeconds, 1, 86_400);
            Checks.token("server.authorityToken", authorityToken, "to have no authority sessions");
            Checks.range("server.ioThreads", ioThreads, 0, 256);
        }

        /** The I/O threads to start: {@link #ioThreads()}, or two per available processor when it is 0. */
        public int ioThreadCount() {
            return ioThreads > 0 ? ioThreads : 2 * Math.max(1, Runtime.getRuntime().availableProcessors());
        }

        @Override
        public String toString() {
            return "Server[host=" + host + ", port=" + port + ", maxFrameBytes=" + maxFrameBytes + ", maxConnections="
                    + maxConnections + ", maxMessagesPerSecond=" + maxMessagesPerSecond + ", outboundLimitBytes="
                    + outboundLimitBytes + ", idleTimeoutSeconds=" + idleTimeoutSeconds + ", authorityToken="
                    + (authorityToken.isEmpty() ? "(empty)" : "(set)") + ", ioThreads=" + ioThreads + "]";
        }
    }

    /**
     * The admin HTTP listener ({@code admin.*}).
     *
     * @param host  bind address; keep it on loopback unless a firewall guards it
     * @param port  TCP port, 0..65535; 0 binds an ephemeral port
     * @param token bearer token for {@code /admin/*}; empty (or {@code token:} with no value in the file)
     *              disables those endpoints. Otherwise 16..256 characters without whitespace. Never printed by
     *              {@link #toString()}.
     */
    public record Admin(String host, int port, @JsonSetter(nulls = Nulls.AS_EMPTY) String token) {
        public static final Admin DEFAULT = new Admin("127.0.0.1", 7401, "");

        public Admin {
            Checks.notBlank("admin.host", host);
            Checks.range("admin.port", port, 0, 65535);
            Checks.token("admin.token", token, "to disable /admin/*");
        }

        @Override
        public String toString() {
            return "Admin[host=" + host + ", port=" + port + ", token=" + (token.isEmpty() ? "(empty)" : "(set)") + "]";
        }
    }

    /**
     * The world tick ({@code tick.*}).
     *
     * @param hz ticks per second, 1..120
     */
    public record Tick(int hz) {
        public static final Tick DEFAULT = new Tick(20);

        public Tick {
            Checks.range("tick.hz", hz, 1, 120);
        }

        /** Length of one tick in nanoseconds. */
        public long periodNanos() {
            return 1_000_000_000L / hz;
        }
    }

    /**
     * Monster chase behaviour ({@code chase.*}).
     *
     * @param navIntervalSeconds          time since a monster's last plan before its player's movement triggers a
     *                                    re-plan (a monster without a path is planned at once); 0.01..60
     * @param moveThresholdMeters         XZ distance the player must move from the last planned position before a
     *                                    re-plan; 0..100
     * @param localNavDistanceMeters      XZ distance at which the client's NavMeshAgent takes over; 0 disables; 0..1000
     * @param localNavHysteresisMeters    the server takes the monster back beyond
     *                                    {@code localNavDistanceMeters + localNavHysteresisMeters}; 0..100
     * @param stoppingDistanceMeters      a monster in local mode stops this close to the player; 0..100
     * @param monsterSpeedMetersPerSecond monster walking speed; 0.01..100
     * @param monstersPerPlayer           monsters spawned automatically around a player when its first
     *                                    {@code player_pos} is accepted; 0..64
     * @param allowClientSpawn            whether {@code spawn} requests are honoured
     * @param snapshotHz                  {@code monsters} snapshots per second; 0 disables; 0..120 and at most
     *                                    {@code tick.hz}
     * @param spawnMinDistanceMeters      automatic spawns land at least this far from the player; 0..1000
     * @param spawnMaxDistanceMeters      and at most this far; 0..1000, at least {@code spawnMinDistanceMeters}
     * @param monsterRadiusMeters         body radius of a monster in the XZ plane: two monsters of a map are kept
     *                                    at least the sum of their radii apart; 0..10
     * @param playerRadiusMeters          body radius of a player: monsters are kept at least
     *                                    {@code monsterRadiusMeters + playerRadiusMeters} from it; 0..10
     * @param sharedFieldMinMonsters      when at least this many monsters of one map chasing one player are due
     *                                    for a re-plan in the same pass, one shared integration field from the
     *                                    player plans them all instead of one search each; 2..10000
     * @param orphanDespawnSeconds        seconds a player's automatically spawned monsters wait at home after their
     *                                    player left before they despawn; 0..3600
     */
    public record Chase(double navIntervalSeconds, double moveThresholdMeters, double localNavDistanceMeters,
                        double localNavHysteresisMeters, double stoppingDistanceMeters,
                        double monsterSpeedMetersPerSecond, int monstersPerPlayer, boolean allowClientSpawn,
                        double snapshotHz, double spawnMinDistanceMeters, double spawnMaxDistanceMeters,
                        double monsterRadiusMeters, double playerRadiusMeters, int sharedFieldMinMonsters,
                        double orphanDespawnSeconds) {
        public static final Chase DEFAULT =
                new Chase(0.5, 0.5, 4.0, 1.0, 1.0, 2.0, 2, true, 5.0, 5.0, 15.0, 0.4, 0.5, 8, 10.0);

        public Chase {
            Checks.range("chase.navIntervalSeconds", navIntervalSeconds, 0.01, 60);
            Checks.range("chase.moveThresholdMeters", moveThresholdMeters, 0, 100);
            Checks.range("chase.localNavDistanceMeters", localNavDistanceMeters, 0, 1000);
            Checks.range("chase.localNavHysteresisMeters", localNavHysteresisMeters, 0, 100);
            Checks.range("chase.stoppingDistanceMeters", stoppingDistanceMeters, 0, 100);
            Checks.range("chase.monsterSpeedMetersPerSecond", monsterSpeedMetersPerSecond, 0.01, 100);
            Checks.range("chase.monstersPerPlayer", monstersPerPlayer, 0, 64);
            Checks.range("chase.snapshotHz", snapshotHz, 0, 120);
            Checks.range("chase.spawnMinDistanceMeters", spawnMinDistanceMeters, 0, 1000);
            Checks.range("chase.spawnMaxDistanceMeters", spawnMaxDistanceMeters, 0, 1000);
            Checks.range("chase.monsterRadiusMeters", monsterRadiusMeters, 0, 10);
            Checks.range("chase.playerRadiusMeters", playerRadiusMeters, 0, 10);
            Checks.range("chase.sharedFieldMinMonsters", sharedFieldMinMonsters, 2, 10_000);
            Checks.range("chase.orphanDespawnSeconds", orphanDespawnSeconds, 0, 3600);
            if (spawnMaxDistanceMeters < spawnMinDistanceMeters) {
                throw new IllegalArgumentException("chase.spawnMaxDistanceMeters: " + spawnMaxDistanceMeters
                        + " is less than chase.spawnMinDistanceMeters (" + spawnMinDistanceMeters + ")");
            }
            if (stoppingDistanceMeters > localNavDistanceMeters) {
                throw new IllegalArgumentException("chase.stoppingDistanceMeters: " + stoppingDistanceMeters
                        + " is more than chase.localNavDistanceMeters (" + localNavDistanceMeters
                        + "): a monster would stop before the client takes it over");
            }
        }

        /** Every key as given but {@code orphanDespawnSeconds}, which takes its default. */
        public Chase(double navIntervalSeconds, double moveThresholdMeters, double localNavDistanceMeters,
                     double localNavHysteresisMeters, double stoppingDistanceMeters,
                     double monsterSpeedMetersPerSecond, int monstersPerPlayer, boolean allowClientSpawn,
                     double snapshotHz, double spawnMinDistanceMeters, double spawnMaxDistanceMeters,
                     double monsterRadiusMeters, double playerRadiusMeters, int sharedFieldMinMonsters) {
            this(navIntervalSeconds, moveThresholdMeters, localNavDistanceMeters, localNavHysteresisMeters,
                    stoppingDistanceMeters, monsterSpeedMetersPerSecond, monstersPerPlayer, allowClientSpawn,
                    snapshotHz, spawnMinDistanceMeters, spawnMaxDistanceMeters, monsterRadiusMeters,
                    playerRadiusMeters, sharedFieldMinMonsters, DEFAULT.orphanDespawnSeconds);
        }
    }

    /**
     * The planner ({@code search.*}).
     *

    /**
     * Reciprocal avoidance among moving monsters ({@code crowd.*}, ORCA; all hot-reloadable).
     *
     * @param avoidance               whether monsters steer around each other and players while they move
     * @param neighbourDistanceMeters how far a monster looks for others to avoid; 0.5..50
     * @param maxNeighbours           how many of the nearest it avoids; 1..64
     * @param timeHorizonSeconds      how far ahead it avoids collisions with them; 0.1..10
     */
    public record Crowd(boolean avoidance, double neighbourDistanceMeters, int maxNeighbours,
                        double timeHorizonSeconds) {
        public static final Crowd DEFAULT = new Crowd(true, OrcaParams.DEFAULT.neighbourDistanceMeters(),
                OrcaParams.DEFAULT.maxNeighbours(), OrcaParams.DEFAULT.timeHorizonSeconds());

        public Crowd {
            Checks.range("crowd.neighbourDistanceMeters", neighbourDistanceMeters, 0.5, 50);
            Checks.range("crowd.maxNeighbours", maxNeighbours, 1, 64);
            Checks.range("crowd.timeHorizonSeconds", timeHorizonSeconds, 0.1, 10);
        }

        /** The solver parameters, or null when avoidance is off. */
        public OrcaParams orcaParams() {
            if (!avoidance) {
                return null;
            }
            OrcaParams d = OrcaParams.DEFAULT;
            return new OrcaParams(neighbourDistanceMeters, maxNeighbours, timeHorizonSeconds,
                    d.obstacleHorizonSeconds(), d.stallProgress(), d.stallSeconds(), d.yieldSeconds());
        }
    }

    /**
     * The planner ({@code search.*}).
     *
     * @param algorithm        grid search used for every plan and query, spelled {@link Algorithm#spelling()}
     * @param mode             {@code optimal} (shortest paths) or {@code approximate} (weighted search, paths at most
     *                         {@value SearchMode#APPROXIMATE_WEIGHT} times the shortest, fewer nodes expanded), spelled
     *                         {@link SearchMode#spelling()}; for every plan and query
     * @param landmarks        landmarks of the differential heuristic per 8-connected search, 0 (octile only) .. 32;
     *                         each grid's table is built off the planner threads once the grid has gone 2 s without
     *                         being replaced, and versions whose edits only added walls inherit it
     * @param landmarksMinDistanceCells octile distance between start and goal, cells, below which a search uses the
     *                         octile heuristic only (no table read or build); 0..1000000
     * @param maxExpandedNodes node budget of one monster plan (a {@code path_query} has none); past it the plan
     *                         returns a partial path; 16..10000000
     * @param longRouteMinCells octile distance between start and goal, cells, from which a search uses the map
     *                         version's subgoal graph (built in the background when the map version is published)
     *                         once it is ready; 0..1000000
     * @param plannerThreads   size of the planner pool; 1..64
     */
    public record Search(Algorithm algorithm, SearchMode mode, int landmarks, int landmarksMinDistanceCells,
                         int maxExpandedNodes, int longRouteMinCells, int plannerThreads) {
        public static final Search DEFAULT = new Search(Algorithm.JPS, SearchMode.OPTIMAL, 16, 64, 8000, 256, 2);

        public Search {
            Checks.notNull("search.algorithm", algorithm);
            Checks.notNull("search.mode", mode);
            Checks.range("search.landmarks", landmarks, 0, LandmarkTable.MAX_LANDMARKS);
            Checks.range("search.landmarksMinDistanceCells", landmarksMinDistanceCells, 0, 1_000_000);
            Checks.range("search.maxExpandedNodes", maxExpandedNodes, 16, 10_000_000);
            Checks.range("search.longRouteMinCells", longRouteMinCells, 0, 1_000_000);
            Checks.range("search.plannerThreads", plannerThreads, 1, 64);
        }
    }

    /**
     * Map files ({@code maps.*}).
     *
     * @param dir        directory holding NavExport and {@code .map} files; {@link ConfigLoader} makes a relative
     *                   one absolute, resolved against the parent of the config file's directory
     * @param defaultMap map used by a {@code hello} without {@code map}: a file name without extension; key
     *                   {@code maps.default}
     * @param maxEditCells most cells one {@code map_edit} message may cover (the sum over its edits); 1..16777216
     * @param maxCells   most cells ({@code width * height}) a map file may have; a larger one is refused on its
     *                   header, before anything is allocated; 1..268435456 (16384 x 16384), the default
     * @param editLogDir the durable edit log's directory (one sub-directory per map); {@link ConfigLoader} resolves a
     *                   relative one like {@code dir}
     * @param editLogCompactEdits edits appended to a map's log before it is compacted into a snapshot;
     *                   1..1000000
     * @param editLogSync when edits are forced to disk: {@value #SYNC_MESSAGE} (one fsync per edit message) or
     *                   {@value #SYNC_TICK} (one per map per tick-thread pass, for all edits of that pass)
     */
    public record Maps(Path dir, @JsonProperty("default") String defaultMap, int maxEditCells, long maxCells,
                       Path editLogDir, int editLogCompactEdits, String editLogSync) {
        /** {@code maps.editLogSync}: fsync each edit message before its answer. */
        public static final String SYNC_MESSAGE = "message";
        /** {@code maps.editLogSync}: fsync once per map per tick-thread pass, then answer that pass's edits. */
        public static final String SYNC_TICK = "tick";
        public static final Maps DEFAULT = new Maps(Path.of("maps"), "arena", 65536, MapLimits.MAX_CELLS,
                Path.of("data/edits"), 1000, SYNC_TICK);

        public Maps {
            Checks.notNull("maps.dir", dir);
            if (dir.toString().isEmpty()) {
                throw new IllegalArgumentException("maps.dir: must not be empty");
            }
            Checks.notBlank("maps.default", defaultMap);
            if (defaultMap.contains("/") || defaultMap.contains("\\") || defaultMap.startsWith(".")) {
                throw new IllegalArgumentException("maps.default: '" + defaultMap
                        + "' must be a map name (file name without extension), not a path");
            }
            Checks.range("maps.maxEditCells", maxEditCells, 1, 1 << 24);
            Checks.range("maps.maxCells", maxCells, 1, MapLimits.MAX_CELLS);
            Checks.notNull("maps.editLogDir", editLogDir);
            if (editLogDir.toString().isEmpty()) {
                throw new IllegalArgumentException("maps.editLogDir: must not be empty");
            }
            Checks.range("maps.editLogCompactEdits", editLogCompactEdits, 1, 1_000_000);
            if (!SYNC_MESSAGE.equals(editLogSync) && !SYNC_TICK.equals(editLogSync)) {
                throw new IllegalArgumentException("maps.editLogSync: '" + editLogSync + "' is not one of ("
                        + SYNC_MESSAGE + "|" + SYNC_TICK + ")");
            }
        }

        /** Whether {@link #editLogSync} groups fsyncs per tick-thread pass. */
        public boolean syncPerTick() {
            return SYNC_TICK.equals(editLogSync);
        }
    }
}
