package dev.navserver.nav.search;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.NavGrid;
import java.util.Arrays;
import java.util.Objects;

/**
 * A per-thread search context: A* and Jump Point Search over a {@link NavGrid}, one-shot ({@link #find}) or
 * time-sliced ({@link #start}, {@link #step}, {@link #result}). A sliced search returns exactly the one-shot
 * result (cells, length, expanded) for any slice sizes.
 *
 * <p><b>Moves.</b> 8-connected: straight moves of length 1 and diagonal moves of length sqrt(2), a diagonal only
 * when both orthogonal neighbours are standable; octile heuristic. 4-connected: length 1, Manhattan heuristic.
 * Entering a cell costs the move's length times the layer cost of that cell ({@code >= 1}). Open-list ties on
 * {@code f} go to the larger {@code g}.
 *
 * <p><b>JPS.</b> {@link Algorithm#JPS} applies to 8-connected moves on uniform-cost grids; with {@link Moves#FOUR}
 * or non-uniform costs the search runs A*. Straight jumps scan the grid's bit rows and columns a 64-cell word at a
 * time. Diagonal jumps prune intermediate jump points (Harabor and Grastien 2014): a diagonal cell whose only
 * reason to be a jump point is a straight jump starting at it is not put on the open list; the straight jumps'
 * ends become successors of the diagonal jump's origin (turning at that cell) and the diagonal jump goes on.
 * {@link PathResult#expanded()} counts jump points.
 *
 * <p><b>Options.</b> The node budget counts expansions: when the next node would be the budget's
 * {@code maxExpandedNodes + 1}-th, the search ends {@link SearchStatus#PARTIAL} with the path to the expanded node
 * of least heuristic (the first such node on ties). With an arrival radius the search ends at the first popped
 * node within the radius; JPS jumps stop at the first cell of the arrival disc on their line, so that cell is the
 * end. Under {@link GoalPolicy#NEAREST_REACHABLE} a substitute goal replaces an unreachable one, and heuristic,
 * budget and radius all refer to the substitute.
 *
 * <p><b>Memory.</b> Scratch arrays are sized to the largest padded grid seen and reused; searches are told apart
 * by a generation counter, so a search allocates nothing but its {@link PathResult} and the result's cell array.
 *
 * <p>Not thread-safe: use one instance per thread. Grids may be shared.
 */
public final class PathSearch {
    private static final double SQRT2 = Math.sqrt(2.0);
    private static final double OCTILE_DIAGONAL = SQRT2 - 1.0;
    /** Predecessor recorded for the start node. */
    private static final int NONE = -1;

    /**
     * Per padded index {@code p}, a 16-byte record (one cache line per visit): {@code node[4p]} is a stamp
     * ({@link #openStamp} while p is on the open list, {@link #openStamp}{@code + 1} once closed, anything else
     * means unseen in this search), {@code node[4p + 1]} is p's heap slot while open, {@code node[4p + 2]} its
     * predecessor (padded index, {@link #NONE} for the start); {@code node[4p + 3]} is the turning cell when p was
     * reached by a diagonal-then-straight jump from its predecessor, else {@link #NONE}. A node's cost from
     * the start lives in the heap key while it is open; it is not needed once closed.
     */
    private int[] node = new int[0];
    private int openStamp;

    // indexed 4-ary min-heap on (f asc, g desc); key[2i] = f and key[2i + 1] = g of the node in slot i
    private int[] heap = new int[0];
    private double[] key = new double[0];
    private int heapSize;

    // disc of arrival: cells (x, y) with |y - goalY| <= discRadius and |x - goalX| <= discHalf[|y - goalY|]
    private int[] discHalf = new int[1];
    private int discRadius;

    // the current search
    private boolean[] open;
    private float[] cost;
    private int stride;
    private int width;
    private long[] rowBits;
    private int rowWords;
    private long[] colBits;
    private int colWords;
    private boolean jps;
    private boolean four;
    private int goalP;
    private int goalX;
    private int goalY;
    private boolean substituteGoal;
    private int budget;
    private int expanded;
    private int bestP;
    private double bestH;
    private double bestG;
    private boolean finished = true;
    private PathResult result;

