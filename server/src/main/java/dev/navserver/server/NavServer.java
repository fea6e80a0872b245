package dev.navserver.server;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.MapMemory;
import dev.navserver.nav.io.MapLimits;
import dev.navserver.nav.io.MapLoader;
import dev.navserver.nav.search.SearchOptions;
import dev.navserver.protocol.ByeReasons;
import dev.navserver.server.admin.AdminEndpoints;
import dev.navserver.server.admin.AdminServer;
import dev.navserver.server.config.ConfigException;
import dev.navserver.server.config.ConfigOverrides;
import dev.navserver.server.config.ConfigReloader;
import dev.navserver.server.config.MapWatcher;
import dev.navserver.server.config.NavServerConfig;
import dev.navserver.server.config.PendingConfig;
import dev.navserver.server.cluster.ClusterNode;
import dev.navserver.server.cluster.MapOwnership;
import dev.navserver.server.cluster.MapSessions;
import dev.navserver.server.cluster.NodeEvents;
import dev.navserver.server.cluster.Owner;
import dev.navserver.server.cluster.agones.AgonesNode;
import dev.navserver.server.editlog.EditLog;
import dev.navserver.server.editlog.FileEditLog;
import dev.navserver.server.editlog.FileRouteStore;
import dev.navserver.server.editlog.MapJournal;
import dev.navserver.server.metrics.BuildMetrics;
import dev.navserver.server.metrics.ServerMetrics;
import dev.navserver.server.net.GameServer;
import dev.navserver.server.net.MapRegistry;
import dev.navserver.server.net.ServerContext;
import dev.navserver.server.net.Session;
import dev.navserver.server.plan.LongRouteBuilds;
import dev.navserver.server.plan.NavPlanner;
import dev.navserver.server.plan.PlannerPool;
import dev.navserver.server.tick.TickControl;
import dev.navserver.server.tick.TickLoop;
import dev.navserver.server.view.ViewHttp;
import dev.navserver.server.view.ViewHub;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The whole server: config and its watcher, maps and their watcher, planner pool, tick thread, game listener and
 * admin HTTP. {@link #start()} once, {@link #close()} once (idempotent; also what SIGTERM runs).
 */
public final class NavServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(NavServer.class);
    /** Catch-up cap of the tick loop: ticks run back to back after a stall before older ones are skipped. */
    static final int MAX_CATCH_UP_TICKS = 5;
    /** Longest wait in {@link #close()} for the {@code bye shutdown} messages to be written, milliseconds. */
    static final long BYE_FLUSH_MILLIS = 1500;

    private final ServerMetrics metrics = new ServerMetrics();
    private final PendingConfig pending = new PendingConfig();
    private final ConfigReloader reloader;
    private final NavServerConfig initial;
    private final MapRegistry maps = new MapRegistry();
    private final EditLog editLog;
    /** This process as a cluster node; null in single-process mode ({@code cluster.etcd} empty). */
    private final ClusterNode cluster;
    private final MapOwnership ownership;
    private final NodeEvents nodeEvents;
    private final NavPlanner planner;
    private final ExecutorService landmarkBuilder;
    private final LongRouteBuilds longRouteBuilds;
    private final ExecutorService plannerPool;
    private final ServerContext context;
    private final TickLoop tickLoop;
    private final GameLoop gameLoop;
    private final GameServer gameServer;
    private final AdminServer adminServer;
    private final ViewHub viewHub;
    private final long startNanos = System.nanoTime();
    private MapWatcher mapWatcher;
    private Thread tickThread;
    private final AtomicBoolean closed = new AtomicBoolean();

    /**
     * Loads and validates the config and every map; binds nothing yet. The file's values are used as they are.
     *
     * @throws ConfigException when the config file is invalid
     * @throws IOException     when the maps directory cannot be read or holds no usable default map
     */
    public NavServer(Path configFile) throws ConfigException, IOException {
        this(configFile, ConfigOverrides.NONE);
    }

    /**
     * Loads and validates the config, with {@code overrides} applied to it and to every reload, and every map; binds
     * nothing yet.
     *
     * @throws ConfigException when the config file is invalid
     * @throws IOException     when the maps directory cannot be read or holds no usable default map
     */
    public NavServer(Path configFile, ConfigOverrides overrides) throws ConfigException, IOException {
        this(configFile, overrides, null, null, NodeEvents.NONE);
    }

    /**
     * As {@link #NavServer(Path, ConfigOverrides)}, for a process that serves only the maps {@code ownership} says
     * are {@link dev.navserver.server.cluster.Owner.Local}: a {@code hello} for any other map is sent away
     * ({@code redirect} or {@code map_unavailable}).
     *
     * @param ownership who serves each map; asked on every {@code hello}, from Netty I/O threads
     */
    public NavServer(Path configFile, ConfigOverrides overrides, MapOwnership ownership)
            throws ConfigException, IOException {
        this(configFile, overrides, ownership, null, NodeEvents.NONE);
    }

    /**
     * As {@link #NavServer(Path, ConfigOverrides)}, for a cluster node: {@code sessions} sends the sessions of a map
     * this node gives up away (null: the server's own), {@code nodeEvents} hears of its lifecycle. With
     * {@code cluster.etcd} set no map is loaded here: maps are loaded as they are claimed after {@link #start()}.
     */
    public NavServer(Path configFile, ConfigOverrides overrides, MapSessions sessions, NodeEvents nodeEvents)
            throws ConfigException, IOException {
        this(configFile, overrides, null, sessions, nodeEvents);
    }

    private NavServer(Path configFile, ConfigOverrides overrides, MapOwnership ownershipOverride,
            MapSessions sessions, NodeEvents nodeEvents) throws ConfigException, IOException {
        reloader = new ConfigReloader(configFile, overrides, pending, metrics.configReloads, Clock.systemUTC());
        initial = reloader.current();
        this.nodeEvents = nodeEvents == NodeEvents.NONE ? agones(initial) : nodeEvents;
        // maps.maxCells applies live; the planner pool's size (restart-only) stays that of the initial config
        int plannerThreads = initial.search().plannerThreads();
        // each planner thread keeps a search and, after its first group query, an integration field (paged scratch)
        maps.limits(() -> MapLimits.DEFAULT.withMaxCells(reloader.current().maps().maxCells())
                .withPlannerThreads(plannerThreads)
                .withThreadScratchBytes(MapMemory.SEARCH_SCRATCH_BYTES + MapMemory.FIELD_SCRATCH_BYTES));
        cluster = ClusterNode.create(initial, configFile, maps, this.nodeEvents, metrics.registry());
        editLog = cluster != null ? cluster.editLog() : new FileEditLog(initial.maps().editLogDir());
        ownership = cluster != null ? cluster
                : ownershipOverride != null ? ownershipOverride : MapOwnership.SINGLE_PROCESS;
        // run-time routes beside the edit log: files, or etcd in a cluster (they move with their map)
        MapJournal journal = new MapJournal(editLog, cluster != null ? cluster.editLog().routes()
                : new FileRouteStore(initial.maps().editLogDir()), metrics,
                () -> reloader.current().maps().editLogCompactEdits());
        maps.journal(journal);
        // long-route structures (every map version, from its load) and landmark tables (search.landmarks > 0) are
        // built here, one at a time, never on a planner or the tick thread
        ScheduledThreadPoolExecutor builds = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "navserver-builds");
            t.setDaemon(true);
            t.setPriority(Thread.MIN_PRIORITY);
            return t;
        });
        landmarkBuilder = builds;
        longRouteBuilds = new LongRouteBuilds(builds, new BuildMetrics(metrics.registry()));
        maps.onPublish(longRouteBuilds::published);
        int loaded = cluster != null ? 0 : maps.loadDirectory(initial.maps().dir());
        if (cluster != null && !cluster.knows(initial.maps().defaultMap())) {
            throw new IOException("default map '" + initial.maps().defaultMap() + "' has no file in "
                    + initial.maps().dir());
        } else if (cluster == null && maps.get(initial.maps().defaultMap()) == null) {
            throw new IOException("default map '" + initial.maps().defaultMap() + "' not found in "
                    + initial.maps().dir() + " (" + loaded + " maps loaded)");
        }
        planner = new NavPlanner(searchOptions(initial), landmarkBuilder);
        planner.setLongRouteMinCells(initial.search().longRouteMinCells());
        plannerPool = new PlannerPool(initial.search().plannerThreads());
        metrics.monitorExecutor(plannerPool, "planner");
        TickControl tickControl = new TickControl(initial.tick().hz());
        context = new ServerContext(metrics, reloader::current, maps, planner, plannerPool, tickControl::wakeup,
                startNanos, ownership);
        // A reloaded file replaces the map and its edits: every session on it re-reads the map.
        maps.onReload((map, version) -> context.sendToMap(map.name(),
                dev.navserver.protocol.message.MapPatch.reset(map.name(), version)));
        viewHub = new ViewHub(maps, () -> reloader.current().admin().token(), metrics.viewFrames::increment);
        metrics.gauge("navserver_viewers", "Live viewer sockets open now.", viewHub::viewerCount);
        gameLoop = new GameLoop(context, initial, pending, planner, plannerPool, WorldMeters.of(metrics), tickControl,
                System.nanoTime(), viewHub, journal);
        if (cluster != null) {
            cluster.sessions(sessions != null ? sessions : gameLoop.mapSessions()); // null: the server's own
            cluster.onPublished(m -> { // a claimed map: worlds switch to it, its world file's monsters start
                gameLoop.mapChanged(m);
                if (WorldFileLoads.exists(initial, m.name())) {
                    gameLoop.worldFileChanged(m.name());
                }
            });
        }
        tickLoop = new TickLoop(System::nanoTime, tickControl, MAX_CATCH_UP_TICKS, gameLoop);
        metrics.gauge("navserver_sessions", "Welcomed game sessions.", context::sessionCount);
        gameServer = new GameServer(context, initial.server().host(), initial.server().port(),
                initial.server().ioThreadCount());
        adminServer = new AdminServer(initial.admin().host(), initial.admin().port(), new AdminEndpoints(
                () -> reloader.current().admin().token(),
                () -> Map.of("sessions", context.sessionCount(), "maps", maps.size()),
                metrics::scrape,
                this::status,
                reloader::reload,
                new ServerMapAdmin(maps, gameLoop, metrics)), new ViewHttp(viewHub));
    }

    /**
     * The Agones SDK client of a cluster node with {@code cluster.agones: true} ({@code AGONES_SDK_HTTP_PORT}), else
     * no events.
     */
    private static NodeEvents agones(NavServerConfig cfg) throws ConfigException {
        if (!cfg.cluster().agones() || cfg.cluster().etcd().isEmpty()) {
            return NodeEvents.NONE;
        }
        try {
            return AgonesNode.fromEnvironment(cfg.cluster().nodeId(), System.getenv());
        } catch (IllegalArgumentException e) {
            throw new ConfigException("cluster.agones: " + e.getMessage(), e);
        }
    }

    /** Search options of a config: algorithm, mode, landmarks (and from which distance) and node budget. */
    static SearchOptions searchOptions(NavServerConfig cfg) {
        return SearchOptions.DEFAULT
                .withAlgorithm(cfg.search().algorithm())
                .withMode(cfg.search().mode())
                .withLandmarks(cfg.search().landmarks())
                .withLandmarksMinDistanceCells(cfg.search().landmarksMinDistanceCells())
                .withMaxExpandedNodes(cfg.search().maxExpandedNodes());
    }

    private Map<String, Object> status() {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("uptimeSeconds", context.serverTime());
        s.put("connections", context.connectionCount());
        s.put("sessions", context.sessionCount());
        s.put("maps", maps.describe());
        s.put("ticks", tickLoop.ticks());
        s.put("skippedTicks", tickLoop.skippedTicks());
        s.put("tickDurationMs", ServerMetrics.summaryMillis(metrics.tickDuration));
        s.put("planLatencyMs", ServerMetrics.summaryMillis(metrics.planLatency));
        s.put("planQueueUrgentMs", ServerMetrics.summaryMillis(metrics.planQueue.urgent()));
        s.put("posToPathMs", ServerMetrics.summaryMillis(metrics.posToPath));
        s.put("editToPathMs", ServerMetrics.summaryMillis(metrics.editToPath));
        s.put("navPathPushes", (long) metrics.navPathPushes.count());
        s.putAll(reloader.describe());
        return s;
    }

    /** Starts the tick thread, the watchers and both listeners. */
    public void start() throws IOException, InterruptedException {
        tickThread = new Thread(tickLoop, "navserver-tick");
        tickThread.start();
        reloader.startWatching();
        mapWatcher = new MapWatcher(initial.maps().dir(), this::reloadMap, gameLoop::worldFileChanged);
        mapWatcher.start();
        gameServer.start();
        adminServer.start();
        nodeEvents.listening();
        if (cluster != null) {
            cluster.start(gameServer.port());
        }
        LOG.info("navserver up: game port {}, admin port {}, {} maps, default '{}'", gameServer.port(),
                adminServer.port(), maps.size(), initial.maps().defaultMap());
    }

    /** Validates a changed map file and, if good, publishes it; worlds on it switch at the next tick. */
    private void reloadMap(Path file) {
        if (cluster != null && !(ownership.ownerOf(MapLoader.mapName(file)) instanceof Owner.Local)) {
            return; // a cluster node loads a map when it claims it; only a served map's file is reloaded
        }
        try {
            GridMap map = maps.load(file);
            metrics.mapLoads.inc("loaded");
            if (map != null) { // null: the same bytes as the loaded map's file, which keeps its version and edits
                gameLoop.mapChanged(map);
            }
        } catch (IOException | RuntimeException e) {
            metrics.mapLoads.inc("rejected");
            LOG.warn("map reload rejected, previous version stays in force: {}", e.getMessage());
        }
    }

    /** Port of the game listener. */
    public int gamePort() {
        return gameServer.port();
    }

    /**
     * Sends the sessions of a map away when this process stops serving it; change what the {@link MapOwnership}
     * answers for the map first. Thread-safe.
     */
    public MapSessions mapSessions() {
        return gameLoop.mapSessions();
    }

    /** Port of the admin HTTP listener. */
    public int adminPort() {
        return adminServer.port();
    }

    /** Who serves each map: this process for every map, or, on a cluster node, what the node knows. */
    public MapOwnership ownership() {
        return ownership;
    }

    /** This process as a cluster node, or null in single-process mode. */
    public ClusterNode clusterNode() {
        return cluster;
    }

    public ServerMetrics metrics() {
        return metrics;
    }

    public ConfigReloader reloader() {
        return reloader;
    }

    /**
     * Stops accepting, tells every client {@code bye shutdown}, flushes, and stops all threads; returns within about
     * five seconds. A cluster node first drains (releases every map, its sessions redirected), within
     * {@code cluster.drainSeconds}. Idempotent.
     */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        LOG.info("shutting down");
        if (cluster != null) { // the close below needs about BYE_FLUSH_MILLIS + 2 s after the drain
            cluster.drain(System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(
                    initial.cluster().drainSeconds() * 1000L - BYE_FLUSH_MILLIS - 2000));
        }
        gameServer.stopAccepting();
        List<Session> open = new ArrayList<>(context.openSessions());
        for (Session s : open) {
            s.closeWithBye(ByeReasons.SHUTDOWN);
        }
        // Each session closes once its bye is written (or after its close grace). Shutting the event loops down
        // before that would close channels whose bye is still queued, so wait for them, within a bound.
        long byeDeadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(BYE_FLUSH_MILLIS);
        for (Session s : open) {
            long left = byeDeadline - System.nanoTime();
            if (left <= 0 || !s.channel().closeFuture().awaitUninterruptibly(left, TimeUnit.NANOSECONDS)) {
                break;
            }
        }
        tickLoop.stop();
        if (tickThread != null) {
            try {
                tickThread.join(1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        plannerPool.shutdownNow();
        context.close();
        longRouteBuilds.close();
        landmarkBuilder.shutdownNow();
        try {
            plannerPool.awaitTermination(500, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        gameServer.close();
        viewHub.close();
        adminServer.close();
        if (mapWatcher != null) {
            mapWatcher.close();
        }
        synchronized (maps) { // the tick thread and the map watcher stopped: nothing appends or loads any more
            editLog.close();
        }
        if (cluster != null) {
            cluster.close();
        }
        if (nodeEvents instanceof AgonesNode a) {
            a.close();
        }
        reloader.close();
        metrics.close();
        LOG.info("navserver stopped");
    }
}
