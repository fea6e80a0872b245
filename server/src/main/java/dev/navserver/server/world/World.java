package dev.navserver.server.world;

import dev.navserver.nav.crowd.OrcaParams;
import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.search.SearchStatus;
import dev.navserver.nav.smooth.WorldPath;
import dev.navserver.protocol.message.CellRect;
import dev.navserver.protocol.message.Vec3;
import dev.navserver.server.config.NavServerConfig.Chase;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.concurrent.Executor;
import java.util.function.ToLongFunction;

/**
 * The authoritative state of one map: its players, its monsters and their behaviours, its routes, who sees what.
 * A monster belongs to the world, not to a session: players come and go, monsters stay until despawned. It composes
 * the parts that each do one job: {@link MonsterBrain} (behaviours, aggro, leash), {@link PlanningPass} and
 * {@link PlanDispatcher} (plans), {@link MonsterMover}, {@link SurroundSlots}, {@link Avoidance},
 * {@link BodySeparation} (movement and bodies), {@link Interest} (views), {@link EditTracker} (map generations),
 * {@link WorldPlayers} (players by session and name) and {@link MonsterOrders} (commands). It never calls up: what
 * sessions must hear is appended to its {@link #outbox()}, which the game loop drains.
 *
 * <p><b>Threading.</b> Every method is for the tick thread only; plans run on the planner {@link Executor} and
 * come back through {@link #applyFinishedPlans()}.
 *
 * <p><b>Chases</b> keep the single-player rules: throttled re-plans ({@link ReplanRule}), local navigation at
 * {@code localNavDistanceMeters} with hysteresis, surround slots, bodies, shared fields for crowds of chasers.
 */
public final class World {
    private final String name;
    private final PathPlanner planner;
    private final WorldMetrics metrics;
    private final Spawner spawner;
    private final PlanDispatcher dispatcher;
    private final PlanningPass planning;
    private final MonsterMover mover;
    private final BodySeparation bodies;
    private final SurroundSlots slots;
    private final MonsterBrain brain;
    private final Interest interest = new Interest(40, 5);
    private final WorldPlayers players;
    private final MonsterOrders orders;
    /** Reciprocal avoidance while moving, or null when off ({@link #setAvoidance}). */
    private Avoidance avoidance;
    private final WorldOutbox outbox = new WorldOutbox();
    private final EditTracker edits = new EditTracker();
    private final WorldFileSpawns fileSpawns;

    private GridMap map;
    private Chase settings;
    private ReplanRule rule;
    private double now;
    private Map<String, MonsterKind> kinds = Map.of();

    private final Map<String, Monster> monsters = new LinkedHashMap<>();
    private final Map<String, Route> routes = new HashMap<>();
    /** Monsters to despawn at the end of the current pass (found while iterating). */
    private final List<Monster> despawns = new ArrayList<>();
    private long serials;

    /** Outcome of a spawn. */
    public enum SpawnStatus { SPAWNED, DISABLED, OUT_OF_BOUNDS, BLOCKED, NO_PLAYER, UNKNOWN_KIND, UNKNOWN_ROUTE }

    /** Result of a spawn: status, the new monster's id and position when spawned. */
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
        this.planning = new PlanningPass(planner, dispatcher);
        this.mover = new MonsterMover(planner);
        this.bodies = new BodySeparation(planner);
        this.slots = new SurroundSlots(planner);
        this.brain = new MonsterBrain(this, new SplittableRandom(name.hashCode()));
        this.players = new WorldPlayers(this);
        this.orders = new MonsterOrders(this);
        this.fileSpawns = new WorldFileSpawns(this, name.hashCode() * 31L + 1);
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

