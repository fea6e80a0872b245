package dev.navserver.server.world;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.smooth.WorldPath;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.function.ToLongFunction;

/**
 * A copy of a {@link World}'s players, monsters and routes at one instant, for the live viewer: parallel arrays
 * indexed by player or monster (in the world's order, spawn order for monsters), routes by name. Paths, kinds and
 * routes are shared references to immutable objects, never copied. Immutable after {@link World#view} returns it;
 * thread-safe.
 *
 * <p>Positions are world metres; a monster's {@code y} is the map's {@code originY}. Absent values are
 * {@link Double#NaN} ({@link #lastPlan}, {@link #wanderRadius}), {@link #NONE} ({@link #playerSeq},
 * {@link #pathMapVersion}) or null ({@link #monsterPlayer}, {@link #target}, {@link #patrolRoute}).
 */
public final class WorldView {
    /** Marks an absent {@code long} value. */
    public static final long NONE = Long.MIN_VALUE;
    /** A world without players or monsters. */
    public static final WorldView EMPTY = new WorldView(0, 0, new Route[0]);
    private static final Comparator<Route> BY_NAME = Comparator.comparing(Route::name);

    final String[] playerIds;
    final String[] playerNames;
    final double[] playerX;
    final double[] playerY;
    final double[] playerZ;
    final long[] playerSeqs;

    final String[] monsterIds;
    final String[] monsterPlayers;
    final double[] monsterX;
    final double[] monsterZ;
    final MonsterState[] states;
    final double[] lastPlans;
    final long[] planPlayerSeqs;
    final WorldPath[] paths;
    final long[] pathVersions;
    final long[] pathSeqs;
    final MonsterKind[] kinds;
    final String[] wireStates;
    final String[] targets;
    final double[] homeX;
    final double[] homeZ;
    final String[] behaviours;
    final String[] patrolRoutes;
    final double[] wanderRadii;
    final Route[] routes;

    WorldView(int players, int monsters, Route[] routes) {
        playerIds = new String[players];
        playerNames = new String[players];
        playerX = new double[players];
        playerY = new double[players];
        playerZ = new double[players];
        playerSeqs = new long[players];
        monsterIds = new String[monsters];
        monsterPlayers = new String[monsters];
        monsterX = new double[monsters];
        monsterZ = new double[monsters];
        states = new MonsterState[monsters];
        lastPlans = new double[monsters];
        planPlayerSeqs = new long[monsters];
        paths = new WorldPath[monsters];
        pathVersions = new long[monsters];
        pathSeqs = new long[monsters];
        kinds = new MonsterKind[monsters];
        wireStates = new String[monsters];
        targets = new String[monsters];
        homeX = new double[monsters];
        homeZ = new double[monsters];
        behaviours = new String[monsters];
        patrolRoutes = new String[monsters];
        wanderRadii = new double[monsters];
        this.routes = routes;
    }