    /**
     * Runs a whole search.
     *
     * @param startCol start column, any value (outside the map gives {@link SearchStatus#OUT_OF_BOUNDS})
     * @param startRow start row
     * @param goalCol  goal column
     * @param goalRow  goal row
     * @return the result, never null
     */
    public PathResult find(NavGrid grid, long startCol, long startRow, long goalCol, long goalRow,
                           SearchOptions options) {
        start(grid, startCol, startRow, goalCol, goalRow, options);
        while (!step(Integer.MAX_VALUE)) {
            // step(Integer.MAX_VALUE) finishes in one call; the loop only guards the contract
        }
        return result;
    }

    /**
     * Begins a search, abandoning any unfinished one. Statuses decided without expanding a node
     * (out of bounds, blocked, unreachable) are finished here. Arguments as in {@link #find}.
     */
    public void start(NavGrid grid, long startCol, long startRow, long goalCol, long goalRow,
                      SearchOptions options) {
        Objects.requireNonNull(grid, "grid");
        Objects.requireNonNull(options, "options");
        this.result = null;
        this.finished = false;
        GridMap map = grid.map();
        if (!map.inBounds(startCol, startRow) || !map.inBounds(goalCol, goalRow)) {
            finish(PathResult.outOfBounds());
            return;
        }
        int startCell = map.cell(startCol, startRow);
        int goalCell = map.cell(goalCol, goalRow);
        if (!grid.openCell(startCell)) {
            finish(PathResult.startBlocked());
            return;
        }
        int startIsland = grid.island(startCell);
        substituteGoal = false;
        if (!grid.openCell(goalCell) || grid.island(goalCell) != startIsland) {
            if (options.goalPolicy() == GoalPolicy.EXACT) {
                finish(grid.openCell(goalCell) ? PathResult.unreachable(0) : PathResult.goalBlocked());
                return;
            }
            goalCell = grid.nearestOpen((int) goalCol, (int) goalRow, startIsland,
                    Math.max(grid.width(), grid.height()));
            substituteGoal = true;
        }

        open = grid.openArray();
        cost = grid.costArray();
        stride = grid.stride();
        width = grid.width();
        four = options.moves() == Moves.FOUR;
        jps = options.algorithm() == Algorithm.JPS && !four && cost == null;
        rowBits = grid.openRowBits();
        rowWords = grid.rowWords();
        colBits = grid.openColumnBits();
        colWords = grid.columnWords();
        budget = options.maxExpandedNodes();
        expanded = 0;
        goalP = grid.pad(goalCell);
        goalX = goalP % stride;
        goalY = goalP / stride;
        prepareDisc(options.arrivalRadiusCells(), Math.max(stride, grid.height() + 2));
        prepareScratch(grid.paddedSize());

        int startP = grid.pad(startCell);
        node[4 * startP + 2] = NONE;
        node[4 * startP + 3] = NONE;
        heapSize = 0;
        push(startP, heuristic(startP % stride, startP / stride), 0);
        bestP = startP;
        bestH = Double.POSITIVE_INFINITY;
        bestG = 0;
    }

