package dev.navserver.server.world;

import dev.navserver.nav.crowd.OrcaParams;
import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.search.SearchStatus;
import dev.navserver.nav.smooth.WorldPath;
import dev.navserver.protocol.message.CellRect;
import dev.navserver.server.config.NavServerConfig.Chase;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.function.ToLongFunction;

/**
 * The authoritative chase state of one map: players, the monsters chasing them, their paths. It composes the parts
 * that each do one job: the {@link ReplanRule}, the {@link Spawner}, the {@link MonsterMover} and the
 * {@link PlanDispatcher}; monsters' lives are {@link MonsterState}s. It never calls up: what sessions must hear is
 * appended to its {@link #outbox()}, which the game loop drains.
 *
 * <p><b>Threading.</b> Every method is for the tick thread only; plans run on the planner {@link Executor} and
 * come back through {@link #applyFinishedPlans()}.
 *
 * <p><b>Local navigation.</b> At XZ distance {@code <= localNavDistanceMeters} the client takes over
 * ({@code local_nav active}); the server stops sending paths but keeps the position authoritative, moving the
 * monster straight at its player while the line of sight is clear (else along its path) and stopping at
 * {@code stoppingDistanceMeters}. Above {@code localNavDistanceMeters + localNavHysteresisMeters} the server takes
 * the monster back and plans a fresh path at once.
 *
 * <p><b>Bodies and slots.</b> Monsters under local nav go to distinct surround slots ({@link SurroundSlots}); after
 * movement (and reciprocal avoidance among moving monsters, {@link Avoidance}, when switched on) a
 * {@link BodySeparation} pass keeps monsters apart and out of players; monsters stop at
 * {@code max(stoppingDistanceMeters, monsterRadiusMeters + playerRadiusMeters)} from their player.
 *
 * <p><b>Shared plans.</b> When a planning pass finds at least {@code sharedFieldMinMonsters} monsters of one player
 * due, one planner task plans them all from one integration field ({@link PathPlanner#planShared}); their results
 * are still adopted, dropped and announced monster by monster.
 */
public final class World {
    private final String name;
    private final PathPlanner planner;
    private final WorldMetrics metrics;
    private final Spawner spawner;
    private final PlanDispatcher dispatcher;
    private final MonsterMover mover;
    private final BodySeparation bodies;
    private final SurroundSlots slots;
    /** Reciprocal avoidance while moving, or null when off ({@link #setAvoidance}). */
    private Avoidance avoidance;
    private final WorldOutbox outbox = new WorldOutbox();

    private GridMap map;
    private long mapGeneration;
    /** The generation the last map file load (or the start) began; plans from before it are always dropped. */
    private long reloadGeneration;
    /**
     * Edits applied since the last load, oldest first, at most {@value #EDIT_LOG} of them: a plan that returns from
     * an older generation is kept when its path passes none of the areas edited since ({@link #stillValid}).
     */
    private final java.util.ArrayDeque<EditRecord> recentEdits = new java.util.ArrayDeque<>();
    private static final int EDIT_LOG = 256;

    /** The generation an edit produced and the world boxes around the cell rectangles it wrote ({@link #boxes}). */
    private record EditRecord(long generation, double[] boxes) {
    }
    private Chase settings;
    private ReplanRule rule;
    private double now;

