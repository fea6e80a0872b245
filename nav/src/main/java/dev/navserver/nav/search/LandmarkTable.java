package dev.navserver.nav.search;

import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.search.core.LargestIsland;
import dev.navserver.nav.search.landmark.GridDijkstra;
import java.lang.ref.SoftReference;
import java.lang.ref.WeakReference;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicLong;

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
 * runs {@code count() + 1} Dijkstras over the island and holds 28 bytes per padded cell of scratch while it runs.
 *
 * <p><b>Validity.</b> A table is built for one {@link NavGrid} instance, its <em>source</em>. An edited map
 * ({@code GridMap.edited}) has new grids. Opening a wall can lower true distances and make the old differences
 * overestimate, so {@link #forGrid} keys tables by grid identity: a new grid gets its own table, built on first use;
 * a table is dropped when its grid is no longer reachable. An edit that only adds walls (and changes costs) lowers
 * no distance, so the source's bounds stay lower bounds on the new grid, and the heuristic stays consistent (the new
 * grid's moves are a subset of the old ones): {@link #boundsOn} tells, and {@link #whenSettled} lets such a version
 * inherit its ancestor's table at once. Its bounds weaken as walls accumulate; the next opening edit ends the
 * inheritance.
 *
 * <p><b>In a service.</b> Building costs 0.1 to 0.6 s per 512 x 512 grid, too long for a planner thread and wasted
 * on a map edited every few seconds. {@link #whenSettled} therefore answers only what is ready: a built or inherited
 * table, else null (the search uses the octile heuristic); once a grid has been asked about for
 * {@link #SETTLE_NANOS} it hands one build of its table to a given executor.
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
    /** Scratch a build holds per padded cell besides the table: the Dijkstra's four arrays (20), the nearest (8). */
    private static final long BUILD_SCRATCH_BYTES_PER_CELL = 28;
    /** Absolute slack for the Dijkstra's rounding in the code-difference bound (distances below 10^8 cells). */
    private static final double ROUNDING_SLACK = 1e-6;

    /**
     * How long {@link #whenSettled} waits, from the first time it is asked about a grid without a table, before it
     * has one built: 2 s, several builds' worth, so that a map edited more often keeps the octile heuristic (or an
     * inherited table) instead of spending a core on tables nobody uses.
     */
    static final long SETTLE_NANOS = 2_000_000_000L;

    /** Tables by grid identity (NavGrid does not override equals); weak keys, so tables die with their grids. */
    private static final Map<NavGrid, LandmarkTable> TABLES = Collections.synchronizedMap(new WeakHashMap<>());
    /** Grids {@link #whenSettled} has seen without a table, by identity, weakly. Guards itself and {@link #LAST}. */
    private static final Map<NavGrid, PendingBuild> PENDING = new WeakHashMap<>();
    /**
     * The last table {@link #whenSettled} had built per lineage: the one later versions that only add walls inherit.
     * Softly held, so that it outlives its source grid until the heap runs short.
     */
    private static final Map<GridLineage, SoftReference<LandmarkTable>> LAST = new HashMap<>();

    /** Tables {@link #whenSettled} had built, and map versions it let inherit a table, in this process. */
    private static final AtomicLong SETTLED_BUILDS = new AtomicLong();
    private static final AtomicLong INHERITED = new AtomicLong();

    private final int[] dist;
    private final int count;
    private final double unit;
    private final int[] landmarks;
    /** The standability bit rows of the source grid ({@link NavGrid#openRows()}), shared, never written. */
    private final long[][] sourceRows;

    private LandmarkTable(int[] dist, int count, double unit, int[] landmarks, long[][] sourceRows) {
        this.dist = dist;
        this.count = count;
        this.unit = unit;
        this.landmarks = landmarks;
        this.sourceRows = sourceRows;
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

    /**
     * The table a search of {@code grid} may use now, without building one on the calling thread: the grid's own
     * table, or the table of an earlier version of its map (same {@link GridLineage}) that still bounds it
     * ({@link #boundsOn}: every edit since only added walls), or null. When null, and the grid was first asked about
     * at least {@code settleNanos} before {@code nowNanos}, one build of its table ({@link #MAX_LANDMARKS}, or as
     * many as fit) is handed to {@code builder}; later calls see the result once it is done. A grid on which fewer
     * than two landmarks fit never gets one. Thread-safe; holds a lock for a lookup, and for a row comparison the
     * first time it sees a grid.
     *
     * @param nowNanos    {@link System#nanoTime()} of the caller
     * @param settleNanos how long a grid must have been asked about before its table is built; 0 builds at once
     * @param builder     runs builds; a rejected build is offered again by a later call
     */
    static LandmarkTable whenSettled(NavGrid grid, long nowNanos, long settleNanos, Executor builder) {
        LandmarkTable t = TABLES.get(grid);
        if (t != null) {
            return t;
        }
        if (fitting(grid.paddedSize(), MAX_LANDMARKS) < 2) {
            return null;
        }
        PendingBuild pending;
        synchronized (PENDING) {
            t = TABLES.get(grid); // published since the first look: a build ends under this lock
            if (t != null) {
                return t;
            }
            pending = PENDING.get(grid);
            if (pending == null) {
                SoftReference<LandmarkTable> ref = LAST.get(GridLineage.of(grid));
                LandmarkTable ancestor = ref == null ? null : ref.get();
                if (ancestor != null && ancestor.boundsOn(grid)) {
                    INHERITED.incrementAndGet();
                    TABLES.putIfAbsent(grid, ancestor);
                    return TABLES.get(grid);
                }
                pending = new PendingBuild(nowNanos);
                PENDING.put(grid, pending);
            }
            if (!pending.claim(nowNanos, settleNanos)) {
                return null;
            }
        }
        WeakReference<NavGrid> ref = new WeakReference<>(grid);
        PendingBuild p = pending;
        pending.handOff(builder, () -> buildSettled(ref, p), PENDING);
        return null;
    }

    /**
     * The build {@link #whenSettled} hands out: skipped when the grid is gone; put off for another settle period
     * when the heap's headroom is under twice what the build holds (table and scratch), so a service never runs
     * out of memory for a heuristic; published to every search when done.
     */
    private static void buildSettled(WeakReference<NavGrid> ref, PendingBuild pending) {
        NavGrid grid = ref.get();
        if (grid == null) {
            return;
        }
        int k = fitting(grid.paddedSize(), MAX_LANDMARKS);
        long holds = (4L * k + BUILD_SCRATCH_BYTES_PER_CELL) * grid.paddedSize();
        Runtime rt = Runtime.getRuntime();
        if (rt.maxMemory() - (rt.totalMemory() - rt.freeMemory()) < 2 * holds) {
            synchronized (PENDING) {
                pending.sinceNanos = System.nanoTime();
                pending.building = false;
            }
            return;
        }
        LandmarkTable built = build(grid, k);
        // a grid without standable cells stays pending and building: there is nothing to build, ever
        if (built != null) {
            SETTLED_BUILDS.incrementAndGet();
            synchronized (PENDING) {
                TABLES.putIfAbsent(grid, built);
                LAST.put(GridLineage.of(grid), new SoftReference<>(TABLES.get(grid)));
                PENDING.remove(grid);
            }
        }
    }

    /** Tables built by {@link #whenSettled} in this process so far (all grids, all callers). */
    public static long settledBuilds() {
        return SETTLED_BUILDS.get();
    }

    /** Map versions that took an earlier version's table in {@link #whenSettled}, in this process so far. */
    public static long inheritedTables() {
        return INHERITED.get();
    }

    /**
     * Whether this table's bounds are valid lower bounds on {@code grid}, and its heuristic consistent there:
     * {@code grid} has its source's padded shape and no cell standable that was not standable in the source, so no
     * distance between two of its cells is shorter than in the source. True for the source itself. Linear in the
     * rows that differ from the source's arrays.
     */
    boolean boundsOn(NavGrid grid) {
        long[][] rows = grid.openRows();
        if (rows.length != sourceRows.length || grid.paddedSize() * (long) count != dist.length) {
            return false;
        }
        for (int y = 0; y < rows.length; y++) {
            long[] now = rows[y];
            long[] then = sourceRows[y];
            if (now == then) {
                continue;
            }
            if (now.length != then.length) {
                return false;
            }
            for (int w = 0; w < now.length; w++) {
                if ((now[w] & ~then[w]) != 0) {
                    return false;
                }
            }
        }
        return true;
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
        int label = LargestIsland.label(grid);
        if (label == 0) {
            return null;
        }
        int n = grid.paddedSize();
        GridDijkstra dj = new GridDijkstra(grid);
        int seed = LargestIsland.firstCell(grid, label);
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
        return new LandmarkTable(codes, count, unit, Arrays.copyOf(chosen, count), grid.openRows());
    }

    /** The largest code difference across a move of length c: {@code floor(scale * (c + slack)) + 1}. */
    private static double codeStep(double scale, double c) {
        return Math.floor(scale * (c + ROUNDING_SLACK)) + 1.0;
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
}