    /** Number of players in this world (sessions' own and managed ones). */
    public int playerCount() {
        return players.all().size();
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

    /** The players: sessions joining and leaving, positions, managed players. */
    public WorldPlayers players() {
        return players;
    }

    /** Commands, spawns and routes from authority sessions. */
    public MonsterOrders orders() {
        return orders;
    }

    /** Applies new chase settings from the next decision on. Speeds of existing monsters are kept. */
    public void setSettings(Chase settings) {
        this.settings = Objects.requireNonNull(settings);
        this.rule = ReplanRule.of(settings);
    }

    /**
     * Sets the monster kinds ({@code monsters.kinds}); a kind named {@link MonsterKind#DEFAULT_NAME} replaces the one
     * built from the chase settings. Existing monsters keep theirs.
     */
    public void setKinds(Map<String, MonsterKind> kinds) {
        this.kinds = Map.copyOf(kinds);
    }

    /** Sets the view radius and its hysteresis ({@code aoi.*}), metres; views follow at the next tick. */
    public void setInterest(double radiusMeters, double hysteresisMeters) {
        interest.setRadius(radiusMeters, hysteresisMeters);
    }

    /** The kind of that name, or null; {@code default} always exists. */
    public MonsterKind kind(String kindName) {
        MonsterKind k = kinds.get(kindName);
        if (k == null && MonsterKind.DEFAULT_NAME.equals(kindName)) {
            k = new MonsterKind(MonsterKind.DEFAULT_NAME, settings.monsterSpeedMetersPerSecond(),
                    settings.monsterRadiusMeters(), 0, 0, MonsterKind.DEFAULT_LEASH_SECONDS);
        }
        return k;
    }

    /**
     * Replaces the map (a reload). In-flight plans are dropped when they return; every monster re-plans at once;
     * a monster left on a blocked cell is moved to the nearest walkable cell; a route with a point that is no longer
     * walkable is removed (its patrols stand idle).
     *
     * @return the names of the routes removed
     */
    public List<String> setMap(GridMap newMap) {
        this.map = Objects.requireNonNull(newMap);
        edits.reloaded();
        for (Monster m : monsters.values()) {
            snapToWalkable(m, newMap);
            m.state = m.state.onInvalidated();
            PlanDispatcher.supersede(m);
        }
        List<String> removed = new ArrayList<>();
        routes.values().removeIf(r -> {
            boolean bad = MonsterOrders.checkRoute(newMap, r) != null;
            if (bad) {
                removed.add(r.name());
            }
            return bad;
        });
        return removed;
    }

    private static boolean snapToWalkable(Monster m, GridMap map) {
        if (Spawner.check(map, m.x, m.z) == SpawnStatus.SPAWNED) {
            return false;
        }
        int snapped = Spawner.nearestWalkable(map, m.x, m.z, 0);
        if (snapped != GridMap.NO_CELL) {
            m.x = map.worldX(snapped);
            m.z = map.worldZ(snapped);
        }
        return true;
    }

    /**
     * Replaces the map by an edited version of it ({@code map_edit}). A monster re-plans at once when it stands on a
     * cell the edit blocked (it first moves to the nearest walkable cell), when its path has no full route
     * ({@code partial} or {@code unreachable}: an opened wall may give one), or when the rest of its path passes
     * within one cell of an edited area (the margin covers corner cutting); a plan it had in flight is then dropped
     * when it returns. Every other monster keeps its path and its plan in flight, which is kept when it returns only
     * if it found a full route that passes none of the areas edited since it was submitted.
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
        double[] boxes = edits.edited(edited, areas);
        int replans = 0;
        for (Monster m : monsters.values()) {
            boolean replan = snapToWalkable(m, edited)
                    || m.path != null && (m.path.status() != SearchStatus.FOUND
                    || EditTracker.crosses(m.path, Math.max(m.next, 1), m.x, m.z, boxes));
            if (!replan || m.target == null && !m.hasGoal) {
                continue;
            }
            replans++;
            m.editArrivalNanos = arrivalNanos;
            m.state = m.state.onInvalidated();
            PlanDispatcher.supersede(m);
            if (m.target == null ? m.state.needsFreshPlan() : m.target.hasPos && m.state == MonsterState.REPLAN) {
                dispatcher.submit(m, edited, edits.generation(), now);
            }
        }
        return replans;
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
            avoidance.clear(monsters.values(), players.all());
        }
        avoidance = params == null ? null : new Avoidance(params);
    }

    /** Adds a session's player (role player, named by its session id); see {@link WorldPlayers#join}. */
    public void addPlayer(String sessionId) {
        players.join(sessionId, sessionId, false);
    }

    /** Removes a session and what it managed; see {@link WorldPlayers#leave}. */
    public void removePlayer(String sessionId) {
        players.leave(sessionId);
    }

    /** {@link WorldPlayers#position} of a session's own player. */
    public boolean playerPos(String sessionId, long seq, double x, double y, double z, long arrivalNanos) {
        return players.position(sessionId, seq, x, y, z, arrivalNanos);
    }

    /** {@link #playerPos(String, long, double, double, double, long)} with an unknown arrival time. */
    public boolean playerPos(String sessionId, long seq, double x, double y, double z) {
        return playerPos(sessionId, seq, x, y, z, 0);
    }

    /**
     * A player's {@code spawn}: a monster of the default kind at a world position that chases the session's player,
     * owned by it (it goes home and despawns after the player leaves).
     *
     * @return SPAWNED with the monster, or why not
     */
    public SpawnResult spawn(String sessionId, double x, double z) {
        Player p = players.own(sessionId);
        SpawnStatus status = !settings.allowClientSpawn() ? SpawnStatus.DISABLED
                : p == null ? SpawnStatus.NO_PLAYER : Spawner.check(map, x, z);
        if (status != SpawnStatus.SPAWNED) {
            return new SpawnResult(status, null, x, 0, z);
        }
        Monster m = spawnChaser(p, x, z);
        return new SpawnResult(SpawnStatus.SPAWNED, m.id, x, map.transform().originY(), z);
    }

    /** A monster of the default kind at (x, z), home there, that chases {@code p} and is owned by its session. */
    Monster spawnChaser(Player p, double x, double z) {
        Monster m = addMonster(kind(MonsterKind.DEFAULT_NAME), x, z, x, z, new Behaviour.Idle(), false);
        m.owner = p.sessionId;
        brain.setActive(m, new Behaviour.Chase(p));
        return m;
    }

    /**
     * Adds a monster and starts its default behaviour.
     *
     * @param startBase false when the caller gives it an active behaviour at once
     */
    Monster addMonster(MonsterKind kind, double x, double z, double homeX, double homeZ, Behaviour base,
            boolean startBase) {
        Monster m = new Monster(spawner.nextId(), kind, x, z, homeX, homeZ, base, serials++);
        m.spawnTime = now;
        monsters.put(m.id, m);
        interest.spawned(m, players.all(), announcer);
        outbox.add(new WorldEvent.MonsterSpawned(m.id, x, map.transform().originY(), z));
        if (startBase) {
            base.start(m, brain);
        }
        m.sentState = m.wireState(); // as its first viewers heard it; changes from here on are announced
        return m;
    }

    /**
     * Puts a checked world file ({@code <map>.world.yaml}) in force: the previous file's routes and monsters go, the
     * new file's routes are defined and its spawn groups spawned.
     *
     * @return the number of monsters spawned
     */
    public int applyWorldFile(dev.navserver.server.world.file.WorldFile file) {
        return fileSpawns.apply(file);
    }

    /** Removes a monster now: its viewers hear {@code monster_leave despawned}, authorities the event. */
    void despawn(Monster m) {
        if (monsters.remove(m.id) == null) {
            return;
        }
        fileSpawns.despawned(m);
        if (m.active != null) {
            m.active.stop(m, brain);
        }
        notice(m, "despawned", null, null, -1);
        interest.despawned(m, announcer);
        if (avoidance != null) {
            avoidance.remove(m);
        }
    }

    /** Despawns a monster at the end of the current pass (safe while iterating the monsters). */
    void despawnLater(Monster m) {
        despawns.add(m);
    }

    /**
     * Applies every plan that finished since the last call: adopts its path and announces it unless the monster is
     * under local navigation; superseded results are dropped.
     *
     * @return number of results adopted
     */
    public int applyFinishedPlans() {
        return dispatcher.applyFinished(monsters, edits.generation(), edits::stillValid, this::adopt);
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
            announcePath(m, path, playerSeq, posArrivalNanos);
        }
        m.editArrivalNanos = 0; // under local nav no nav_path answers the edit: nothing to time
        return true;
    }

