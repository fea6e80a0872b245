package dev.navserver.server;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.protocol.ErrorCodes;
import dev.navserver.protocol.message.ClientMessage;
import dev.navserver.protocol.message.ErrorMessage;
import dev.navserver.protocol.message.LocalNav;
import dev.navserver.protocol.message.MonsterSnapshot;
import dev.navserver.protocol.message.Monsters;
import dev.navserver.protocol.message.NavPath;
import dev.navserver.protocol.message.PlayerPos;
import dev.navserver.protocol.message.Spawn;
import dev.navserver.protocol.message.Spawned;
import dev.navserver.protocol.message.Vec3;
import dev.navserver.server.config.NavServerConfig;
import dev.navserver.server.config.PendingConfig;
import dev.navserver.server.net.MapRegistry;
import dev.navserver.server.net.ServerContext;
import dev.navserver.server.net.Session;
import dev.navserver.server.plan.NavPlanner;
import dev.navserver.server.tick.TickLoop;
import dev.navserver.server.world.ChaseListener;
import dev.navserver.server.world.PlanStatus;
import dev.navserver.server.world.World;
import dev.navserver.server.world.WorldMetrics;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The tick thread's work: apply a pending config and changed maps at the tick boundary, let sessions join and
 * leave, drain the inboxes of sessions that have messages (at most {@value #INBOX_PER_TICK} each per pass), tick
 * every world, flush the sessions written to. Between ticks (woken by a finished plan), do the same minus config,
 * maps and movement: apply finished plans so their {@code nav_path}s leave at once, and apply messages that arrived
 * meanwhile, starting the plans they made due.
 *
 * <p>Also the {@link ChaseListener} of every world: turns world events into protocol messages. Everything here
 * runs on the tick thread, except {@link #mapChanged}, which any thread may call.
 */
public final class GameLoop implements TickLoop.Task, ChaseListener {
    private static final Logger LOG = LoggerFactory.getLogger(GameLoop.class);
    /** Most inbox messages applied per session per tick; the rest wait for the next tick. */
    static final int INBOX_PER_TICK = 64;

    private final ServerContext context;
    private final PendingConfig pendingConfig;
    private final NavPlanner planner;
    private final Executor plannerPool;
    private final WorldMetrics worldMetrics;
    private final Runnable wakeup;
    private final Consumer<NavServerConfig> applyTickRate;
    private final Map<String, World> worlds = new HashMap<>();
    private final Queue<GridMap> changedMaps = new ConcurrentLinkedQueue<>();
    private final AtomicLong monsterIds = new AtomicLong();
    private final SplittableRandom random;
    /** Sessions drained in this pass that may still hold messages (the per-tick cap). */
    private final List<Session> leftovers = new ArrayList<>();
    private NavServerConfig config;

    /**
     * @param initial       the config in force at start
     * @param applyTickRate called on the tick thread when a new config is applied (to retune the tick loop)
     * @param wakeup        what planner threads call after finishing a plan
     * @param seed          seed of spawn randomness
     */
    public GameLoop(ServerContext context, NavServerConfig initial, PendingConfig pendingConfig, NavPlanner planner,
            Executor plannerPool, WorldMetrics worldMetrics, Consumer<NavServerConfig> applyTickRate, Runnable wakeup,
            long seed) {
        this.context = context;
        this.config = initial;
        this.pendingConfig = pendingConfig;
        this.planner = planner;
        this.plannerPool = plannerPool;
        this.worldMetrics = worldMetrics;
        this.applyTickRate = applyTickRate;
        this.wakeup = wakeup;
        this.random = new SplittableRandom(seed);
    }

    /** Announces a reloaded map; worlds on it switch at the next tick. Thread-safe. */
    public void mapChanged(GridMap map) {
        changedMaps.add(map);
    }

    @Override
    public void tick(double nowSeconds, double dtSeconds) {
        applyConfig();
        applyMaps();
        applySessionEvents();
        drainInboxes(false);
        for (World w : worlds.values()) {
            w.tick(nowSeconds, dtSeconds);
        }
        flushAll();
    }

    @Override
    public void between(double nowSeconds) {
        applySessionEvents();
        drainInboxes(true);
        for (World w : worlds.values()) {
            w.applyFinishedPlans();
            w.planMoved(nowSeconds);
        }
        flushAll();
    }

    @Override
    public void tickDuration(long nanos) {
        context.metrics().ticks.increment();
        context.metrics().tickDuration.record(nanos, TimeUnit.NANOSECONDS);
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
        }
        planner.setOptions(NavServer.searchOptions(next));
        applyTickRate.accept(next);
        LOG.info("config applied at tick boundary: tick {} Hz, navInterval {} s, moveThreshold {} m",
                next.tick().hz(), next.chase().navIntervalSeconds(), next.chase().moveThresholdMeters());
    }

    private void applyMaps() {
        GridMap m;
        while ((m = changedMaps.poll()) != null) {
            World w = worlds.get(m.name());
            if (w != null) {
                w.setMap(m);
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
            w = new World(mapName, map, config.chase(), planner, plannerPool, this, worldMetrics,
                    random.split(), monsterIds::incrementAndGet, wakeup);
            worlds.put(mapName, w);
        }
        return w;
    }

    /**
     * Applies queued messages of ready sessions, at most {@value #INBOX_PER_TICK} per session per pass. Between
     * ticks it stops at the first message that arrived while a config or map change waits for the tick boundary:
     * a message sent after a reload was published must meet the new settings, so it waits for the tick that applies
     * them first.
     */
    private void drainInboxes(boolean betweenTicks) {
        Session s;
        boolean deferred = false;
        while (!deferred && (s = context.pollReadySession()) != null) {
            s.clearReady();
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
                ClientMessage m = s.pollInbox();
                if (m instanceof PlayerPos pos) {
                    w.playerPos(s.id(), pos.seq(), pos.pos().x(), pos.pos().y(), pos.pos().z());
                } else if (m instanceof Spawn spawn) {
                    spawn(w, s, spawn);
                }
            }
        }
        for (Session left : leftovers) {
            left.requeueIfPending();
        }
        leftovers.clear();
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
        context.metrics().errors.inc(code);
        s.write(new ErrorMessage(spawn.id(), code, message));
    }

    private void flushAll() {
        Session s;
        while ((s = context.pollDirtySession()) != null) {
            s.flush();
        }
    }

    // ---- ChaseListener: world events to protocol messages (tick thread) ----

    @Override
    public void navPath(String sessionId, String monsterId, long seq, long playerSeq, PlanStatus status,
            double[] points, double speedMetersPerSecond, double serverTime) {
        Session s = context.sessions().get(sessionId);
        if (s == null) {
            return;
        }
        List<Vec3> pts = new ArrayList<>(points.length / 3);
        for (int i = 0; i < points.length; i += 3) {
            pts.add(new Vec3(points[i], points[i + 1], points[i + 2]));
        }
        s.writeNavPath(new NavPath(monsterId, seq, playerSeq, status.wire(), pts, speedMetersPerSecond,
                context.serverTime()));
    }

    @Override
    public void localNav(String sessionId, String monsterId, boolean active) {
        Session s = context.sessions().get(sessionId);
        if (s != null) {
            s.write(new LocalNav(monsterId, active));
        }
    }

    @Override
    public void monsters(String sessionId, double serverTime, List<MonsterView> list) {
        Session s = context.sessions().get(sessionId);
        if (s == null) {
            return;
        }
        if (!s.channel().isWritable()) {
            context.metrics().messagesDropped.inc("snapshot");
            return; // a newer snapshot follows; a slow reader loses nothing that matters
        }
        List<MonsterSnapshot> out = new ArrayList<>(list.size());
        for (MonsterView v : list) {
            out.add(new MonsterSnapshot(v.monsterId(), new Vec3(v.x(), v.y(), v.z()), v.state().wire()));
        }
        s.write(new Monsters(context.serverTime(), out));
    }

    /** Worlds by map name; tick thread only (status pages read sizes racily). */
    Map<String, World> worlds() {
        return worlds;
    }
}