    /**
     * Copies a world's players (those with a known position), monsters and routes. Tick thread only (it reads live
     * world state); costs one pass over the players and one over the monsters, no per-monster allocation (one id
     * string per player an authority manages, one array of the routes sorted by name).
     *
     * @param mapVersion the version of a map a path was planned on (called once per distinct map, not per monster)
     */
    static WorldView of(Iterable<Player> players, int playerCount, Iterable<Monster> monsters, int monsterCount,
            Collection<Route> routes, GridMap current, ToLongFunction<GridMap> mapVersion) {
        int withPos = 0;
        for (Player p : players) {
            if (p.hasPos) {
                withPos++;
            }
        }
        Route[] sorted = routes.toArray(new Route[0]);
        Arrays.sort(sorted, BY_NAME);
        WorldView v = new WorldView(withPos, monsterCount, sorted);
        int i = 0;
        for (Player p : players) {
            if (!p.hasPos) {
                continue;
            }
            // several managed players share their authority's session: the name tells them apart
            v.playerIds[i] = p.managed ? p.sessionId + "/" + p.name : p.sessionId;
            v.playerNames[i] = p.name;
            v.playerX[i] = p.x;
            v.playerY[i] = p.y;
            v.playerZ[i] = p.z;
            v.playerSeqs[i] = p.seq;
            i++;
        }
        long currentVersion = mapVersion.applyAsLong(current);
        GridMap otherMap = null;
        long otherVersion = NONE;
        int j = 0;
        for (Monster m : monsters) {
            v.monsterIds[j] = m.id;
            v.monsterPlayers[j] = m.target == null ? null : m.target.sessionId;
            v.monsterX[j] = m.x;
            v.monsterZ[j] = m.z;
            v.states[j] = m.state;
            v.lastPlans[j] = m.lastPlanTime == Double.NEGATIVE_INFINITY ? Double.NaN : m.lastPlanTime;
            v.planPlayerSeqs[j] = m.planPlayerSeq;
            v.paths[j] = m.path;
            GridMap pm = m.pathMap;
            if (pm == null) {
                v.pathVersions[j] = NONE;
            } else if (pm == current) {
                v.pathVersions[j] = currentVersion;
            } else {
                if (pm != otherMap) {
                    otherMap = pm;
                    otherVersion = mapVersion.applyAsLong(pm);
                }
                v.pathVersions[j] = otherVersion;
            }
            v.pathSeqs[j] = m.seq;
            v.kinds[j] = m.kind;
            v.wireStates[j] = m.wireState();
            v.targets[j] = m.targetName();
            v.homeX[j] = m.homeX;
            v.homeZ[j] = m.homeZ;
            v.wanderRadii[j] = Double.NaN;
            if (m.base instanceof Patrol patrol) {
                v.behaviours[j] = "patrol";
                v.patrolRoutes[j] = patrol.route;
            } else if (m.base instanceof Wander wander) {
                v.behaviours[j] = "wander";
                v.wanderRadii[j] = wander.radiusMeters;
            } else {
                v.behaviours[j] = "idle";
            }
            j++;
        }
        return v;
    }

    public int playerCount() {
        return playerIds.length;
    }

    /**
     * Id of player {@code i}, unique within the view: its session id, or {@code <authority session>/<name>} for a
     * player an authority manages.
     */
    public String playerId(int i) {
        return playerIds[i];
    }

    /** Name of player {@code i} (what chase targets and {@link #target} name). */
    public String playerName(int i) {
        return playerNames[i];
    }

    public double playerX(int i) {
        return playerX[i];
    }

    public double playerY(int i) {
        return playerY[i];
    }

    public double playerZ(int i) {
        return playerZ[i];
    }

    /** {@code seq} of player {@code i}'s last {@code player_pos}. */
    public long playerSeq(int i) {
        return playerSeqs[i];
    }

    public int monsterCount() {
        return monsterIds.length;
    }

    public String monsterId(int i) {
        return monsterIds[i];
    }

    /** Session id of the player monster {@code i} chases, null when it chases nobody. */
    public String monsterPlayer(int i) {
        return monsterPlayers[i];
    }

    public double monsterX(int i) {
        return monsterX[i];
    }

    public double monsterZ(int i) {
        return monsterZ[i];
    }

    /** Monster {@code i}'s chase machinery state ({@link MonsterState#IDLE} when it does not chase). */
    public MonsterState state(int i) {
        return states[i];
    }

    /** Monster {@code i}'s wire state as in {@code monster_state}: {@code idle}, {@code wander}, ... */
    public String wireState(int i) {
        return wireStates[i];
    }

    public MonsterKind kind(int i) {
        return kinds[i];
    }

    /** Name of the player monster {@code i} chases, follows or flees, or null. */
    public String target(int i) {
        return targets[i];
    }

    /** World x of monster {@code i}'s home, metres. */
    public double homeX(int i) {
        return homeX[i];
    }

    /** World z of monster {@code i}'s home, metres. */
    public double homeZ(int i) {
        return homeZ[i];
    }

    /** Monster {@code i}'s default behaviour: {@code idle}, {@code wander} or {@code patrol}. */
    public String behaviour(int i) {
        return behaviours[i];
    }

    /** Name of the route monster {@code i} patrols by default (defined or not), or null when it does not patrol. */
    public String patrolRoute(int i) {
        return patrolRoutes[i];
    }

    /** Radius around home that monster {@code i} wanders in by default, metres; NaN when it does not wander. */
    public double wanderRadius(int i) {
        return wanderRadii[i];
    }

    /** Number of routes of the world. */
    public int routeCount() {
        return routes.length;
    }

