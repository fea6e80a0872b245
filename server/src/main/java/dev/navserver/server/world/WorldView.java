package dev.navserver.server.world;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.smooth.WorldPath;
import java.util.function.ToLongFunction;

/**
 * A copy of a {@link World}'s players and monsters at one instant, for the live viewer: parallel arrays indexed by
 * player or monster (in the world's order, spawn order for monsters). Paths are shared references to immutable
 * {@link WorldPath}s, never copied. Immutable after {@link World#view} returns it; thread-safe.
 *
 * <p>Positions are world metres; a monster's {@code y} is the map's {@code originY}. Absent values are
 * {@link Double#NaN} ({@link #lastPlan}) or {@link #NONE} ({@link #playerSeq}, {@link #pathMapVersion}).
 */
public final class WorldView {
    /** Marks an absent {@code long} value. */
    public static final long NONE = Long.MIN_VALUE;
    /** A world without players or monsters. */
    public static final WorldView EMPTY = new WorldView(0, 0);

    final String[] playerIds;
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

    WorldView(int players, int monsters) {
        playerIds = new String[players];
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
    }

    /**
     * Copies a world's players (those with a known position) and monsters. Tick thread only (it reads live world
     * state); costs one pass over the players and one over the monsters, no per-monster allocation.
     *
     * @param mapVersion the version of a map a path was planned on (called once per distinct map, not per monster)
     */
    static WorldView of(Iterable<Player> players, int playerCount, Iterable<Monster> monsters, int monsterCount,
            GridMap current, ToLongFunction<GridMap> mapVersion) {
        int withPos = 0;
        for (Player p : players) {
            if (p.hasPos) {
                withPos++;
            }
        }
        WorldView v = new WorldView(withPos, monsterCount);
        int i = 0;
        for (Player p : players) {
            if (!p.hasPos) {
                continue;
            }
            v.playerIds[i] = p.sessionId;
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
            j++;
        }
        return v;
    }

    public int playerCount() {
        return playerIds.length;
    }

    /** Session id of player {@code i}. */
    public String playerId(int i) {
        return playerIds[i];
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

    /** Session id of the player monster {@code i} chases. */
    public String monsterPlayer(int i) {
        return monsterPlayers[i];
    }

    public double monsterX(int i) {
        return monsterX[i];
    }

    public double monsterZ(int i) {
        return monsterZ[i];
    }

    public MonsterState state(int i) {
        return states[i];
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

    /** A view built from explicit rows, in the given order (tests and benchmarks). */
    public static WorldView of(java.util.List<PlayerRow> players, java.util.List<MonsterRow> monsters) {
        WorldView v = new WorldView(players.size(), monsters.size());
        for (int i = 0; i < players.size(); i++) {
            PlayerRow p = players.get(i);
            v.playerIds[i] = p.id();
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
        }
        return v;
    }

    /** One player of {@link #of(java.util.List, java.util.List)}. */
    public record PlayerRow(String id, double x, double y, double z, long seq) {
    }

    /** One monster of {@link #of(java.util.List, java.util.List)}; absent values as in {@link WorldView}. */
    public record MonsterRow(String id, String player, double x, double z, MonsterState state, double lastPlan,
            long playerSeq, WorldPath path, long pathMapVersion, long pathSeq) {
    }
}
