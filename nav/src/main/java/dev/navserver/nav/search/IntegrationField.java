package dev.navserver.nav.search;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.search.core.IntDoubleHeap;
import dev.navserver.nav.search.core.IntDoubleMap;
import dev.navserver.nav.search.core.IntPages;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Objects;

/**
 * A per-thread integration field (the cost layer of a flow field): Dijkstra from one goal cell over a
 * rectangular region of a {@link NavGrid}, giving every settled cell its exact cost to the goal and the direction
 * of its first move on an optimal path, and a descent that turns a source cell into an optimal cell path by
 * following those directions.
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
 * order is exact (a binary heap); on uniform-cost grids it is by the value's floor (Dial's bucket queue of width 1:
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
 * <p><b>Directions and descent.</b> When a settled cell {@code p} offers its neighbour {@code c} the value
 * {@code value(p) + step(c, p)} ({@code step(c, p)}: the move's length times {@code p}'s cost) and that is less
 * than {@code c}'s value so far, {@code c} takes it and records the direction of the move {@code c -> p}; on an
 * equal value ({@link Double#compare} 0) it takes the direction of lower rank. Every neighbour {@code n} minimising
 * {@code value(n) + step(c, n)} has {@code value(n) <= value(c) - 1} and is settled, hence offers, before {@code c},
 * so a settled cell's direction is that of the minimiser of least rank: first the minimisers whose own direction
 * is the same as the move {@code c -> n} (the path goes on straight; the goal has no direction), then, in both
 * groups, the order N, S, W, E, NW, NE, SW, SE. So the descent from a cell, which just follows the directions,
 * keeps straight runs where the field allows them (few turning points to smooth); ties are exact, so on 8-connected
 * grids two orders of the same moves whose sums round differently are not a tie. Each move lowers the value by
 * exactly its step: the descent ends at the goal along a path of cost {@code value(c)}, for a required source the
 * optimal length that A* and JPS find. A descent depends only on its first cell, so descents from many chasers of
 * one player share their ends without any bookkeeping, and each costs one byte read per cell it writes.
 *
 * <p><b>Values.</b> Only the open cells' values are kept while building (a hash map that grows with the frontier),
 * and the values of the settled sources and rim cells, which the exactness check needs. {@link #value} of any
 * other settled cell is recomputed by following its directions to the goal and adding the steps back from the goal,
 * in the order the build added them, so it is the very {@code double} the build settled (cost: the descent's
 * length).
 *
 * <p><b>Memory.</b> Cells are numbered within the region ({@code (y - y0) * regionWidth + (x - x0)}), and each has
 * one byte (direction, open, closed and source bits; layout in the comment on the bit constants) in a page of 64
 * such cells (a run of one region row) allocated the first time a run touches one of its cells, with the page's
 * generation in 4 more
 * bytes: 88 bytes per page with the array header and alignment, so <b>1 byte per cell of a touched page plus 24
 * bytes per page</b> (1.375 bytes per cell), plus 4 bytes per 64 region cells for the page table; nothing is sized
 * to the map. The build adds, for its frontier only: the open cells' values (12 bytes per slot, 2 to 4 slots per
 * open cell at the frontier's widest), 4 bytes per bucket entry (uniform cost) or 12 per heap entry (weighted;
 * entries superseded by a lower value stay until popped), and 12 bytes per settled rim cell and up to 48 per
 * settled source. Pages are kept and builds told apart by their generation (a page of an older generation is reset
 * when first touched), so a build over cells already paged in allocates nothing; when the field holds more than
 * {@link IntPages#RETAINED_BYTES} (64 MiB) at the start of a run, it drops its pages and lists first.
 * {@link #scratchBytes()} reports what is held. The grid is held until the next build.
 *
 * <p>Not thread-safe: use one instance per thread. Grids may be shared.
 */
public final class IntegrationField {
    private static final double SQRT2 = Math.sqrt(2.0);
    /** Margin added on each growth besides doubling, cells. */
    private static final int GROWTH_CELLS = 16;

