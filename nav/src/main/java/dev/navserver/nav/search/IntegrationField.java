package dev.navserver.nav.search;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.NavGrid;
import java.util.Arrays;
import java.util.Objects;

/**
 * A per-thread integration field (the cost layer of a flow field): Dijkstra from one goal cell over a
 * rectangular region of a {@link NavGrid}, giving every settled cell its exact cost to the goal, and a descent
 * that turns a source cell into an optimal cell path by following the field.
 *
 * <p><b>Moves.</b> Exactly those of {@link PathSearch}: 8-connected moves of length 1 and sqrt(2) with a diagonal
 * only when both orthogonal neighbours are standable (no corner cutting), or 4-connected moves of length 1; the
 * agent size is the grid's (a cell is usable when {@link NavGrid#openCell} says so). Moving from a cell into
 * neighbour {@code n} costs the move's length times the layer cost of {@code n}. The field value of a cell
 * {@code c} is the least cost of a path from {@code c} to the goal, so the goal's own cost is paid on arrival and
 * {@code c}'s is not, as in a search from {@code c}.
 *
 * <p><b>Region and exactness.</b> {@link #build} starts with the bounding box of the goal and the sources, grown by
 * {@code marginCells} on every side and clipped to the map, and settles cells of that region in order of field
 * value until every <em>required</em> source (standable and on the goal's island) is settled. On weighted grids the
 * order is exact (a 4-ary heap); on uniform-cost grids it is by the value's floor (Dial's bucket queue of width 1:
 * every move costs at least 1, so cells of one bucket cannot lower each other and are final in any order), and in
 * the check below {@code last} is then the last value's floor and the stop test uses {@code floor(value(v))}. A <em>rim</em> cell
 * is a cell of the region with a neighbour off the region but on the map. Take the cheapest path from a source
 * {@code s} to the goal and suppose it leaves the region: let {@code u} be its last cell off the region and {@code v}
 * the next one, a rim cell. The rest of the path, from {@code v}, stays in the region and is optimal, so
 * {@code value(v)} is exact, and the path costs at least {@code octile(s, u) + 1 + value(v)} (every move costs at
 * least its length, at least 1, and octile distance is a lower bound). With {@code m(s)} the Chebyshev distance
 * from {@code s} to the nearest cell off the region, {@code octile(s, u) >= max(m(s), octile(s, v) - sqrt(2))}.
 * So {@code value(s)} is exact when {@code value(s) <= value(v) + 1 + max(m(s), octile(s, v) - sqrt(2))} for every
 * settled rim cell {@code v} and {@code value(s) <= last + 1 + m(s)} for the unsettled ones (whose values are at
 * least {@code last}, the last value settled). The check walks the settled rim cells in settling order and stops at
 * the first with {@code value(v) + 1 + m(s) >= value(s)}. When a required source fails it or is not reached, the
 * margin grows ({@code 2 * margin + 16}) and the field is rebuilt; a region that is the whole map has no rim and is
 * always exact. {@link #rebuilds()} counts the growths of the last build.
 *
 * <p><b>Descent.</b> From a cell, {@link #descend} steps to the settled neighbour {@code n} (legal move) that
 * minimises {@code step(c, n) + value(n)}; ties go to the neighbour in the direction of the previous step, else
 * to the first in the order N, S, W, E, NW, NE, SW, SE (straight runs, few turning points to smooth). That
 * minimum equals {@code value(c)} and {@code value(n) < value(c)}, so the descent ends at the goal along a path
 * whose cost is {@code value(c)}: for a required source, the optimal length that A* and JPS find. The rest of a
 * descent depends only on the cell it reached and the step it arrived with, so the descents of one build are kept
 * and a later descent reaching a (cell, step) an earlier one passed copies the earlier one's remainder: many
 * chasers of one player share the end of their paths, which is then walked once.
 *
 * <p><b>Memory.</b> Cells are numbered within the region ({@code (y - y0) * regionWidth + (x - x0)}), and their
 * values and open, closed and source bits live in pages of 64 such cells (a run of one region row) allocated the
 * first time a run touches one of their cells: 560 bytes per page, 8.75 bytes per cell of a touched page, plus
 * 4 bytes per 64 region cells for the page table; nothing is sized to the map. Uniform-cost builds add 4 bytes per
 * bucket entry (about one per settled cell at the queue's widest); weighted builds add the {@link OpenList} over
 * region-local ids (16 bytes per touched cell and 20 per heap slot). Pages are kept and builds told apart by a
 * generation number stored in each page (a page of an older generation is reset when first touched), so a build
 * over cells already paged in allocates nothing; when the field holds more than {@link IntPages#RETAINED_BYTES}
 * (64 MiB) at the start of a run, it drops its pages and lists first. {@link #scratchBytes()} reports what is
 * held. The grid is held until the next build.
 *
 * <p>Not thread-safe: use one instance per thread. Grids may be shared.
 */