    /** Sends a new path of the monster ({@code nav_path}) to its viewers. */
    void announcePath(Monster m, WorldPath path, long playerSeq, long posArrivalNanos) {
        m.seq++;
        m.sentPlayerSeq = playerSeq;
        String session = m.target == null ? null : m.target.sessionId;
        outbox.add(new WorldEvent.NavPathReady(session, m.id, m.seq, playerSeq, path, m.speed, posArrivalNanos, map,
                m.editArrivalNanos, m.wireState(), m.targetName(), viewerIds(m)));
    }

    private static List<String> viewerIds(Monster m) {
        int n = m.viewers.size();
        String[] ids = new String[n];
        for (int i = 0; i < n; i++) {
            ids[i] = m.viewers.get(i).sessionId;
        }
        return List.of(ids);
    }

    /** Tells the world's authority sessions what a monster did ({@code monster_event}). */
    void notice(Monster m, String event, String target, String route, int index) {
        List<String> to = players.authorities();
        if (!to.isEmpty()) {
            outbox.add(new WorldEvent.Notice(m.id, event, target, route, index, List.copyOf(to)));
        }
    }

    /** Announces view changes as {@code monster_enter} (with the current path when moving) and {@code monster_leave}. */
    private final Interest.Announcer announcer = new Interest.Announcer() {
        @Override
        public void entered(ViewSet view, Monster m) {
            double y = map.transform().originY();
            WorldEvent.NavPathReady path = null;
            if (m.path != null && m.state.following() && !m.state.local()) {
                path = new WorldEvent.NavPathReady(null, m.id, m.seq, m.sentPlayerSeq, m.path, m.speed, 0,
                        m.pathMap, 0, m.wireState(), m.targetName(), List.of(view.sessionId));
            }
            outbox.add(new WorldEvent.MonsterEntered(view.sessionId, m.id, m.kind.name(), new Vec3(m.x, y, m.z),
                    m.kind.radiusMeters(), m.speed, m.wireState(), m.targetName(), new Vec3(m.homeX, y, m.homeZ),
                    path));
        }

        @Override
        public void left(ViewSet view, Monster m, String reason) {
            outbox.add(new WorldEvent.MonsterLeft(view.sessionId, m.id, reason));
        }
    };

