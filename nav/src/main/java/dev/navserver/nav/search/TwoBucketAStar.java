package dev.navserver.nav.search;

import dev.navserver.nav.grid.NavGrid;

/**
 * Exact 4-connected shortest paths on uniform-cost grids: A* with the Manhattan heuristic whose open list is two
 * stacks of node ids instead of a heap.
 *
 * <p><b>Why two stacks.</b> Every move costs 1 and changes the Manhattan distance to the goal by exactly 1, so a
 * successor's {@code f = g + h} equals its parent's {@code f} (a move toward the goal) or exceeds it by 2 (a move
 * away). Popping all nodes of the current {@code f} before any of {@code f + 2} is therefore a correct A* order
 * (nondecreasing {@code f} with a consistent heuristic: a node's first pop has its optimal cost), and each push and
 * pop is O(1) with no comparisons and no floating point. The current stack is LIFO, so among equal {@code f} the
 * deepest node goes first, the tie-break toward larger {@code g} that makes A* walk straight at the goal across
 * open ground. A node is pushed at most twice (once at {@code f + 2}, then once at {@code f}); stale entries are
 * skipped when popped.
 *
 * <p><b>Against the alternatives.</b> A bidirectional bit-parallel BFS over {@link NavGrid#openRows()} was
 * built and measured first (issue 12, docs/performance.md): a 4-connected BFS front is a diamond with at most two
 * cells per row and layer, so it costs about one 64-bit word operation per visited cell, and being uninformed it
 * visits the whole disc around both ends; on the 121 x 81 maze it was no faster than the heap A*, on open maps
 * several times slower. A 4-connected Jump Point Search prunes symmetric paths in open areas but in a maze nearly
 * every cell is a corner or junction, and it still needs a heap.
 *
 * <p><b>Stack entries</b> are padded coordinates {@code y << 16 | x} (not padded ids), so that the direction test
 * needs no division; {@link #applies} checks that padded sides are at most 65,535 cells.
 *
 * <p><b>Memory.</b> Per padded cell: a stamp, a cost and a parent direction ({@code int}, {@code int},
 * {@code byte}), plus two stacks of up to twice the padded size in total; grown to the largest grid seen and
 * reused. Searches are told apart by a generation stamp, so a warm search allocates only its result.
 *
 * <p><b>Slicing.</b> {@link #expandOne()} pops and expands one node; the operations do not depend on how calls
 * are grouped, so a sliced search gives the one-shot result.
 *
 * <p>Not thread-safe: part of one search context.
 */
final class TwoBucketAStar {
    /** Largest padded side (width + 2 or height + 2) the packed stack entries hold. */
    static final int MAX_PADDED_SIDE = 0xFFFF;

    /** Parent direction codes: the move that entered a node. */
    private static final byte LEFT = 0;
    private static final byte RIGHT = 1;
    private static final byte UP = 2;
    private static final byte DOWN = 3;

    /** {@code stamp[p] == gen}: seen (cost in {@code cost[p]}); {@code gen + 1}: closed; else unseen. */
    private int[] stamp = new int[0];
    private int[] cost = new int[0];
    private byte[] parent = new byte[0];
    private int[] current = new int[0];
    private int[] later = new int[0];
    private int gen = 1;

    // the current search
    private long[][] rows;
    private int stride;
    private int width;
    private int startP;
    private int goalP;
    private int goalX;
    private int goalY;
    private int currentSize;
    private int laterSize;
    private boolean found;
    private boolean exhausted;

    /** Whether this search serves {@code grid}: uniform costs and padded sides within {@link #MAX_PADDED_SIDE}. */
    static boolean applies(NavGrid grid) {
        return grid.uniformCost() && grid.stride() <= MAX_PADDED_SIDE && grid.height() + 2 <= MAX_PADDED_SIDE;
    }

