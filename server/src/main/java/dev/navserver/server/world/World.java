package dev.navserver.server.world;

import dev.navserver.nav.crowd.OrcaParams;
import dev.navserver.nav.grid.GridMap;
import dev.navserver.protocol.message.CellRect;
import dev.navserver.server.config.NavServerConfig.Chase;
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
 * the parts that each do one job: {@link MonsterBrain} (behaviours, aggro, leash), {@link PlanningPass},
 * {@link PlanDispatcher} and {@link PlanAdopter} (plans), {@link WorldMotion} (movement, bodies, local navigation),
 * {@link Interest} and {@link WorldAnnouncer} (views, what sessions hear), {@link MapChanges} and
 * {@link EditTracker} (new maps), {@link WorldPlayers}, {@link MonsterLife}, {@link MonsterOrders} and
 * {@link WorldFileSpawns}. It never calls up: what sessions must hear is appended to its {@link #outbox()}, which the
 * game loop drains.
 *
 * <p><b>Threading.</b> Every method is for the tick thread only; plans run on the planner {@link Executor} and
 * come back through {@link #applyFinishedPlans()}.
 */
public final class World {
    private final String name;
    private final PathPlanner planner;
    private final WorldMetrics metrics;
    private final Spawner spawner;
    private final PlanDispatcher dispatcher;
    private final PlanningPass planning;
    private final WorldMotion motion;
    private final MonsterBrain brain;
    private final Interest interest = new Interest(40, 5);
    private final WorldPlayers players;
    private final MonsterOrders orders;
    private final WorldOutbox outbox = new WorldOutbox();
    private final EditTracker edits = new EditTracker();
    private final WorldFileSpawns fileSpawns;
    private final WorldAnnouncer announce = new WorldAnnouncer(this);
    private final PlanAdopter adopter;
    private final MapChanges mapChanges;
    private final WorldInspection inspection = new WorldInspection(this);
    private final MonsterLife monsterLife;

    private GridMap map;
    private Chase settings;
    private ReplanRule rule;
    private double now;
    private Map<String, MonsterKind> kinds = Map.of();

    private final Map<String, Monster> monsters = new LinkedHashMap<>();
    private final Map<String, Route> routes = new HashMap<>();

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
        this.motion = new WorldMotion(this, planner, dispatcher, metrics);
        this.brain = new MonsterBrain(this, new SplittableRandom(name.hashCode()));
        this.players = new WorldPlayers(this);
        this.orders = new MonsterOrders(this);
        this.fileSpawns = new WorldFileSpawns(this, name.hashCode() * 31L + 1);
        this.adopter = new PlanAdopter(this, planner, metrics);
        this.monsterLife = new MonsterLife(this, spawner);
        this.mapChanges = new MapChanges(this, edits, dispatcher);
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

    /** Replaces the map (a reload); see {@link MapChanges#reloaded}. Returns the names of the routes removed. */
    public List<String> setMap(GridMap newMap) {
        this.map = Objects.requireNonNull(newMap);
        return mapChanges.reloaded(newMap);
    }

    /**
     * Replaces the map by an edited version of it ({@code map_edit}); see {@link MapChanges#edited}.
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
        return mapChanges.edited(edited, areas, arrivalNanos, now);
    }

    /**
     * Switches reciprocal avoidance among moving monsters on ({@link Avoidance}, ORCA) with these parameters, or
     * off ({@code null}; the default). Hot: a change takes effect at the next tick, agents keep no state across a
     * switch. Tick thread.
     */
    public void setAvoidance(OrcaParams params) {
        motion.setAvoidance(params, monsters.values(), players.all());
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
        Monster m = monsterLife.spawnChaser(p, x, z);
        return new SpawnResult(SpawnStatus.SPAWNED, m.id, x, map.transform().originY(), z);
    }

    WorldFileSpawns fileSpawns() {
        return fileSpawns;
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

    /**
     * Applies every plan that finished since the last call: adopts its path and announces it unless the monster is
     * under local navigation; superseded results are dropped.
     *
     * @return number of results adopted
     */
    public int applyFinishedPlans() {
        return dispatcher.applyFinished(monsters, edits.generation(), edits::stillValid, adopter);
    }

    /** What the world tells its sessions about its monsters. */
    WorldAnnouncer announce() {
        return announce;
    }

    Interest interest() {
        return interest;
    }

    /** One tick at world time {@code nowSeconds}: plans, behaviours, movement by {@code dtSeconds}, views, news. */
    public void tick(double nowSeconds, double dtSeconds) {
        now = nowSeconds;
        PhaseClock clock = motion.clock();
        clock.start();
        applyFinishedPlans();
        planMovedPlayers(); // positions that arrived since the last pass count as arrivals, not as tick findings
        clock.lap(TickPhase.PLANS);
        brain.tick();
        monsterLife.flushDespawns();
        fileSpawns.tick(now);
        for (Monster m : monsters.values()) {
            planning.consider(m, true, map, rule, now);
        }
        planning.submit(map, edits.generation(), settings, now);
        clock.lap(TickPhase.BEHAVIOUR);
        Collection<Player> all = players.all();
        motion.step(monsters.values(), all, dtSeconds, now);
        announce.states(monsters.values());
        interest.update(all, monsters.values(), announce); // every tick: a snapshot lists the view as it is now
        clock.lap(TickPhase.VIEWS);
        players.queueSnapshots(now);
        clock.lap(TickPhase.SNAPSHOTS);
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
                motion.switchLocalNav(m, on, off, now);
                planning.consider(m, false, map, rule, now);
            }
        }
        moved.clear();
        planning.submit(map, edits.generation(), settings, now);
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

    /** Spawns and despawns. */
    MonsterLife life() {
        return monsterLife;
    }

    /** The monsters by id, in spawn order; live. */
    Map<String, Monster> monsterMap() {
        return monsters;
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
        return motion.avoidance();
    }

    /** The current map generation (one up per load and per edit). */
    long generation() {
        return edits.generation();
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

    /** Read-only questions about the world's monsters (tests, admin status). */
    public WorldInspection inspect() {
        return inspection;
    }
}