    Interest.Announcer announcer() {
        return announcer;
    }

    Interest interest() {
        return interest;
    }

    /**
     * One tick at world time {@code nowSeconds}: apply finished plans, run behaviours, decide and submit plans, move
     * monsters by {@code dtSeconds}, switch local navigation, separate bodies, update views, announce state changes
     * and queue due snapshots.
     */
    public void tick(double nowSeconds, double dtSeconds) {
        now = nowSeconds;
        applyFinishedPlans();
        planMovedPlayers(); // positions that arrived since the last pass count as arrivals, not as tick findings
        brain.tick();
        flushDespawns();
        fileSpawns.tick(now);
        for (Monster m : monsters.values()) {
            planning.consider(m, true, map, rule, now);
        }
        planning.submit(map, edits.generation(), settings, now);
        double rP = settings.playerRadiusMeters();
        double on = settings.localNavDistanceMeters();
        double off = on + settings.localNavHysteresisMeters();
        Collection<Player> all = players.all();
        slots.update(all, map, settings, now, outbox, metrics);
        for (Monster m : monsters.values()) {
            double body = m.kind.radiusMeters() + rP; // each monster keeps its own kind's body from the player
            mover.move(m, map, dtSeconds, Math.max(settings.stoppingDistanceMeters(), body), body);
        }
        if (avoidance != null) {
            avoidance.step(monsters.values(), all, map, rP, dtSeconds);
        }
        for (Monster m : monsters.values()) {
            switchLocalNav(m, on, off);
        }
        int overlaps = bodies.separate(monsters.values(), all, map, rP, now);
        if (overlaps > 0) {
            metrics.monsterOverlaps(overlaps);
        }
        announceStates();
        interest.update(all, monsters.values(), announcer);
        players.queueSnapshots(now);
    }

    private void flushDespawns() {
        for (Monster m : despawns) {
            despawn(m);
        }
        despawns.clear();
    }

    /** Sends {@code monster_state} to the viewers of every monster whose wire state or target changed. */
    private void announceStates() {
        for (Monster m : monsters.values()) {
            String state = m.wireState();
            String target = m.targetName();
            if (state.equals(m.sentState) && Objects.equals(target, m.sentTarget)) {
                continue;
            }
            m.sentState = state;
            m.sentTarget = target;
            if (!m.viewers.isEmpty()) {
                outbox.add(new WorldEvent.StateChanged(m.id, state, target, viewerIds(m)));
            }
        }
    }