    /**
     * Expands up to {@code maxExpansions} nodes of the search begun by {@link #start}. Reaching the goal, the
     * budget or an empty open list is detected without spending an expansion.
     *
     * @param maxExpansions nodes to expand in this slice, {@code >= 0}
     * @return true when the search is finished ({@link #result()} is available)
     * @throws IllegalStateException when no search was started
     */
    public boolean step(int maxExpansions) {
        if (maxExpansions < 0) {
            throw new IllegalArgumentException("maxExpansions must be >= 0, got " + maxExpansions);
        }
        if (finished) {
            if (result == null) {
                throw new IllegalStateException("no search started");
            }
            return true;
        }
        int done = 0;
        while (true) {
            if (heapSize == 0) {
                finish(PathResult.unreachable(expanded));
                return true;
            }
            int p = heap[0];
            double gp = key[1];
            if (arrived(p)) {
                finish(buildPath(substituteGoal ? SearchStatus.PARTIAL : SearchStatus.FOUND, p, gp));
                return true;
            }
            if (expanded >= budget) {
                finish(buildPath(SearchStatus.PARTIAL, bestP, bestG));
                return true;
            }
            if (done == maxExpansions) {
                return false;
            }
            pop();
            if (budget != Integer.MAX_VALUE) {
                double hp = heuristic(p % stride, p / stride);
                if (Double.compare(hp, bestH) < 0) {
                    bestH = hp;
                    bestP = p;
                    bestG = gp;
                }
            }
            if (jps) {
                expandJps(p, gp);
            } else if (four) {
                expandFour(p, gp);
            } else {
                expandEight(p, gp);
            }
            expanded++;
            done++;
        }
    }

    /** Whether the current search is finished (also true before the first search). */
    public boolean finished() {
        return finished;
    }

    /**
     * The result of the finished search.
     *
     * @throws IllegalStateException when the search is not finished
     */
    public PathResult result() {
        if (!finished || result == null) {
            throw new IllegalStateException("search not finished");
        }
        return result;
    }

    private void finish(PathResult r) {
        result = r;
        finished = true;
        open = null;
        cost = null;
        rowBits = null;
        colBits = null;
    }

    // ---------------------------------------------------------------- setup

    private void prepareScratch(int n) {
        if (heap.length < n) {
            node = new int[4 * n];
            heap = new int[n];
            key = new double[2 * n];
            openStamp = 0;
        }
        openStamp += 2;
        if (openStamp >= Integer.MAX_VALUE - 2) {
            Arrays.fill(node, 0);
            openStamp = 2;
        }
    }

    /** Precomputes the half widths of the arrival disc per row offset; radii beyond the grid are clamped. */
    private void prepareDisc(double radius, int maxDim) {
        int rad = (int) Math.min(Math.floor(radius), maxDim);
        if (discHalf.length < rad + 1) {
            discHalf = new int[rad + 1];
        }
        discRadius = rad;
        for (int dy = 0; dy <= rad; dy++) {
            int w = (int) Math.min(Math.floor(Math.sqrt(Math.max(0.0, radius * radius - (double) dy * dy))), maxDim);
            while (w < maxDim && within(w + 1, dy, radius)) {
                w++;
            }
            while (w > 0 && !within(w, dy, radius)) {
                w--;
            }
            discHalf[dy] = w;
        }
    }

    private static boolean within(int dx, int dy, double radius) {
        return Math.sqrt((double) dx * dx + (double) dy * dy) <= radius;
    }

    private boolean inDisc(int x, int y) {
        int dy = Math.abs(y - goalY);
        return dy <= discRadius && Math.abs(x - goalX) <= discHalf[dy];
    }

    private boolean arrived(int p) {
        return p == goalP || (discRadius > 0 && inDisc(p % stride, p / stride));
    }

    private double heuristic(int x, int y) {
        int dx = Math.abs(x - goalX);
        int dy = Math.abs(y - goalY);
        if (four) {
            return dx + dy;
        }
        return dx > dy ? dx + OCTILE_DIAGONAL * dy : dy + OCTILE_DIAGONAL * dx;
    }

    // ---------------------------------------------------------------- A*