    /** Route {@code i}, in name order (shared, immutable). */
    public Route route(int i) {
        return routes[i];
    }

    /** World time (seconds) of monster {@code i}'s last plan submission, {@link Double#NaN} before the first. */
    public double lastPlan(int i) {
        return lastPlans[i];
    }

    /** {@code seq} of the {@code player_pos} monster {@code i}'s last plan aimed at, {@link #NONE} before the first. */
    public long planPlayerSeq(int i) {
        return planPlayerSeqs[i];
    }

    /** Monster {@code i}'s adopted path (shared, immutable), or null before the first. */
    public WorldPath path(int i) {
        return paths[i];
    }

    /** Version of the map monster {@code i}'s path was planned on, {@link #NONE} without a path. */
    public long pathMapVersion(int i) {
        return pathVersions[i];
    }

    /** {@code seq} of the last {@code nav_path} sent for monster {@code i} (0 before the first). */
    public long pathSeq(int i) {
        return pathSeqs[i];
    }

    /** A view without routes built from explicit rows, in the given order (tests and benchmarks). */
    public static WorldView of(List<PlayerRow> players, List<MonsterRow> monsters) {
        return of(players, monsters, List.of());
    }

    /** A view built from explicit rows, in the given order, and routes (sorted by name here). */
    public static WorldView of(List<PlayerRow> players, List<MonsterRow> monsters, List<Route> routes) {
        Route[] sorted = routes.toArray(new Route[0]);
        Arrays.sort(sorted, BY_NAME);
        WorldView v = new WorldView(players.size(), monsters.size(), sorted);
        for (int i = 0; i < players.size(); i++) {
            PlayerRow p = players.get(i);
            v.playerIds[i] = p.id();
            v.playerNames[i] = p.name();
            v.playerX[i] = p.x();
            v.playerY[i] = p.y();
            v.playerZ[i] = p.z();
            v.playerSeqs[i] = p.seq();
        }
        for (int j = 0; j < monsters.size(); j++) {
            MonsterRow m = monsters.get(j);
            v.monsterIds[j] = m.id();
            v.monsterPlayers[j] = m.player();
            v.monsterX[j] = m.x();
            v.monsterZ[j] = m.z();
            v.states[j] = m.state();
            v.lastPlans[j] = m.lastPlan();
            v.planPlayerSeqs[j] = m.playerSeq();
            v.paths[j] = m.path();
            v.pathVersions[j] = m.pathMapVersion();
            v.pathSeqs[j] = m.pathSeq();
            v.kinds[j] = m.kind();
            v.wireStates[j] = m.wireState();
            v.targets[j] = m.target();
            v.homeX[j] = m.homeX();
            v.homeZ[j] = m.homeZ();
            v.behaviours[j] = m.behaviour();
            v.patrolRoutes[j] = m.patrolRoute();
            v.wanderRadii[j] = m.wanderRadius();
        }
        return v;
    }

    /** One player of {@link #of(List, List, List)}. */
    public record PlayerRow(String id, double x, double y, double z, long seq, String name) {
        /** A session's own player named like its session. */
        public PlayerRow(String id, double x, double y, double z, long seq) {
            this(id, x, y, z, seq, id);
        }
    }

    /** One monster of {@link #of(List, List, List)}; absent values as in {@link WorldView}. */
    public record MonsterRow(String id, String player, double x, double z, MonsterState state, double lastPlan,
            long playerSeq, WorldPath path, long pathMapVersion, long pathSeq, MonsterKind kind, String wireState,
            String target, double homeX, double homeZ, String behaviour, String patrolRoute, double wanderRadius) {
        /**
         * A monster of the default kind (speed 2 m/s, no aggro, no leash), idle by default, home at (0, 0), its wire
         * state {@code state.wire()}, chasing the player of session {@code player} (named alike) if any.
         */
        public MonsterRow(String id, String player, double x, double z, MonsterState state, double lastPlan,
                long playerSeq, WorldPath path, long pathMapVersion, long pathSeq) {
            this(id, player, x, z, state, lastPlan, playerSeq, path, pathMapVersion, pathSeq,
                    new MonsterKind(MonsterKind.DEFAULT_NAME, 2, 0, 0, 0, 0), state.wire(), player, 0, 0, "idle",
                    null, Double.NaN);
        }
    }
}
