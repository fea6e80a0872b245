package dev.navserver.nav.search.four;

import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.search.core.IntPages;
import java.util.Arrays;

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
 * <p><b>Memory.</b> Per touched cell: a stamp and the cost packed with the parent direction
 * ({@code cost << 2 | direction}), two {@code int}s in pages of 64 padded ids ({@link IntPages}, 528 bytes a page)
 * allocated the first time one of their cells is reached, plus 4 bytes per 64 padded cells for the page table; the
 * two stacks grow by doubling with use (a node is pushed at most twice). So a search holds what it reached, not the
 * grid. Pages and stacks are kept and searches told apart by a generation stamp, so a repeat search over cells
 * already paged in allocates only its result; when more than {@link IntPages#RETAINED_BYTES} (64 MiB) is held at
 * {@link #begin}, pages and stacks are dropped first. {@link #scratchBytes()} reports what is held.
 *
 * <p><b>Slicing.</b> {@link #expandOne()} pops and expands one node; the operations do not depend on how calls
 * are grouped, so a sliced search gives the one-shot result.
 *
 * <p>Not thread-safe: part of one search context.
 */
public final class TwoBucketAStar {
    /** Largest padded side (width + 2 or height + 2) the packed stack entries hold. */
    public static final int MAX_PADDED_SIDE = 0xFFFF;

    /** Parent direction codes: the move that entered a node. */
    private static final byte LEFT = 0;
    private static final byte RIGHT = 1;
    private static final byte UP = 2;
    private static final byte DOWN = 3;

    /** log2 of the padded ids per page. */
    private static final int PAGE_SHIFT = 6;
    private static final int PAGE_MASK = (1 << PAGE_SHIFT) - 1;
    /** Stack entries allocated up front and after a drop. */
    private static final int INITIAL_STACK = 256;

    /**
     * Per-cell pages: for padded id p at {@code i = 2 * (p & PAGE_MASK)} of {@code pages[p >>> PAGE_SHIFT]},
     * {@code page[i] == gen} means seen, {@code gen + 1} closed, else unseen (as is an absent page);
     * {@code page[i + 1]} is the cost from the start shifted left by 2, or'ed with the parent direction.
     */
    private final IntPages table = new IntPages(PAGE_SHIFT, 2 << PAGE_SHIFT);
    private int[][] pages = table.pages;
    private int[] current = new int[INITIAL_STACK];
    private int[] later = new int[INITIAL_STACK];
    private int gen = 1;
    /** Scratch bytes kept between searches; more is dropped at {@link #begin}. */
    private final long retainedBytes;

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

    public TwoBucketAStar() {
        this(IntPages.RETAINED_BYTES);
    }

    /** A search that keeps at most {@code retainedBytes} of scratch between searches (tests use small bounds). */
    public TwoBucketAStar(long retainedBytes) {
        this.retainedBytes = retainedBytes;
    }

    /** Whether this search serves {@code grid}: uniform costs and padded sides within {@link #MAX_PADDED_SIDE}. */
    public static boolean applies(NavGrid grid) {
        return grid.uniformCost() && grid.stride() <= MAX_PADDED_SIDE && grid.height() + 2 <= MAX_PADDED_SIDE
                && grid.paddedSize() <= 1 << 30; // costs (< padded size) keep 2 bits for the direction
    }

    /** Begins a search from padded node {@code startP} to padded node {@code goalP}, both standable. */
    public void begin(NavGrid grid, int startP, int goalP) {
        begin(grid, grid.openRows(), startP, goalP);
    }

    /**
     * Begins a search over the cells set in {@code rows} (the layout of {@link NavGrid#openRows()}, a subset of
     * {@code grid}'s standable cells, e.g. {@link DeadEndTable#coreRows()}) from padded node {@code startP} to padded
     * node {@code goalP}, both set in {@code rows}.
     */
    public void begin(NavGrid grid, long[][] rows, int startP, int goalP) {
        this.rows = rows;
        stride = grid.stride();
        width = grid.width();
        int n = grid.paddedSize();
        if (scratchBytes() > retainedBytes) {
            table.drop(n);
            current = new int[INITIAL_STACK];
            later = new int[INITIAL_STACK];
        }
        table.cover(n);
        pages = table.pages;
        gen += 2;
        if (gen < 0) {
            table.clear();
            gen = 1;
        }
        this.startP = startP;
        this.goalP = goalP;
        goalX = goalP % stride;
        goalY = goalP / stride;
        found = false;
        exhausted = false;
        int[] startPage = pageOf(startP);
        startPage[at(startP)] = gen;
        startPage[at(startP) + 1] = 0;
        current[0] = pack(startP % stride, startP / stride);
        currentSize = 1;
        laterSize = 0;
        settle();
    }

    /** Whether the goal was popped: {@link #path()} is available. */
    public boolean found() {
        return found;
    }

    /** Whether the open list ran empty first: the goal is unreachable. */
    public boolean exhausted() {
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
                if (pages[p >>> PAGE_SHIFT][at(p)] != closed) {
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
    public void expandOne() {
        int e = current[--currentSize];
        int x = e & 0xFFFF;
        int y = e >>> 16;
        int s = stride;
        int p = y * s + x;
        int[] page = pages[p >>> PAGE_SHIFT];
        int a = at(p);
        page[a] = gen + 1;
        int ng = (page[a + 1] >>> 2) + 1;
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
        int[] page = pages[q >>> PAGE_SHIFT];
        if (page == null) {
            openFirst(q, entry, ng, dir, toward);
            return;
        }
        int a = at(q);
        int g = gen;
        int st = page[a];
        if (st == g + 1 || (st == g && page[a + 1] >>> 2 <= ng)) {
            return;
        }
        page[a] = g;
        page[a + 1] = ng << 2 | dir;
        push(entry, toward);
    }

    /** {@link #relax} of a node whose page is absent (unseen): allocates the page and opens the node. */
    private void openFirst(int q, int entry, int ng, byte dir, boolean toward) {
        int[] page = table.allocate(q >>> PAGE_SHIFT);
        int a = at(q);
        page[a] = gen;
        page[a + 1] = ng << 2 | dir;
        push(entry, toward);
    }

    /** Pushes a stack entry on the current {@code f}'s stack ({@code toward}) or the next one's. */
    private void push(int entry, boolean toward) {
        if (toward) {
            if (currentSize == current.length) {
                growCurrent();
            }
            current[currentSize++] = entry;
        } else {
            if (laterSize == later.length) {
                growLater();
            }
            later[laterSize++] = entry;
        }
    }

    // cold paths kept out of relax so that it stays small enough to inline
    private void growCurrent() {
        current = Arrays.copyOf(current, 2 * current.length);
    }

    private void growLater() {
        later = Arrays.copyOf(later, 2 * later.length);
    }

    /** Offset of padded id p's two ints in its page. */
    private static int at(int p) {
        return (p & PAGE_MASK) << 1;
    }

    /** The page of padded id p, allocated when absent. */
    private int[] pageOf(int p) {
        int[] page = pages[p >>> PAGE_SHIFT];
        return page != null ? page : table.allocate(p >>> PAGE_SHIFT);
    }

    /** Cost from the start of seen padded id p. */
    private int costOf(int p) {
        return pages[p >>> PAGE_SHIFT][at(p) + 1] >>> 2;
    }

    /**
     * Bytes this search holds now: cell pages, page table and the two stacks, array headers included. Between
     * {@link #begin} calls it only grows; {@link #begin} may drop it (see the class comment).
     */
    public long scratchBytes() {
        return table.bytes() + 2L * IntPages.ARRAY_HEADER + 4L * (current.length + later.length);
    }

    /** Length of the path in moves; valid once {@link #found()}. */
    public int length() {
        return costOf(goalP);
    }

    /** The path as map cell ids from start to goal; valid once {@link #found()}. Allocates the array. */
    public int[] path() {
        int[] cells = new int[length() + 1];
        pathInto(cells, 0);
        return cells;
    }

    /**
     * Writes the path as map cell ids from start to goal into {@code cells[from .. from + length()]}; valid once
     * {@link #found()}.
     */
    public void pathInto(int[] cells, int from) {
        int len = costOf(goalP);
        int s = stride;
        int q = goalP;
        for (int i = len; i >= 0; i--) {
            cells[from + i] = (q / s - 1) * width + q % s - 1;
            if (i > 0) {
                switch (pages[q >>> PAGE_SHIFT][at(q) + 1] & 3) {
                    case LEFT -> q += 1;
                    case RIGHT -> q -= 1;
                    case UP -> q += s;
                    default -> q -= s;
                }
            }
        }
    }

    /** Drops the reference to the last grid's array (scratch is kept). */
    public void release() {
        rows = null;
    }
}