    private void expandEight(int p, double gp) {
        if (cost != null) {
            expandEightWeighted(p, gp);
            return;
        }
        int s = stride;
        int x = p % s;
        int y = p / s;
        double gs = gp + 1.0;
        double gd = gp + SQRT2;
        boolean[] o = open;
        boolean n = o[p - s];
        boolean so = o[p + s];
        boolean w = o[p - 1];
        boolean e = o[p + 1];
        if (n) {
            relax(p - s, x, y - 1, gs, p);
            if (w && o[p - s - 1]) {
                relax(p - s - 1, x - 1, y - 1, gd, p);
            }
            if (e && o[p - s + 1]) {
                relax(p - s + 1, x + 1, y - 1, gd, p);
            }
        }
        if (so) {
            relax(p + s, x, y + 1, gs, p);
            if (w && o[p + s - 1]) {
                relax(p + s - 1, x - 1, y + 1, gd, p);
            }
            if (e && o[p + s + 1]) {
                relax(p + s + 1, x + 1, y + 1, gd, p);
            }
        }
        if (w) {
            relax(p - 1, x - 1, y, gs, p);
        }
        if (e) {
            relax(p + 1, x + 1, y, gs, p);
        }
    }

    private void expandEightWeighted(int p, double gp) {
        int s = stride;
        int x = p % s;
        int y = p / s;
        boolean[] o = open;
        float[] c = cost;
        boolean n = o[p - s];
        boolean so = o[p + s];
        boolean w = o[p - 1];
        boolean e = o[p + 1];
        if (n) {
            relax(p - s, x, y - 1, gp + c[p - s], p);
        }
        if (so) {
            relax(p + s, x, y + 1, gp + c[p + s], p);
        }
        if (w) {
            relax(p - 1, x - 1, y, gp + c[p - 1], p);
        }
        if (e) {
            relax(p + 1, x + 1, y, gp + c[p + 1], p);
        }
        if (n && w && o[p - s - 1]) {
            relax(p - s - 1, x - 1, y - 1, gp + SQRT2 * c[p - s - 1], p);
        }
        if (n && e && o[p - s + 1]) {
            relax(p - s + 1, x + 1, y - 1, gp + SQRT2 * c[p - s + 1], p);
        }
        if (so && w && o[p + s - 1]) {
            relax(p + s - 1, x - 1, y + 1, gp + SQRT2 * c[p + s - 1], p);
        }
        if (so && e && o[p + s + 1]) {
            relax(p + s + 1, x + 1, y + 1, gp + SQRT2 * c[p + s + 1], p);
        }
    }

    private void expandFour(int p, double gp) {
        int s = stride;
        int x = p % s;
        int y = p / s;
        boolean[] o = open;
        if (o[p - s]) {
            relax(p - s, x, y - 1, gp + stepCost(p - s, 1.0), p);
        }
        if (o[p + s]) {
            relax(p + s, x, y + 1, gp + stepCost(p + s, 1.0), p);
        }
        if (o[p - 1]) {
            relax(p - 1, x - 1, y, gp + stepCost(p - 1, 1.0), p);
        }
        if (o[p + 1]) {
            relax(p + 1, x + 1, y, gp + stepCost(p + 1, 1.0), p);
        }
    }

    private double stepCost(int q, double length) {
        return cost == null ? length : length * cost[q];
    }

    /** Offers node {@code q} at (qx, qy) with cost {@code ng} via {@code from}. */
    private void relax(int q, int qx, int qy, double ng, int from) {
        relax(q, qx, qy, ng, from, NONE);
    }

    /**
     * Offers node {@code q} at (qx, qy) with cost {@code ng} via {@code from}; {@code via} is the turning cell of
     * a diagonal-then-straight jump from {@code from} ({@link #NONE} for a single straight or diagonal segment).
     */
    private void relax(int q, int qx, int qy, double ng, int from, int via) {
        int[] nd = node;
        int stamp = nd[4 * q];
        if (stamp == openStamp) {
            int slot = nd[4 * q + 1];
            if (Double.compare(ng, key[2 * slot + 1]) < 0) {
                nd[4 * q + 2] = from;
                nd[4 * q + 3] = via;
                siftUp(slot, q, ng + heuristic(qx, qy), ng);
            }
        } else if (stamp != openStamp + 1) {
            nd[4 * q + 2] = from;
            nd[4 * q + 3] = via;
            push(q, ng + heuristic(qx, qy), ng);
        }
    }

    // ---------------------------------------------------------------- JPS