    /** Begins a search from padded node {@code startP} to padded node {@code goalP}, both standable. */
    void begin(NavGrid grid, int startP, int goalP) {
        rows = grid.openRows();
        stride = grid.stride();
        width = grid.width();
        int n = grid.paddedSize();
        if (stamp.length < n) {
            stamp = new int[n];
            cost = new int[n];
            parent = new byte[n];
            current = new int[n];
            later = new int[n];
            gen = 1;
        }
        gen += 2;
        if (gen < 0) {
            java.util.Arrays.fill(stamp, 0);
            gen = 1;
        }
        this.startP = startP;
        this.goalP = goalP;
        goalX = goalP % stride;
        goalY = goalP / stride;
        found = false;
        exhausted = false;
        stamp[startP] = gen;
        cost[startP] = 0;
        current[0] = pack(startP % stride, startP / stride);
        currentSize = 1;
        laterSize = 0;
        settle();
    }

    /** Whether the goal was popped: {@link #path()} is available. */
    boolean found() {
        return found;
    }

    /** Whether the open list ran empty first: the goal is unreachable. */
    boolean exhausted() {
        return exhausted;
    }

    /**
     * Drops stale entries from the top of the open list, moving to the next {@code f} when the current one is
     * empty, and detects the goal on top or exhaustion: after this the top entry, if any, is the next node to
     * expand.
     */
    private void settle() {
        int closed = gen + 1;
        while (true) {
            int s = stride;
            while (currentSize > 0) {
                int e = current[currentSize - 1];
                int p = (e >>> 16) * s + (e & 0xFFFF);
                if (stamp[p] != closed) {
                    found = p == goalP;
                    return;
                }
                currentSize--;
            }
            if (laterSize == 0) {
                exhausted = true;
                return;
            }
            int[] t = current;
            current = later;
            later = t;
            currentSize = laterSize;
            laterSize = 0;
        }
    }

    /** Pops and expands the next node. Call only while neither {@link #found()} nor {@link #exhausted()}. */
    void expandOne() {
        int e = current[--currentSize];
        int x = e & 0xFFFF;
        int y = e >>> 16;
        int s = stride;
        int p = y * s + x;
        stamp[p] = gen + 1;
        int ng = cost[p] + 1;
        // toward the goal keeps f; away adds 2
        relax(p - 1, e - 1, ng, LEFT, x > goalX);
        relax(p + 1, e + 1, ng, RIGHT, x < goalX);
        relax(p - s, e - (1 << 16), ng, UP, y > goalY);
        relax(p + s, e + (1 << 16), ng, DOWN, y < goalY);
        settle();
    }

    /** Stack entry of padded (x, y): {@code y << 16 | x}; padded sides are at most 65,535. */
    private static int pack(int x, int y) {
        return y << 16 | x;
    }

    private void relax(int q, int entry, int ng, byte dir, boolean toward) {
        if (!NavGrid.bit(rows[entry >>> 16], entry & 0xFFFF)) {
            return;
        }
        int st = stamp[q];
        int g = gen;
        if (st == g + 1 || (st == g && cost[q] <= ng)) {
            return;
        }
        stamp[q] = g;
        cost[q] = ng;
        parent[q] = dir;
        if (toward) {
            current[currentSize++] = entry;
        } else {
            later[laterSize++] = entry;
        }
    }

    /** Length of the path in moves; valid once {@link #found()}. */
    int length() {
        return cost[goalP];
    }

    /** The path as map cell ids from start to goal; valid once {@link #found()}. Allocates the array. */
    int[] path() {
        int len = cost[goalP];
        int[] cells = new int[len + 1];
        int s = stride;
        int q = goalP;
        for (int i = len; i >= 0; i--) {
            cells[i] = (q / s - 1) * width + q % s - 1;
            if (i > 0) {
                switch (parent[q]) {
                    case LEFT -> q += 1;
                    case RIGHT -> q -= 1;
                    case UP -> q += s;
                    default -> q -= s;
                }
            }
        }
        return cells;
    }

    /** Drops the reference to the last grid's array (scratch is kept). */
    void release() {
        rows = null;
    }
}