    /**
     * Between ticks, at world time {@code nowSeconds} (not before the last tick's): applies the re-plan rule to the
     * monsters of players whose position changed since the last planning pass, so a due plan starts as soon as the
     * position that makes it due arrives instead of at the next tick. Movement stays on the tick.
     */
    public void planMoved(double nowSeconds) {
        now = Math.max(now, nowSeconds);
        planMovedPlayers();
    }

    /**
     * For every player whose position arrived since the last pass: switches its chasers' local navigation (a player
     * running out of local range is noticed by the position that takes it there, so the hand-back plan starts from
     * that position) and applies the re-plan rule to them; also plans monsters given a new goal meanwhile.
     */
    private void planMovedPlayers() {
        List<Player> moved = players.takeMoved();
        double on = settings.localNavDistanceMeters();
        double off = on + settings.localNavHysteresisMeters();
        for (Player p : moved) {
            for (Monster m : p.monsters) {
                switchLocalNav(m, on, off);
                planning.consider(m, false, map, rule, now);
            }
        }
        moved.clear();
        planning.submit(map, edits.generation(), settings, now);
    }

    private void switchLocalNav(Monster m, double on, double off) {
        switch (mover.switchLocalNav(m, on, off)) {
            case ON -> outbox.add(new WorldEvent.LocalNavChanged(m.target.sessionId, m.id, true,
                    slots.provisional(m, map, settings)));
            case OFF -> {
                SurroundSlots.release(m);
                outbox.add(new WorldEvent.LocalNavChanged(m.target.sessionId, m.id, false));
                PlanDispatcher.supersede(m); // a plan made during local mode may be stale
                dispatcher.submit(m, map, edits.generation(), now); // hand back with an immediate fresh nav_path
            }
            case NONE -> {
            }
        }
    }

    // ---- for the world's parts (package) ----

    double now() {
        return now;
    }

    PathPlanner planner() {
        return planner;
    }

    MonsterBrain brain() {
        return brain;
    }

    Spawner spawner() {
        return spawner;
    }

    Collection<Monster> monsterList() {
        return monsters.values();
    }

    Monster monster(String id) {
        return monsters.get(id);
    }

    Collection<Player> playerList() {
        return players.all();
    }

    boolean hasPlayer(Player p) {
        return players.contains(p);
    }

    Route route(String routeName) {
        return routes.get(routeName);
    }

    Map<String, Route> routes() {
        return routes;
    }

    Avoidance avoidance() {
        return avoidance;
    }

    // ---- observation (viewer, admin status, tests) ----

    /**
     * Copies the players (with a known position) and monsters for the live viewer; see {@link WorldView}. Tick
     * thread only.
     *
     * @param mapVersion version of a map snapshot (this world's map, or the one a path was planned on)
     */
    public WorldView view(ToLongFunction<GridMap> mapVersion) {
        Collection<Player> all = players.all();
        return WorldView.of(all, all.size(), monsters.values(), monsters.size(), routes.values(), map, mapVersion);
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

    /** Current chase state of a monster, or null when unknown. */
    public MonsterState monsterState(String monsterId) {
        Monster m = monsters.get(monsterId);
        return m == null ? null : m.state;
    }

    /** Current wire state of a monster ({@code idle}, {@code patrol}, {@code chase}, ...), or null when unknown. */
    public String monsterWireState(String monsterId) {
        Monster m = monsters.get(monsterId);
        return m == null ? null : m.wireState();
    }

    /** Ids of the monsters chasing a session's own player, in the order they started. */
    public List<String> monstersOf(String sessionId) {
        List<String> ids = new ArrayList<>();
        Player p = players.own(sessionId);
        if (p != null) {
            for (Monster m : p.monsters) {
                ids.add(m.id);
            }
        }
        return ids;
    }

    /** Ids of every monster, in spawn order. */
    public List<String> monsterIds() {
        return new ArrayList<>(monsters.keySet());
    }

    /** Ids of the monsters in a session's view, in the order they came in; empty for an unknown session. */
    public List<String> viewOf(String sessionId) {
        List<String> ids = new ArrayList<>();
        Player p = players.own(sessionId);
        if (p != null && p.view != null) {
            for (Monster m : p.view.monsters()) {
                ids.add(m.id);
            }
        }
        return ids;
    }
}