    private void expandJps(int p, double gp) {
        int s = stride;
        int x = p % s;
        int y = p / s;
        boolean[] o = open;
        int from = node[4 * p + 2];
        int via = node[4 * p + 3];
        if (via != NONE) {
            from = via;
        }
        if (from == NONE) {
            for (int d = -1; d <= 1; d += 2) {
                if (o[p + d]) {
                    jumpHorizontal(p, gp, x, y, d);
                }
                if (o[p + d * s]) {
                    jumpVertical(p, gp, x, y, d);
                }
            }
            for (int dy = -1; dy <= 1; dy += 2) {
                for (int dx = -1; dx <= 1; dx += 2) {
                    if (o[p + dx] && o[p + dy * s] && o[p + dx + dy * s]) {
                        jumpDiagonal(p, gp, x, y, dx, dy);
                    }
                }
            }
            return;
        }
        int dx = Integer.signum(x - from % s);
        int dy = Integer.signum(y - from / s);
        if (dx != 0 && dy != 0) {
            boolean hOpen = o[p + dx];
            boolean vOpen = o[p + dy * s];
            if (hOpen) {
                jumpHorizontal(p, gp, x, y, dx);
            }
            if (vOpen) {
                jumpVertical(p, gp, x, y, dy);
            }
            if (hOpen && vOpen && o[p + dx + dy * s]) {
                jumpDiagonal(p, gp, x, y, dx, dy);
            }
        } else if (dx != 0) {
            boolean ahead = o[p + dx];
            if (ahead) {
                jumpHorizontal(p, gp, x, y, dx);
            }
            for (int v = -1; v <= 1; v += 2) {
                int side = p + v * s;
                if (o[side] && !o[side - dx]) {
                    jumpVertical(p, gp, x, y, v);
                    if (ahead && o[side + dx]) {
                        jumpDiagonal(p, gp, x, y, dx, v);
                    }
                }
            }
        } else {
            boolean ahead = o[p + dy * s];
            if (ahead) {
                jumpVertical(p, gp, x, y, dy);
            }
            for (int u = -1; u <= 1; u += 2) {
                int side = p + u;
                if (o[side] && !o[side - dy * s]) {
                    jumpHorizontal(p, gp, x, y, u);
                    if (ahead && o[side + dy * s]) {
                        jumpDiagonal(p, gp, x, y, u, dy);
                    }
                }
            }
        }
    }

    private void jumpHorizontal(int p, double gp, int x, int y, int dx) {
        int jx = scan(rowBits, rowWords, y, x, dx, goalY, goalX);
        if (jx >= 0) {
            relax(y * stride + jx, jx, y, gp + Math.abs(jx - x), p);
        }
    }

    private void jumpVertical(int p, double gp, int x, int y, int dy) {
        int jy = scan(colBits, colWords, x, y, dy, goalX, goalY);
        if (jy >= 0) {
            relax(jy * stride + x, x, jy, gp + Math.abs(jy - y), p);
        }
    }

    /** Diagonal jump from p = (x, y); the caller has checked that the first move is legal. */
    private void jumpDiagonal(int p, double gp, int x, int y, int dx, int dy) {
        boolean[] o = open;
        int s = stride;
        int step = dx + dy * s;
        int cx = x;
        int cy = y;
        int c = p;
        int k = 0;
        while (true) {
            cx += dx;
            cy += dy;
            c += step;
            k++;
            double gc = gp + k * SQRT2;
            if (inDisc(cx, cy)) {
                relax(c, cx, cy, gc, p);
                return;
            }
            // c would be a jump point only for the straight jumps it starts: make them successors of p turning
            // at c and carry on diagonally (Harabor & Grastien 2014, pruning intermediate jump points)
            int jx = scan(rowBits, rowWords, cy, cx, dx, goalY, goalX);
            if (jx >= 0) {
                relax(cy * s + jx, jx, cy, gc + Math.abs(jx - cx), p, c);
            }
            int jy = scan(colBits, colWords, cx, cy, dy, goalX, goalY);
            if (jy >= 0) {
                relax(jy * s + cx, cx, jy, gc + Math.abs(jy - cy), p, c);
            }
            if (!(o[c + dx] && o[c + dy * s] && o[c + step])) {
                return;
            }
        }
    }

