package dev.navserver.server;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.protocol.ErrorCodes;
import dev.navserver.protocol.message.ClientMessage;
import dev.navserver.protocol.message.ErrorMessage;
import dev.navserver.protocol.message.LocalNav;
import dev.navserver.protocol.message.MapEdit;
import dev.navserver.protocol.message.RequestId;
import dev.navserver.protocol.message.TerrainEdit;
import dev.navserver.protocol.message.MonsterSnapshot;
import dev.navserver.protocol.message.Monsters;
import dev.navserver.protocol.message.NavPath;
import dev.navserver.protocol.message.PlayerPos;
import dev.navserver.protocol.message.Spawn;
import dev.navserver.protocol.message.Spawned;
import dev.navserver.protocol.message.Vec3;
import dev.navserver.server.config.NavServerConfig;
import dev.navserver.server.config.PendingConfig;
import dev.navserver.server.edit.EditPublisher;
import dev.navserver.server.editlog.MapJournal;
import dev.navserver.server.net.MapRegistry;
import dev.navserver.server.net.ServerContext;
import dev.navserver.server.net.Session;
import dev.navserver.server.plan.NavPlanner;
import dev.navserver.server.tick.TickControl;
import dev.navserver.server.tick.TickLoop;
import dev.navserver.server.view.RecentEdits;
import dev.navserver.server.view.ViewEdit;
import dev.navserver.server.view.ViewFrame;
import dev.navserver.server.view.ViewHub;
import dev.navserver.server.view.ViewStats;
import dev.navserver.server.view.ViewStatsSampler;
import dev.navserver.server.world.Spawner;
import dev.navserver.server.world.World;
import dev.navserver.server.world.WorldEvent;
import dev.navserver.server.world.WorldMetrics;
import dev.navserver.server.world.WorldView;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
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
 * data flows one way, worlds never call up. Map edits of a pass are committed after its inboxes ({@link GameEdits}:
 * durable, then published, then answered); edit logs due are compacted after the pass's messages are flushed.
 * Everything here runs on the tick thread, except {@link #mapChanged} and {@link #submitEdit} (the admin API's
 * edits, applied here like a session's {@code map_edit}), which any thread may call.
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
    /** Recent runtime edits per map name, for the viewer. Tick thread only. */
    private final Map<String, RecentEdits> recentEdits = new HashMap<>();
    /** World time of the current tick or between-ticks pass, seconds. Tick thread only. */
    private double worldNow;
    /** This pass's map edits and the admin API's queued ones. */
    private final GameEdits edits;
    /** Compacts edit logs; null without a durable edit log. */
    private final MapJournal journal;
    private final AtomicLong monsterIds = new AtomicLong();
    private final SplittableRandom random;
    /** Sessions drained in this pass that may still hold messages (the per-tick cap). */
    private final List<Session> leftovers = new ArrayList<>();
    /** The live viewer; null without one. */
    private final ViewHub view;
    private final ViewStatsSampler viewStats;
    /** Per watched map: world time of its last viewer frame and the frame count. */
    private final Map<String, ViewCursor> viewCursors = new HashMap<>();
    private NavServerConfig config;

    /** When a map's last viewer frame was captured, and how many so far. Tick thread only. */
    private static final class ViewCursor {
        double lastTime = Double.NEGATIVE_INFINITY;
        long frames;
    }

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
        this.view = view;
        this.viewStats = new ViewStatsSampler(context.metrics().plans::total,
                () -> (long) context.metrics().navPathPushes.count(), context::sessionCount);
        this.config = initial;
        this.pendingConfig = pendingConfig;
        this.planner = planner;
        this.plannerPool = plannerPool;
        this.worldMetrics = worldMetrics;
        this.tickControl = tickControl;
        this.random = new SplittableRandom(seed);
        this.journal = journal;
        EditPublisher publisher = new EditPublisher(context.maps(), context::sendToMap,
                journal == null ? EditPublisher.Durability.NONE : journal);
        this.edits = new GameEdits(publisher, tickControl::wakeup, (s, e) -> {
            context.metrics().errors.inc(e.code());
            s.write(e);
        });
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
        applySessionEvents();
        drainInboxes(false);
        drainAdminEdits(false);
        edits.commit(config.maps(), this::applied);
        for (World w : worlds.values()) {
            w.tick(nowSeconds, dtSeconds);
            w.outbox().drainTo(this::deliver);
        }
        publishViewFrames(nowSeconds);
        flushAll();
        compactEditLogs();
    }

    @Override
    public void between(double nowSeconds) {
        worldNow = Math.max(worldNow, nowSeconds);
        applySessionEvents();
        drainInboxes(true);
        drainAdminEdits(true);
        edits.commit(config.maps(), this::applied);
        for (World w : worlds.values()) {
            w.applyFinishedPlans();
            w.planMoved(nowSeconds);
            w.outbox().drainTo(this::deliver);
        }
        flushAll();
        compactEditLogs();
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
        viewStats.tickDuration(nanos);
    }

    /**
     * Captures a frame of every map a viewer watches, at most one per {@link ViewHub#FRAME_INTERVAL_SECONDS} of
     * world time per map, and hands it to the hub (which encodes on the admin event loop). A watched map without a
     * world yet gets frames without players or monsters. Without viewers this is one volatile read.
     */
    private void publishViewFrames(double now) {
        if (view == null) {
            return;
        }
        Set<String> watched = view.watchedMaps();
        if (watched.isEmpty()) {
            return;
        }
        MapRegistry maps = context.maps();
        ViewStats stats = null;
        for (String name : watched) {
            ViewCursor c = viewCursors.computeIfAbsent(name, k -> new ViewCursor());
            if (now - c.lastTime < ViewHub.FRAME_INTERVAL_SECONDS - 1e-9) {
                continue;
            }
            World w = worlds.get(name);
            GridMap map = w != null ? w.map() : maps.get(name);
            if (map == null) {
                continue;
            }
            c.lastTime = now;
            c.frames++;
            if (stats == null) {
                stats = viewStats.sample(System.nanoTime());
            }
            List<ViewEdit> edits = recentEdits(name).since(now - ViewHub.EDIT_SHOWN_SECONDS);
            ViewFrame f = w != null
                    ? ViewFrame.capture(w, maps::version, c.frames, now, stats, edits)
                    : new ViewFrame(name, maps.version(map), c.frames, now, stats,
                            config.chase().localNavDistanceMeters(), config.chase().stoppingDistanceMeters(),
                            WorldView.EMPTY, edits);
            view.publish(f);
        }
    }

    private void applyConfig() {
        NavServerConfig next = pendingConfig.poll();
        if (next == null) {
            return;
        }
        config = next;
        NavServerConfig.Chase chase = next.chase();
        for (World w : worlds.values()) {
            w.setSettings(chase);
            w.setAvoidance(next.crowd().orcaParams());
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
            RecentEdits recent = recentEdits.get(m.name());
            if (recent != null) {
                recent.clear(); // the file replaced the map: its runtime edits are gone
            }
            if (w != null && w.map() != current) {
                w.setMap(current);
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
                w.addPlayer(s.id());
            } else {
                w.removePlayer(s.id());
            }
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
            w.setAvoidance(config.crowd().orcaParams());
            worlds.put(mapName, w);
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
                if (m instanceof PlayerPos pos) {
                    w.playerPos(s.id(), pos.seq(), pos.pos().x(), pos.pos().y(), pos.pos().z(), in.arrivalNanos());
                } else if (m instanceof Spawn spawn) {
                    spawn(w, s, spawn);
                } else if (m instanceof MapEdit edit) {
                    edits.sessionEdit(s, edit, in.arrivalNanos()); // committed after the inboxes, answered then
                    editEnded = true;
                    break; // a full rebuild per edit: at most one per session per pass, the rest wait
                }
                w.outbox().drainTo(this::deliver);
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

    private void spawn(World w, Session s, Spawn spawn) {
        World.SpawnResult r = w.spawn(s.id(), spawn.pos().x(), spawn.pos().z());
        switch (r.status()) {
            case SPAWNED -> s.write(new Spawned(spawn.id(), r.monsterId(), new Vec3(r.x(), r.y(), r.z())));
            case DISABLED -> error(s, spawn, ErrorCodes.SPAWN_DISABLED, "spawn: client spawns are disabled");
            case OUT_OF_BOUNDS -> error(s, spawn, ErrorCodes.OUT_OF_BOUNDS, "pos: outside map " + w.name());
            case BLOCKED -> error(s, spawn, ErrorCodes.BLOCKED, "pos: not a walkable cell of map " + w.name());
            case NO_PLAYER -> error(s, spawn, ErrorCodes.NOT_WELCOMED, "spawn before the session joined its world");
        }
    }

    private void error(Session s, Spawn spawn, String code, String message) {
        error(s, spawn.id(), code, message);
    }

    private void error(Session s, RequestId id, String code, String message) {
        context.metrics().errors.inc(code);
        s.write(new ErrorMessage(id, code, message));
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

    /**
     * Adds the oldest queued admin edit to this pass, if any; between ticks not while a config or map change waits
     * for the tick boundary (as for session messages).
     */
    private void drainAdminEdits(boolean betweenTicks) {
        if (!edits.adminWaiting() || betweenTicks && (pendingConfig.isPending() || !changedMaps.isEmpty())) {
            return;
        }
        edits.takeAdminEdit();
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
        recentEdits(name).add(r.patch(), r.version(), worldNow);
        World w = worlds.get(name);
        if (w != null) {
            w.applyEdit(r.edited(), r.areas(), arrivalNanos);
            w.outbox().drainTo(this::deliver);
        }
        context.metrics().mapEdits.inc(source);
        LOG.debug("map {} edited ({}) to version {}: {} edits, {} cells changed", name, source, r.version(),
                editCount, r.changedCells());
    }

    private RecentEdits recentEdits(String map) {
        return recentEdits.computeIfAbsent(map, k -> new RecentEdits());
    }

    private void flushAll() {
        Session s;
        while ((s = context.pollDirtySession()) != null) {
            s.flush();
        }
    }

    // ---- world events to protocol messages (tick thread) ----

    private void deliver(WorldEvent event) {
        if (event instanceof WorldEvent.MonsterSpawned e) {
            context.metrics().monstersSpawned.increment();
            LOG.debug("{} spawned at ({}, {}) for session {}", e.monsterId(), e.x(), e.z(), e.sessionId());
            return;
        }
        Session s = context.sessions().get(event.sessionId());
        if (s == null) {
            return; // the session left after the event
        }
        if (event instanceof WorldEvent.NavPathReady e) {
            s.writeNavPath(new NavPath(e.monsterId(), e.seq(), e.playerSeq(), e.path(), e.speedMetersPerSecond(),
                    context.serverTime(), context.maps().version(e.map())), e.posArrivalNanos(),
                    e.editArrivalNanos());
        } else if (event instanceof WorldEvent.LocalNavChanged e) {
            s.write(new LocalNav(e.monsterId(), e.active(), e.slot()));
        } else if (event instanceof WorldEvent.SnapshotDue e) {
            snapshot(s, e);
        }
    }

    private void snapshot(Session s, WorldEvent.SnapshotDue e) {
        if (!s.channel().isWritable()) {
            context.metrics().messagesDropped.inc("snapshot");
            return; // a newer snapshot follows; a slow reader loses nothing that matters
        }
        List<MonsterSnapshot> out = new ArrayList<>(e.monsters().size());
        for (WorldEvent.MonsterView v : e.monsters()) {
            out.add(new MonsterSnapshot(v.monsterId(), new Vec3(v.x(), v.y(), v.z()), v.state().wire()));
        }
        s.write(new Monsters(context.serverTime(), out, e.playerSeq()));
    }

    /** Worlds by map name; tick thread only (status pages read sizes racily). */
    Map<String, World> worlds() {
        return worlds;
    }
}
