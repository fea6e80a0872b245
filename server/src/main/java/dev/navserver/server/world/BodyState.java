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
     * Copies {@code all} in (none moved, none pinned) and re-indexes them and {@code players} in cells of side
     * {@code side} metres.
     */
    void load(Collection<Monster> all, Collection<Player> players, double side) {
        int n = all.size();
        ensureCapacity(n);
        int k = 0;
        for (Monster m : all) {
            monsters[k] = m;
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
        cells.side = side;
        cells.indexPlayers(players);
        cells.index(xs, zs, n);
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
        moved = new boolean[cap];
        pinned = new boolean[cap];
        pinnedList = new int[cap];
        cells.grow(cap);
    }

    static double sq(double v) {
        return v * v;
    }
}
