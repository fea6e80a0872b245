package dev.navserver.nav.search.field;

import static dev.navserver.nav.search.field.FieldPages.CLOSED;
import static dev.navserver.nav.search.field.FieldPages.DIRECTION;
import static dev.navserver.nav.search.field.FieldPages.OPEN;
import static dev.navserver.nav.search.field.FieldPages.PAGE_MASK;
import static dev.navserver.nav.search.field.FieldPages.PAGE_SHIFT;
import static dev.navserver.nav.search.field.FieldPages.RANK;
import static dev.navserver.nav.search.field.FieldPages.SOURCE;
import static dev.navserver.nav.search.field.FieldPages.TURNS;

import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.search.core.IntDoubleHeap;
import dev.navserver.nav.search.core.IntDoubleMap;

/**
 * One run of an integration field's Dijkstra: from a goal cell over a rectangular region of a {@link NavGrid},
 * settling cells in order of field value (Dial's buckets of width 1 on uniform-cost grids, a binary heap on
 * weighted ones) until every required source is settled, then the exactness check of the sources against the
 * region's rim. The moves, values, tie rule and region are those of {@code IntegrationField}'s class comment; the
 * cell bytes live in {@link FieldPages}.
 *
 * <p>Not thread-safe: part of one {@code IntegrationField}.
 */
public final class RegionDijkstra {
    private static final double SQRT2 = Math.sqrt(2.0);
    private static final int N = 0;
    private static final int S = 1;
    private static final int W = 2;
    private static final int E = 3;
    private static final int NW = 4;
    private static final int NE = 5;
    private static final int SW = 6;
    private static final int SE = 7;
    private static final int INITIAL_HEAP = 256;

    /** The cell bytes, by region-local id. */
    public final FieldPages pages = new FieldPages();
    private final FieldRim rim = new FieldRim();
    /** Values of the open cells by region-local id. */
    private final IntDoubleMap frontier = new IntDoubleMap();
    /** Values of the settled required sources by padded id. */
    private final IntDoubleMap sourceValues = new IntDoubleMap();
    /**
     * Bucket queue of uniform-cost builds: region-local ids of open cells by their value's floor when pushed (a
     * stale entry is skipped when popped because the cell is closed by then).
     */
    private final DialQueue buckets = new DialQueue();
    /**
     * Binary min-heap of weighted builds: region-local id and the value it was offered; a cell offered a lower
     * value is pushed again and its older entry skipped when popped (the cell is closed by then).
     */
    private IntDoubleHeap heap = new IntDoubleHeap(INITIAL_HEAP);
    /** Whether the last run used {@link #buckets} (uniform cost) rather than the heap. */
    private boolean bucketed;

    // the last run
    private long[][] rows;
    private float[][] cost;
    private int stride;
    private boolean four;
    private int goalL;
    private int x0;
    private int y0;
    private int x1;
    private int y1;
    /** Region width, cells: region-local id of padded (x, y) is {@code (y - y0) * regionWidth + (x - x0)}. */
    private int regionWidth;
    private int settled;
    private boolean complete;
    // progress of the current run
    private double last;
    private int count;
    private int remaining;

    /** Whether map cell s is a required source of a field toward a goal on island {@code goalIsland}. */
    public static boolean required(NavGrid g, int s, int goalIsland) {
        return s >= 0 && s < g.width() * g.height() && g.island(s) == goalIsland;
    }