    /**
     * Straight jump along one bit line (a row of {@code bits} when scanning horizontally, a column when
     * scanning vertically). Starting after position {@code pos} of line {@code line} and moving by {@code dir},
     * finds the first cell that is in the arrival disc or has a forced neighbour (a standable cell beside it on
     * the neighbouring line {@code line +- 1} whose predecessor on that line is blocked).
     *
     * @return the position of that cell on the line, or -1 when a blocked cell comes first
     */
    private int scan(long[] bits, int words, int line, int pos, int dir, int targetLine, int targetPos) {
        int base = line * words;
        int before = base - words;
        int after = base + words;
        int start = pos + dir;
        int w = start >>> 6;
        int stop;
        boolean blocked;
        if (dir > 0) {
            long mask = -1L << start;
            while (true) {
                long a = bits[base + w];
                long u = bits[before + w];
                long d = bits[after + w];
                long uPrev = w > 0 ? bits[before + w - 1] >>> 63 : 0L;
                long dPrev = w > 0 ? bits[after + w - 1] >>> 63 : 0L;
                long forced = (u & ~((u << 1) | uPrev)) | (d & ~((d << 1) | dPrev));
                long hit = (~a | forced) & mask;
                if (hit != 0) {
                    stop = (w << 6) + Long.numberOfTrailingZeros(hit);
                    blocked = (a & (1L << stop)) == 0;
                    break;
                }
                w++;
                mask = -1L;
            }
        } else {
            long mask = -1L >>> (63 - (start & 63));
            while (true) {
                long a = bits[base + w];
                long u = bits[before + w];
                long d = bits[after + w];
                long uNext = w + 1 < words ? bits[before + w + 1] << 63 : 0L;
                long dNext = w + 1 < words ? bits[after + w + 1] << 63 : 0L;
                long forced = (u & ~((u >>> 1) | uNext)) | (d & ~((d >>> 1) | dNext));
                long hit = (~a | forced) & mask;
                if (hit != 0) {
                    stop = (w << 6) + 63 - Long.numberOfLeadingZeros(hit);
                    blocked = (a & (1L << stop)) == 0;
                    break;
                }
                w--;
                mask = -1L;
            }
        }
        // the arrival disc on this line, if it crosses the open run [start, last]
        int dl = Math.abs(line - targetLine);
        if (dl <= discRadius) {
            int half = discHalf[dl];
            int last = blocked ? stop - dir : stop;
            if (dir > 0) {
                int first = Math.max(start, targetPos - half);
                if (first <= last && first <= targetPos + half) {
                    return first;
                }
            } else {
                int first = Math.min(start, targetPos + half);
                if (first >= last && first >= targetPos - half) {
                    return first;
                }
            }
        }
        return blocked ? -1 : stop;
    }

    // ---------------------------------------------------------------- heap

    /** Open-list order: smaller f first, then larger g. Keys are finite and non-negative. */
    private static boolean before(double f1, double g1, double f2, double g2) {
        int c = Double.compare(f1, f2);
        return c < 0 || (c == 0 && Double.compare(g1, g2) > 0);
    }

    private void push(int q, double f, double gq) {
        node[4 * q] = openStamp;
        siftUp(heapSize++, q, f, gq);
    }

    /** Moves node q with key (f, gq) from heap slot i toward the root of the 4-ary heap. */
    private void siftUp(int i, int q, double f, double gq) {
        int[] hp = heap;
        double[] k = key;
        int[] nd = node;
        while (i > 0) {
            int up = (i - 1) >>> 2;
            if (!before(f, gq, k[2 * up], k[2 * up + 1])) {
                break;
            }
            int moved = hp[up];
            hp[i] = moved;
            k[2 * i] = k[2 * up];
            k[2 * i + 1] = k[2 * up + 1];
            nd[4 * moved + 1] = i;
            i = up;
        }
        hp[i] = q;
        k[2 * i] = f;
        k[2 * i + 1] = gq;
        nd[4 * q + 1] = i;
    }

