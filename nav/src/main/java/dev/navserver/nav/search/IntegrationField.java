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
 * whose cost is {@code value(c)}: for a required source, the optimal length that A* and JPS find.
 *
 * <p><b>Memory.</b> The heap and the per-cell values are sized to the largest padded grid seen and reused; builds
 * are told apart by a generation counter, so a build allocates nothing in steady state. The grid is held until
 * the next build.
 *
 * <p>Not thread-safe: use one instance per thread. Grids may be shared.
 */
public final class IntegrationField {
    private static final double SQRT2 = Math.sqrt(2.0);
    /** Margin added on each growth besides doubling, cells. */
    private static final int GROWTH_CELLS = 16;

    private final OpenList open = new OpenList();
    /**
     * Bucket queue of uniform-cost builds: bucket {@code k & 3} holds padded ids of open cells whose value's floor
     * was {@code k} when pushed (a cell pushed again after a decrease leaves a stale entry behind, skipped when
     * popped because the cell is closed by then).
     */
    private final int[][] buckets = {new int[256], new int[256], new int[256], new int[256]};
    private final int[] bucketSize = new int[4];
    /** Whether the last run used {@link #buckets} (uniform cost) rather than the heap. */
    private boolean bucketed;
    /** Field value per padded id; valid only where {@link OpenList#isClosed} holds. */
    private double[] value = new double[0];
    /** Source marks per padded id: {@code mark[p] == generation} marks a required source. */
    private int[] mark = new int[0];
    private int generation;
    private int[] descentBuffer = new int[64];
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
            open.begin(grid.paddedSize());
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
        int n = g.paddedSize();
        open.begin(n);
        if (value.length < n) {
            value = new double[n];
            mark = new int[n];
            generation = 0;
        }
        if (++generation < 0) {
            Arrays.fill(mark, 0);
            generation = 1;
        }
        int gen = generation;
        x0 = c0 + 1;
        y0 = r0 + 1;
        x1 = c1 + 1;
        y1 = r1 + 1;
        int remaining = 0;
        for (int i = 0; i < sourceCount; i++) {
            int s = sources[i];
            if (s < 0 || s >= g.width() * g.height() || g.island(s) != goalIsland) {
                continue;
            }
            int p = g.pad(s);
            if (mark[p] != gen) {
                mark[p] = gen;
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
        int startP = g.pad(goalCell);
        int count = 0;
        bucketed = cost == null;
        if (bucketed) {
            // Dial's buckets of width 1: every move costs at least 1, so a cell settled from bucket k only ever
            // lowers cells into bucket k + 1 or later, and the cells of one bucket are final in any order
            int[] r = o.record;
            int openStamp = o.openStamp;
            int closedStamp = openStamp + 1;
            Arrays.fill(bucketSize, 0);
            r[OpenList.RECORD * startP] = openStamp;
            value[startP] = 0;
            pushBucket(0, startP);
            int pending = 1;
            long base = 0;
            while (pending > 0 && (remaining > 0 || count == 0)) {
                int b = (int) (base & 3);
                if (bucketSize[b] == 0) {
                    base++;
                    continue;
                }
                int p = buckets[b][--bucketSize[b]];
                pending--;
                if (r[OpenList.RECORD * p] == closedStamp) {
                    continue; // stale entry: the cell was lowered into an earlier bucket and settled there
                }
                r[OpenList.RECORD * p] = closedStamp;
                double d = value[p];
                last = d;
                count++;
                if (mark[p] == gen) {
                    remaining--;
                }
                int x = p % stride;
                int y = p / stride;
                if ((rimLeft && x == x0) || (rimRight && x == x1) || (rimTop && y == y0) || (rimBottom && y == y1)) {
                    if (rimCount == rimCells.length) {
                        rimCells = Arrays.copyOf(rimCells, 2 * rimCount);
                    }
                    rimCells[rimCount++] = p;
                }
                pending += relaxUniform(p, x, y, d, openStamp, closedStamp);
            }
            complete = true;
            for (int b = 0; b < 4 && complete; b++) {
                for (int i = 0; i < bucketSize[b]; i++) {
                    if (r[OpenList.RECORD * buckets[b][i]] != closedStamp) {
                        complete = false;
                        break;
                    }
                }
            }
        } else {
            o.push(startP, 0, 0);
            while (!o.isEmpty() && (remaining > 0 || count == 0)) {
                int p = o.peek();
                double d = o.peekG();
                o.pop();
                value[p] = d;
                last = d;
                count++;
                if (mark[p] == gen) {
                    remaining--;
                }
                int x = p % stride;
                int y = p / stride;
                if ((rimLeft && x == x0) || (rimRight && x == x1) || (rimTop && y == y0) || (rimBottom && y == y1)) {
                    if (rimCount == rimCells.length) {
                        rimCells = Arrays.copyOf(rimCells, 2 * rimCount);
                    }
                    rimCells[rimCount++] = p;
                }
                relaxAround(p, x, y, d);
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
        double vp = value[p];
        if (Double.compare(vp, last + 1 + m) > 0) {
            return false;
        }
        for (int i = 0; i < rimCount; i++) {
            int v = rimCells[i];
            double base = value[v] + 1;
            // rim cells settled later have values of at least value(v) (heap), at least its floor (buckets)
            double later = (bucketed ? Math.floor(value[v]) : value[v]) + 1;
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

    /** Offers the region neighbours q of settled p: value(q) <= value(p) + length(q, p) * cost(p). */
    private void relaxAround(int p, int x, int y, double d) {
        int s = stride;
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
            offer(p - s, straight);
        }
        if (so) {
            offer(p + s, straight);
        }
        if (w) {
            offer(p - 1, straight);
        }
        if (e) {
            offer(p + 1, straight);
        }
        if (four) {
            return;
        }
        // diagonal legality needs both orthogonals standable; region membership of the diagonal follows from
        // that of the two orthogonals
        double diagonal = d + SQRT2 * cp;
        if (n && w && NavGrid.bit(up, x - 1)) {
            offer(p - s - 1, diagonal);
        }
        if (n && e && NavGrid.bit(up, x + 1)) {
            offer(p - s + 1, diagonal);
        }
        if (so && w && NavGrid.bit(down, x - 1)) {
            offer(p + s - 1, diagonal);
        }
        if (so && e && NavGrid.bit(down, x + 1)) {
            offer(p + s + 1, diagonal);
        }
    }

    /**
     * {@link #relaxAround} for uniform cost with the bucket queue: offers the region neighbours q of settled p the
     * value {@code value(p) + length(q, p)}.
     *
     * @return entries pushed to the buckets
     */
    private int relaxUniform(int p, int x, int y, double d, int openStamp, int closedStamp) {
        int s = stride;
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
            pushed += offerBucket(p - s, straight, openStamp, closedStamp);
        }
        if (so) {
            pushed += offerBucket(p + s, straight, openStamp, closedStamp);
        }
        if (w) {
            pushed += offerBucket(p - 1, straight, openStamp, closedStamp);
        }
        if (e) {
            pushed += offerBucket(p + 1, straight, openStamp, closedStamp);
        }
        if (four) {
            return pushed;
        }
        double diagonal = d + SQRT2;
        if (n && w && NavGrid.bit(up, x - 1)) {
            pushed += offerBucket(p - s - 1, diagonal, openStamp, closedStamp);
        }
        if (n && e && NavGrid.bit(up, x + 1)) {
            pushed += offerBucket(p - s + 1, diagonal, openStamp, closedStamp);
        }
        if (so && w && NavGrid.bit(down, x - 1)) {
            pushed += offerBucket(p + s - 1, diagonal, openStamp, closedStamp);
        }
        if (so && e && NavGrid.bit(down, x + 1)) {
            pushed += offerBucket(p + s + 1, diagonal, openStamp, closedStamp);
        }
        return pushed;
    }

    /** Lowers q to v if that improves it, pushing it to v's bucket when that bucket changes; returns pushes. */
    private int offerBucket(int q, double v, int openStamp, int closedStamp) {
        int[] r = open.record;
        int stamp = r[OpenList.RECORD * q];
        if (stamp == openStamp) {
            double old = value[q];
            if (Double.compare(v, old) >= 0) {
                return 0;
            }
            value[q] = v;
            long k = (long) v;
            if (k == (long) old) {
                return 0; // same bucket: the entry already there reads the new value
            }
            pushBucket(k, q);
            return 1;
        }
        if (stamp == closedStamp) {
            return 0;
        }
        r[OpenList.RECORD * q] = openStamp;
        value[q] = v;
        pushBucket((long) v, q);
        return 1;
    }

    private void pushBucket(long k, int q) {
        int b = (int) (k & 3);
        int size = bucketSize[b];
        int[] bucket = buckets[b];
        if (size == bucket.length) {
            bucket = Arrays.copyOf(bucket, 2 * size);
            buckets[b] = bucket;
        }
        bucket[size] = q;
        bucketSize[b] = size + 1;
    }

    private void offer(int q, double v) {
        OpenList o = open;
        int stamp = o.record[OpenList.RECORD * q];
        if (stamp == o.openStamp) {
            if (Double.compare(v, o.g(q)) < 0) {
                o.decrease(q, v, v);
            }
        } else if (stamp != o.openStamp + 1) {
            o.push(q, v, v);
        }
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
        int p = grid.pad(cell);
        return open.isClosed(p) ? value[p] : Double.POSITIVE_INFINITY;
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
        while (true) {
            if (k == buf.length) {
                buf = Arrays.copyOf(buf, 2 * buf.length);
                descentBuffer = buf;
            }
            buf[k++] = (p / s - 1) * w + p % s - 1;
            if (p == goalP) {
                return k;
            }
            int q = next(p, step);
            step = q - p;
            p = q;
        }
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
        int x = p % s;
        int y = p / s;
        long[] up = rows[y - 1];
        long[] mid = rows[y];
        long[] down = rows[y + 1];
        boolean n = NavGrid.bit(up, x);
        boolean so = NavGrid.bit(down, x);
        boolean w = NavGrid.bit(mid, x - 1);
        boolean e = NavGrid.bit(mid, x + 1);
        bestQ = -1;
        bestV = Double.POSITIVE_INFINITY;
        consider(n, p - s, 1.0);
        consider(so, p + s, 1.0);
        consider(w, p - 1, 1.0);
        consider(e, p + 1, 1.0);
        if (!four) {
            consider(n && w && NavGrid.bit(up, x - 1), p - s - 1, SQRT2);
            consider(n && e && NavGrid.bit(up, x + 1), p - s + 1, SQRT2);
            consider(so && w && NavGrid.bit(down, x - 1), p + s - 1, SQRT2);
            consider(so && e && NavGrid.bit(down, x + 1), p + s + 1, SQRT2);
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
            boolean diagonal = previous != 1 && previous != -1 && previous != s && previous != -s;
            boolean legal = diagonal ? openAt(q) && openAt(p + (q % s - p % s)) && openAt(p + (q / s - p / s) * s)
                    : openAt(q);
            consider(legal, q, diagonal ? SQRT2 : 1.0);
            bestQ = bestQ >= 0 && Double.compare(bestV, v) == 0 ? q : kept;
            bestV = v;
        }
        return bestQ;
    }

    /** Takes q as the descent's next cell when the move is legal, q settled and step + value the least so far. */
    private void consider(boolean legal, int q, double length) {
        if (legal && open.isClosed(q)) {
            double v = value[q] + stepCost(q, length);
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