    /**
     * One Dijkstra toward {@code goalCell} over the region of map columns {@code c0..c1} and rows {@code r0..r1}.
     *
     * @return whether every required source is settled with its exact value
     */
    public boolean run(NavGrid g, boolean fourConnected, int goalCell, int goalIsland, int[] sources,
                       int sourceCount, int c0, int r0, int c1, int r1) {
        rows = g.openRows();
        cost = g.costRows();
        stride = g.stride();
        four = fourConnected;
        x0 = c0 + 1;
        y0 = r0 + 1;
        x1 = c1 + 1;
        y1 = r1 + 1;
        int rw = x1 - x0 + 1;
        regionWidth = rw;
        pages.begin(rw * (y1 - y0 + 1));
        frontier.clear();
        sourceValues.clear();
        remaining = 0;
        for (int i = 0; i < sourceCount; i++) {
            int s = sources[i];
            if (!required(g, s, goalIsland)) {
                continue;
            }
            int l = local(g.pad(s));
            byte[] page = pages.touch(l);
            int at = l & PAGE_MASK;
            if ((page[at] & SOURCE) == 0) {
                page[at] |= SOURCE;
                remaining++;
            }
        }
        rim.begin(x0, y0, x1, y1, g.width(), g.height(), stride);
        last = 0;
        int startL = local(g.pad(goalCell));
        goalL = startL;
        count = 0;
        bucketed = cost == null;
        IntDoubleMap open = frontier;
        byte[] startPage = pages.touch(startL);
        startPage[startL & PAGE_MASK] |= OPEN;
        open.insert(startL, 0.0);
        if (bucketed) {
            // Dial's buckets of width 1: every move costs at least 1, so a cell settled from bucket k only ever
            // lowers cells into bucket k + 1 or later, and the cells of one bucket are final in any order
            buckets.clear();
            buckets.push(0, startL);
            int pending = 1;
            long base = 0;
            while (pending > 0 && (remaining > 0 || count == 0)) {
                if (buckets.isEmpty(base)) {
                    base++;
                    continue;
                }
                int l = buckets.pop(base);
                pending--;
                byte[] page = pages.pages[l >>> PAGE_SHIFT]; // touched (and current) since l was pushed
                int at = l & PAGE_MASK;
                int cb = page[at];
                if ((cb & CLOSED) != 0) {
                    continue; // stale entry: the cell was lowered into an earlier bucket and settled there
                }
                pending += settle(l, page, at, cb, startL);
            }
        } else {
            heap.clear();
            heap.push(startL, 0.0);
            while (!heap.isEmpty() && (remaining > 0 || count == 0)) {
                int l = heap.topId();
                heap.pop();
                byte[] page = pages.pages[l >>> PAGE_SHIFT];
                int at = l & PAGE_MASK;
                int cb = page[at];
                if ((cb & CLOSED) != 0) {
                    continue; // superseded entry: the cell was settled from its lower one
                }
                settle(l, page, at, cb, startL);
            }
        }
        complete = open.size() == 0;
        settled = count;
        if (remaining > 0) {
            return false;
        }
        if (bucketed) {
            last = Math.floor(last); // cells not settled yet lie in the last bucket or later ones
        }
        for (int i = 0; i < sourceCount; i++) {
            int s = sources[i];
            if (!required(g, s, goalIsland)) {
                continue;
            }
            int p = g.pad(s);
            if (!rim.exact(p, sourceValue(p), last, bucketed)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Settles open region-local cell l (byte {@code cb} at {@code page[at]}): closes it, records it as a source or
     * rim cell and offers its neighbours their values.
     *
     * @return entries pushed to the buckets (uniform cost), else any count
     */
    private int settle(int l, byte[] page, int at, int cb, int startL) {
        page[at] = (byte) ((cb & ~OPEN) | CLOSED);
        double d = frontier.remove(l);
        last = d;
        count++;
        int rw = regionWidth;
        int ly = l / rw;
        int x = l - ly * rw + x0;
        int y = ly + y0;
        int p = y * stride + x;
        if ((cb & SOURCE) != 0) {
            remaining--;
            sourceValues.insert(p, d);
        }
        rim.note(p, x, y, d);
        return relax(l, x, y, d, l == startL ? -1 : cb & DIRECTION);
    }

    /**
     * Rank (bits 0-3 of a cell's byte) of the move {@code c -> p} in direction {@code d} toward a parent whose own
     * direction is {@code parentDirection} (-1 for the goal): {@code d}, plus {@link #TURNS} unless the parent goes
     * on in direction {@code d}.
     */
    private static int rank(int d, int parentDirection) {
        return d == parentDirection ? d : d | TURNS;
    }

    /**
     * Offers the region neighbours c of settled padded (x, y) (region-local id l, value d, direction
     * {@code pd}, -1 for the goal) the value {@code d + length(c, p) * cost(p)} (cost 1 on uniform-cost grids),
     * pushing them to the buckets ({@link #bucketed}) or the heap.
     *
     * @return entries pushed
     */
    private int relax(int l, int x, int y, double d, int pd) {
        boolean bq = bucketed;
        int rw = regionWidth;
        long[] up = rows[y - 1];
        long[] mid = rows[y];
        long[] down = rows[y + 1];
        // the cost of p; 1 on uniform-cost grids, where SQRT2 * 1.0 == SQRT2: the same sums as without it
        double cp = bq ? 1.0 : cost[y][x];
        double straight = d + cp;
        boolean n = NavGrid.bit(up, x) && y - 1 >= y0;
        boolean so = NavGrid.bit(down, x) && y + 1 <= y1;
        boolean w = NavGrid.bit(mid, x - 1) && x - 1 >= x0;
        boolean e = NavGrid.bit(mid, x + 1) && x + 1 <= x1;
        int pushed = 0;
        // the neighbour to the north moves south to reach p, and so on
        if (n) {
            pushed += offer(l - rw, straight, rank(S, pd), bq);
        }
        if (so) {
            pushed += offer(l + rw, straight, rank(N, pd), bq);
        }
        if (w) {
            pushed += offer(l - 1, straight, rank(E, pd), bq);
        }
        if (e) {
            pushed += offer(l + 1, straight, rank(W, pd), bq);
        }
        if (four) {
            return pushed;
        }
        // diagonal legality needs both orthogonals standable; region membership of the diagonal follows from
        // that of the two orthogonals
        double diagonal = d + SQRT2 * cp;
        if (n && w && NavGrid.bit(up, x - 1)) {
            pushed += offer(l - rw - 1, diagonal, rank(SE, pd), bq);
        }
        if (n && e && NavGrid.bit(up, x + 1)) {
            pushed += offer(l - rw + 1, diagonal, rank(SW, pd), bq);
        }
        if (so && w && NavGrid.bit(down, x - 1)) {
            pushed += offer(l + rw - 1, diagonal, rank(NE, pd), bq);
        }
        if (so && e && NavGrid.bit(down, x + 1)) {
            pushed += offer(l + rw + 1, diagonal, rank(NW, pd), bq);
        }
        return pushed;
    }

    /**
     * Offers region-local cell l the value v with direction rank {@code rank}: an open or unseen cell takes a lower
     * value, or an equal one of lower rank; a lower value is pushed to v's bucket when that bucket changes
     * ({@code bucketed}) or to the heap.
     *
     * @return entries pushed
     */
    private int offer(int l, double v, int rank, boolean bucketed) {
        byte[] page = pages.pages[l >>> PAGE_SHIFT];
        if (page == null || !pages.current(page)) {
            page = pages.touch(l);
        }
        int at = l & PAGE_MASK;
        int b = page[at];
        if ((b & CLOSED) != 0) {
            return 0;
        }
        IntDoubleMap open = frontier;
        if ((b & OPEN) != 0) {
            int slot = open.slotOf(l);
            double old = open.valueAt(slot);
            int c = Double.compare(v, old);
            if (c > 0 || (c == 0 && rank >= (b & RANK))) {
                return 0;
            }
            page[at] = (byte) ((b & ~RANK) | rank);
            if (c == 0) {
                return 0;
            }
            open.setValueAt(slot, v);
            if (!bucketed) {
                heap.push(l, v);
                return 1;
            }
            long k = (long) v;
            if (k == (long) old) {
                return 0; // same bucket: the entry already there reads the new value
            }
            buckets.push(k, l);
            return 1;
        }
        page[at] = (byte) (b | OPEN | rank);
        open.insert(l, v);
        if (bucketed) {
            buckets.push((long) v, l);
        } else {
            heap.push(l, v);
        }
        return 1;
    }

    /** Region-local id of padded id p, which must lie in the region. */
    public int local(int p) {
        return (p / stride - y0) * regionWidth + (p % stride - x0);
    }

    /** Region-local id of padded (px, py) when it lies in the region and was settled, else -1. */
    public int settledLocal(int px, int py) {
        int lx = px - x0;
        int ly = py - y0;
        if (lx < 0 || lx >= regionWidth || ly < 0 || ly > y1 - y0) {
            return -1;
        }
        int l = ly * regionWidth + lx;
        return pages.settled(l) ? l : -1;
    }

    /** The value of settled required source p (padded id), which must be one. */
    private double sourceValue(int p) {
        return sourceValues.valueAt(sourceValues.slotOf(p));
    }

    /** Slot of padded id p among the settled required sources' values, or -1 when it is not one. */
    public int findSource(int p) {
        return sourceValues.find(p);
    }

    /** The value in slot {@code slot} of {@link #findSource}. */
    public double sourceValueAt(int slot) {
        return sourceValues.valueAt(slot);
    }

    /** Region-local id of the last run's goal. */
    public int goalLocal() {
        return goalL;
    }

    /** Width of the last run's region, cells: region-local id of padded (x, y) is {@code (y - y0) * width + x - x0}. */
    public int regionWidth() {
        return regionWidth;
    }

    /** Cells settled by the last run. */
    public int settled() {
        return settled;
    }

    /** Whether the last run settled every cell of its region reachable from the goal. */
    public boolean complete() {
        return complete;
    }

    /** Cells of the last run's region. */
    public int regionCells() {
        return (x1 - x0 + 1) * (y1 - y0 + 1);
    }

    /** Forgets the pages, lists and maps (back to their initial sizes). */
    public void drop() {
        pages.drop();
        buckets.drop();
        heap = new IntDoubleHeap(INITIAL_HEAP);
        rim.drop();
        frontier.drop();
        sourceValues.drop();
    }

    /** Bytes the pages, lists and maps hold, array headers included. */
    public long bytes() {
        return pages.bytes() + rim.bytes() + heap.bytes() + frontier.bytes() + sourceValues.bytes()
                + buckets.bytes();
    }
}
