package dev.navserver.server.world;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.NavGrid;
import dev.navserver.server.config.NavServerConfig.Chase;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.LongSupplier;
import java.util.random.RandomGenerator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The authoritative chase state of one map: players, the monsters chasing them, their paths.
 *
 * <p><b>Threading.</b> Every method is for the tick thread only, except that plans run on the planner
 * {@link Executor} and hand their results back through a concurrent queue, which {@link #applyFinishedPlans()}
 * drains on the tick thread. Nothing else crosses threads.
 *
 * <p><b>Re-plan rule.</b> A monster with a path is re-planned when {@code now - lastPlan >= navIntervalSeconds}
 * <em>and</em> its player's XZ distance from the position the last plan aimed at is
 * {@code >= moveThresholdMeters}. It is planned immediately when it has no path: first plan, map changed, or path
 * finished while its player is still away. A monster whose last plan was partial or unreachable and that has
 * walked it to the end waits for the interval and for its player (or itself) to move by the threshold: a player
 * standing still costs nothing. At most one plan per monster is in flight; a result is applied on the tick thread
 * and dropped if it was superseded.
 *
 * <p><b>Local navigation.</b> At XZ distance {@code <= localNavDistanceMeters} the client takes over
 * ({@code local_nav active}); the server stops sending paths but keeps the position authoritative, moving the
 * monster straight at its player while the line of sight is clear (else along its path) and stopping at
 * {@code stoppingDistanceMeters}. Above {@code localNavDistanceMeters + localNavHysteresisMeters} the server takes
 * the monster back and plans a fresh path at once.
 */
public final class World {
    private static final Logger LOG = LoggerFactory.getLogger(World.class);
    private static final int SPAWN_TRIES = 64;
    /** Largest distance searched for a walkable cell near a spawn or a snapped position, in cells. */
    private static final int SNAP_RADIUS_CELLS = 64;
    /**
     * Slack when comparing elapsed world time with the interval, seconds (one nanosecond, the tick clock's unit):
     * tick times are whole nanoseconds divided by 1e9, so ten 50 ms ticks can differ by 0.49999999999999994.
     */
    private static final double TIME_EPSILON_SECONDS = 1e-9;

    private final String name;
    private final PathPlanner planner;
    private final Executor plannerPool;
    private final ChaseListener listener;
    private final WorldMetrics metrics;
    private final RandomGenerator random;
    private final LongSupplier monsterIds;
    private final Runnable wakeup;

    private GridMap map;
    private long mapGeneration;
    private Chase settings;
    private double now;

    private final Map<String, Player> players = new LinkedHashMap<>();
    private final Map<String, Monster> monsters = new LinkedHashMap<>();
    /** Players whose position changed since the last planning pass. */
    private final List<Player> moved = new ArrayList<>();
    private final Queue<PlanDone> done = new ConcurrentLinkedQueue<>();

    /** A finished plan travelling from a planner thread to the tick thread. */
    private record PlanDone(String monsterId, long token, long mapGeneration, long playerSeq, PlannedPath path) {
    }

    /** Outcome of {@link #spawn}. */
    public enum SpawnStatus { SPAWNED, DISABLED, OUT_OF_BOUNDS, BLOCKED, NO_PLAYER }

    /** Result of {@link #spawn}: status, the new monster's id and position when spawned. */
    public record SpawnResult(SpawnStatus status, String monsterId, double x, double y, double z) {
    }

    /**
     * @param name        world name (the map name), for logs
     * @param map         initial map
     * @param settings    initial chase settings
     * @param planner     path planner (thread-safe)
     * @param plannerPool where plans run; {@code Runnable::run} plans synchronously (tests)
     * @param listener    receives messages for sessions, on the tick thread
     * @param metrics     plan observer (thread-safe)
     * @param random      spawn randomness (tick thread only)
     * @param monsterIds  source of unique monster numbers, shared by all worlds (thread-safe)
     * @param wakeup      called by planner threads after queuing a result, so the tick thread can apply it early
     */
    public World(String name, GridMap map, Chase settings, PathPlanner planner, Executor plannerPool,
            ChaseListener listener, WorldMetrics metrics, RandomGenerator random, LongSupplier monsterIds,
            Runnable wakeup) {
        this.name = Objects.requireNonNull(name);
        this.map = Objects.requireNonNull(map);
        this.settings = Objects.requireNonNull(settings);
        this.planner = Objects.requireNonNull(planner);
        this.plannerPool = Objects.requireNonNull(plannerPool);
        this.listener = Objects.requireNonNull(listener);
        this.metrics = Objects.requireNonNull(metrics);
        this.random = Objects.requireNonNull(random);
        this.monsterIds = Objects.requireNonNull(monsterIds);
        this.wakeup = Objects.requireNonNull(wakeup);
    }

    public String name() {
        return name;
    }

    public GridMap map() {
        return map;
    }

    public Chase settings() {
        return settings;
    }

    /** Number of players in this world. */
    public int playerCount() {
        return players.size();
    }

    /** Number of monsters in this world. */
    public int monsterCount() {
        return monsters.size();
    }

    /** Monsters with a plan in flight. */
    public int plansInFlight() {
        int n = 0;
        for (Monster m : monsters.values()) {
            if (m.inFlight != 0) {
                n++;
            }
        }
        return n;
    }

    /** Applies new chase settings from the next tick on. Speeds of existing monsters are kept. */
    public void setSettings(Chase settings) {
        this.settings = Objects.requireNonNull(settings);
    }

    /**
     * Replaces the map (a reload). In-flight plans are dropped when they return; every monster re-plans at once;
     * a monster left on a blocked cell is moved to the nearest walkable cell.
     */
    public void setMap(GridMap newMap) {
        this.map = Objects.requireNonNull(newMap);
        mapGeneration++;
        NavGrid grid = newMap.navGrid();
        for (Monster m : monsters.values()) {
            int cell = newMap.cellAt(m.x, m.z);
            if (cell == GridMap.NO_CELL || !grid.openCell(cell)) {
                int snapped = nearestWalkable(grid, m.x, m.z, 0);
                if (snapped != GridMap.NO_CELL) {
                    m.x = newMap.worldX(snapped);
                    m.z = newMap.worldZ(snapped);
                }
            }
            m.hasPath = false;
            m.needsFreshPlan = true;
            m.inFlight = 0;
        }
    }

    /** Adds a session's player; its monsters spawn with its first position. */
    public void addPlayer(String sessionId) {
        players.putIfAbsent(sessionId, new Player(sessionId));
    }

    /** Removes a session's player and all monsters chasing it. */
    public void removePlayer(String sessionId) {
        Player p = players.remove(sessionId);
        if (p != null) {
            moved.remove(p);
            for (Monster m : p.monsters) {
                monsters.remove(m.id);
            }
        }
    }

    /**
     * Records a player's position (world metres). The first one spawns {@code monstersPerPlayer} monsters on
     * walkable cells of the player's island at a random distance in
     * {@code [spawnMinDistanceMeters, spawnMaxDistanceMeters]} (the nearest such cell if none is found there).
     * Positions with a lower or equal {@code seq} than the last one are ignored.
     *
     * @return false when the position was stale and ignored
     */
    public boolean playerPos(String sessionId, long seq, double x, double y, double z) {
        Player p = players.get(sessionId);
        if (p == null || seq <= p.seq) {
            return false;
        }
        boolean first = !p.hasPos;
        p.seq = seq;
        p.x = x;
        p.y = y;
        p.z = z;
        p.hasPos = true;
        if (!p.moved) {
            p.moved = true;
            moved.add(p);
        }
        if (first) {
            p.nextSnapshotTime = now;
            for (int i = 0; i < settings.monstersPerPlayer(); i++) {
                autoSpawn(p);
            }
        }
        return true;
    }

    /**
     * Spawns a monster at a world position that chases the session's player.
     *
     * @return SPAWNED with the monster, or why not
     */
    public SpawnResult spawn(String sessionId, double x, double z) {
        if (!settings.allowClientSpawn()) {
            return new SpawnResult(SpawnStatus.DISABLED, null, x, 0, z);
        }
        if (!players.containsKey(sessionId)) {
            return new SpawnResult(SpawnStatus.NO_PLAYER, null, x, 0, z);
        }
        int cell = map.cellAt(x, z);
        if (cell == GridMap.NO_CELL) {
            return new SpawnResult(SpawnStatus.OUT_OF_BOUNDS, null, x, 0, z);
        }
        if (!map.navGrid().openCell(cell)) {
            return new SpawnResult(SpawnStatus.BLOCKED, null, x, 0, z);
        }
        Monster m = addMonster(players.get(sessionId), x, z);
        return new SpawnResult(SpawnStatus.SPAWNED, m.id, x, map.transform().originY(), z);
    }

    private void autoSpawn(Player p) {
        NavGrid grid = map.navGrid();
        int playerCell = map.cellAt(p.x, p.z);
        int island = playerCell == GridMap.NO_CELL ? 0 : grid.island(playerCell);
        if (island == 0) {
            int near = nearestWalkable(grid, p.x, p.z, 0);
            if (near == GridMap.NO_CELL) {
                return;
            }
            island = grid.island(near);
        }
        double lo = settings.spawnMinDistanceMeters();
        double hi = settings.spawnMaxDistanceMeters();
        for (int i = 0; i < SPAWN_TRIES; i++) {
            double angle = random.nextDouble() * 2 * Math.PI;
            double dist = lo + random.nextDouble() * (hi - lo);
            int cell = map.cellAt(p.x + Math.cos(angle) * dist, p.z + Math.sin(angle) * dist);
            if (cell != GridMap.NO_CELL && grid.island(cell) == island) {
                addMonster(p, map.worldX(cell), map.worldZ(cell));
                return;
            }
        }
        int cell = nearestWalkable(grid, p.x + lo, p.z, island);
        if (cell != GridMap.NO_CELL) {
            addMonster(p, map.worldX(cell), map.worldZ(cell));
        }
    }

    private Monster addMonster(Player player, double x, double z) {
        Monster m = new Monster("m-" + monsterIds.getAsLong(), player, x, z, settings.monsterSpeedMetersPerSecond());
        monsters.put(m.id, m);
        player.monsters.add(m);
        return m;
    }

    private int nearestWalkable(NavGrid grid, double x, double z, int island) {
        long col = map.transform().col(x);
        long row = map.transform().row(z);
        if (col == Long.MIN_VALUE || row == Long.MIN_VALUE) {
            return GridMap.NO_CELL;
        }
        long c = Math.max(-SNAP_RADIUS_CELLS, Math.min(map.width() + SNAP_RADIUS_CELLS, col));
        long r = Math.max(-SNAP_RADIUS_CELLS, Math.min(map.height() + SNAP_RADIUS_CELLS, row));
        return grid.nearestOpen((int) c, (int) r, island, SNAP_RADIUS_CELLS);
    }

    /**
     * Applies every plan that finished since the last call: adopts its path, sends {@code nav_path} unless the
     * monster is under local navigation, and drops superseded results.
     *
     * @return number of results applied (not dropped)
     */
    public int applyFinishedPlans() {
        int applied = 0;
        PlanDone d;
        while ((d = done.poll()) != null) {
            Monster m = monsters.get(d.monsterId());
            if (m == null || m.inFlight != d.token()) {
                metrics.planDropped();
                continue;
            }
            m.inFlight = 0;
            if (d.mapGeneration() != mapGeneration || d.path() == null) {
                if (d.path() != null) {
                    metrics.planDropped();
                }
                m.hasPath = false;
                m.needsFreshPlan = true;
                continue;
            }
            if (adopt(m, d.path(), d.playerSeq())) {
                applied++;
            }
        }
        return applied;
    }

    private boolean adopt(Monster m, PlannedPath planned, long playerSeq) {
        m.lastStatus = planned.status();
        m.needsFreshPlan = false;
        double[] xz = planned.xz();
        if (planned.status() == PlanStatus.UNREACHABLE || xz.length < 2) {
            m.hasPath = false;
            m.path = new double[] {m.x, m.z};
            m.next = 1;
            m.state = MonsterState.UNREACHABLE;
            m.lastStatus = PlanStatus.UNREACHABLE;
            send(m, PlanStatus.UNREACHABLE, m.path, playerSeq);
            return true;
        }
        // The monster kept walking while the plan ran: start the new path where it stands now.
        double[] path;
        if (xz.length >= 4 && planner.clearLine(map, m.x, m.z, xz[2], xz[3])) {
            path = xz.clone();
            path[0] = m.x;
            path[1] = m.z;
        } else if (planner.clearLine(map, m.x, m.z, xz[0], xz[1])) {
            path = new double[xz.length + 2];
            path[0] = m.x;
            path[1] = m.z;
            System.arraycopy(xz, 0, path, 2, xz.length);
        } else {
            metrics.planDropped();
            m.hasPath = false;
            m.needsFreshPlan = true;
            return false;
        }
        m.path = path;
        m.next = 1;
        m.hasPath = path.length >= 4;
        if (!m.local) {
            m.state = MonsterState.CHASE;
            send(m, planned.status(), path, playerSeq);
        }
        return true;
    }

    private void send(Monster m, PlanStatus status, double[] xz, long playerSeq) {
        if (m.local) {
            return;
        }
        double y = map.transform().originY();
        int n = xz.length / 2;
        double[] xyz = new double[n * 3];
        for (int i = 0; i < n; i++) {
            xyz[3 * i] = xz[2 * i];
            xyz[3 * i + 1] = y;
            xyz[3 * i + 2] = xz[2 * i + 1];
        }
        m.seq++;
        listener.navPath(m.sessionId, m.id, m.seq, playerSeq, status, xyz, m.speed, now);
    }

    /**
     * One tick at world time {@code nowSeconds}: apply finished plans, decide and submit re-plans, move monsters by
     * {@code dtSeconds}, switch local navigation, send due snapshots.
     */
    public void tick(double nowSeconds, double dtSeconds) {
        now = nowSeconds;
        applyFinishedPlans();
        planDueMonsters();
        moveMonsters(dtSeconds);
        switchLocalNav();
        sendSnapshots();
    }

    private void planDueMonsters() {
        for (Player p : moved) {
            p.moved = false;
        }
        moved.clear();
        for (Monster m : monsters.values()) {
            planIfDue(m);
        }
    }

    /**
     * Between ticks, at world time {@code nowSeconds} (not before the last tick's): applies the re-plan rule to the
     * monsters of players whose position changed since the last planning pass, so a due plan starts as soon as the
     * position that makes it due arrives instead of at the next tick. Movement stays on the tick.
     */
    public void planMoved(double nowSeconds) {
        if (moved.isEmpty()) {
            return;
        }
        now = Math.max(now, nowSeconds);
        for (Player p : moved) {
            p.moved = false;
            for (Monster m : p.monsters) {
                planIfDue(m);
            }
        }
        moved.clear();
    }

    private void planIfDue(Monster m) {
        Player p = m.player;
        if (!p.hasPos) {
            m.state = MonsterState.IDLE;
            return;
        }
        if (m.inFlight == 0 && needsPlan(m, p)) {
            submit(m, p);
        }
    }

    private boolean needsPlan(Monster m, Player p) {
        if (m.local && planner.clearLine(map, m.x, m.z, p.x, p.z)) {
            return false; // walking straight at the player: no path needed
        }
        if (m.needsFreshPlan) {
            return true;
        }
        boolean intervalPassed = now - m.lastPlanTime >= settings.navIntervalSeconds() - TIME_EPSILON_SECONDS;
        double thr = settings.moveThresholdMeters();
        boolean playerMoved = distance(p.x - m.planGoalX, p.z - m.planGoalZ) >= thr;
        if (m.hasPath) {
            return intervalPassed && playerMoved;
        }
        // path finished (or none could be adopted)
        if (m.lastStatus == PlanStatus.OK) {
            double stop = Math.max(settings.stoppingDistanceMeters(), 1e-6);
            return distance(p.x - m.x, p.z - m.z) > stop;
        }
        boolean monsterMoved = distance(m.x - m.planStartX, m.z - m.planStartZ) >= thr;
        return intervalPassed && (playerMoved || monsterMoved);
    }

    private void submit(Monster m, Player p) {
        long token = m.nextToken++;
        m.inFlight = token;
        m.lastPlanTime = now;
        m.planGoalX = p.x;
        m.planGoalZ = p.z;
        m.planStartX = m.x;
        m.planStartZ = m.z;
        m.needsFreshPlan = false;
        GridMap planMap = map;
        long generation = mapGeneration;
        long playerSeq = p.seq;
        String id = m.id;
        double sx = m.x;
        double sz = m.z;
        double gx = p.x;
        double gz = p.z;
        Runnable task = () -> {
            PlannedPath result = null;
            long t0 = System.nanoTime();
            try {
                result = planner.plan(planMap, sx, sz, gx, gz);
                metrics.planned(System.nanoTime() - t0, result.expanded(), result.status());
            } catch (RuntimeException | Error e) {
                metrics.planFailed();
                LOG.error("plan for {} on {} failed", id, name, e);
            }
            done.add(new PlanDone(id, token, generation, playerSeq, result));
            wakeup.run();
        };
        try {
            plannerPool.execute(task);
        } catch (RejectedExecutionException e) {
            m.inFlight = 0; // pool shutting down; try again next tick
            m.needsFreshPlan = true;
        }
    }

    private void moveMonsters(double dt) {
        double stop = settings.stoppingDistanceMeters();
        for (Monster m : monsters.values()) {
            Player p = m.player;
            double budget = m.speed * dt;
            if (p.hasPos) {
                double dist = distance(p.x - m.x, p.z - m.z);
                if (dist <= stop) {
                    continue;
                }
                if (m.local && planner.clearLine(map, m.x, m.z, p.x, p.z)) {
                    double step = Math.min(budget, dist - stop);
                    m.x += (p.x - m.x) / dist * step;
                    m.z += (p.z - m.z) / dist * step;
                    // It left its path: walking on to a waypoint from here could cut a corner. When the line of
                    // sight breaks, it needs a path that starts where it stands.
                    m.hasPath = false;
                    m.needsFreshPlan = true;
                    continue;
                }
            }
            walkPath(m, budget, p, stop);
        }
    }

    private void walkPath(Monster m, double budget, Player p, double stop) {
        while (m.hasPath && budget > 0) {
            double tx = m.path[2 * m.next];
            double tz = m.path[2 * m.next + 1];
            double dx = tx - m.x;
            double dz = tz - m.z;
            double d = distance(dx, dz);
            if (d <= budget) {
                m.x = tx;
                m.z = tz;
                budget -= d;
                m.next++;
                if (m.next * 2 >= m.path.length) {
                    m.hasPath = false;
                    if (m.lastStatus != PlanStatus.OK && !m.local) {
                        m.state = MonsterState.UNREACHABLE; // waits at the nearest reachable point
                    }
                }
            } else {
                m.x += dx / d * budget;
                m.z += dz / d * budget;
                budget = 0;
            }
            if (p.hasPos && distance(p.x - m.x, p.z - m.z) <= stop) {
                return;
            }
        }
    }

    private void switchLocalNav() {
        double on = settings.localNavDistanceMeters();
        double off = on + settings.localNavHysteresisMeters();
        for (Monster m : monsters.values()) {
            Player p = m.player;
            if (!p.hasPos) {
                continue;
            }
            double dist = distance(p.x - m.x, p.z - m.z);
            if (!m.local && dist <= on) {
                m.local = true;
                m.state = MonsterState.LOCAL;
                listener.localNav(m.sessionId, m.id, true);
            } else if (m.local && dist > off) {
                m.local = false;
                m.state = MonsterState.CHASE;
                m.hasPath = false;
                m.needsFreshPlan = true;
                m.inFlight = 0; // a plan made during local mode may be stale: supersede it
                listener.localNav(m.sessionId, m.id, false);
                submit(m, p); // hand back with an immediate fresh nav_path
            }
        }
    }

    private void sendSnapshots() {
        double hz = settings.snapshotHz();
        if (hz <= 0) {
            return;
        }
        double period = 1.0 / hz;
        double y = map.transform().originY();
        for (Player p : players.values()) {
            if (!p.hasPos || now < p.nextSnapshotTime) {
                continue;
            }
            p.nextSnapshotTime = Math.max(p.nextSnapshotTime + period, now);
            List<ChaseListener.MonsterView> list = new ArrayList<>();
            for (Monster m : p.monsters) {
                list.add(new ChaseListener.MonsterView(m.id, m.x, y, m.z, m.state));
            }
            listener.monsters(p.sessionId, now, list);
        }
    }

    /**
     * Euclidean length of (dx, dz). Coordinates are bounded (the protocol rejects |x| > 1e7 m), so the plain formula
     * cannot overflow, and it is several times cheaper than {@code Math.hypot} on this per-monster, per-tick path.
     */
    private static double distance(double dx, double dz) {
        return Math.sqrt(dx * dx + dz * dz);
    }

    /** Current XZ position of a monster as {x, z}, or null when unknown (tests and admin status). */
    public double[] monsterPosition(String monsterId) {
        Monster m = monsters.get(monsterId);
        return m == null ? null : new double[] {m.x, m.z};
    }

    /** Current state of a monster, or null when unknown. */
    public MonsterState monsterState(String monsterId) {
        Monster m = monsters.get(monsterId);
        return m == null ? null : m.state;
    }

    /** Ids of the monsters chasing a session's player, in spawn order. */
    public List<String> monstersOf(String sessionId) {
        List<String> ids = new ArrayList<>();
        Player p = players.get(sessionId);
        if (p != null) {
            for (Monster m : p.monsters) {
                ids.add(m.id);
            }
        }
        return ids;
    }
}
