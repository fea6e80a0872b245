package dev.navserver.server;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.protocol.ErrorCodes;
import dev.navserver.protocol.message.ClientMessage;
import dev.navserver.protocol.message.ErrorMessage;
import dev.navserver.protocol.message.MapEdit;
import dev.navserver.protocol.message.MapEdited;
import dev.navserver.protocol.message.RequestId;
import dev.navserver.protocol.message.TerrainEdit;
import dev.navserver.server.config.NavServerConfig;
import dev.navserver.server.config.PendingConfig;
import dev.navserver.server.edit.EditPublisher;
import dev.navserver.server.edit.MapEditor;
import dev.navserver.server.net.MapRegistry;
import dev.navserver.server.net.ServerContext;
import dev.navserver.server.net.Session;
import dev.navserver.server.plan.NavPlanner;
import dev.navserver.server.tick.TickControl;
import dev.navserver.server.tick.TickLoop;
import dev.navserver.server.view.ViewHub;
import dev.navserver.server.world.Spawner;
import dev.navserver.server.world.World;
import dev.navserver.server.world.WorldMetrics;
import dev.navserver.server.world.file.WorldFile;
import dev.navserver.server.world.file.WorldFileException;
import dev.navserver.server.world.file.WorldFileLoader;
import dev.navserver.server.world.file.WorldFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The tick thread's work: apply a pending config and changed maps at the tick boundary, let sessions join and
 * leave, drain the inboxes of sessions that have messages (at most {@value #INBOX_PER_TICK} each per pass), tick
 * every world, flush the sessions written to. Between ticks (woken by a finished plan), do the same minus config,
 * maps and movement: apply finished plans so their {@code nav_path}s leave at once, and apply messages that arrived
 * meanwhile, starting the plans they made due.
 *
 * <p>After each world's work it drains the world's {@link WorldOutbox} and turns the events into session messages:
 * data flows one way, worlds never call up. Everything here runs on the tick thread, except {@link #mapChanged} and
 * {@link #submitEdit} (the admin API's edits, applied here like a session's {@code map_edit}), which any thread may
 * call.
 */
public final class GameLoop implements TickLoop.Task {
    private static final Logger LOG = LoggerFactory.getLogger(GameLoop.class);
    /** Most inbox messages applied per session per tick; the rest wait for the next tick. */
    static final int INBOX_PER_TICK = 64;

    private final ServerContext context;
    private final PendingConfig pendingConfig;
    private final NavPlanner planner;
    private final Executor plannerPool;
    private final WorldMetrics worldMetrics;
    private final TickControl tickControl;
    private final Map<String, World> worlds = new HashMap<>();
    private final Queue<GridMap> changedMaps = new ConcurrentLinkedQueue<>();
    private final Queue<String> changedWorldFiles = new ConcurrentLinkedQueue<>();
    /** Whether the worlds of maps with a world file were started (the first tick). */
    private boolean worldsStarted;
    /** World time of the current tick or between-ticks pass, seconds. Tick thread only. */
    private double worldNow;
    /** Admin API edits waiting for the tick thread ({@link #submitEdit}). */
    private final Queue<QueuedEdit> adminEdits = new ConcurrentLinkedQueue<>();
    private final EditPublisher editPublisher;
    private final WorldDelivery delivery;
    private final WorldRequests requests;
    private final AtomicLong monsterIds = new AtomicLong();
    private final SplittableRandom random;
    /** Sessions drained in this pass that may still hold messages (the per-tick cap). */
    private final List<Session> leftovers = new ArrayList<>();
    /** The live viewer's frames and recent edits. */
    private final ViewPublisher viewer;
    private NavServerConfig config;

    /** An admin API edit waiting for the tick thread, and whom to tell. */
    private record QueuedEdit(String map, List<TerrainEdit> edits, CompletableFuture<EditPublisher.Outcome> done,
                              long arrivalNanos) {
    }

    /**
     * @param initial     the config in force at start
     * @param tickControl the tick loop's rate (retuned when a config is applied) and wakeup (called by planner
     *                    threads after finishing a plan)
     * @param seed        seed of spawn randomness
     * @param view        the live viewer's hub, or null for none
     */
    public GameLoop(ServerContext context, NavServerConfig initial, PendingConfig pendingConfig, NavPlanner planner,
            Executor plannerPool, WorldMetrics worldMetrics, TickControl tickControl, long seed, ViewHub view) {
        this.context = context;
        this.viewer = new ViewPublisher(context, view);
        this.config = initial;
        this.pendingConfig = pendingConfig;
        this.planner = planner;
        this.plannerPool = plannerPool;
        this.worldMetrics = worldMetrics;
        this.tickControl = tickControl;
        this.random = new SplittableRandom(seed);
        this.editPublisher = new EditPublisher(context.maps(), context::sendToMap);
        this.delivery = new WorldDelivery(context);
        this.requests = new WorldRequests(context, this::world, delivery::deliver);
    }

    /** Announces a created or changed world file of a map; it is read and applied at the next tick. Thread-safe. */
    public void worldFileChanged(String mapName) {
        changedWorldFiles.add(mapName);
        tickControl.wakeup();
    }

    /** Announces a reloaded map; worlds on it switch at the next tick. Thread-safe. */
    public void mapChanged(GridMap map) {
        changedMaps.add(map);
    }

    @Override
    public void tick(double nowSeconds, double dtSeconds) {
        worldNow = nowSeconds;
        applyConfig();
        applyMaps();
        applyWorldFiles();
        applySessionEvents();
        drainInboxes(false);
        drainAdminEdits(false);
        for (World w : worlds.values()) {
            w.tick(nowSeconds, dtSeconds);
            w.outbox().drainTo(delivery::deliver);
        }
        viewer.publish(nowSeconds, worlds, config);
        flushAll();
    }

    @Override
    public void between(double nowSeconds) {
        worldNow = Math.max(worldNow, nowSeconds);
        applySessionEvents();
        drainInboxes(true);
        drainAdminEdits(true);
        for (World w : worlds.values()) {
            w.applyFinishedPlans();
            w.planMoved(nowSeconds);
            w.outbox().drainTo(delivery::deliver);
        }
        flushAll();
    }

    @Override
    public void tickDuration(long nanos) {
        context.metrics().ticks.increment();
        context.metrics().tickDuration.record(nanos, TimeUnit.NANOSECONDS);
        viewer.tickDuration(nanos);
    }

    /** Puts a config's world settings in force on a world. */
    private static void configure(World w, NavServerConfig c) {
        w.setSettings(c.chase());
        w.setAvoidance(c.crowd().orcaParams());
        w.setKinds(c.monsters().kinds());
        w.setInterest(c.aoi().radiusMeters(), c.aoi().hysteresisMeters());
    }

    private void applyConfig() {
        NavServerConfig next = pendingConfig.poll();
        if (next == null) {
            return;
        }
        config = next;
        for (World w : worlds.values()) {
            configure(w, next);
        }
        planner.setOptions(NavServer.searchOptions(next));
        tickControl.setHz(next.tick().hz());
        LOG.info("config applied at tick boundary: tick {} Hz, navInterval {} s, moveThreshold {} m",
                next.tick().hz(), next.chase().navIntervalSeconds(), next.chase().moveThresholdMeters());
    }

    /**
     * Switches worlds whose map file was reloaded to the registry's current map of that name (a later edit may
     * already have replaced the reloaded one, and a world never goes back to an older version).
     */
    private void applyMaps() {
        GridMap m;
        while ((m = changedMaps.poll()) != null) {
            World w = worlds.get(m.name());
            GridMap current = context.maps().get(m.name());
            viewer.mapReloaded(m.name());
            if (w != null && w.map() != current) {
                List<String> dropped = w.setMap(current);
                if (!dropped.isEmpty()) {
                    LOG.warn("map {} reloaded: routes {} have points that are no longer walkable and were removed;"
                            + " monsters patrolling them stand idle", m.name(), dropped);
                }
            }
        }
    }

    /**
     * At the first tick, starts the world of every map that has a world file (its monsters live before any player
     * comes); then reads again the world files that changed.
     */
    private void applyWorldFiles() {
        if (!worldsStarted) {
            worldsStarted = true;
            for (GridMap m : context.maps().all()) {
                if (Files.exists(worldFile(m.name()))) {
                    world(m.name()); // loads its world file
                }
            }
        }
        String name;
        while ((name = changedWorldFiles.poll()) != null) {
            World w = worlds.get(name);
            if (w != null) {
                loadWorldFile(w);
            } else {
                world(name);
            }
        }
    }

    private Path worldFile(String mapName) {
        return config.maps().dir().resolve(mapName + WorldFiles.SUFFIX);
    }

    /**
     * Reads a world's world file, checks it against the world's map and the config's kinds, and puts it in force; a
     * refused file is logged (file, line, field) and the one in force stays, whole. No file: nothing changes.
     */
    private void loadWorldFile(World w) {
        Path file = worldFile(w.name());
        if (!Files.exists(file)) {
            return;
        }
        try {
            WorldFile f = WorldFileLoader.load(file, config.monsters().kinds().keySet(), w.map());
            int spawned = w.applyWorldFile(f);
            context.metrics().worldFileLoads.inc("loaded");
            LOG.info("world file {} applied: {} routes, {} spawn groups, {} monsters", file.getFileName(),
                    f.routes().size(), f.spawnGroups().size(), spawned);
        } catch (WorldFileException e) {
            context.metrics().worldFileLoads.inc("rejected");
            LOG.warn("world file refused, the one in force stays: {}", e.getMessage());
        }
        w.outbox().drainTo(delivery::deliver);
    }

    private void applySessionEvents() {
        ServerContext.SessionEvent e;
        while ((e = context.sessionEvents().poll()) != null) {
            Session s = e.session();
            World w = world(s.mapName());
            if (w == null) {
                continue;
            }
            if (e.joined()) {
                w.players().join(s.id(), s.player(), s.authority());
            } else {
                w.players().leave(s.id());
            }
            w.outbox().drainTo(delivery::deliver);
        }
    }

    private World world(String mapName) {
        World w = worlds.get(mapName);
        if (w == null) {
            MapRegistry maps = context.maps();
            GridMap map = maps.get(mapName);
            if (map == null) {
                return null;
            }
            w = new World(mapName, map, config.chase(), planner, plannerPool, worldMetrics,
                    new Spawner(random.split(), monsterIds::incrementAndGet), tickControl::wakeup);
            configure(w, config);
            worlds.put(mapName, w);
            loadWorldFile(w);
        }
        return w;
    }

    /**
     * Applies queued messages of ready sessions, at most {@value #INBOX_PER_TICK} per session per pass, and at most one
     * {@code map_edit} (a full map rebuild) per session per pass, which ends that session's turn and asks for another
     * pass between ticks. Between
     * ticks it stops at the first message that arrived while a config or map change waits for the tick boundary:
     * a message sent after a reload was published must meet the new settings, so it waits for the tick that applies
     * them first.
     */
    private void drainInboxes(boolean betweenTicks) {
        Session s;
        boolean deferred = false;
        boolean editEnded = false;
        while (!deferred && (s = context.pollReadySession()) != null) {
            s.clearReady();
            // A session's join event is queued before its welcome, so before any message it can send: joins that
            // arrived since this pass began are applied first, or a spawn right after welcome finds no player.
            applySessionEvents();
            World w = s.mapName() == null ? null : world(s.mapName());
            if (w == null) {
                continue;
            }
            leftovers.add(s);
            for (int i = 0; i < INBOX_PER_TICK; i++) {
                if (s.peekInbox() == null) {
                    break;
                }
                if (betweenTicks && (pendingConfig.isPending() || !changedMaps.isEmpty())) {
                    deferred = true;
                    break;
                }
                Session.Inbound in = s.pollInbox();
                ClientMessage m = in.message();
                if (m instanceof MapEdit edit) {
                    mapEdit(s, edit, in.arrivalNanos());
                    w.outbox().drainTo(delivery::deliver);
                    editEnded = true;
                    break; // a full rebuild per edit: at most one per session per pass, the rest wait
                }
                requests.apply(w, s, m, in.arrivalNanos());
                w.outbox().drainTo(delivery::deliver);
            }
        }
        for (Session left : leftovers) {
            left.requeueIfPending();
        }
        leftovers.clear();
        if (editEnded) {
            tickControl.wakeup(); // a between-ticks pass takes the next edits, after other sessions had their turn
        }
    }

    private void error(Session s, RequestId id, String code, String message) {
        context.metrics().errors.inc(code);
        s.write(new ErrorMessage(id, code, message));
    }

    /**
     * Applies an authority's {@code map_edit} ({@link #applyEdit}) and answers the sender with {@code map_edited}
     * or the error; a rejected message changes nothing.
     */
    private void mapEdit(Session s, MapEdit edit, long arrivalNanos) {
        String name = edit.map() == null ? s.mapName() : edit.map();
        EditPublisher.Outcome r = applyEdit(name, edit.edits(), "session", arrivalNanos);
        if (r.applied()) {
            s.write(new MapEdited(edit.id(), name, r.version(), r.changedCells()));
        } else {
            error(s, edit.id(), r.status().code(), r.message());
        }
    }

    /**
     * Queues an admin API edit for the tick thread, which applies it exactly as a session's {@code map_edit}
     * ({@link #applyEdit}: same checks, version, {@code map_patch}, monster re-plans) and then completes the future
     * on the tick thread; continue on another executor. At most one queued edit is applied per pass, as for a
     * session. Thread-safe; never blocks.
     *
     * @param map   the map's name
     * @param edits 1.. decoded edits
     * @return completes with the outcome (rejections included), or exceptionally if applying failed
     */
    public CompletableFuture<EditPublisher.Outcome> submitEdit(String map, List<TerrainEdit> edits) {
        CompletableFuture<EditPublisher.Outcome> done = new CompletableFuture<>();
        adminEdits.add(new QueuedEdit(map, List.copyOf(edits), done, System.nanoTime()));
        tickControl.wakeup();
        return done;
    }

    /**
     * Applies the oldest queued admin edit, if any; between ticks not while a config or map change waits for the
     * tick boundary (as for session messages). Asks for another pass when more wait.
     */
    private void drainAdminEdits(boolean betweenTicks) {
        if (adminEdits.isEmpty() || betweenTicks && (pendingConfig.isPending() || !changedMaps.isEmpty())) {
            return;
        }
        QueuedEdit q = adminEdits.poll();
        try {
            q.done().complete(applyEdit(q.map(), q.edits(), "admin", q.arrivalNanos()));
        } catch (RuntimeException e) {
            LOG.error("admin edit of map {} failed", q.map(), e);
            q.done().completeExceptionally(e);
        }
        if (!adminEdits.isEmpty()) {
            tickControl.wakeup();
        }
    }

    /**
     * The one implementation of a map edit, for sessions and the admin API alike. By full rebuild
     * ({@link EditPublisher}, {@link MapEditor}): under the registry's monitor it checks every edit, builds the edited
     * map, publishes it one version up and sends the {@code map_patch} to every session on the map; then the map's
     * world switches to it at once ({@link World#applyEdit}: monsters whose path passes an edited area, or that
     * stand on a now blocked cell, re-plan at once; plans in flight are dropped). A rejection changes nothing.
     *
     * @param source label of {@code navserver_map_edits_total}: {@code session} or {@code admin}
     * @param arrivalNanos {@link System#nanoTime()} when the edit arrived (I/O thread or admin request), the start
     *                     of {@code navserver_edit_to_path_seconds}
     */
    private EditPublisher.Outcome applyEdit(String name, List<TerrainEdit> edits, String source, long arrivalNanos) {
        long started = System.nanoTime();
        EditPublisher.Outcome r = editPublisher.publish(name, edits, config.maps().maxEditCells());
        if (!r.applied()) {
            return r;
        }
        long published = System.nanoTime();
        viewer.recentEdits(name).add(r.patch(), r.version(), worldNow);
        World w = worlds.get(name);
        if (w != null) {
            w.applyEdit(r.edited(), r.areas(), arrivalNanos);
            w.outbox().drainTo(delivery::deliver);
        }
        context.metrics().mapEdits.inc(source);
        LOG.debug("map {} edited ({}) to version {}: {} edits, {} cells changed, rebuilt and published in {} us",
                name, source, r.version(), edits.size(), r.changedCells(), (published - started) / 1000);
        return r;
    }


    private void flushAll() {
        Session s;
        while ((s = context.pollDirtySession()) != null) {
            s.flush();
        }
    }

    /** Worlds by map name; tick thread only (status pages read sizes racily). */
    Map<String, World> worlds() {
        return worlds;
    }
}
