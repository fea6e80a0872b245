package dev.navserver.nav.search.four;

import dev.navserver.nav.grid.NavGrid;
import java.util.Arrays;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * The dead ends of one {@link NavGrid} under 4-connected moves: its standable cells split into the <em>core</em>
 * (the 2-core of the 4-neighbour graph: what is left after repeatedly removing cells with at most one standable
 * neighbour left) and the <em>trees</em> removed on the way, each tree hanging off one core cell, its root, or
 * forming a whole island without a core (a maze without loops is one such tree).
 *
 * <p><b>Why it is exact.</b> A removed cell joins the rest of its island only through its root: a path that enters
 * a tree from the root must leave it through the root again. So (1) the shortest path between two cells of one tree
 * is the tree path through their lowest common ancestor, (2) a shortest path from a tree cell to a cell outside its
 * tree runs up the tree to the root first, and (3) the shortest path between two core cells stays in the core. The
 * 4-connected fast path ({@code PathSearch}) therefore walks up the trees of start and goal ({@link #parent}) and
 * searches ({@link TwoBucketAStar}) only the core ({@link #coreRows()}) between the two roots; on a perfect maze the
 * core is empty and a query is two walks up one tree, O(path length).
 *
 * <p><b>Storage.</b> Per padded cell one {@code int}: {@code depth << 2 | direction}, where depth is the number of
 * moves up to the root (0 for core cells, roots of coreless islands, walls and the border) and direction the move
 * to the parent (0 left, 1 right, 2 up, 3 down); plus the core as bit rows in the layout of {@link NavGrid#openRows()}.
 * Depths are below the padded size, at most 2^30 ({@link TwoBucketAStar#applies}), so the packed value read with
 * {@code >>>} is exact. 4 bytes per padded cell: 41 KB on the 121 x 81 maze, 1 MB on 512 x 512;
 * {@link #forGrid} builds none above {@link #MAX_TABLE_BYTES}. Building is linear in the padded size (one pass
 * over the bit rows, then work per removed cell) and holds 1 byte per padded cell and 4 per removed cell of scratch
 * while it runs.
 *
 * <p><b>When it pays.</b> Only where trees hold a fair share of the standable cells: with fewer than
 * {@code 1 /} {@link #MIN_TREE_SHARE} of them removed, {@link #forGrid} answers null and the fast path searches the
 * whole grid as before (an open field with scattered walls has almost no dead ends).
 *
 * <p><b>Validity.</b> A table belongs to exactly one {@link NavGrid} instance; edited maps have new grids, which get
 * their own table on first use (keyed by identity, weakly, as {@code LandmarkTable} is).
 *
 * <p>Immutable and thread-safe once built.
 */
public final class DeadEndTable {
    /** Largest table {@link #forGrid} builds, in bytes (16 Mi padded cells, e.g. 4094 x 4094). */
    public static final long MAX_TABLE_BYTES = 64L << 20;
    /** A table is kept only when at least one standable cell in this many is in a tree. */
    public static final int MIN_TREE_SHARE = 16;

    /** Tables by grid identity; {@link #NONE} marks a grid for which none pays or fits. */
    private static final Map<NavGrid, DeadEndTable> TABLES = Collections.synchronizedMap(new WeakHashMap<>());
    private static final DeadEndTable NONE = new DeadEndTable(new int[0], new long[0][], 0, 0);

    /** Build state bits (see {@link #build}). */
    private static final int REMOVED = 8;
    private static final int KNOWN = 16;
    /** Marks a parent direction during the build, before the depths are known. */
    private static final int PARENT = 4;
    /** Moves by direction code: left, right, up, down (the codes of {@link #parent}). */
    private static final int[] DX = {-1, 1, 0, 0};
    private static final int[] DY = {0, 0, -1, 1};

    private final int[] up;
    private final long[][] coreRows;
    private final int treeCells;
    private final int coreCells;

    private DeadEndTable(int[] up, long[][] coreRows, int treeCells, int coreCells) {
        this.up = up;
        this.coreRows = coreRows;
        this.treeCells = treeCells;
        this.coreCells = coreCells;
    }

    /**
     * The shared table of {@code grid}, built by the first caller (linear in the padded size; two threads asking at
     * once may both build, one result is kept).
     *
     * @return the table, or null when the grid is outside {@link TwoBucketAStar#applies}, the table would exceed
     *     {@link #MAX_TABLE_BYTES}, or too few cells are in trees ({@link #MIN_TREE_SHARE})
     */
    public static DeadEndTable forGrid(NavGrid grid) {
        DeadEndTable t = TABLES.get(grid);
        if (t == null) {
            DeadEndTable built = 4L * grid.paddedSize() > MAX_TABLE_BYTES || !TwoBucketAStar.applies(grid)
                    ? NONE : worthIt(build(grid));
            synchronized (TABLES) {
                t = TABLES.get(grid);
                if (t == null) {
                    TABLES.put(grid, built);
                    t = built;
                }
            }
        }
        return t == NONE ? null : t;
    }

    private static DeadEndTable worthIt(DeadEndTable t) {
        long open = (long) t.treeCells + t.coreCells;
        return open > 0 && (long) t.treeCells * MIN_TREE_SHARE >= open ? t : NONE;
    }

    /**
     * Builds the table of {@code grid} regardless of size and share (tests; {@link #forGrid} for searches). The grid
     * must satisfy {@link TwoBucketAStar#applies} (padded sides of at most 65,535 cells).
     *
     * <p>Peeling: the cells with at most one standable neighbour, found a 64-cell word at a time, start a queue; a
     * popped cell is removed, its parent is its one neighbour not yet removed (none: it is the root of a coreless
     * island), and a neighbour left with one is queued. Parents are removed after their children or never (core),
     * so one pass over the queue backwards gives every depth.
     */
    public static DeadEndTable build(NavGrid grid) {
        long[][] rows = grid.openRows();
        int s = grid.stride();
        int n = grid.paddedSize();
        int words = grid.rowWords();
        byte[] state = new byte[n];
        int[] up = new int[n];
        int open = 0;
        int tail = 0;
        int[] queue = new int[64];
        // cells with at most one standable neighbour, as packed y << 16 | x
        for (int y = 1; y < rows.length - 1; y++) {
            long[] row = rows[y];
            long[] above = rows[y - 1];
            long[] below = rows[y + 1];
            for (int i = 0; i < words; i++) {
                long here = row[i];
                if (here == 0) {
                    continue;
                }
                open += Long.bitCount(here);
                long left = here << 1 | (i > 0 ? row[i - 1] >>> 63 : 0);
                long right = here >>> 1 | (i + 1 < words ? row[i + 1] << 63 : 0);
                long vertical = above[i] ^ below[i];
                long horizontal = left ^ right;
                long twoOrMore = (left & right) | (above[i] & below[i]) | (vertical & horizontal);
                long low = here & ~twoOrMore;
                while (low != 0) {
                    int x = i << 6 | Long.numberOfTrailingZeros(low);
                    low &= low - 1;
                    if (tail == queue.length) {
                        queue = Arrays.copyOf(queue, Math.min(2 * tail, n));
                    }
                    queue[tail++] = y << 16 | x;
                }
            }
        }
        // state of a cell: REMOVED, and once KNOWN its standable neighbours not yet removed in the low 3 bits
        for (int head = 0; head < tail; head++) {
            int e = queue[head];
            int x = e & 0xFFFF;
            int y = e >>> 16;
            int p = y * s + x;
            state[p] |= REMOVED;
            int parent = 0;
            for (int k = 0; k < 4; k++) {
                int qx = x + DX[k];
                int qy = y + DY[k];
                int q = qy * s + qx;
                if (!NavGrid.bit(rows[qy], qx) || (state[q] & REMOVED) != 0) {
                    continue;
                }
                parent = k | PARENT; // at most one such neighbour: the cell was queued with one left
                int count = (state[q] & KNOWN) != 0 ? state[q] & 7 : openNeighbours(rows, qx, qy);
                count--;
                state[q] = (byte) (KNOWN | count);
                if (count == 1) {
                    if (tail == queue.length) {
                        queue = Arrays.copyOf(queue, Math.min(2 * tail, n));
                    }
                    queue[tail++] = qy << 16 | qx;
                }
            }
            up[p] = parent;
        }
        // depths, parents first; the core is what was never removed
        long[][] core = new long[rows.length][];
        for (int y = 0; y < rows.length; y++) {
            core[y] = rows[y].clone();
        }
        for (int i = tail - 1; i >= 0; i--) {
            int e = queue[i];
            int x = e & 0xFFFF;
            int y = e >>> 16;
            core[y][x >>> 6] &= ~(1L << x);
            int p = y * s + x;
            int v = up[p];
            if ((v & PARENT) != 0) {
                int k = v & 3;
                int q = (y + DY[k]) * s + x + DX[k];
                up[p] = ((up[q] >>> 2) + 1) << 2 | k;
            }
        }
        return new DeadEndTable(up, core, tail, open - tail);
    }

    private static int openNeighbours(long[][] rows, int x, int y) {
        int d = 0;
        for (int k = 0; k < 4; k++) {
            if (NavGrid.bit(rows[y + DY[k]], x + DX[k])) {
                d++;
            }
        }
        return d;
    }

    /** Moves from padded cell {@code p} up to its root; 0 for core cells, roots, walls and the border. */
    public int depth(int p) {
        return up[p] >>> 2;
    }

    /** The parent of tree cell {@code p} (depth > 0) as a padded id, on a grid of padded width {@code stride}. */
    public int parent(int p, int stride) {
        switch (up[p] & 3) {
            case 0:
                return p - 1;
            case 1:
                return p + 1;
            case 2:
                return p - stride;
            default:
                return p + stride;
        }
    }

    /** The core's cells as bit rows in the layout of {@link NavGrid#openRows()}; shared, read only. */
    public long[][] coreRows() {
        return coreRows;
    }

    /** Standable cells in trees (not in the core). */
    public int treeCells() {
        return treeCells;
    }

    /** Standable cells in the core. */
    public int coreCells() {
        return coreCells;
    }
}
