package dev.navserver.server;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.protocol.message.ClientMessage;
import dev.navserver.protocol.message.MapEdit;
import dev.navserver.protocol.message.TerrainEdit;
import dev.navserver.server.cluster.MapSessions;
import dev.navserver.server.config.NavServerConfig;
import dev.navserver.server.config.PendingConfig;
import dev.navserver.server.edit.EditPublisher;
import dev.navserver.server.editlog.MapJournal;
import dev.navserver.server.editlog.RouteStore;
import dev.navserver.server.net.MapRegistry;
import dev.navserver.server.net.ServerContext;
import dev.navserver.server.net.Session;
import dev.navserver.server.plan.NavPlanner;
import dev.navserver.server.tick.TickControl;
import dev.navserver.server.tick.TickLoop;
import dev.navserver.server.view.ViewHub;
import dev.navserver.server.world.PhaseClock;
import dev.navserver.server.world.Spawner;
import dev.navserver.server.world.TickPhase;
import dev.navserver.server.world.World;
import dev.navserver.server.world.WorldMetrics;
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
    /** CPU time of delivering the worlds' events and flushing ({@link TickPhase#DELIVERY}); tick thread. */
    private final PhaseClock deliveryClock;
    private final TickControl tickControl;
    private final Map<String, World> worlds = new HashMap<>();
    private final Queue<GridMap> changedMaps = new ConcurrentLinkedQueue<>();
    private final WorldFileLoads worldFiles;
    /** Whether the worlds of maps with a world file were started (the first tick). */
    private boolean worldsStarted;
    /** World time of the current tick or between-ticks pass, seconds. Tick thread only. */
    private double worldNow;
    /** This pass's map edits and the admin API's queued ones. */
    private final GameEdits edits;
    /** Compacts edit logs; null without a durable edit log. */
    private final MapJournal journal;
    private final WorldDelivery delivery;
    private final WorldRequests requests;
    /** Sends the sessions of maps this process gives up away. */
    private final MapHandover handover;
    private final AtomicLong monsterIds = new AtomicLong();
    private final SplittableRandom random;
    /** Sessions drained in this pass that may still hold messages (the per-tick cap). */
    private final List<Session> leftovers = new ArrayList<>();
    /** The live viewer's frames and recent edits. */
    private final ViewPublisher viewer;
    private NavServerConfig config;

    /**
     * @param initial     the config in force at start
     * @param tickControl the tick loop's rate (retuned when a config is applied) and wakeup (called by planner
     *                    threads after finishing a plan)
     * @param seed        seed of spawn randomness
     * @param view        the live viewer's hub, or null for none
     * @param journal     the durable edit log every edit is written to before it is published, or null for none
     */
    public GameLoop(ServerContext context, NavServerConfig initial, PendingConfig pendingConfig, NavPlanner planner,
            Executor plannerPool, WorldMetrics worldMetrics, TickControl tickControl, long seed, ViewHub view,
            MapJournal journal) {
        this.context = context;
        this.viewer = new ViewPublisher(context, view);
        this.config = initial;
        this.pendingConfig = pendingConfig;
        this.planner = planner;
        this.plannerPool = plannerPool;
        this.worldMetrics = worldMetrics;
        this.deliveryClock = new PhaseClock(worldMetrics);
        this.tickControl = tickControl;
        this.random = new SplittableRandom(seed);
        this.journal = journal;
        EditPublisher publisher = new EditPublisher(context.maps(), context::sendToMap,
                journal == null ? EditPublisher.Durability.NONE : journal);
        this.edits = new GameEdits(publisher, tickControl::wakeup, (s, e) -> {
            context.metrics().errors.inc(e.code());
            s.write(e);
        });
        this.delivery = new WorldDelivery(context);
        RouteStore routes = journal == null ? RouteStore.NONE : journal.routes();
        this.worldFiles = new WorldFileLoads(context.metrics(), routes);
        this.requests = new WorldRequests(context, this::world, delivery::deliver, routes);
        this.handover = new MapHandover(context, tickControl::wakeup);
    }

    /** Sends the sessions of a map away on the tick thread ({@link MapHandover}). Thread-safe. */
    public MapSessions mapSessions() {
        return handover;
    }

    /** Announces a created or changed world file of a map; it is read and applied at the next tick. Thread-safe. */
    public void worldFileChanged(String mapName) {
        worldFiles.changed(mapName);
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
        applyInputs(false);
        for (World w : worlds.values()) {
            w.tick(nowSeconds, dtSeconds);
            deliveryClock.start();
            w.outbox().drainTo(delivery::deliver);
            deliveryClock.lap(TickPhase.DELIVERY);
        }
        viewer.publish(nowSeconds, worlds, config);
        deliveryClock.start();
        flushAll();
        deliveryClock.lap(TickPhase.DELIVERY);
        compactEditLogs();
    }

    @Override
    public void between(double nowSeconds) {
        worldNow = Math.max(worldNow, nowSeconds);
        applyInputs(true);
        for (World w : worlds.values()) {
            w.applyFinishedPlans();
            w.planMoved(nowSeconds);
            w.outbox().drainTo(delivery::deliver);
        }
        flushAll();
        compactEditLogs();
    }

    /** Maps handed over, sessions joined and left, then their messages and the admin edits, committed. */
    private void applyInputs(boolean betweenTicks) {
        handover.apply();
        applySessionEvents();
        drainInboxes(betweenTicks);
        if (!betweenTicks || !boundaryPending()) {
            edits.takeAdminEdit(); // the oldest queued admin edit joins this pass, as session messages do
        }
        edits.commit(config.maps(), this::applied);
    }

    private void compactEditLogs() {
        if (journal != null) {
            journal.compactDue(context.maps());
        }
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
        planner.setLongRouteMinCells(next.search().longRouteMinCells());
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
                if (WorldFileLoads.exists(config, m.name())) {
                    world(m.name()); // loads its world file
                }
            }
        }
        String name;
        while ((name = worldFiles.pollChanged()) != null) {
            World w = worlds.get(name);
            if (w == null) {
                world(name);
            } else {
                worldFiles.load(w, config);
                w.outbox().drainTo(delivery::deliver);
            }
        }
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
            worldFiles.load(w, config);
            w.outbox().drainTo(delivery::deliver);
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
            World w = s.mapName() == null || handover.isAway(s) ? null : world(s.mapName());
            if (w == null) {
                continue;
            }
            leftovers.add(s);
            for (int i = 0; i < INBOX_PER_TICK; i++) {
                if (s.peekInbox() == null) {
                    break;
                }
                if (betweenTicks && boundaryPending()) {
                    deferred = true;
                    break;
                }
                Session.Inbound in = s.pollInbox();
                ClientMessage m = in.message();
                if (m instanceof MapEdit edit) {
                    edits.sessionEdit(s, edit, in.arrivalNanos()); // committed after the inboxes, answered then
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

    /**
     * Queues an admin API edit for the tick thread, which applies it exactly as a session's {@code map_edit} and then
     * completes the future on the tick thread ({@link GameEdits#submit}). Thread-safe; never blocks.
     *
     * @param map   the map's name
     * @param edits 1.. decoded edits
     * @return completes with the outcome (rejections included), or exceptionally if applying failed
     */
    public CompletableFuture<EditPublisher.Outcome> submitEdit(String map, List<TerrainEdit> edits) {
        return this.edits.submit(map, edits);
    }

    /** Whether a config or map change waits for the tick boundary: between ticks, inputs wait for it too. */
    private boolean boundaryPending() {
        return pendingConfig.isPending() || !changedMaps.isEmpty();
    }

    /**
     * After a map edit was made durable and published ({@link GameEdits}, {@link EditPublisher}: every edit checked,
     * the edited map published one version up, its {@code map_patch} sent), switches the map's world to it at once
     * ({@link World#applyEdit}: monsters whose path passes an edited area, or that stand on a now blocked cell,
     * re-plan at once; plans in flight are dropped) and records it for the viewer.
     *
     * @param source label of {@code navserver_map_edits_total}: {@code session} or {@code admin}
     * @param arrivalNanos {@link System#nanoTime()} when the edit arrived (I/O thread or admin request), the start
     *                     of {@code navserver_edit_to_path_seconds}
     */
    private void applied(EditPublisher.Outcome r, int editCount, String source, long arrivalNanos) {
        String name = r.map();
        viewer.recentEdits(name).add(r.patch(), r.version(), worldNow);
        World w = worlds.get(name);
        if (w != null) {
            w.applyEdit(r.edited(), r.areas(), arrivalNanos);
            w.outbox().drainTo(delivery::deliver);
        }
        context.metrics().mapEdits.inc(source);
        LOG.debug("map {} edited ({}) to version {}: {} edits, {} cells changed", name, source, r.version(),
                editCount, r.changedCells());
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