    /** Cells per field page: a run of one row of the region. */
    private static final int PAGE_SHIFT = 6;
    private static final int PAGE_CELLS = 1 << PAGE_SHIFT;
    private static final int PAGE_MASK = PAGE_CELLS - 1;
    /** Byte offset of a page's generation ({@code int}), after its cells. */
    private static final int GEN_AT = PAGE_CELLS;
    /** Length of a page array: a byte per cell and the generation. */
    private static final int PAGE_LENGTH = PAGE_CELLS + 4;
    /** Bytes of one field page: header and length rounded up to 8 (88). */
    static final long PAGE_BYTES = (IntPages.ARRAY_HEADER + PAGE_LENGTH + 7) & ~7L;
    private static final VarHandle GEN = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.nativeOrder());

    /*
     * A cell's byte: bits 0-2 the direction of its move toward the goal (index into N, S, W, E, NW, NE, SW, SE;
     * tentative while open, final once closed, none for the goal); bit 3 set when the tentative parent does not go
     * on in that direction (so bits 0-3 are the rank of the tie rule, lower wins); bit 5 a required source;
     * bit 6 open; bit 7 closed (settled).
     */
    /** Bits 0-3 of a cell's byte: the rank of its direction (direction, plus 8 when the path turns there). */
    private static final int RANK = 0x0F;
    private static final int DIRECTION = 0x07;
    private static final int TURNS = 0x08;
    private static final int SOURCE = 0x20;
    private static final int OPEN = 0x40;
    /** Bit 7 of a cell's byte: settled. */
    private static final int CLOSED = 0x80;
    private static final int N = 0;
    private static final int S = 1;
    private static final int W = 2;
    private static final int E = 3;
    private static final int NW = 4;
    private static final int NE = 5;
    private static final int SW = 6;
    private static final int SE = 7;
    /** Column and row change of a move in each direction. */
    private static final int[] DX = {0, 0, -1, 1, -1, 1, -1, 1};
    private static final int[] DY = {-1, 1, 0, 0, -1, -1, 1, 1};
    private static final int INITIAL_BUCKET = 256;
    private static final int INITIAL_HEAP = 256;

    /**
     * Field pages by region-local id {@code l >>> PAGE_SHIFT}, {@code null} until first touched: a byte per cell,
     * then the generation the bytes belong to (a page of an older generation is all unseen and is reset when
     * touched).
     */
    private byte[][] fieldPages = new byte[0][];
    private int[] heldPages = new int[16];
    private int heldCount;
    private int generation;
    /** Values of the open cells by region-local id. */
    private final IntDoubleMap frontier = new IntDoubleMap();
    /** Values of the settled required sources by padded id. */
    private final IntDoubleMap sourceValues = new IntDoubleMap();
    /**
     * Bucket queue of uniform-cost builds: bucket {@code k & 3} holds region-local ids of open cells whose value's floor
     * was {@code k} when pushed (a cell pushed again after a decrease leaves a stale entry behind, skipped when
     * popped because the cell is closed by then).
     */
    private final int[][] buckets = {new int[INITIAL_BUCKET], new int[INITIAL_BUCKET], new int[INITIAL_BUCKET],
        new int[INITIAL_BUCKET]};
    private final int[] bucketSize = new int[4];
    /**
     * Binary min-heap of weighted builds: region-local id and the value it was offered; a cell offered a lower value
     * is pushed again and its older entry skipped when popped (the cell is closed by then).
     */
    private IntDoubleHeap heap = new IntDoubleHeap(INITIAL_HEAP);
    /** Whether the last run used {@link #buckets} (uniform cost) rather than the heap. */
    private boolean bucketed;
    private int[] descentBuffer = new int[64];
    /** Padded ids of a walk to the goal, for {@link #value}. */
    private int[] walkBuffer = new int[64];
    /** Rim cells settled by the current run, padded ids in settling order (so by non-decreasing value). */
    private int[] rimCells = new int[64];
    private double[] rimValues = new double[64];
    private int rimCount;

    // the last build
    private NavGrid grid;
    private long[][] rows;
    private float[][] cost;
    private int stride;
    private boolean four;
    private int goalP = -1;
    private int goalL;
    private int x0;
    private int y0;
    private int x1;
    private int y1;
    /** Region width, cells: region-local id of padded (x, y) is {@code (y - y0) * regionWidth + (x - x0)}. */
    private int regionWidth;
    /** Per direction: the change of region-local id, of padded id and of map cell id of that move. */
    private final int[] localStep = new int[8];
    private final int[] paddedStep = new int[8];
    private final int[] cellStep = new int[8];
    private int settled;
    private int rebuilds;
    private boolean complete;

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
        int ps = stride;
        int w = g.width();
        for (int d = 0; d < 8; d++) {
            localStep[d] = DY[d] * rw + DX[d];
            paddedStep[d] = DY[d] * ps + DX[d];
            cellStep[d] = DY[d] * w + DX[d];
        }
        int remaining = 0;
        for (int i = 0; i < sourceCount; i++) {
            int s = sources[i];
            if (s < 0 || s >= g.width() * g.height() || g.island(s) != goalIsland) {
                continue;
            }
            int l = local(g.pad(s));
            byte[] page = touch(l);
            int at = l & PAGE_MASK;
            if ((page[at] & SOURCE) == 0) {
                page[at] |= SOURCE;
                remaining++;
            }
        }
        boolean rimLeft = x0 > 1;
        boolean rimRight = x1 < g.width();
        boolean rimTop = y0 > 1;
        boolean rimBottom = y1 < g.height();
        rimCount = 0;
        double last = 0;
        int startL = local(g.pad(goalCell));
        goalL = startL;
        int count = 0;
        bucketed = cost == null;
        IntDoubleMap open = frontier;
        byte[] startPage = touch(startL);
        startPage[startL & PAGE_MASK] |= OPEN;
        open.insert(startL, 0.0);
        if (bucketed) {
            // Dial's buckets of width 1: every move costs at least 1, so a cell settled from bucket k only ever
            // lowers cells into bucket k + 1 or later, and the cells of one bucket are final in any order
            Arrays.fill(bucketSize, 0);
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
                byte[] page = fieldPages[l >>> PAGE_SHIFT]; // touched (and current) since l was pushed
                int at = l & PAGE_MASK;
                int cb = page[at];
                if ((cb & CLOSED) != 0) {
                    continue; // stale entry: the cell was lowered into an earlier bucket and settled there
                }
                page[at] = (byte) ((cb & ~OPEN) | CLOSED);
                double d = open.remove(l);
                last = d;
                count++;
                int ly = l / rw;
                int x = l - ly * rw + x0;
                int y = ly + y0;
                int p = y * ps + x;
                if ((cb & SOURCE) != 0) {
                    remaining--;
                    sourceValues.insert(p, d);
                }
                noteRim(p, x, y, d, rimLeft, rimRight, rimTop, rimBottom);
                pending += relaxUniform(l, x, y, d, l == startL ? -1 : cb & DIRECTION);
            }
        } else {
            heap.clear();
            heap.push(startL, 0.0);
            while (!heap.isEmpty() && (remaining > 0 || count == 0)) {
                int l = heap.topId();
                heap.pop();
                byte[] page = fieldPages[l >>> PAGE_SHIFT];
                int at = l & PAGE_MASK;
                int cb = page[at];
                if ((cb & CLOSED) != 0) {
                    continue; // superseded entry: the cell was settled from its lower one
                }
                page[at] = (byte) ((cb & ~OPEN) | CLOSED);
                double d = open.remove(l);
                last = d;
                count++;
                int ly = l / rw;
                int x = l - ly * rw + x0;
                int y = ly + y0;
                int p = y * ps + x;
                if ((cb & SOURCE) != 0) {
                    remaining--;
                    sourceValues.insert(p, d);
                }
                noteRim(p, x, y, d, rimLeft, rimRight, rimTop, rimBottom);
                relaxWeighted(l, x, y, d, l == startL ? -1 : cb & DIRECTION);
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
     * Records settled padded cell p = (x, y) of value d in {@link #rimCells} when it lies on a side of the region
     * that is not the map's edge.
     */
    private void noteRim(int p, int x, int y, double d, boolean rimLeft, boolean rimRight, boolean rimTop,
                         boolean rimBottom) {
        if ((rimLeft && x == x0) || (rimRight && x == x1) || (rimTop && y == y0) || (rimBottom && y == y1)) {
            if (rimCount == rimCells.length) {
                rimCells = Arrays.copyOf(rimCells, 2 * rimCount);
                rimValues = Arrays.copyOf(rimValues, 2 * rimCount);
            }
            rimCells[rimCount] = p;
            rimValues[rimCount++] = d;
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
        double vp = sourceValues.valueAt(sourceValues.slotOf(p));
        if (Double.compare(vp, last + 1 + m) > 0) {
            return false;
        }
        for (int i = 0; i < rimCount; i++) {
            int v = rimCells[i];
            double vv = rimValues[i];
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
     * Rank (bits 0-3 of a cell's byte) of the move {@code c -> p} in direction {@code d} toward a parent whose own
     * direction is {@code parentDirection} (-1 for the goal): {@code d}, plus {@link #TURNS} unless the parent goes
     * on in direction {@code d}.
     */
    private static int rank(int d, int parentDirection) {
        return d == parentDirection ? d : d | TURNS;
    }

    /**
     * Offers the region neighbours c of settled padded (x, y) (region-local id l, value d, direction
     * {@code pd}, -1 for the goal) the value {@code d + length(c, p) * cost(p)}, pushing them on the heap.
     */
    private void relaxWeighted(int l, int x, int y, double d, int pd) {
        int rw = regionWidth;
        long[] up = rows[y - 1];
        long[] mid = rows[y];
        long[] down = rows[y + 1];
        double cp = cost[y][x];
        double straight = d + cp;
        boolean n = NavGrid.bit(up, x) && y - 1 >= y0;
        boolean so = NavGrid.bit(down, x) && y + 1 <= y1;
        boolean w = NavGrid.bit(mid, x - 1) && x - 1 >= x0;
        boolean e = NavGrid.bit(mid, x + 1) && x + 1 <= x1;
        // the neighbour to the north moves south to reach p, and so on
        if (n) {
            offer(l - rw, straight, rank(S, pd), false);
        }
        if (so) {
            offer(l + rw, straight, rank(N, pd), false);
        }
        if (w) {
            offer(l - 1, straight, rank(E, pd), false);
        }
        if (e) {
            offer(l + 1, straight, rank(W, pd), false);
        }
        if (four) {
            return;
        }
        // diagonal legality needs both orthogonals standable; region membership of the diagonal follows from
        // that of the two orthogonals
        double diagonal = d + SQRT2 * cp;
        if (n && w && NavGrid.bit(up, x - 1)) {
            offer(l - rw - 1, diagonal, rank(SE, pd), false);
        }
        if (n && e && NavGrid.bit(up, x + 1)) {
            offer(l - rw + 1, diagonal, rank(SW, pd), false);
        }
        if (so && w && NavGrid.bit(down, x - 1)) {
            offer(l + rw - 1, diagonal, rank(NE, pd), false);
        }
        if (so && e && NavGrid.bit(down, x + 1)) {
            offer(l + rw + 1, diagonal, rank(NW, pd), false);
        }
    }

    /**
     * {@link #relaxWeighted} for uniform cost with the bucket queue: offers the region neighbours c of settled
     * padded (x, y) (region-local id l, value d, direction {@code pd}) the value {@code d + length(c, p)}.
     *
     * @return entries pushed to the buckets
     */
    private int relaxUniform(int l, int x, int y, double d, int pd) {
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
            pushed += offer(l - rw, straight, rank(S, pd), true);
        }
        if (so) {
            pushed += offer(l + rw, straight, rank(N, pd), true);
        }
        if (w) {
            pushed += offer(l - 1, straight, rank(E, pd), true);
        }
        if (e) {
            pushed += offer(l + 1, straight, rank(W, pd), true);
        }
        if (four) {
            return pushed;
        }
        double diagonal = d + SQRT2;
        if (n && w && NavGrid.bit(up, x - 1)) {
            pushed += offer(l - rw - 1, diagonal, rank(SE, pd), true);
        }
        if (n && e && NavGrid.bit(up, x + 1)) {
            pushed += offer(l - rw + 1, diagonal, rank(SW, pd), true);
        }
        if (so && w && NavGrid.bit(down, x - 1)) {
            pushed += offer(l + rw - 1, diagonal, rank(NE, pd), true);
        }
        if (so && e && NavGrid.bit(down, x + 1)) {
            pushed += offer(l + rw + 1, diagonal, rank(NW, pd), true);
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
        byte[] page = fieldPages[l >>> PAGE_SHIFT];
        if (page == null || (int) GEN.get(page, GEN_AT) != generation) {
            page = touch(l);
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
            pushBucket(k, l);
            return 1;
        }
        page[at] = (byte) (b | OPEN | rank);
        open.insert(l, v);
        if (bucketed) {
            pushBucket((long) v, l);
        } else {
            heap.push(l, v);
        }
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

    /**
     * Starts a run over {@code regionCells} region-local ids: a new generation (every cell unseen), the page table
     * grown to cover them, the frontier and lists emptied; first drops the pages and lists when the field holds
     * more than {@link IntPages#RETAINED_BYTES}.
     */
    private void beginPages(int regionCells) {
        int need = (int) (((long) regionCells + PAGE_CELLS - 1) >>> PAGE_SHIFT);
        if (fieldBytes() > IntPages.RETAINED_BYTES) {
            fieldPages = new byte[need][];
            heldPages = new int[16];
            heldCount = 0;
            for (int b = 0; b < 4; b++) {
                buckets[b] = new int[INITIAL_BUCKET];
            }
            heap = new IntDoubleHeap(INITIAL_HEAP);
            rimCells = new int[64];
            rimValues = new double[64];
            descentBuffer = new int[64];
            walkBuffer = new int[64];
            frontier.drop();
            sourceValues.drop();
        }
        if (fieldPages.length < need) {
            fieldPages = Arrays.copyOf(fieldPages, need);
        }
        if (++generation == 0) { // wrapped: mark every held page as of an older generation once
            for (int i = 0; i < heldCount; i++) {
                GEN.set(fieldPages[heldPages[i]], GEN_AT, 0);
            }
            generation = 1;
        }
        frontier.clear();
        sourceValues.clear();
    }

    /** The page of region-local id l, allocated when absent and reset when of an older generation. */
    private byte[] touch(int l) {
        int index = l >>> PAGE_SHIFT;
        byte[] page = fieldPages[index];
        if (page == null) {
            page = new byte[PAGE_LENGTH];
            fieldPages[index] = page;
            if (heldCount == heldPages.length) {
                heldPages = Arrays.copyOf(heldPages, 2 * heldCount);
            }
            heldPages[heldCount++] = index;
        } else if ((int) GEN.get(page, GEN_AT) != generation) {
            Arrays.fill(page, 0, PAGE_CELLS, (byte) 0);
        }
        GEN.set(page, GEN_AT, generation);
        return page;
    }

    /** Region-local id of padded id p, which must lie in the region. */
    private int local(int p) {
        return (p / stride - y0) * regionWidth + (p % stride - x0);
    }

    /** Whether region-local cell l was settled by the last run. */
    private boolean settledLocal(int l) {
        byte[] page = fieldPages[l >>> PAGE_SHIFT];
        return page != null && (int) GEN.get(page, GEN_AT) == generation && (page[l & PAGE_MASK] & CLOSED) != 0;
    }

    /** Region-local id of padded id p when it lies in the region and was settled, else -1. */
    private int settledLocal(int px, int py) {
        int lx = px - x0;
        int ly = py - y0;
        if (lx < 0 || lx >= regionWidth || ly < 0 || ly > y1 - y0) {
            return -1;
        }
        int l = ly * regionWidth + lx;
        return settledLocal(l) ? l : -1;
    }

    /** Bytes the field's pages and lists hold (array headers included). */
    private long fieldBytes() {
        long bytes = heldCount * PAGE_BYTES + IntPages.ARRAY_HEADER + 4L * fieldPages.length
                + IntPages.ARRAY_HEADER + 4L * heldPages.length
                + IntPages.ARRAY_HEADER + 4L * rimCells.length + IntPages.ARRAY_HEADER + 8L * rimValues.length
                + IntPages.ARRAY_HEADER + 4L * descentBuffer.length + IntPages.ARRAY_HEADER + 4L * walkBuffer.length
                + heap.bytes()
                + frontier.bytes() + sourceValues.bytes();
        for (int[] b : buckets) {
            bytes += IntPages.ARRAY_HEADER + 4L * b.length;
        }
        return bytes;
    }

    /**
     * Bytes of scratch this field holds now: its pages (64 cells each: a byte per cell and a generation, 88 bytes
     * with the header), page table, the open cells' and settled sources' values, bucket or heap, rim and walk
     * lists, array headers included.
     */
    public long scratchBytes() {
        return fieldBytes();
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
     * required sources; {@link Double#POSITIVE_INFINITY} for a cell the last build did not settle. For a cell that
     * is not a required source, recomputed along its descent (see the class comment): the same {@code double} the
     * build settled, at the cost of a descent.
     */
    public double value(int cell) {
        if (goalP < 0 || cell < 0 || cell >= grid.width() * grid.height()) {
            return Double.POSITIVE_INFINITY;
        }
        int p = grid.pad(cell);
        int l = settledLocal(p % stride, p / stride);
        if (l < 0) {
            return Double.POSITIVE_INFINITY;
        }
        int slot = sourceValues.find(p);
        if (slot >= 0) {
            return sourceValues.valueAt(slot);
        }
        int[] walk = walkBuffer;
        int k = 0;
        while (true) {
            if (k == walk.length) {
                walk = Arrays.copyOf(walk, 2 * walk.length);
                walkBuffer = walk;
            }
            walk[k++] = p;
            if (p == goalP) {
                break;
            }
            if (k > settled) {
                throw new IllegalStateException("directions do not lead to the goal from padded cell " + walk[0]);
            }
            int d = fieldPages[l >>> PAGE_SHIFT][l & PAGE_MASK] & DIRECTION;
            p += paddedStep[d];
            l += localStep[d];
        }
        // add the steps back from the goal, as the build did: value(c) = value(parent) + length * cost(parent)
        int s = stride;
        double v = 0;
        for (int i = k - 2; i >= 0; i--) {
            int q = walk[i + 1];
            boolean diagonal = q % s != walk[i] % s && q / s != walk[i] / s;
            if (cost == null) {
                v = diagonal ? v + SQRT2 : v + 1.0;
            } else {
                double cq = cost[q / s][q % s];
                v = diagonal ? v + SQRT2 * cq : v + cq;
            }
        }
        return v;
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
     * Descends from {@code cell} to the goal by following the settled directions (see the class comment).
     * Writes map cell ids from {@code cell} to the goal to {@link #descentCells()}, which grows when too short.
     *
     * @return the number of cells written to {@link #descentCells()}, or 0 when {@code cell} is not settled
     */
    public int descend(int cell) {
        if (goalP < 0 || cell < 0 || cell >= grid.width() * grid.height()) {
            return 0;
        }
        int p = grid.pad(cell);
        int l = settledLocal(p % stride, p / stride);
        if (l < 0) {
            return 0;
        }
        int[] buf = descentBuffer;
        int k = 0;
        int c = cell;
        int[] steps = cellStep;
        int[] localSteps = localStep;
        byte[][] pages = fieldPages;
        int goal = goalL;
        while (true) {
            if (k == buf.length) {
                buf = Arrays.copyOf(buf, 2 * buf.length);
                descentBuffer = buf;
            }
            buf[k++] = c;
            if (l == goal) {
                break;
            }
            if (k > settled) {
                throw new IllegalStateException("directions do not lead to the goal from cell " + cell);
            }
            int d = pages[l >>> PAGE_SHIFT][l & PAGE_MASK] & DIRECTION;
            c += steps[d];
            l += localSteps[d];
        }
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

    /** The map of the last build, or {@code null} before the first. */
    public GridMap map() {
        return grid == null ? null : grid.map();
    }
}