    private final Map<String, Player> players = new LinkedHashMap<>();
    private final Map<String, Monster> monsters = new LinkedHashMap<>();
    /** Players whose position changed since the last planning pass. */
    private final List<Player> moved = new ArrayList<>();
    /** Monsters found due for a plan in the current planning pass, in the order found; empty between passes. */
    private final List<Monster> due = new ArrayList<>();
    /** {@link #due} by player, filled by {@link #submitDue} only when a shared plan is possible. */
    private final Map<Player, List<Monster>> dueByPlayer = new IdentityHashMap<>();

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
     * @param metrics     plan observer (thread-safe)
     * @param spawner     spawn positions and monster ids (this world's own)
     * @param wakeup      called by planner threads after queuing a result, so the tick thread can apply it early
     */
    public World(String name, GridMap map, Chase settings, PathPlanner planner, Executor plannerPool,
            WorldMetrics metrics, Spawner spawner, Runnable wakeup) {
        this.name = Objects.requireNonNull(name);
        this.map = Objects.requireNonNull(map);
        this.planner = Objects.requireNonNull(planner);
        this.metrics = Objects.requireNonNull(metrics);
        this.spawner = Objects.requireNonNull(spawner);
        this.dispatcher = new PlanDispatcher(name, planner, plannerPool, metrics, wakeup);
        this.mover = new MonsterMover(planner);
        this.bodies = new BodySeparation(planner);
        this.slots = new SurroundSlots(planner);
        setSettings(settings);
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

    /** Events for sessions, appended in the order they happened; the game loop drains them. */
    public WorldOutbox outbox() {
        return outbox;
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
            if (PlanDispatcher.inFlight(m)) {
                n++;
            }
        }
        return n;
    }

    /** Applies new chase settings from the next decision on. Speeds of existing monsters are kept. */
    public void setSettings(Chase settings) {
        this.settings = Objects.requireNonNull(settings);
        this.rule = ReplanRule.of(settings);
    }

    /**
     * Replaces the map (a reload). In-flight plans are dropped when they return; every monster re-plans at once;
     * a monster left on a blocked cell is moved to the nearest walkable cell.
     */
    public void setMap(GridMap newMap) {
        this.map = Objects.requireNonNull(newMap);
        mapGeneration++;
        reloadGeneration = mapGeneration;
        recentEdits.clear();
        for (Monster m : monsters.values()) {
            if (Spawner.check(newMap, m.x, m.z) != SpawnStatus.SPAWNED) {
                int snapped = Spawner.nearestWalkable(newMap, m.x, m.z, 0);
                if (snapped != GridMap.NO_CELL) {
                    m.x = newMap.worldX(snapped);
                    m.z = newMap.worldZ(snapped);
                }
            }
            m.state = m.state.onInvalidated();
            PlanDispatcher.supersede(m);
        }
    }

    /**
     * Replaces the map by an edited version of it ({@code map_edit}). A monster re-plans at once when it stands on a
     * cell the edit blocked (it first moves to the nearest walkable cell), when its path has no full route
     * ({@code partial} or {@code unreachable}: an opened wall may give one), or when the rest of its path passes
     * within one cell of an edited area (the margin covers corner cutting); a plan it had in flight is then dropped
     * when it returns. Every other monster keeps its path, which the edit did not touch, and its plan in flight: when
     * that returns it is kept only if it found a full route that passes within one cell of none of the areas edited
     * since it was submitted ({@link #stillValid}), else dropped and planned afresh. (Dropping every plan in flight
     * on every edit starves planning when edits come faster than plans return.)
     *
     * @param edited a map of the same size and transform
     * @param areas  the cell rectangles the edit wrote, on the map
     * @return the number of monsters that re-plan
     */
    public int applyEdit(GridMap edited, List<CellRect> areas) {
        return applyEdit(edited, areas, 0);
    }

    /**
     * {@link #applyEdit(GridMap, List)}, remembering for each monster it re-plans when the edit arrived
     * ({@link System#nanoTime()}, 0 = unknown): its first {@code nav_path} after the edit carries it.
     */
    public int applyEdit(GridMap edited, List<CellRect> areas, long arrivalNanos) {
        this.map = Objects.requireNonNull(edited);
        mapGeneration++;
        if (recentEdits.size() == EDIT_LOG) {
            recentEdits.removeFirst();
        }
        double[] boxes = boxes(edited, areas);
        recentEdits.addLast(new EditRecord(mapGeneration, boxes));
        int replans = 0;
        for (Monster m : monsters.values()) {
            boolean replan = false;
            if (Spawner.check(edited, m.x, m.z) != SpawnStatus.SPAWNED) {
                int snapped = Spawner.nearestWalkable(edited, m.x, m.z, 0);
                if (snapped != GridMap.NO_CELL) {
                    m.x = edited.worldX(snapped);
                    m.z = edited.worldZ(snapped);
                }
                replan = true;
            } else if (m.path != null && (m.path.status() != SearchStatus.FOUND
                    || crosses(m.path, Math.max(m.next, 1), m.x, m.z, boxes))) {
                replan = true;
            }
            if (!replan) {
                continue;
            }
            replans++;
            m.editArrivalNanos = arrivalNanos;
            m.state = m.state.onInvalidated();
            PlanDispatcher.supersede(m);
            if (m.player.hasPos && m.state == MonsterState.REPLAN) {
                dispatcher.submit(m, edited, mapGeneration, now);
            }
        }
        return replans;
    }

    /**
     * Whether a plan that returns from generation {@code generation} may still be used on the current map: no map
     * file load since, a full route ({@code FOUND}), and no area edited since (all of them still in the log) within
     * one cell of its path.
     */
    private boolean stillValid(long generation, WorldPath path) {
        if (generation < reloadGeneration || path.status() != SearchStatus.FOUND || !path.hasPoints()
                || recentEdits.isEmpty() || recentEdits.peekFirst().generation() > generation + 1) {
            return false;
        }
        for (java.util.Iterator<EditRecord> it = recentEdits.descendingIterator(); it.hasNext(); ) {
            EditRecord e = it.next();
            if (e.generation() <= generation) {
                break; // older edits the plan already saw
            }
            if (crosses(path, 1, path.x(0), path.z(0), e.boxes())) {
                return false;
            }
        }
        return true;
    }

    /**
     * World boxes {@code {minX, minZ, maxX, maxZ}, ...} around the cell rectangles, grown by one cell beyond the
     * cells' centres plus half a cell (the margin covers corner cutting).
     */
    private static double[] boxes(GridMap map, List<CellRect> areas) {
        double cs = map.transform().cellSize();
        double[] out = new double[4 * areas.size()];
        int k = 0;
        for (CellRect r : areas) {
            out[k++] = map.transform().x(r.col()) - 1.5 * cs;
            out[k++] = map.transform().z(r.row() + r.height() - 1) - 1.5 * cs;
            out[k++] = map.transform().x(r.col() + r.width() - 1) + 1.5 * cs;
            out[k++] = map.transform().z(r.row()) + 1.5 * cs;
        }
        return out;
    }

    /**
     * Whether a path from (x, z) through its points {@code from, from + 1, ...} (the last one also tested on its
     * own) meets one of the {@link #boxes}.
     */
    private static boolean crosses(WorldPath path, int from, double x, double z, double[] boxes) {
        // every segment lies in the bounds of the path's points and (x, z): most paths miss every box there
        double minX = Math.min(x, path.minX());
        double minZ = Math.min(z, path.minZ());
        double maxX = Math.max(x, path.maxX());
        double maxZ = Math.max(z, path.maxZ());
        boolean near = false;
        for (int k = 0; k < boxes.length && !near; k += 4) {
            near = maxX >= boxes[k] && minX <= boxes[k + 2] && maxZ >= boxes[k + 1] && minZ <= boxes[k + 3];
        }
        if (!near) {
            return false;
        }
        double ax = x;
        double az = z;
        for (int i = from; i <= path.size(); i++) {
            double bx = i < path.size() ? path.x(i) : ax;
            double bz = i < path.size() ? path.z(i) : az;
            for (int k = 0; k < boxes.length; k += 4) {
                if (segmentHitsBox(ax, az, bx, bz, boxes[k], boxes[k + 1], boxes[k + 2], boxes[k + 3])) {
                    return true;
                }
            }
            ax = bx;
            az = bz;
        }
        return false;
    }

    /** Liang-Barsky: whether segment (x0,z0)-(x1,z1) meets the closed box. No allocation. */
    static boolean segmentHitsBox(double x0, double z0, double x1, double z1, double minX, double minZ, double maxX,
            double maxZ) {
        if (Math.max(x0, x1) < minX || Math.min(x0, x1) > maxX || Math.max(z0, z1) < minZ
                || Math.min(z0, z1) > maxZ) {
            return false; // the segment's bounding box misses the box: the common case
        }
        double dx = x1 - x0;
        double dz = z1 - z0;
        double t0 = 0;
        double t1 = 1;
        for (int k = 0; k < 4; k++) {
            double p = k == 0 ? -dx : k == 1 ? dx : k == 2 ? -dz : dz;
            double q = k == 0 ? x0 - minX : k == 1 ? maxX - x0 : k == 2 ? z0 - minZ : maxZ - z0;
            if (p == 0) {
                if (q < 0) {
                    return false;
                }
            } else {
                double t = q / p;
                if (p < 0) {
                    t0 = Math.max(t0, t);
                } else {
                    t1 = Math.min(t1, t);
                }
                if (t0 > t1) {
                    return false;
                }
            }
        }
        return true;
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
                if (avoidance != null) {
                    avoidance.remove(m);
                }
            }
            if (avoidance != null) {
                avoidance.remove(p);
            }
        }
    }

    /**
     * Switches reciprocal avoidance among moving monsters on ({@link Avoidance}, ORCA) with these parameters, or
     * off ({@code null}; the default). Hot: a change takes effect at the next tick, agents keep no state across a
     * switch. Tick thread.
     */
    public void setAvoidance(OrcaParams params) {
        if (avoidance != null && avoidance.params().equals(params)) {
            return;
        }
        if (avoidance != null) {
            avoidance.clear(monsters.values(), players.values());
        }
        avoidance = params == null ? null : new Avoidance(params);
    }

    /**
     * Records a player's position (world metres). The first one spawns {@code monstersPerPlayer} monsters (see
     * {@link Spawner#autoSpawnCell}). Positions with a lower or equal {@code seq} than the last one are ignored.
     *
     * @param arrivalNanos {@link System#nanoTime()} at which the position arrived (0 when unknown); carried to the
     *                     {@code nav_path}s planned from it
     * @return false when the position was stale and ignored
     */
    public boolean playerPos(String sessionId, long seq, double x, double y, double z, long arrivalNanos) {
        Player p = players.get(sessionId);
        if (p == null || seq <= p.seq) {
            return false;
        }
        boolean first = !p.hasPos;
        p.seq = seq;
        p.posArrivalNanos = arrivalNanos;
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
                int cell = spawner.autoSpawnCell(map, settings, x, z);
                if (cell != GridMap.NO_CELL) {
                    addMonster(p, map.worldX(cell), map.worldZ(cell));
                }
            }
        }
        return true;
    }

    /** {@link #playerPos(String, long, double, double, double, long)} with an unknown arrival time. */
    public boolean playerPos(String sessionId, long seq, double x, double y, double z) {
        return playerPos(sessionId, seq, x, y, z, 0);
    }

    /**
     * Spawns a monster at a world position that chases the session's player.
     *
     * @return SPAWNED with the monster, or why not
     */
    public SpawnResult spawn(String sessionId, double x, double z) {
        Player p = players.get(sessionId);
        SpawnStatus status = !settings.allowClientSpawn() ? SpawnStatus.DISABLED
                : p == null ? SpawnStatus.NO_PLAYER : Spawner.check(map, x, z);
        if (status != SpawnStatus.SPAWNED) {
            return new SpawnResult(status, null, x, 0, z);
        }
        Monster m = addMonster(p, x, z);
        return new SpawnResult(SpawnStatus.SPAWNED, m.id, x, map.transform().originY(), z);
    }

    private Monster addMonster(Player player, double x, double z) {
        Monster m = new Monster(spawner.nextId(), player, x, z, settings.monsterSpeedMetersPerSecond());
        m.spawnTime = now;
        monsters.put(m.id, m);
        player.monsters.add(m);
        outbox.add(new WorldEvent.MonsterSpawned(player.sessionId, m.id, x, map.transform().originY(), z));
        return m;
    }

    /**
     * Applies every plan that finished since the last call: adopts its path and announces it unless the monster is
     * under local navigation; superseded results are dropped.
     *
     * @return number of results adopted
     */
    public int applyFinishedPlans() {
        return dispatcher.applyFinished(monsters, mapGeneration, this::stillValid, this::adopt);
    }

    /**
     * Takes a plan made from where the monster stood at submission. It kept walking meanwhile, so the path is made
     * to start where it stands now: its position replaces the first point when the second is in sight, or is
     * prepended when the first is; otherwise the plan is dropped and the monster plans afresh.
     */
    private boolean adopt(Monster m, WorldPath planned, long playerSeq, long posArrivalNanos) {
        double y = map.transform().originY();
        WorldPath path;
        if (!planned.hasPoints()) {
            path = WorldPath.of(SearchStatus.UNREACHABLE, new double[] {m.x, y, m.z}, planned.expanded());
        } else if (planned.size() >= 2 && planner.clearLine(map, m.x, m.z, planned.x(1), planned.z(1))) {
            path = planned.startingAt(m.x, y, m.z, true);
        } else if (planner.clearLine(map, m.x, m.z, planned.x(0), planned.z(0))) {
            path = planned.startingAt(m.x, y, m.z, false);
        } else {
            metrics.planDropped();
            m.state = m.state.onInvalidated();
            return false;
        }
        m.path = path;
        m.pathMap = map;
        m.next = 1;
        // its first segment starts where it stands, not where the planner designed the path: until it has walked
        // past that first corner, its tick moves are checked as a pushed monster's are
        m.pushed |= planned.hasPoints()
                && MonsterMover.distance(m.x - planned.x(0), m.z - planned.z(0)) > 1e-6;
        m.state = m.state.onAdopted(path.size() >= 2, path.status() == SearchStatus.FOUND);
        if (!m.state.local()) {
            m.seq++;
            outbox.add(new WorldEvent.NavPathReady(m.sessionId, m.id, m.seq, playerSeq, path, m.speed,
                    posArrivalNanos, map, m.editArrivalNanos));
        }
        m.editArrivalNanos = 0; // under local nav no nav_path answers the edit: nothing to time
        return true;
    }

    /**
     * One tick at world time {@code nowSeconds}: apply finished plans, decide and submit re-plans, move monsters by
     * {@code dtSeconds}, switch local navigation, queue due snapshots.
     */
    public void tick(double nowSeconds, double dtSeconds) {
        now = nowSeconds;
        applyFinishedPlans();
        planMovedPlayers(); // positions that arrived since the last pass count as arrivals, not as tick findings
        for (Monster m : monsters.values()) {
            planIfDue(m, true);
        }
        submitDue();
        double rM = settings.monsterRadiusMeters();
        double rP = settings.playerRadiusMeters();
        double stop = Math.max(settings.stoppingDistanceMeters(), rM + rP);
        double on = settings.localNavDistanceMeters();
        double off = on + settings.localNavHysteresisMeters();
        slots.update(players.values(), map, settings, now, outbox, metrics);
        for (Monster m : monsters.values()) {
            mover.move(m, map, dtSeconds, stop, rM + rP);
        }
        if (avoidance != null && rM > 0) {
            avoidance.step(monsters.values(), players.values(), map, rM, rP, dtSeconds);
        }
        for (Monster m : monsters.values()) {
            switchLocalNav(m, on, off);
        }
        int overlaps = bodies.separate(monsters.values(), players.values(), map, rM, rP, now);
        if (overlaps > 0) {
            metrics.monsterOverlaps(overlaps);
        }
        queueSnapshots();
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
        planMovedPlayers();
    }

    /**
     * For every player whose position arrived since the last pass: switches its monsters' local navigation (a
     * player running out of local range is noticed by the position that takes it there, so the hand-back plan
     * starts from that position) and applies the re-plan rule to them.
     */
    private void planMovedPlayers() {
        if (moved.isEmpty()) {
            return;
        }
        double on = settings.localNavDistanceMeters();
        double off = on + settings.localNavHysteresisMeters();
        for (Player p : moved) {
            p.moved = false;
            for (Monster m : p.monsters) {
                switchLocalNav(m, on, off);
                planIfDue(m, false);
            }
        }
        moved.clear();
        submitDue();
    }

    /**
     * Applies the re-plan rule to one monster; a monster found due joins {@link #due}, planned by {@link #submitDue}
     * at the end of the pass. A player-moved re-plan found by the tick (rather than by the arrival of a position)
     * waits {@link ReplanRule#FRESH_POSITION_GRACE_SECONDS} for the next position, so that plans start from fresh
     * positions.
     */
    private void planIfDue(Monster m, boolean byTick) {
        Player p = m.player;
        if (!p.hasPos || PlanDispatcher.inFlight(m)) {
            return;
        }
        boolean lineClear = m.state.local() && planner.clearLine(map, m.x, m.z, p.x, p.z);
        double sinceLastPlan = now - m.lastPlanTime;
        ReplanRule.Decision d = rule.decide(m.state, lineClear, sinceLastPlan,
                MonsterMover.distance(p.x - m.planGoalX, p.z - m.planGoalZ),
                MonsterMover.distance(m.x - m.planStartX, m.z - m.planStartZ),
                MonsterMover.distance(p.x - m.x, p.z - m.z));
        if (byTick && d == ReplanRule.Decision.PLAN_PLAYER_MOVED && rule.tickWaitsForFreshPosition(sinceLastPlan)) {
            return;
        }
        if (byTick && d == ReplanRule.Decision.PLAN_FRESH && m.path != null) {
            // A path made unusable by a body push, avoidance or an edit: like a player-moved re-plan, planned from the
            // next arriving position (milliseconds old) rather than from one up to a client period old, unless
            // none arrives within the grace.
            if (Double.isNaN(m.freshWaitSince)) {
                m.freshWaitSince = now;
            }
            if (now - m.freshWaitSince < ReplanRule.FRESH_POSITION_GRACE_SECONDS - 1e-9) {
                return;
            }
        }
        if (d.plans()) {
            m.freshWaitSince = Double.NaN;
            due.add(m);
        }
    }

    /**
     * Plans the monsters the re-plan rule found due in this pass, in the order found: the monsters of a player with
     * at least {@code chase.sharedFieldMinMonsters} of them due share one planner task and one field from the
     * player's position ({@link PlanDispatcher#submitShared}), submitted where the first of them was found; the
     * others are planned one search each. Every monster keeps its own token, so a shared result is adopted or
     * dropped monster by monster.
     */
    private void submitDue() {
        if (due.isEmpty()) {
            return;
        }
        int min = settings.sharedFieldMinMonsters();
        if (due.size() >= min) {
            for (Monster m : due) {
                dueByPlayer.computeIfAbsent(m.player, k -> new ArrayList<>()).add(m);
            }
        }
        for (Monster m : due) {
            List<Monster> group = dueByPlayer.get(m.player);
            if (group == null || group.size() < min) {
                dispatcher.submit(m, map, mapGeneration, now);
            } else if (group.get(0) == m) {
                joinNearlyDue(group);
                dispatcher.submitShared(group, map, mapGeneration, now);
            }
        }
        due.clear();
        dueByPlayer.clear();
    }

    /**
     * Adds to a shared group (monsters of one player, due now) the player's other chasing monsters that are past
     * {@value #JOIN_FRACTION} of their re-plan interval and whose player has moved by the threshold since their last
     * plan: they would be due within half an interval anyway, and joining now costs one descent of the field being
     * built instead of a field of their own later. The player's chasers thus fall into one phase, one field per
     * interval instead of one per phase.
     */
    private void joinNearlyDue(List<Monster> group) {
        Player p = group.get(0).player;
        if (group.size() == p.monsters.size()) {
            return;
        }
        java.util.Set<Monster> in = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        in.addAll(group);
        double since = settings.navIntervalSeconds() * JOIN_FRACTION;
        double moved = settings.moveThresholdMeters();
        for (Monster o : p.monsters) {
            if (!in.contains(o) && o.state == MonsterState.CHASE && !PlanDispatcher.inFlight(o)
                    && now - o.lastPlanTime >= since
                    && MonsterMover.distance(p.x - o.planGoalX, p.z - o.planGoalZ) >= moved) {
                group.add(o);
            }
        }
    }

    /** Part of the re-plan interval after which a chasing monster joins its player's shared plan early. */
    static final double JOIN_FRACTION = 0.5;

    private void switchLocalNav(Monster m, double on, double off) {
        switch (mover.switchLocalNav(m, on, off)) {
            case ON -> outbox.add(new WorldEvent.LocalNavChanged(m.sessionId, m.id, true,
                    slots.provisional(m, map, settings)));
            case OFF -> {
                SurroundSlots.release(m);
                outbox.add(new WorldEvent.LocalNavChanged(m.sessionId, m.id, false));
                PlanDispatcher.supersede(m); // a plan made during local mode may be stale
                dispatcher.submit(m, map, mapGeneration, now); // hand back with an immediate fresh nav_path
            }
            case NONE -> {
            }
        }
    }

    private void queueSnapshots() {
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
            List<WorldEvent.MonsterView> list = new ArrayList<>(p.monsters.size());
            for (Monster m : p.monsters) {
                list.add(new WorldEvent.MonsterView(m.id, m.x, y, m.z, m.state));
            }
            outbox.add(new WorldEvent.SnapshotDue(p.sessionId, Math.max(p.seq, 0), list));
        }
    }

    /**
     * Copies the players (with a known position) and monsters for the live viewer; see {@link WorldView}. Tick
     * thread only.
     *
     * @param mapVersion version of a map snapshot (this world's map, or the one a path was planned on)
     */
    public WorldView view(ToLongFunction<GridMap> mapVersion) {
        return WorldView.of(players.values(), players.size(), monsters.values(), monsters.size(), map, mapVersion);
    }

    /** Current XZ position of a monster as {x, z}, or null when unknown (tests and admin status). */
    public double[] monsterPosition(String monsterId) {
        Monster m = monsters.get(monsterId);
        return m == null ? null : new double[] {m.x, m.z};
    }

    /** Current surround slot (XZ) of a monster as {x, z}, or null when unknown or without one (tests). */
    public double[] monsterSlot(String monsterId) {
        Monster m = monsters.get(monsterId);
        return m == null || !m.hasSlot ? null : new double[] {m.slotX, m.slotZ};
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