    /** Removes the root and closes it. */
    private void pop() {
        int[] hp = heap;
        double[] k = key;
        int[] nd = node;
        nd[4 * hp[0]] = openStamp + 1;
        int n = --heapSize;
        if (n == 0) {
            return;
        }
        int q = hp[n];
        double f = k[2 * n];
        double gq = k[2 * n + 1];
        int i = 0;
        while (true) {
            int first = 4 * i + 1;
            if (first >= n) {
                break;
            }
            int best = first;
            double bf = k[2 * first];
            double bg = k[2 * first + 1];
            int end = Math.min(first + 4, n);
            for (int c = first + 1; c < end; c++) {
                double cf = k[2 * c];
                double cg = k[2 * c + 1];
                if (before(cf, cg, bf, bg)) {
                    best = c;
                    bf = cf;
                    bg = cg;
                }
            }
            if (!before(bf, bg, f, gq)) {
                break;
            }
            int moved = hp[best];
            hp[i] = moved;
            k[2 * i] = bf;
            k[2 * i + 1] = bg;
            nd[4 * moved + 1] = i;
            i = best;
        }
        hp[i] = q;
        k[2 * i] = f;
        k[2 * i + 1] = gq;
        nd[4 * q + 1] = i;
    }

    // ---------------------------------------------------------------- result

    /**
     * Builds the result for the path ending at padded node {@code end}, expanding jumps into single moves. A node
     * reached by a diagonal-then-straight jump has its turning cell in {@code node[4q + 3]}.
     */
    private PathResult buildPath(SearchStatus status, int end, double gEnd) {
        int s = stride;
        int count = 1;
        int[] nd = node;
        for (int q = end; nd[4 * q + 2] != NONE; q = nd[4 * q + 2]) {
            int from = nd[4 * q + 2];
            int via = nd[4 * q + 3];
            if (via != NONE) {
                count += chebyshev(q, via) + chebyshev(via, from);
            } else {
                count += chebyshev(q, from);
            }
        }
        int[] cells = new int[count];
        int i = count - 1;
        int q = end;
        int cell = (q / s - 1) * width + q % s - 1;
        cells[i] = cell;
        int straight = 0;
        int diagonal = 0;
        while (nd[4 * q + 2] != NONE) {
            int from = nd[4 * q + 2];
            int via = nd[4 * q + 3];
            int last = q;
            if (via != NONE) {
                int k = chebyshev(q, via);
                cell = walk(cells, i, cell, q, via, k);
                i -= k;
                straight += k;
                last = via;
            }
            int k = chebyshev(last, from);
            cell = walk(cells, i, cell, last, from, k);
            i -= k;
            if (last % s != from % s && last / s != from / s) {
                diagonal += k;
            } else {
                straight += k;
            }
            q = from;
        }
        double length = cost == null ? straight + diagonal * SQRT2 : gEnd;
        return status == SearchStatus.FOUND
                ? PathResult.found(cells, length, expanded)
                : PathResult.partial(cells, length, expanded);
    }

    private int chebyshev(int a, int b) {
        int s = stride;
        return Math.max(Math.abs(a % s - b % s), Math.abs(a / s - b / s));
    }

    /**
     * Writes the {@code k} cells of the segment from padded {@code a} (whose cell is {@code cell}, already at
     * {@code cells[i]}) back to padded {@code b} into {@code cells[i - 1]} down to {@code cells[i - k]}.
     *
     * @return the cell of {@code b}
     */
    private int walk(int[] cells, int i, int cell, int a, int b, int k) {
        int s = stride;
        int cellStep = Integer.signum(b / s - a / s) * width + Integer.signum(b % s - a % s);
        for (int j = 0; j < k; j++) {
            cell += cellStep;
            cells[--i] = cell;
        }
        return cell;
    }
}
