package dev.navserver.server.world;

import java.util.Collection;

/**
 * The monsters of one {@link BodySeparation} pass, by index {@code 0..count-1}: their positions copied into primitive
 * arrays for the pass and written back once, where each stood when the tick began, which ones the pass moved, and
 * which ones a wall held ({@link #pin}: their partners then take the whole push). Holds the pass's {@link BodyCells}.
 *
 * <p>Arrays grow to the largest crowd seen and are reused: no allocation per tick once grown. Tick thread only.
 */
final class BodyState {
    final BodyCells cells = new BodyCells();
    Monster[] monsters = new Monster[0];
    /** Where each monster stands now, metres. */
    double[] xs = new double[0];
    double[] zs = new double[0];
    /** Where each monster stood when the tick began, metres. */
    double[] startX = new double[0];
    double[] startZ = new double[0];
    /** Body radius of each monster, metres. */
    double[] radius = new double[0];
    /** Body radius of every player, metres. */
    double playerRadius;
    /** Whether the pass moved each monster (its position is written back). */
    boolean[] moved = new boolean[0];
    /** Whether a wall stopped all or part of monster i's push earlier this tick: its partners then take the whole. */
    boolean[] pinned = new boolean[0];
    /** The pinned monsters, {@code 0..pinnedCount-1}. */
    int[] pinnedList = new int[0];
    int pinnedCount;
    /** Monsters of the current pass. */
    int count;

    /**
     * Copies {@code all} in (none moved, none pinned), each with radius {@code rM} metres or, when {@code rM} is
     * NaN, its kind's {@link MonsterKind#radiusMeters()}; players have radius {@code rP} metres. Call
     * {@link #index} next, or {@link #store} to let go.
     *
     * @return the largest monster radius, metres
     */
    double load(Collection<Monster> all, double rM, double rP) {
        int n = all.size();
        ensureCapacity(n);
        int k = 0;
        double max = 0;
        for (Monster m : all) {
            monsters[k] = m;
            double r = Double.isNaN(rM) ? m.kind.radiusMeters() : rM;
            radius[k] = r;
            max = Math.max(max, r);
            xs[k] = m.x;
            zs[k] = m.z;
            startX[k] = m.tickStartX;
            startZ[k] = m.tickStartZ;
            moved[k] = false;
            pinned[k] = false;
            k++;
        }
        count = n;
        pinnedCount = 0;
        playerRadius = rP;
        return max;
    }

    /**
     * Indexes the loaded monsters and {@code players} in cells of side {@code side} metres, at least the largest
     * sum of radii of two bodies.
     */
    void index(Collection<Player> players, double side) {
        cells.side = side;
        cells.indexPlayers(players);
        cells.index(xs, zs, count);
    }

    /** Least distance allowed between monsters {@code i} and {@code j}, metres. */
    double minPair(int i, int j) {
        return radius[i] + radius[j];
    }

    /** Least distance allowed between monster {@code i} and a player, metres. */
    double minPlayer(int i) {
        return radius[i] + playerRadius;
    }

    /** Writes the moved monsters' positions back (marking them {@link Monster#pushed}) and lets go of them. */
    void store() {
        for (int i = 0; i < count; i++) {
            if (moved[i]) {
                Monster m = monsters[i];
                m.x = xs[i];
                m.z = zs[i];
                m.pushed = true;
            }
            monsters[i] = null;
        }
    }

    /** Moves monster {@code i} to ({@code x}, {@code z}) metres and re-hashes it. */
    void moveTo(int i, double x, double z) {
        xs[i] = x;
        zs[i] = z;
        moved[i] = true;
        cells.rehash(i, x, z);
    }

    void pin(int i) {
        if (!pinned[i]) {
            pinned[i] = true;
            pinnedList[pinnedCount++] = i;
        }
    }

    /** Whether monster {@code i} stands elsewhere than where the tick began. */
    boolean hasMoved(int i) {
        return xs[i] != startX[i] || zs[i] != startZ[i];
    }

    /** Current capacity in monsters. */
    int capacity() {
        return monsters.length;
    }

    private void ensureCapacity(int n) {
        if (monsters.length >= n) {
            return;
        }
        int cap = Math.max(16, Integer.highestOneBit(n - 1) << 1);
        monsters = new Monster[cap];
        xs = new double[cap];
        zs = new double[cap];
        startX = new double[cap];
        startZ = new double[cap];
        radius = new double[cap];
        moved = new boolean[cap];
        pinned = new boolean[cap];
        pinnedList = new int[cap];
        cells.grow(cap);
    }

    static double sq(double v) {
        return v * v;
    }
}