public final class IntegrationField {
    private static final double SQRT2 = Math.sqrt(2.0);
    /** Margin added on each growth besides doubling, cells. */
    private static final int GROWTH_CELLS = 16;

    /** Cells per field page: a run of one row of the region. */
    private static final int PAGE_SHIFT = 6;
    /** Longs of a field page: 64 values, then the open, closed and source bit words, then the generation. */
    private static final int OPEN_WORD = 1 << PAGE_SHIFT;
    private static final int CLOSED_WORD = OPEN_WORD + 1;
    private static final int SOURCE_WORD = OPEN_WORD + 2;
    private static final int GEN_WORD = OPEN_WORD + 3;
    private static final int PAGE_LONGS = OPEN_WORD + 4;
    /** Bytes of one field page, header included. */
    private static final long PAGE_BYTES = IntPages.ARRAY_HEADER + 8L * PAGE_LONGS;
    private static final int INITIAL_BUCKET = 256;

    /** The heap of weighted builds, over region-local ids. */
    private final OpenList open = new OpenList();
    /**
     * Field pages by region-local id {@code l >>> PAGE_SHIFT}, {@code null} until first touched: values as raw
     * double bits, then the open, closed and required-source bits of the page's 64 cells, then the generation the
     * bits belong to (a page of an older generation is all unseen and is reset when touched).
     */
    private long[][] fieldPages = new long[0][];
    private int[] heldPages = new int[16];
    private int heldCount;
    private long generation;
    /**
     * Bucket queue of uniform-cost builds: bucket {@code k & 3} holds region-local ids of open cells whose value's floor
     * was {@code k} when pushed (a cell pushed again after a decrease leaves a stale entry behind, skipped when
     * popped because the cell is closed by then).
     */
    private final int[][] buckets = {new int[INITIAL_BUCKET], new int[INITIAL_BUCKET], new int[INITIAL_BUCKET],
        new int[INITIAL_BUCKET]};
    private final int[] bucketSize = new int[4];
    /** Whether the last run used {@link #buckets} (uniform cost) rather than the heap. */
    private boolean bucketed;
    private int[] descentBuffer = new int[64];
    /**
     * The descents of the current build, one after another (map cell ids, each ending at the goal), and an
     * open-addressing table from a padded cell to where a descent first passed it ({@code memoAt}, an index into
     * {@link #trail}) and the step it arrived with ({@code memoStep}): the descent from a cell depends only on the
     * cell and that step, so a later descent reaching the pair copies the rest instead of walking it. Entries of an
     * older build are told apart by {@code memoGen}.
     */
    private int[] trail = new int[256];
    private int trailSize;
    private int[] memoKey = new int[256];
    private int[] memoAt = new int[256];
    private int[] memoStep = new int[256];
    private int[] memoGen = new int[256];
    private int memoGeneration = 1;
    private int memoCount;
    /** Rim cells settled by the current run, padded ids in settling order (so by non-decreasing value). */
    private int[] rimCells = new int[64];
    private int rimCount;

    // the last build
    private NavGrid grid;
    private long[][] rows;
    private float[][] cost;
    private int stride;
    private boolean four;
    private int goalP = -1;
    private int x0;
    private int y0;
    private int x1;
    private int y1;
    /** Region width, cells: region-local id of padded (x, y) is {@code (y - y0) * regionWidth + (x - x0)}. */
    private int regionWidth;
    private int settled;
    private int rebuilds;
    private boolean complete;
    // the descent's choice in progress
    private int bestQ;
    private double bestV;

