package dev.navserver.nav.search;

import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.search.core.IntDoubleHeap;
import java.lang.ref.WeakReference;
import java.util.Arrays;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The simple subgoal graph of one {@link NavGrid} (Uras, Koenig and Hernández, "Subgoal Graphs for Optimal
 * Pathfinding in Eight-Neighbour Grids", ICAPS 2013): the exact long-range structure {@link SubgoalSearch} searches.
 *
 * <p><b>Subgoals.</b> A standable cell is a subgoal when one of its diagonal neighbours is blocked while both cells
 * beside that corner are standable: the cell a shortest path turns at when it bends around a convex corner. Two
 * cells are joined by an edge when one is <em>direct-h-reachable</em> from the other: reachable along a path of
 * octile length that first goes diagonally, then straight (the scan of {@link #scan}), with no other subgoal on the
 * way. Edges weigh the octile distance of their ends and are stored both ways. A shortest path between any two
 * standable cells of one island is a shortest path in this graph once the start and the goal are joined to the
 * subgoals direct-h-reachable from them, so a search over subgoals (on a 7 x 7-room map, two per door) replaces a
 * search over cells; each edge turns back into cells along a diagonal-first or straight-first path
 * ({@link #appendSegment}).
 *
 * <p><b>Moves.</b> 8-connected, straight 1 and diagonal sqrt(2), a diagonal only when both orthogonal neighbours are
 * standable, uniform costs: the graph says nothing about weighted layers.
 *
 * <p><b>Memory.</b> A bit per padded cell marking subgoals, an int per 64 padded cells (rank), per subgoal 16 bytes
 * (padded cell, packed coordinates, id by rank, CSR offset) and 2 per landmark, and 4 bytes per directed edge
 * ({@link #bytes()}). Subgoal ids go block by block (32 x 32 cells), so the subgoals one search touches lie close
 * together in memory. Building holds the directed edges twice more while it merges them, and two distance arrays
 * of 8 bytes per subgoal while it places landmarks.
 *
 * <p>Immutable and thread-safe once published ({@link #forGrid}, {@link #whenSettled}); {@link #scan} and
 * {@link #appendSegment} write only to the caller's buffers. Keeps the source grid's bit rows (shared, never written), not the grid.
 */
public final class SubgoalGraph {
    private static final double SQRT2 = Math.sqrt(2.0);
    /** Cardinal and diagonal directions, x then y. */
    private static final int[] CARD_X = {1, -1, 0, 0};
    private static final int[] CARD_Y = {0, 0, 1, -1};
    private static final int[] DIAG_X = {1, 1, -1, -1};
    private static final int[] DIAG_Y = {1, -1, 1, -1};
    /** Token {@link #scan} reports for the extra cell it was asked to treat as a subgoal. */
    static final int EXTRA = -1;
    /** Landmark code of a subgoal the landmark does not reach (another island). */
    static final char NO_CODE = Character.MAX_VALUE;
    /** Most landmarks of the graph's differential heuristic. */
    static final int MAX_LANDMARKS = 16;
    /** Most bytes of landmark codes: fewer landmarks on graphs with more subgoals than 4M. */
    static final long MAX_CODE_BYTES = 128L << 20;
    /**
     * Directed edges the scans of a build may find before it gives up (stored both ways, the graph's edge list would
     * pass 256 MiB): maps of scattered obstacles have subgoals at most corners and far more edges than rooms or
     * cities.
     */
    static final int MAX_DIRECTED_EDGES = 32 << 20;
    /**
     * Bytes a build holds per directed edge found (the scans' list, the reverse list, the merged result) plus
     * those of a subgoal (its cell, packed cell, offset, Dijkstra distances), counted per edge since subgoals have
     * at least one edge each on any map worth a graph.
     */
    private static final long BUILD_BYTES_PER_EDGE = 16 + 28;
    /** Bytes per padded cell for the subgoal bits, their ranks and the scans before any edge. */
    private static final double BUILD_BYTES_PER_CELL = 0.2;

    /** The graph of each grid (weak keys: a map version's graph goes with it); {@link #NONE} when too large. */
    private static final Map<NavGrid, SubgoalGraph> GRAPHS = Collections.synchronizedMap(new WeakHashMap<>());
    private static final Map<NavGrid, PendingBuild> PENDING = new WeakHashMap<>();
    private static final SubgoalGraph NONE = new SubgoalGraph(0, 0, null, null, null, null, new int[0], null, null);
    /** Side of the square blocks of cells whose subgoals get consecutive ids. */
    private static final int BLOCK = 32;
    private static final AtomicLong SETTLED_BUILDS = new AtomicLong();
    private static final AtomicLong SETTLED_HIERARCHIES = new AtomicLong();

    private final int stride;
    private final int rowWords;
    private final long[][] rows;
    /** Subgoal bit of padded (x, y) at word {@code y * rowWords + (x >>> 6)}, bit {@code x & 63}. */
    private final long[] subgoalBits;
    /** Subgoals in the words before each word of {@link #subgoalBits}. */
    private final int[] rank;
    /** Id of the subgoal of each row-major rank (ids go block by block, see {@link #BLOCK}). */
    private final int[] byRank;
    /** Padded cell of each subgoal. */
    private final int[] cells;
    /** Padded x | y << 16 of each subgoal ({@link #xy(int)}). */
    private final int[] xy;
    private final int[] offsets;
    private final int[] targets;
    /**
     * Landmarks of the differential heuristic over the graph ({@link #landmarkCount()}), 0 when none. This and the
     * next two are set by the build before the graph is published (through the cache's lock), never after.
     */
    private int landmarks;
    /**
     * Landmark distances, {@code codes[u * landmarks + i]}: distance from landmark i in whole {@link #unit}s,
     * rounded down; {@link #NO_CODE} when unreachable.
     */
    private char[] codes;
    private double unit;
    /** The contraction hierarchy over this graph, once built ({@link #buildHierarchy}). */
    private volatile SubgoalHierarchy hierarchy;

    private SubgoalGraph(int stride, int rowWords, long[][] rows, long[] subgoalBits, int[] rank, int[] byRank,
                         int[] cells, int[] offsets, int[] targets) {
        this.stride = stride;
        this.rowWords = rowWords;
        this.rows = rows;
        this.subgoalBits = subgoalBits;
        this.rank = rank;
        this.byRank = byRank;
        this.cells = cells;
        this.offsets = offsets;
        this.targets = targets;
        this.xy = new int[cells.length];
        for (int u = 0; u < cells.length; u++) {
            xy[u] = packed(cells[u]);
        }
    }

    /**
     * The shared graph of {@code grid}, built by the calling thread on first use (two threads asking at once may
     * both build; one result is kept).
     *
     * @return the graph, or null when it has more than {@link #MAX_DIRECTED_EDGES} edges
     */
    public static SubgoalGraph forGrid(NavGrid grid) {
        SubgoalGraph g = GRAPHS.get(grid);
        if (g == null) {
            SubgoalGraph built = build(grid, MAX_DIRECTED_EDGES);
            synchronized (GRAPHS) {
                g = GRAPHS.get(grid);
                if (g == null) {
                    g = built == null ? NONE : built;
                    GRAPHS.put(grid, g);
                }
            }
        }
        return g == NONE ? null : g;
    }

    /**
     * The graph a search of {@code grid} may use now, without building it on the calling thread, or null. When
     * null and the grid was first asked about at least {@code settleNanos} before {@code nowNanos}, one build is
     * handed to {@code builder}: given up (and offered again after another settle period) when its edges outgrow
     * what the heap's headroom can hold, and recorded as "none" when the graph has more than
     * {@link #MAX_DIRECTED_EDGES}, so an optional search structure never causes an {@code OutOfMemoryError}.
     * Thread-safe.
     *
     * @param builder runs builds; a rejected build is offered again by a later call
     */
    static SubgoalGraph whenSettled(NavGrid grid, long nowNanos, long settleNanos, Executor builder) {
        SubgoalGraph g = GRAPHS.get(grid);
        if (g != null) {
            return g == NONE ? null : g;
        }
        PendingBuild pending;
        synchronized (PENDING) {
            g = GRAPHS.get(grid);
            if (g != null) {
                return g == NONE ? null : g;
            }
            pending = PENDING.computeIfAbsent(grid, k -> new PendingBuild(nowNanos));
            if (!pending.claim(nowNanos, settleNanos)) {
                return null;
            }
        }
        WeakReference<NavGrid> ref = new WeakReference<>(grid);
        PendingBuild p = pending;
        pending.handOff(builder, () -> buildSettled(ref, p, builder), PENDING);
        return null;
    }

    private static void buildSettled(WeakReference<NavGrid> ref, PendingBuild pending, Executor builder) {
        NavGrid grid = ref.get();
        if (grid == null) {
            return;
        }
        Runtime rt = Runtime.getRuntime();
        long headroom = rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
        long cellBytes = (long) (BUILD_BYTES_PER_CELL * grid.paddedSize());
        long edges = Math.min(MAX_DIRECTED_EDGES, (headroom - cellBytes - MAX_CODE_BYTES) / BUILD_BYTES_PER_EDGE);
        if (edges < 1024) {
            synchronized (PENDING) {
                pending.sinceNanos = System.nanoTime();
                pending.building = false;
            }
            return;
        }
        SubgoalGraph built = build(grid, (int) edges);
        SETTLED_BUILDS.incrementAndGet();
        synchronized (PENDING) {
            // too large for the headroom now: retried after another settle period unless it is too large for good
            if (built == null && edges < MAX_DIRECTED_EDGES) {
                pending.sinceNanos = System.nanoTime();
                pending.building = false;
                return;
            }
            GRAPHS.putIfAbsent(grid, built == null ? NONE : built);
            PENDING.remove(grid);
        }
        if (built != null) {
            // searches use the graph from now on; its hierarchy follows as a build of its own
            try {
                builder.execute(() -> built.buildSettledHierarchy(ref));
            } catch (RejectedExecutionException e) {
                // no hierarchy: the graph's A* answers
            }
        }
    }

    /**
     * Builds this graph's hierarchy when its grid is still in use and the heap's headroom holds what the build needs
     * ({@link SubgoalHierarchy#BUILD_BYTES_PER_EDGE}); otherwise the graph stays without one.
     */
    private void buildSettledHierarchy(WeakReference<NavGrid> grid) {
        if (grid.get() == null) {
            return;
        }
        Runtime rt = Runtime.getRuntime();
        long headroom = rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
        if ((long) SubgoalHierarchy.BUILD_BYTES_PER_EDGE * targets.length > headroom) {
            return;
        }
        buildHierarchy();
        SETTLED_HIERARCHIES.incrementAndGet();
    }

    /** Graph builds {@link #whenSettled} ran in this process so far (all grids). */
    public static long settledBuilds() {
        return SETTLED_BUILDS.get();
    }

    /** Hierarchies built after {@link #whenSettled}'s graph builds in this process so far (all grids). */
    public static long settledHierarchies() {
        return SETTLED_HIERARCHIES.get();
    }

    /** The contraction hierarchy over this graph, or null until one is built. */
    public SubgoalHierarchy hierarchy() {
        return hierarchy;
    }

    /**
     * The contraction hierarchy over this graph, built by the calling thread when it has none (tens of seconds for
     * a 10000 x 10000 map: see docs/performance.md); searches use it from then on. Thread-safe: one build per graph.
     */
    public SubgoalHierarchy buildHierarchy() {
        return buildHierarchy(-1);
    }

    /** {@link #buildHierarchy()} with a core of {@code coreSize} subgoals ({@code < 0}: the default). */
    synchronized SubgoalHierarchy buildHierarchy(int coreSize) {
        SubgoalHierarchy h = hierarchy;
        if (h == null) {
            h = coreSize < 0 ? SubgoalHierarchy.build(this) : SubgoalHierarchy.build(this, coreSize);
            hierarchy = h;
        }
        return h;
    }

    /**
     * Builds the graph of {@code grid}'s standable cells (costs are ignored: use it only on uniform-cost grids).
     * Time grows with the standable area each subgoal's scan covers (about a second for a 10000 x 10000 map of
     * 7 x 7 rooms, see docs/performance.md).
     */
    public static SubgoalGraph build(NavGrid grid) {
        return build(grid, Integer.MAX_VALUE - 16, MAX_LANDMARKS);
    }

    /** {@link #build(NavGrid)}, or null once the scans have found more than {@code maxDirectedEdges} edges. */
    static SubgoalGraph build(NavGrid grid, int maxDirectedEdges) {
        return build(grid, maxDirectedEdges, MAX_LANDMARKS);
    }

    /** {@link #build(NavGrid, int)} with at most {@code maxLandmarks} landmarks (fewer than 2: none). */
    static SubgoalGraph build(NavGrid grid, int maxDirectedEdges, int maxLandmarks) {
        int stride = grid.stride();
        int rowWords = grid.rowWords();
        long[][] rows = grid.openRows();
        int height = rows.length;
        long[] bits = new long[height * rowWords];
        for (int y = 1; y < height - 1; y++) {
            long[] up = rows[y - 1];
            long[] row = rows[y];
            long[] down = rows[y + 1];
            for (int w = 0; w < rowWords; w++) {
                long o = row[w];
                if (o == 0) {
                    continue;
                }
                long oe = east(row, w);
                long ow = west(row, w);
                long u = up[w];
                long d = down[w];
                long corner = (~east(up, w) & oe & u) | (~east(down, w) & oe & d)
                        | (~west(up, w) & ow & u) | (~west(down, w) & ow & d);
                bits[y * rowWords + w] = o & corner;
            }
        }
        int[] rank = new int[bits.length];
        int n = 0;
        for (int i = 0; i < bits.length; i++) {
            rank[i] = n;
            n += Long.bitCount(bits[i]);
        }
        // subgoals numbered block by block (32 x 32 cells, row-major within), so that a search's nearby subgoals
        // share pages and cache lines; ordered by block, then by row-major rank
        int blocksPerRow = (stride + BLOCK - 1) / BLOCK;
        long[] order = new long[n];
        int k = 0;
        for (int i = 0; i < bits.length; i++) {
            long b = bits[i];
            int y = i / rowWords;
            int x0 = (i % rowWords) << 6;
            while (b != 0) {
                int x = x0 + Long.numberOfTrailingZeros(b);
                long block = (long) (y / BLOCK) * blocksPerRow + x / BLOCK;
                order[k] = (block << 32) | k;
                k++;
                b &= b - 1;
            }
        }
        Arrays.sort(order);
        int[] byRank = new int[n];
        for (int id = 0; id < n; id++) {
            byRank[(int) order[id]] = id;
        }
        order = null;
        int[] cells = new int[n];
        k = 0;
        for (int i = 0; i < bits.length; i++) {
            long b = bits[i];
            int y = i / rowWords;
            int x0 = (i % rowWords) << 6;
            while (b != 0) {
                cells[byRank[k++]] = y * stride + x0 + Long.numberOfTrailingZeros(b);
                b &= b - 1;
            }
        }
        SubgoalGraph scanOnly = new SubgoalGraph(stride, rowWords, rows, bits, rank, byRank, cells, null, null);
        // directed edges as the scans find them
        int[] fwdOff = new int[n + 1];
        IntBuffer fwd = new IntBuffer(Math.max(16, 4 * n));
        IntBuffer hits = new IntBuffer(64);
        for (int u = 0; u < n; u++) {
            hits.size = 0;
            scanOnly.scan(cells[u], -1, hits);
            for (int i = 0; i < hits.size; i++) {
                fwd.add(hits.data[i]);
            }
            fwdOff[u + 1] = fwd.size;
            if (fwd.size > maxDirectedEdges) {
                return null;
            }
        }
        // reverse edges
        int m = fwd.size;
        int[] revOff = new int[n + 1];
        for (int i = 0; i < m; i++) {
            revOff[fwd.data[i] + 1]++;
        }
        for (int u = 0; u < n; u++) {
            revOff[u + 1] += revOff[u];
        }
        int[] revTgt = new int[m];
        int[] fill = Arrays.copyOf(revOff, n);
        for (int u = 0; u < n; u++) {
            for (int i = fwdOff[u]; i < fwdOff[u + 1]; i++) {
                revTgt[fill[fwd.data[i]]++] = u;
            }
        }
        fill = null;
        // the union of both, sorted and without duplicates, per subgoal
        int[] offsets = new int[n + 1];
        IntBuffer all = new IntBuffer(m + m / 4 + 16);
        for (int u = 0; u < n; u++) {
            hits.size = 0;
            for (int i = fwdOff[u]; i < fwdOff[u + 1]; i++) {
                hits.add(fwd.data[i]);
            }
            for (int i = revOff[u]; i < revOff[u + 1]; i++) {
                hits.add(revTgt[i]);
            }
            Arrays.sort(hits.data, 0, hits.size);
            int last = -1;
            for (int i = 0; i < hits.size; i++) {
                int v = hits.data[i];
                if (v != last && v != u) {
                    all.add(v);
                    last = v;
                }
            }
            offsets[u + 1] = all.size;
        }
        SubgoalGraph graph = new SubgoalGraph(stride, rowWords, rows, bits, rank, byRank, cells, offsets,
                Arrays.copyOf(all.data, all.size));
        graph.placeLandmarks(grid, maxLandmarks);
        return graph;
    }

    /**
     * Chooses up to {@link #MAX_LANDMARKS} landmarks on the largest island (as many as fit {@link #MAX_CODE_BYTES}),
     * each the subgoal farthest from those before it (the first: farthest from the island's first subgoal), and
     * stores every subgoal's distance from each.
     */
    private void placeLandmarks(NavGrid grid, int maxLandmarks) {
        int n = cells.length;
        int k = (int) Math.min(maxLandmarks, MAX_CODE_BYTES / Math.max(1, 2L * n));
        int label = 0;
        int size = 0;
        for (int l = 1; l < grid.islandLabelBound(); l++) {
            if (grid.islandSize(l) > size) {
                size = grid.islandSize(l);
                label = l;
            }
        }
        int seed = -1;
        for (int u = 0; u < n && seed < 0; u++) {
            if (grid.island(grid.unpad(cells[u])) == label) {
                seed = u;
            }
        }
        if (k < 2 || seed < 0) {
            return;
        }
        double[] dist = new double[n];
        double[] nearest = new double[n];
        Arrays.fill(nearest, Double.POSITIVE_INFINITY);
        Dijkstra dj = new Dijkstra(this);
        dj.run(seed, dist);
        int next = farthest(dist);
        // every distance on the island is at most twice the seed's largest one (triangle inequality)
        double u0 = 2 * Math.max(1, dist[next]) / (NO_CODE - 2);
        char[] c = new char[n * k];
        for (int i = 0; i < k; i++) {
            dj.run(next, dist);
            for (int u = 0; u < n; u++) {
                double d = dist[u];
                if (d < nearest[u]) {
                    nearest[u] = d;
                }
                c[u * k + i] = d == Double.POSITIVE_INFINITY ? NO_CODE : (char) Math.floor(d / u0);
            }
            next = farthest(nearest);
        }
        codes = c;
        unit = u0;
        landmarks = k;
    }

    /** The node of largest finite value. */
    private static int farthest(double[] dist) {
        int best = 0;
        double bestD = -1;
        for (int u = 0; u < dist.length; u++) {
            double d = dist[u];
            if (d != Double.POSITIVE_INFINITY && d > bestD) {
                bestD = d;
                best = u;
            }
        }
        return best;
    }

    /** Landmarks of the graph's differential heuristic (0 when it has none). */
    public int landmarkCount() {
        return landmarks;
    }

    /**
     * Bounds on landmark distances of a cell joined to subgoals {@code via[0 .. count - 1]} (its direct-h-reachable
     * subgoals, and the cell's own subgoal when it stands on one, at distance 0): {@code lo[i] <= d(landmark i, cell)
     * <= hi[i]}; {@code lo[i] = -1} when unknown.
     */
    void cellBounds(int cellXY, int[] via, int count, double[] lo, double[] hi) {
        int k = landmarks;
        for (int i = 0; i < k; i++) {
            double bestLo = Double.POSITIVE_INFINITY;
            double bestHi = Double.POSITIVE_INFINITY;
            for (int j = 0; j < count; j++) {
                int v = via[j];
                char c = codes[v * k + i];
                if (c == NO_CODE) {
                    continue;
                }
                double o = octileXY(xy[v], cellXY);
                bestLo = Math.min(bestLo, c * unit + o);
                bestHi = Math.min(bestHi, (c + 1) * unit + o);
            }
            lo[i] = bestLo == Double.POSITIVE_INFINITY ? -1 : bestLo;
            hi[i] = bestHi;
        }
    }

    /**
     * A lower bound on the distance from subgoal {@code u} to a cell with landmark bounds {@code lo, hi}
     * ({@link #cellBounds}) from landmarks {@code which[0 .. count - 1]}; 0 when none of them tells.
     */
    double landmarkBound(int u, double[] lo, double[] hi, int[] which, int count) {
        int base = u * landmarks;
        double best = 0;
        for (int j = 0; j < count; j++) {
            int i = which[j];
            char c = codes[base + i];
            if (c == NO_CODE || lo[i] < 0) {
                continue;
            }
            double uLo = c * unit;
            double b = Math.max(lo[i] - (uLo + unit), uLo - hi[i]);
            if (b > best) {
                best = b;
            }
        }
        return best;
    }

    /** Single-source shortest distances over the graph ({@link IntDoubleHeap}, lazy deletion). Not thread-safe. */
    private static final class Dijkstra {
        private final SubgoalGraph g;
        private final IntDoubleHeap heap = new IntDoubleHeap(1024);

        Dijkstra(SubgoalGraph g) {
            this.g = g;
        }

        void run(int source, double[] dist) {
            Arrays.fill(dist, Double.POSITIVE_INFINITY);
            dist[source] = 0;
            heap.clear();
            heap.push(source, 0);
            int[] t = g.targets;
            int[] off = g.offsets;
            int[] xy = g.xy;
            while (!heap.isEmpty()) {
                int u = heap.topId();
                double du = heap.topKey();
                heap.pop();
                if (du > dist[u]) {
                    continue;
                }
                int xu = xy[u];
                for (int e = off[u]; e < off[u + 1]; e++) {
                    int v = t[e];
                    double nd = du + octileXY(xu, xy[v]);
                    if (nd < dist[v]) {
                        dist[v] = nd;
                        heap.push(v, nd);
                    }
                }
            }
        }
    }

    /** Bits of row words {@code w} shifted so that bit x holds cell x + 1. */
    private static long east(long[] r, int w) {
        return (r[w] >>> 1) | (w + 1 < r.length ? r[w + 1] << 63 : 0);
    }

    /** Bits of row words {@code w} shifted so that bit x holds cell x - 1. */
    private static long west(long[] r, int w) {
        return (r[w] << 1) | (w > 0 ? r[w - 1] >>> 63 : 0);
    }

    /** Number of subgoals. */
    public int nodeCount() {
        return cells.length;
    }

    /** Number of directed edges (each undirected edge counts twice). */
    public int edgeCount() {
        return targets.length;
    }

    /** Bytes the graph holds (arrays with headers; not the shared bit rows). */
    public long bytes() {
        return 16L * 8 + 8L * subgoalBits.length + 4L * rank.length + 12L * cells.length + 4L * offsets.length
                + 4L * targets.length + (codes == null ? 0 : 2L * codes.length);
    }

    /** Whether this graph was built from exactly these bit rows (the grid's rows, shared). */
    boolean builtFrom(NavGrid grid) {
        return grid.openRows() == rows;
    }

    /** Padded cell of subgoal {@code u}. */
    int cell(int u) {
        return cells[u];
    }

    /** Padded x | y << 16 of subgoal {@code u}. */
    int xy(int u) {
        return xy[u];
    }

    /** Padded x | y << 16 of padded cell {@code p}. */
    int packed(int p) {
        int y = p / stride;
        return (p - y * stride) | (y << 16);
    }

    /** The octile distance between two packed cells ({@link #xy(int)}). */
    static double octileXY(int a, int b) {
        int dx = Math.abs((a & 0xFFFF) - (b & 0xFFFF));
        int dy = Math.abs((a >>> 16) - (b >>> 16));
        int lo = Math.min(dx, dy);
        return (Math.max(dx, dy) - lo) + lo * SQRT2;
    }

    /** The subgoal at padded {@code p}, or -1. */
    int node(int p) {
        int y = p / stride;
        int x = p - y * stride;
        int w = y * rowWords + (x >>> 6);
        long b = subgoalBits[w];
        if ((b & (1L << x)) == 0) {
            return -1;
        }
        return byRank[rank[w] + Long.bitCount(b & ((1L << x) - 1))];
    }

    /** First index of subgoal {@code u}'s neighbours in {@link #targets()}. */
    int firstEdge(int u) {
        return offsets[u];
    }

    /** End (exclusive) of subgoal {@code u}'s neighbours in {@link #targets()}. */
    int endEdge(int u) {
        return offsets[u + 1];
    }

    /** The neighbour array (shared: read, never write). */
    int[] targets() {
        return targets;
    }

    /** Row stride of the padded cells. */
    int stride() {
        return stride;
    }

    private boolean open(int x, int y) {
        return (rows[y][x >>> 6] & (1L << x)) != 0;
    }

    private boolean subgoalOrExtra(int x, int y, int extra) {
        return y * stride + x == extra || (subgoalBits[y * rowWords + (x >>> 6)] & (1L << x)) != 0;
    }

    /**
     * Adds to {@code out} the subgoals direct-h-reachable from standable padded cell {@code from} (itself excluded),
     * treating padded {@code extra} as a subgoal too (reported as {@link #EXTRA}; -1 for none). Each is reached by
     * straight moves, by diagonal moves, or by diagonal then straight moves in one quadrant, through standable cells
     * that are not subgoals; a quadrant's straight sweeps never reach past the previous sweep's extent (the scan's
     * area is a staircase). Reports each at most once, in no particular order.
     */
    void scan(int from, int extra, IntBuffer out) {
        int y0 = from / stride;
        int x0 = from - y0 * stride;
        // straight clearances: +x, -x, +y, -y (locals, so that a scan allocates nothing)
        int clearPx = 0;
        int clearNx = 0;
        int clearPy = 0;
        int clearNy = 0;
        for (int c = 0; c < 4; c++) {
            int cx = CARD_X[c];
            int cy = CARD_Y[c];
            int x = x0 + cx;
            int y = y0 + cy;
            int n = 0;
            while (open(x, y) && !subgoalOrExtra(x, y, extra)) {
                x += cx;
                y += cy;
                n++;
            }
            if (open(x, y)) {
                report(x, y, extra, out);
            }
            switch (c) {
                case 0 -> clearPx = n;
                case 1 -> clearNx = n;
                case 2 -> clearPy = n;
                default -> clearNy = n;
            }
        }
        for (int d = 0; d < 4; d++) {
            int dx = DIAG_X[d];
            int dy = DIAG_Y[d];
            int x = x0 + dx;
            int y = y0 + dy;
            int n = 0;
            while (open(x, y) && open(x - dx, y) && open(x, y - dy) && !subgoalOrExtra(x, y, extra)) {
                x += dx;
                y += dy;
                n++;
            }
            if (open(x, y) && open(x - dx, y) && open(x, y - dy)) {
                report(x, y, extra, out);
            }
            // the two straight sweeps of the quadrant: along x (card dx) and along y (card dy)
            for (int side = 0; side < 2; side++) {
                int cx = side == 0 ? dx : 0;
                int cy = side == 0 ? 0 : dy;
                int max = side == 0 ? (dx > 0 ? clearPx : clearNx) : (dy > 0 ? clearPy : clearNy);
                for (int i = 1; i <= n && max > 0; i++) {
                    int sx = x0 + i * dx + cx;
                    int sy = y0 + i * dy + cy;
                    int ext = 0;
                    while (ext < max && open(sx, sy) && !subgoalOrExtra(sx, sy, extra)) {
                        sx += cx;
                        sy += cy;
                        ext++;
                    }
                    if (ext < max) {
                        if (open(sx, sy)) {
                            report(sx, sy, extra, out);
                        }
                        max = ext;
                    }
                }
            }
        }
    }

    private void report(int x, int y, int extra, IntBuffer out) {
        int p = y * stride + x;
        out.add(p == extra ? EXTRA : node(p));
    }

    /**
     * Writes the cells after padded {@code a} up to and including padded {@code b} as map cell ids into
     * {@code out} from {@code pos}, along a shortest path of octile length: diagonal moves first, or straight
     * moves first when that is blocked.
     *
     * @param width the map's width, to turn padded cells into map cell ids
     * @return the index after the last cell written, or -1 when neither path is free (not an edge of this graph)
     */
    int appendSegment(int a, int b, int width, int[] out, int pos) {
        int ay = a / stride;
        int ax = a - ay * stride;
        int by = b / stride;
        int bx = b - by * stride;
        int dx = Math.abs(bx - ax);
        int dy = Math.abs(by - ay);
        int sx = Integer.signum(bx - ax);
        int sy = Integer.signum(by - ay);
        int diag = Math.min(dx, dy);
        int straight = Math.max(dx, dy) - diag;
        int tx = dx > dy ? sx : 0;
        int ty = dx > dy ? 0 : sy;
        for (int order = 0; order < 2; order++) {
            boolean diagonalFirst = order == 0;
            int end = walk(ax, ay, sx, sy, tx, ty, diag, straight, diagonalFirst, width, out, pos);
            if (end >= 0) {
                return end;
            }
        }
        return -1;
    }

    /**
     * Writes the two-phase path from padded (x, y) into {@code out} from {@code pos} while its moves are legal.
     *
     * @return the index after the last cell, or -1 at the first illegal move (what was written is garbage)
     */
    private int walk(int x, int y, int sx, int sy, int tx, int ty, int diag, int straight, boolean diagonalFirst,
                     int width, int[] out, int pos) {
        int i = pos;
        for (int phase = 0; phase < 2; phase++) {
            boolean diagonal = (phase == 0) == diagonalFirst;
            int steps = diagonal ? diag : straight;
            int mx = diagonal ? sx : tx;
            int my = diagonal ? sy : ty;
            for (int s = 0; s < steps; s++) {
                if (!open(x + mx, y + my) || (diagonal && (!open(x + mx, y) || !open(x, y + my)))) {
                    return -1;
                }
                x += mx;
                y += my;
                out[i++] = (y - 1) * width + x - 1;
            }
        }
        return i;
    }

    /** A growable int list for scan results and edge lists. Not thread-safe. */
    static final class IntBuffer {
        int[] data;
        int size;

        IntBuffer(int capacity) {
            data = new int[capacity];
        }

        void add(int v) {
            if (size == data.length) {
                data = Arrays.copyOf(data, Math.max(16, data.length + (data.length >> 1)));
            }
            data[size++] = v;
        }
    }
}
