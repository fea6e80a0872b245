package dev.navserver.nav.search;

import dev.navserver.nav.grid.NavGrid;
import java.util.Arrays;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * Exact distances from a few landmark cells to every cell of one {@link NavGrid}, for the differential (ALT)
 * heuristic: {@code h(n) = max over landmarks L of |d(L, goal) - d(L, n)|}, a lower bound of {@code d(n, goal)} by
 * the triangle inequality that, unlike the octile distance, knows about walls.
 *
 * <p><b>Distances.</b> {@code d} is the 8-connected shortest-path length on the grid's standable cells with straight
 * moves of length 1 and diagonal moves of length sqrt(2), a diagonal only when both orthogonal neighbours are
 * standable (the search's move rules), ignoring entry costs: on a non-uniform layer every move costs at least this
 * much, so the bound still holds. Landmarks are chosen by farthest-point selection inside the largest island: the
 * first is the cell farthest from a cell of that island, each next one the cell whose distance to the nearest
 * landmark chosen so far is largest. Cells of other islands get no landmark: their entries are 0, so for a query
 * there (start and goal always share an island) every landmark term is 0 and the octile distance decides.
 *
 * <p><b>Storage.</b> One {@code int} per landmark per padded cell, interleaved:
 * {@code q(L, p) = dist[p * count() + L] = floor(scale * d(L, p))} with
 * {@code scale = min(65536, (2^31 - 1) / bound)}, where {@code bound = 2 * eccentricity} of the first cell is at
 * least every distance inside the island. The heuristic is
 * {@code |q(L, goal) - q(L, n)| * unit()}. Since two adjacent cells at true distances differing by at most c have
 * codes differing by at most {@code floor(scale * (c + 1e-6)) + 1} (flooring and the Dijkstra's own rounding),
 * {@code unit = min(1 / B(1), sqrt(2) / B(sqrt(2)))} with that bound B makes every landmark term change by at most
 * the move's length across any move: the heuristic is consistent, and, being 0 at the goal, admissible. It is
 * slightly weaker than the exact differential heuristic, by about {@code 1 / scale} per cell of difference
 * (0.002% on 512 x 512 maps; 16-bit codes lost 2.5% on {@code 8room_000}, which cost measurably more expansions).
 *
 * <p><b>Memory.</b> {@code 4 * count() * paddedSize()} bytes ({@link #bytes()}): 34 MB for 32 landmarks on a
 * 512 x 512 map. {@link #forGrid} builds {@link #MAX_LANDMARKS} landmarks but never more than
 * {@link #MAX_TABLE_BYTES}: it lowers the count to what fits and builds none when fewer than two fit (a 4096 x 4096
 * map keeps the octile heuristic, 1024 x 1024 gets 15 landmarks, 2048 x 2048 3). A search asking for {@code k} landmarks uses the {@code k} of them with the
 * largest bound between its start and goal ({@link Goal}). Building
 * runs {@code count() + 1} Dijkstras over the island and holds 16 bytes per padded cell of scratch while it runs.
 *
 * <p><b>Validity.</b> A table belongs to exactly one {@link NavGrid} instance. An edited map
 * ({@code GridMap.edited}) has new grids, and the old table is not valid for them: opening a wall can lower true
 * distances and make the old differences overestimate. {@link #forGrid} keys tables by grid identity, so a new
 * grid gets its own table, built on first use; a table is dropped when its grid is no longer reachable.
 *
 * <p>Immutable and thread-safe once built.
 */
public final class LandmarkTable {
    /**
     * Landmarks a table holds (where they fit), and the most a search may use. A larger pool than a search uses
     * pays: on {@code 8room_000}, JPS with the best 16 of 32 took 117 us per query, with all of 16 143 us.
     */
    public static final int MAX_LANDMARKS = 32;
    /** Largest table {@link #forGrid} builds, in bytes (64 MiB). */
    public static final long MAX_TABLE_BYTES = 64L << 20;
    private static final double SQRT2 = Math.sqrt(2.0);
    /** Largest code units per cell: finer than this gains nothing measurable (the loss is about 1 / scale). */
    private static final double MAX_SCALE = 65536.0;
    /** Absolute slack for the Dijkstra's rounding in the code-difference bound (distances below 10^8 cells). */
    private static final double ROUNDING_SLACK = 1e-6;

    /** Tables by grid identity (NavGrid does not override equals); weak keys, so tables die with their grids. */
    private static final Map<NavGrid, LandmarkTable> TABLES = Collections.synchronizedMap(new WeakHashMap<>());

    private final int[] dist;
    private final int count;
    private final double unit;
    private final int[] landmarks;

    private LandmarkTable(int[] dist, int count, double unit, int[] landmarks) {
        this.dist = dist;
        this.count = count;
        this.unit = unit;
        this.landmarks = landmarks;
    }

    /**
     * The shared table of {@code grid}: {@link #MAX_LANDMARKS} landmarks, or as many as fit in
     * {@link #MAX_TABLE_BYTES}. Built on first use by the calling thread (about a second on a 512 x 512 map; two
     * threads asking at once may both build, one result is kept); later calls return it.
     *
     * @return the table, or null when fewer than two landmarks fit or the grid has no standable cell
     */
    public static LandmarkTable forGrid(NavGrid grid) {
        LandmarkTable t = TABLES.get(grid);
        if (t != null) {
            return t;
        }
        int k = fitting(grid.paddedSize(), MAX_LANDMARKS);
        if (k < 2) {
            return null;
        }
        LandmarkTable built = build(grid, k);
        if (built == null) {
            return null;
        }
        synchronized (TABLES) {
            LandmarkTable now = TABLES.get(grid);
            if (now == null) {
                TABLES.put(grid, built);
                now = built;
            }
            return now;
        }
    }

    /** How many of {@code wanted} landmarks fit in {@link #MAX_TABLE_BYTES} on a grid of {@code paddedSize} cells. */
    static int fitting(long paddedSize, int wanted) {
        if (wanted < 1 || wanted > MAX_LANDMARKS) {
            throw new IllegalArgumentException("landmarks must be in [1, " + MAX_LANDMARKS + "], got " + wanted);
        }
        long perLandmark = 4L * paddedSize;
        return (int) Math.min(wanted, MAX_TABLE_BYTES / perLandmark);
    }

    /**
     * Builds a table with up to {@code k} landmarks (fewer when the largest island has fewer distinct cells worth
     * choosing), ignoring the memory bound and the shared cache.
     *
     * @param k landmarks, {@code >= 1}
     * @return the table, or null when the grid has no standable cell
     */
    public static LandmarkTable build(NavGrid grid, int k) {
        if (k < 1) {
            throw new IllegalArgumentException("k must be >= 1, got " + k);
        }
        int label = largestIsland(grid);
        if (label == 0) {
            return null;
        }
        int n = grid.paddedSize();
        Dijkstra dj = new Dijkstra(grid);
        int seed = firstCellOf(grid, label);
        dj.run(seed);
        int first = dj.farthest();
        double bound = 2.0 * Math.max(dj.dist[first], 1.0);
        double scale = Math.min(MAX_SCALE, Integer.MAX_VALUE / bound);
        double unit = Math.min(1.0 / codeStep(scale, 1.0), SQRT2 / codeStep(scale, SQRT2));

        double[] nearest = new double[n];
        Arrays.fill(nearest, Double.POSITIVE_INFINITY);
        int[] codes = new int[Math.multiplyExact(n, k)];
        int[] chosen = new int[k];
        int count = 0;
        int next = first;
        while (count < k) {
            dj.run(next);
            double[] d = dj.dist;
            int[] reached = dj.order;
            for (int i = 0; i < dj.reachedCount; i++) {
                int p = reached[i];
                codes[p * k + count] = (int) Math.min(Integer.MAX_VALUE, (long) Math.floor(scale * d[p]));
                if (d[p] < nearest[p]) {
                    nearest[p] = d[p];
                }
            }
            chosen[count++] = next;
            int best = -1;
            double far = 0;
            for (int i = 0; i < dj.reachedCount; i++) {
                int p = reached[i];
                if (nearest[p] > far) {
                    far = nearest[p];
                    best = p;
                }
            }
            if (best < 0) {
                break; // every cell is a landmark already
            }
            next = best;
        }
        if (count < k) {
            int[] packed = new int[n * count];
            for (int p = 0; p < n; p++) {
                System.arraycopy(codes, p * k, packed, p * count, count);
            }
            codes = packed;
        }
        return new LandmarkTable(codes, count, unit, Arrays.copyOf(chosen, count));
    }

    /** The largest code difference across a move of length c: {@code floor(scale * (c + slack)) + 1}. */
    private static double codeStep(double scale, double c) {
        return Math.floor(scale * (c + ROUNDING_SLACK)) + 1.0;
    }

    private static int largestIsland(NavGrid grid) {
        int best = 0;
        int bestSize = 0;
        for (int label = 1; label < grid.islandLabelBound(); label++) {
            if (grid.islandSize(label) > bestSize) {
                bestSize = grid.islandSize(label);
                best = label;
            }
        }
        return best;
    }

    /** Padded index of the first cell (row-major) of island {@code label}. */
    private static int firstCellOf(NavGrid grid, int label) {
        int cells = grid.width() * grid.height();
        for (int c = 0; c < cells; c++) {
            if (grid.island(c) == label) {
                return grid.pad(c);
            }
        }
        throw new IllegalStateException("island " + label + " has no cell");
    }

    /** Landmarks stored per cell (the stride of {@link #codes()}), {@code >= 1}. */
    public int count() {
        return count;
    }

    /** Cells per code unit of a landmark difference (see the class comment). */
    public double unit() {
        return unit;
    }

    /** Padded indices of the landmarks, in selection order. */
    public int[] landmarks() {
        return landmarks.clone();
    }

    /** Bytes held by the codes, array header included. */
    public long bytes() {
        return 16 + 4L * dist.length;
    }

    /** The codes, {@code paddedSize * count()} entries; shared, never write. */
    int[] codes() {
        return dist;
    }

    /**
     * The heuristic from padded node {@code p} toward padded node {@code goal} with the first {@code k} landmarks
     * ({@code k <= count()}), in cells; the landmark part alone, without the octile distance.
     */
    public double lowerBound(int p, int goal, int k) {
        int best = 0;
        for (int i = 0; i < k; i++) {
            int d = Math.abs(dist[goal * count + i] - dist[p * count + i]);
            if (d > best) {
                best = d;
            }
        }
        return best * unit;
    }

    /** Exact single-source Dijkstra over the padded grid with the search's 8-connected move rules. */
    static final class Dijkstra {
        private final long[][] rows;
        private final int stride;
        final double[] dist;
        /** Cells reached by the last run, in settling order. */
        final int[] order;
        int reachedCount;
        private final int[] heap;
        private final int[] pos;
        private int size;

        Dijkstra(NavGrid grid) {
            rows = grid.openRows();
            stride = grid.stride();
            int n = grid.paddedSize();
            dist = new double[n];
            order = new int[n];
            heap = new int[n];
            pos = new int[n];
        }

        /** Distances from padded cell {@code src} into {@link #dist}: +infinity where unreachable. */
        void run(int src) {
            Arrays.fill(dist, Double.POSITIVE_INFINITY);
            Arrays.fill(pos, -1);
            size = 0;
            reachedCount = 0;
            dist[src] = 0;
            push(src);
            int s = stride;
            while (size > 0) {
                int p = pop();
                order[reachedCount++] = p;
                double dp = dist[p];
                int x = p % s;
                int y = p / s;
                long[] up = rows[y - 1];
                long[] mid = rows[y];
                long[] down = rows[y + 1];
                boolean n = NavGrid.bit(up, x);
                boolean so = NavGrid.bit(down, x);
                boolean w = NavGrid.bit(mid, x - 1);
                boolean e = NavGrid.bit(mid, x + 1);
                double ds = dp + 1.0;
                double dd = dp + SQRT2;
                if (n) {
                    relax(p - s, ds);
                }
                if (so) {
                    relax(p + s, ds);
                }
                if (w) {
                    relax(p - 1, ds);
                }
                if (e) {
                    relax(p + 1, ds);
                }
                if (n && w && NavGrid.bit(up, x - 1)) {
                    relax(p - s - 1, dd);
                }
                if (n && e && NavGrid.bit(up, x + 1)) {
                    relax(p - s + 1, dd);
                }
                if (so && w && NavGrid.bit(down, x - 1)) {
                    relax(p + s - 1, dd);
                }
                if (so && e && NavGrid.bit(down, x + 1)) {
                    relax(p + s + 1, dd);
                }
            }
        }

        /** The reached cell of greatest distance (the last settled by the last run). */
        int farthest() {
            return order[reachedCount - 1];
        }

        private void relax(int q, double d) {
            if (d < dist[q] && pos[q] != Integer.MIN_VALUE) {
                dist[q] = d;
                if (pos[q] < 0) {
                    push(q);
                } else {
                    up(pos[q]);
                }
            }
        }

        private void push(int q) {
            heap[size] = q;
            pos[q] = size;
            up(size++);
        }

        private int pop() {
            int top = heap[0];
            pos[top] = Integer.MIN_VALUE; // settled: never pushed again (distances only grow from here)
            int last = heap[--size];
            if (size > 0) {
                heap[0] = last;
                pos[last] = 0;
                down(0);
            }
            return top;
        }

        private void up(int i) {
            int q = heap[i];
            double d = dist[q];
            while (i > 0) {
                int parent = (i - 1) >>> 1;
                int pq = heap[parent];
                if (dist[pq] <= d) {
                    break;
                }
                heap[i] = pq;
                pos[pq] = i;
                i = parent;
            }
            heap[i] = q;
            pos[q] = i;
        }

        private void down(int i) {
            int q = heap[i];
            double d = dist[q];
            while (true) {
                int c = 2 * i + 1;
                if (c >= size) {
                    break;
                }
                if (c + 1 < size && dist[heap[c + 1]] < dist[heap[c]]) {
                    c++;
                }
                if (dist[heap[c]] >= d) {
                    break;
                }
                heap[i] = heap[c];
                pos[heap[i]] = i;
                i = c;
            }
            heap[i] = q;
            pos[q] = i;
        }
    }
}