    /**
     * Builds the field toward {@code goalCell}, large enough that every required source has its exact value.
     *
     * @param goalCell    map cell id of the goal; must be standable (else the field is empty: {@link #built()} is
     *                    false)
     * @param sources     map cell ids of the sources, the first {@code sourceCount} used; sources that are off the
     *                    map's standable cells or on another island than the goal are ignored
     * @param moves       move set
     * @param marginCells initial margin around the bounding box of goal and sources, cells, {@code >= 0}
     * @return whether the goal was standable and the field built
     */
    public boolean build(NavGrid grid, int goalCell, int[] sources, int sourceCount, Moves moves, int marginCells) {
        Objects.requireNonNull(grid, "grid");
        Objects.requireNonNull(moves, "moves");
        if (marginCells < 0) {
            throw new IllegalArgumentException("marginCells must be >= 0, got " + marginCells);
        }
        if (sourceCount < 0 || sourceCount > sources.length) {
            throw new IllegalArgumentException("sourceCount " + sourceCount + " outside [0, " + sources.length + "]");
        }
        int cells = grid.width() * grid.height();
        this.grid = grid;
        this.rows = grid.openRows();
        this.cost = grid.costRows();
        this.stride = grid.stride();
        this.four = moves == Moves.FOUR;
        this.rebuilds = 0;
        this.settled = 0;
        this.goalP = -1;
        this.complete = false;
        if (goalCell < 0 || goalCell >= cells || !grid.openCell(goalCell)) {
            return false;
        }
        int goalIsland = grid.island(goalCell);
        int w = grid.width();
        int minC = goalCell % w;
        int maxC = minC;
        int minR = goalCell / w;
        int maxR = minR;
        for (int i = 0; i < sourceCount; i++) {
            int s = sources[i];
            if (s < 0 || s >= cells || grid.island(s) != goalIsland) {
                continue;
            }
            minC = Math.min(minC, s % w);
            maxC = Math.max(maxC, s % w);
            minR = Math.min(minR, s / w);
            maxR = Math.max(maxR, s / w);
        }
        long margin = marginCells;
        while (true) {
            int c0 = (int) Math.max(0, minC - margin);
            int c1 = (int) Math.min(w - 1, maxC + margin);
            int r0 = (int) Math.max(0, minR - margin);
            int r1 = (int) Math.min(grid.height() - 1, maxR + margin);
            if (run(goalCell, goalIsland, sources, sourceCount, c0, r0, c1, r1)) {
                goalP = grid.pad(goalCell);
                return true;
            }
            rebuilds++;
            margin = 2 * margin + GROWTH_CELLS;
        }
    }

    /**
     * One Dijkstra over the region of map columns {@code c0..c1} and rows {@code r0..r1}.
     *
     * @return whether every required source is settled with its exact value
     */
    private boolean run(int goalCell, int goalIsland, int[] sources, int sourceCount, int c0, int r0, int c1,
                        int r1) {
        NavGrid g = grid;
        x0 = c0 + 1;
        y0 = r0 + 1;
        x1 = c1 + 1;
        y1 = r1 + 1;
        int rw = x1 - x0 + 1;
        regionWidth = rw;
        int regionCells = rw * (y1 - y0 + 1);
        beginPages(regionCells);
        int remaining = 0;
        for (int i = 0; i < sourceCount; i++) {
            int s = sources[i];
            if (s < 0 || s >= g.width() * g.height() || g.island(s) != goalIsland) {
                continue;
            }
            int l = local(g.pad(s));
            long[] page = touch(l);
            long bit = 1L << l;
            if ((page[SOURCE_WORD] & bit) == 0) {
                page[SOURCE_WORD] |= bit;
                remaining++;
            }
        }
        boolean rimLeft = x0 > 1;
        boolean rimRight = x1 < g.width();
        boolean rimTop = y0 > 1;
        boolean rimBottom = y1 < g.height();
        rimCount = 0;
        double last = 0;
        OpenList o = open;
        int startL = local(g.pad(goalCell));
        int count = 0;
        int ps = stride;
        bucketed = cost == null;
        if (bucketed) {
            // Dial's buckets of width 1: every move costs at least 1, so a cell settled from bucket k only ever
            // lowers cells into bucket k + 1 or later, and the cells of one bucket are final in any order
            Arrays.fill(bucketSize, 0);
            long[] startPage = touch(startL);
            startPage[OPEN_WORD] |= 1L << startL;
            startPage[startL & (OPEN_WORD - 1)] = Double.doubleToRawLongBits(0.0);
            pushBucket(0, startL);
            int pending = 1;
            long base = 0;
            while (pending > 0 && (remaining > 0 || count == 0)) {
                int b = (int) (base & 3);
                if (bucketSize[b] == 0) {
                    base++;
                    continue;
                }
                int l = buckets[b][--bucketSize[b]];
                pending--;
                long[] page = fieldPages[l >>> PAGE_SHIFT]; // touched (and current) since l was pushed
                long bit = 1L << l;
                if ((page[CLOSED_WORD] & bit) != 0) {
                    continue; // stale entry: the cell was lowered into an earlier bucket and settled there
                }
                page[CLOSED_WORD] |= bit;
                page[OPEN_WORD] &= ~bit;
                double d = Double.longBitsToDouble(page[l & (OPEN_WORD - 1)]);
                last = d;
                count++;
                if ((page[SOURCE_WORD] & bit) != 0) {
                    remaining--;
                }
                int ly = l / rw;
                int x = l - ly * rw + x0;
                int y = ly + y0;
                int p = y * ps + x;
                noteRim(p, x, y, rimLeft, rimRight, rimTop, rimBottom);
                pending += relaxUniform(p, l, x, y, d);
            }
            complete = true;
            for (int b = 0; b < 4 && complete; b++) {
                for (int i = 0; i < bucketSize[b]; i++) {
                    if (!settledLocal(buckets[b][i])) {
                        complete = false;
                        break;
                    }
                }
            }
        } else {
            o.begin(regionCells);
            o.push(startL, 0, 0);
            while (!o.isEmpty() && (remaining > 0 || count == 0)) {
                int l = o.peek();
                double d = o.peekG();
                o.pop();
                long[] page = touch(l);
                long bit = 1L << l;
                page[CLOSED_WORD] |= bit;
                page[l & (OPEN_WORD - 1)] = Double.doubleToRawLongBits(d);
                last = d;
                count++;
                if ((page[SOURCE_WORD] & bit) != 0) {
                    remaining--;
                }
                int ly = l / rw;
                int x = l - ly * rw + x0;
                int y = ly + y0;
                int p = y * ps + x;
                noteRim(p, x, y, rimLeft, rimRight, rimTop, rimBottom);
                relaxAround(p, l, x, y, d);
            }
            complete = o.isEmpty();
        }
        settled = count;
        if (remaining > 0) {
            return false;
        }
        if (bucketed) {
            last = Math.floor(last); // cells not settled yet lie in the last bucket or later ones
        }
        for (int i = 0; i < sourceCount; i++) {
            int s = sources[i];
            if (s < 0 || s >= g.width() * g.height() || g.island(s) != goalIsland) {
                continue;
            }
            if (!exact(g.pad(s), rimLeft, rimRight, rimTop, rimBottom, last)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Records settled padded cell p = (x, y) in {@link #rimCells} when it lies on a side of the region that is not
     * the map's edge.
     */
    private void noteRim(int p, int x, int y, boolean rimLeft, boolean rimRight, boolean rimTop, boolean rimBottom) {
        if ((rimLeft && x == x0) || (rimRight && x == x1) || (rimTop && y == y0) || (rimBottom && y == y1)) {
            if (rimCount == rimCells.length) {
                rimCells = Arrays.copyOf(rimCells, 2 * rimCount);
            }
            rimCells[rimCount++] = p;
        }
    }

    /**
     * Whether settled source p has its exact value: no path leaving the region can be cheaper (see the class
     * comment). Rim cells not settled have values of at least {@code last}, the last value settled.
     */
    private boolean exact(int p, boolean rimLeft, boolean rimRight, boolean rimTop, boolean rimBottom,
                          double last) {
        int x = p % stride;
        int y = p / stride;
        long m = Long.MAX_VALUE;
        if (rimLeft) {
            m = Math.min(m, x - x0 + 1);
        }
        if (rimRight) {
            m = Math.min(m, x1 - x + 1);
        }
        if (rimTop) {
            m = Math.min(m, y - y0 + 1);
        }
        if (rimBottom) {
            m = Math.min(m, y1 - y + 1);
        }
        if (m == Long.MAX_VALUE) {
            return true; // the region is the whole map
        }
        double vp = settledValue(p);
        if (Double.compare(vp, last + 1 + m) > 0) {
            return false;
        }
        for (int i = 0; i < rimCount; i++) {
            int v = rimCells[i];
            double vv = settledValue(v);
            double base = vv + 1;
            // rim cells settled later have values of at least value(v) (heap), at least its floor (buckets)
            double later = (bucketed ? Math.floor(vv) : vv) + 1;
            if (Double.compare(later + m, vp) >= 0) {
                return true; // this rim cell and every later one bound leaving paths from below by >= vp
            }
            int dx = Math.abs(v % stride - x);
            int dy = Math.abs(v / stride - y);
            double octile = Math.max(dx, dy) + (SQRT2 - 1) * Math.min(dx, dy);
            if (Double.compare(base + Math.max(m, octile - SQRT2), vp) < 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * Offers the region neighbours q of settled p (region-local id l): value(q) <= value(p) + length(q, p) *
     * cost(p).
     */
    private void relaxAround(int p, int l, int x, int y, double d) {
        int s = stride;
        int rw = regionWidth;
        long[] up = rows[y - 1];
        long[] mid = rows[y];
        long[] down = rows[y + 1];
        double cp = cost == null ? 1.0 : cost[y][x];
        double straight = d + cp;
        boolean n = NavGrid.bit(up, x) && y - 1 >= y0;
        boolean so = NavGrid.bit(down, x) && y + 1 <= y1;
        boolean w = NavGrid.bit(mid, x - 1) && x - 1 >= x0;
        boolean e = NavGrid.bit(mid, x + 1) && x + 1 <= x1;
        if (n) {
            offer(l - rw, straight);
        }
        if (so) {
            offer(l + rw, straight);
        }
        if (w) {
            offer(l - 1, straight);
        }
        if (e) {
            offer(l + 1, straight);
        }
        if (four) {
            return;
        }
        // diagonal legality needs both orthogonals standable; region membership of the diagonal follows from
        // that of the two orthogonals
        double diagonal = d + SQRT2 * cp;
        if (n && w && NavGrid.bit(up, x - 1)) {
            offer(l - rw - 1, diagonal);
        }
        if (n && e && NavGrid.bit(up, x + 1)) {
            offer(l - rw + 1, diagonal);
        }
        if (so && w && NavGrid.bit(down, x - 1)) {
            offer(l + rw - 1, diagonal);
        }
        if (so && e && NavGrid.bit(down, x + 1)) {
            offer(l + rw + 1, diagonal);
        }
    }

    /**
     * {@link #relaxAround} for uniform cost with the bucket queue: offers the region neighbours q of settled p
     * (region-local id l) the value {@code value(p) + length(q, p)}.
     *
     * @return entries pushed to the buckets
     */
    private int relaxUniform(int p, int l, int x, int y, double d) {
        int s = stride;
        int rw = regionWidth;
        long[] up = rows[y - 1];
        long[] mid = rows[y];
        long[] down = rows[y + 1];
        double straight = d + 1.0;
        boolean n = NavGrid.bit(up, x) && y - 1 >= y0;
        boolean so = NavGrid.bit(down, x) && y + 1 <= y1;
        boolean w = NavGrid.bit(mid, x - 1) && x - 1 >= x0;
        boolean e = NavGrid.bit(mid, x + 1) && x + 1 <= x1;
        int pushed = 0;
        if (n) {
            pushed += offerBucket(l - rw, straight);
        }
        if (so) {
            pushed += offerBucket(l + rw, straight);
        }
        if (w) {
            pushed += offerBucket(l - 1, straight);
        }
        if (e) {
            pushed += offerBucket(l + 1, straight);
        }
        if (four) {
            return pushed;
        }
        double diagonal = d + SQRT2;
        if (n && w && NavGrid.bit(up, x - 1)) {
            pushed += offerBucket(l - rw - 1, diagonal);
        }
        if (n && e && NavGrid.bit(up, x + 1)) {
            pushed += offerBucket(l - rw + 1, diagonal);
        }
        if (so && w && NavGrid.bit(down, x - 1)) {
            pushed += offerBucket(l + rw - 1, diagonal);
        }
        if (so && e && NavGrid.bit(down, x + 1)) {
            pushed += offerBucket(l + rw + 1, diagonal);
        }
        return pushed;
    }

    /**
     * Lowers region-local cell l to v if that improves it, pushing it to v's bucket when that bucket changes;
     * returns pushes.
     */
    private int offerBucket(int l, double v) {
        long[] page = fieldPages[l >>> PAGE_SHIFT];
        if (page == null || page[GEN_WORD] != generation) {
            page = touch(l);
        }
        long bit = 1L << l;
        int i = l & (OPEN_WORD - 1);
        if ((page[OPEN_WORD] & bit) != 0) {
            double old = Double.longBitsToDouble(page[i]);
            if (Double.compare(v, old) >= 0) {
                return 0;
            }
            page[i] = Double.doubleToRawLongBits(v);
            long k = (long) v;
            if (k == (long) old) {
                return 0; // same bucket: the entry already there reads the new value
            }
            pushBucket(k, l);
            return 1;
        }
        if ((page[CLOSED_WORD] & bit) != 0) {
            return 0;
        }
        page[OPEN_WORD] |= bit;
        page[i] = Double.doubleToRawLongBits(v);
        pushBucket((long) v, l);
        return 1;
    }

    private void pushBucket(long k, int l) {
        int b = (int) (k & 3);
        int size = bucketSize[b];
        int[] bucket = buckets[b];
        if (size == bucket.length) {
            bucket = Arrays.copyOf(bucket, 2 * size);
            buckets[b] = bucket;
        }
        bucket[size] = l;
        bucketSize[b] = size + 1;
    }

    /** Offers region-local cell l the value v on the heap of weighted builds. */
    private void offer(int l, double v) {
        OpenList o = open;
        int[] page = o.pages[l >>> OpenList.PAGE_SHIFT];
        int at = OpenList.at(l);
        int stamp = page == null ? 0 : page[at];
        if (stamp == o.openStamp) {
            int slot = page[at + 1];
            if (Double.compare(v, o.gAt(slot)) < 0) {
                o.decreaseAt(slot, page, l, v, v);
            }
        } else if (stamp != o.openStamp + 1) {
            o.push(l, v, v);
        }
    }

    /**
     * Starts a run over {@code regionCells} region-local ids: a new generation (every cell unseen), the page table
     * grown to cover them; first drops the pages and lists when the field holds more than
     * {@link IntPages#RETAINED_BYTES}.
     */
    private void beginPages(int regionCells) {
        int need = (int) (((long) regionCells + OPEN_WORD - 1) >>> PAGE_SHIFT);
        if (fieldBytes() > IntPages.RETAINED_BYTES) {
            fieldPages = new long[need][];
            heldPages = new int[16];
            heldCount = 0;
            for (int b = 0; b < 4; b++) {
                buckets[b] = new int[INITIAL_BUCKET];
            }
            rimCells = new int[64];
            trail = new int[256];
            memoKey = new int[256];
            memoAt = new int[256];
            memoStep = new int[256];
            memoGen = new int[256];
        }
        if (fieldPages.length < need) {
            fieldPages = Arrays.copyOf(fieldPages, need);
        }
        generation++;
        forgetDescents();
    }

    /** Empties {@link #trail} and its table (a new build). */
    private void forgetDescents() {
        trailSize = 0;
        memoCount = 0;
        if (++memoGeneration == 0) { // wrapped: clear the stamps once
            Arrays.fill(memoGen, 0);
            memoGeneration = 1;
        }
    }

    /** Slot of padded cell p in the table: its entry, or the empty slot where it goes. */
    private int memoSlot(int p) {
        int mask = memoKey.length - 1;
        int h = p * 0x9E3779B9;
        int i = (h ^ (h >>> 16)) & mask;
        while (memoGen[i] == memoGeneration && memoKey[i] != p) {
            i = (i + 1) & mask;
        }
        return i;
    }

    /** Records that the descent being written reached padded p with {@code step} at trail index {@code at}. */
    private void remember(int p, int step, int at) {
        if (2 * (memoCount + 1) > memoKey.length) {
            int[] oldKey = memoKey;
            int[] oldAt = memoAt;
            int[] oldStep = memoStep;
            int[] oldGen = memoGen;
            int n = oldKey.length * 2;
            memoKey = new int[n];
            memoAt = new int[n];
            memoStep = new int[n];
            memoGen = new int[n];
            for (int i = 0; i < oldKey.length; i++) {
                if (oldGen[i] == memoGeneration) {
                    int j = memoSlot(oldKey[i]);
                    memoKey[j] = oldKey[i];
                    memoAt[j] = oldAt[i];
                    memoStep[j] = oldStep[i];
                    memoGen[j] = memoGeneration;
                }
            }
        }
        int i = memoSlot(p);
        if (memoGen[i] != memoGeneration) { // the first passage is kept
            memoKey[i] = p;
            memoAt[i] = at;
            memoStep[i] = step;
            memoGen[i] = memoGeneration;
            memoCount++;
        }
    }

    /** The page of region-local id l, allocated when absent and reset when of an older generation. */
    private long[] touch(int l) {
        int index = l >>> PAGE_SHIFT;
        long[] page = fieldPages[index];
        if (page == null) {
            page = new long[PAGE_LONGS];
            fieldPages[index] = page;
            if (heldCount == heldPages.length) {
                heldPages = Arrays.copyOf(heldPages, 2 * heldCount);
            }
            heldPages[heldCount++] = index;
        }
        if (page[GEN_WORD] != generation) {
            page[OPEN_WORD] = 0;
            page[CLOSED_WORD] = 0;
            page[SOURCE_WORD] = 0;
            page[GEN_WORD] = generation;
        }
        return page;
    }

    /** Region-local id of padded id p, which must lie in the region. */
    private int local(int p) {
        return (p / stride - y0) * regionWidth + (p % stride - x0);
    }

    /** Whether region-local cell l was settled by the last run. */
    private boolean settledLocal(int l) {
        long[] page = fieldPages[l >>> PAGE_SHIFT];
        return page != null && page[GEN_WORD] == generation && (page[CLOSED_WORD] & (1L << l)) != 0;
    }

    /** Value of region-local cell (lx, ly), or {@link Double#POSITIVE_INFINITY} when off the region or unsettled. */
    private double settledValue(int lx, int ly) {
        if (lx < 0 || lx >= regionWidth || ly < 0 || ly > y1 - y0) {
            return Double.POSITIVE_INFINITY;
        }
        int l = ly * regionWidth + lx;
        long[] page = fieldPages[l >>> PAGE_SHIFT];
        if (page == null || page[GEN_WORD] != generation || (page[CLOSED_WORD] & (1L << l)) == 0) {
            return Double.POSITIVE_INFINITY;
        }
        return Double.longBitsToDouble(page[l & (OPEN_WORD - 1)]);
    }

    /** Value of padded id p, or {@link Double#POSITIVE_INFINITY} when off the region or unsettled. */
    private double settledValue(int p) {
        return settledValue(p % stride - x0, p / stride - y0);
    }

    /** Bytes the field's pages and lists hold (array headers included), without its heap's open list. */
    private long fieldBytes() {
        long bytes = heldCount * PAGE_BYTES + IntPages.ARRAY_HEADER + 4L * fieldPages.length
                + IntPages.ARRAY_HEADER + 4L * heldPages.length
                + IntPages.ARRAY_HEADER + 4L * rimCells.length + IntPages.ARRAY_HEADER + 4L * descentBuffer.length
                + IntPages.ARRAY_HEADER + 4L * trail.length + 4 * (IntPages.ARRAY_HEADER + 4L * memoKey.length);
        for (int[] b : buckets) {
            bytes += IntPages.ARRAY_HEADER + 4L * b.length;
        }
        return bytes;
    }

    /**
     * Bytes of scratch this field holds now: its pages (64 cells each: 64 values, three bit words and a
     * generation, 560 bytes), page table, bucket, rim and descent lists, the descents' trail and table (4 and 32
     * bytes per cell the build's descents passed), and the open list of weighted builds
     * (see {@link OpenList}), array headers included.
     */
    public long scratchBytes() {
        return fieldBytes() + open.scratchBytes();
    }

    /** Field pages held (64 region cells each). */
    int heldPages() {
        return heldCount;
    }

    /** Whether the last build found a standable goal. */
    public boolean built() {
        return goalP >= 0;
    }

    /**
     * The field value of map cell {@code cell}: its least cost to the goal in cells (cost-weighted), exact for the
     * required sources; {@link Double#POSITIVE_INFINITY} for a cell the last build did not settle.
     */
    public double value(int cell) {
        if (goalP < 0 || cell < 0 || cell >= grid.width() * grid.height()) {
            return Double.POSITIVE_INFINITY;
        }
        return settledValue(grid.pad(cell));
    }

    /** Cells settled by the last build's final region. */
    public int settledCells() {
        return settled;
    }

    /** Cells of the last build's final region ({@code width * height} of its rectangle). */
    public int regionCells() {
        return goalP < 0 ? 0 : (x1 - x0 + 1) * (y1 - y0 + 1);
    }

    /** Times the last build grew its region and started again. */
    public int rebuilds() {
        return rebuilds;
    }

    /** Whether the last build settled every cell of its region reachable from the goal. */
    public boolean complete() {
        return complete;
    }

    /**
     * Descends from {@code cell} to the goal (see the class comment).
     * Writes map cell ids from {@code cell} to the goal to {@link #descentCells()}, which grows when too short.
     *
     * @return the number of cells written to {@link #descentCells()}, or 0 when {@code cell} is not settled
     */
    public int descend(int cell) {
        if (Double.isInfinite(value(cell))) {
            return 0;
        }
        int s = stride;
        int w = grid.width();
        int[] buf = descentBuffer;
        int k = 0;
        int p = grid.pad(cell);
        int step = 0;
        int goalCell = (goalP / s - 1) * w + goalP % s - 1;
        while (true) {
            if (k == buf.length) {
                buf = Arrays.copyOf(buf, 2 * buf.length);
                descentBuffer = buf;
            }
            buf[k++] = (p / s - 1) * w + p % s - 1;
            if (p == goalP) {
                break;
            }
            int slot = memoSlot(p);
            if (memoGen[slot] == memoGeneration && memoStep[slot] == step) {
                // an earlier descent passed here with the same step: the rest is the same, copy it
                for (int t = memoAt[slot] + 1; ; t++) {
                    if (k == buf.length) {
                        buf = Arrays.copyOf(buf, 2 * buf.length);
                        descentBuffer = buf;
                    }
                    buf[k++] = trail[t];
                    if (trail[t] == goalCell) {
                        break;
                    }
                }
                break;
            }
            remember(p, step, trailSize + k - 1);
            int q = next(p, step);
            step = q - p;
            p = q;
        }
        if (trailSize + k > trail.length) {
            trail = Arrays.copyOf(trail, Math.max(2 * trail.length, trailSize + k));
        }
        System.arraycopy(buf, 0, trail, trailSize, k);
        trailSize += k;
        return k;
    }

    /** The buffer {@link #descend} wrote to; valid until the next descent. */
    public int[] descentCells() {
        return descentBuffer;
    }

    /**
     * The descent from {@code cell} as a search result: {@link SearchStatus#FOUND} with the cells and the length
     * (counted from the moves on uniform-cost grids, the field value on weighted ones, as {@link PathSearch}
     * reports it), or {@link SearchStatus#UNREACHABLE} when the cell was not settled. Allocates the result.
     */
    public PathResult path(int cell) {
        int k = descend(cell);
        if (k == 0) {
            return PathResult.unreachable(0);
        }
        int[] cells = Arrays.copyOf(descentBuffer, k);
        double length;
        if (cost == null) {
            int w = grid.width();
            int diagonal = 0;
            for (int i = 1; i < k; i++) {
                if (cells[i] % w != cells[i - 1] % w && cells[i] / w != cells[i - 1] / w) {
                    diagonal++;
                }
            }
            length = (k - 1 - diagonal) + diagonal * SQRT2;
        } else {
            length = value(cell);
        }
        return PathResult.found(cells, length, settled);
    }

    /**
     * The settled neighbour of settled p that minimises step + value: the one in the direction of the previous step
     * ({@code p + previous}) when it is among the minimisers, else the first in N, S, W, E, NW, NE, SW, SE.
     * Keeping the direction on ties gives straight runs, so fewer turning points to smooth.
     */
    private int next(int p, int previous) {
        int s = stride;
        int px = p % s;
        int py = p / s;
        long[] up = rows[py - 1];
        long[] mid = rows[py];
        long[] down = rows[py + 1];
        boolean n = NavGrid.bit(up, px);
        boolean so = NavGrid.bit(down, px);
        boolean w = NavGrid.bit(mid, px - 1);
        boolean e = NavGrid.bit(mid, px + 1);
        int lx = px - x0;
        int ly = py - y0;
        bestQ = -1;
        bestV = Double.POSITIVE_INFINITY;
        consider(n, p - s, lx, ly - 1, 1.0);
        consider(so, p + s, lx, ly + 1, 1.0);
        consider(w, p - 1, lx - 1, ly, 1.0);
        consider(e, p + 1, lx + 1, ly, 1.0);
        if (!four) {
            consider(n && w && NavGrid.bit(up, px - 1), p - s - 1, lx - 1, ly - 1, SQRT2);
            consider(n && e && NavGrid.bit(up, px + 1), p - s + 1, lx + 1, ly - 1, SQRT2);
            consider(so && w && NavGrid.bit(down, px - 1), p + s - 1, lx - 1, ly + 1, SQRT2);
            consider(so && e && NavGrid.bit(down, px + 1), p + s + 1, lx + 1, ly + 1, SQRT2);
        }
        if (bestQ < 0) {
            throw new IllegalStateException("descent stuck at padded cell " + p + " (field not built for it)");
        }
        if (previous != 0 && bestQ != p + previous) {
            int q = p + previous;
            double v = bestV;
            int kept = bestQ;
            bestQ = -1;
            bestV = Double.POSITIVE_INFINITY;
            int dx = q % s - px;
            int dy = q / s - py;
            boolean diagonal = dx != 0 && dy != 0;
            boolean legal = diagonal ? openAt(q) && openAt(p + dx) && openAt(p + dy * s) : openAt(q);
            consider(legal, q, lx + dx, ly + dy, diagonal ? SQRT2 : 1.0);
            bestQ = bestQ >= 0 && Double.compare(bestV, v) == 0 ? q : kept;
            bestV = v;
        }
        return bestQ;
    }

    /**
     * Takes padded q, region-local (lx, ly), as the descent's next cell when the move is legal, q settled and step +
     * value the least so far.
     */
    private void consider(boolean legal, int q, int lx, int ly, double length) {
        if (!legal) {
            return;
        }
        double value = settledValue(lx, ly);
        if (value != Double.POSITIVE_INFINITY) {
            double v = value + stepCost(q, length);
            if (Double.compare(v, bestV) < 0) {
                bestV = v;
                bestQ = q;
            }
        }
    }

    private double stepCost(int q, double length) {
        return cost == null ? length : length * cost[q / stride][q % stride];
    }

    /** Whether padded index q is standable. */
    private boolean openAt(int q) {
        return NavGrid.bit(rows[q / stride], q % stride);
    }

    /** The map of the last build, or {@code null} before the first. */
    public GridMap map() {
        return grid == null ? null : grid.map();
    }
}
