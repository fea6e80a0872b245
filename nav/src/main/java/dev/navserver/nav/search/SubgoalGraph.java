package dev.navserver.nav.search;

import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.search.core.BuildProgress;
import dev.navserver.nav.search.core.Csr;
import dev.navserver.nav.search.core.IntBuffer;
import dev.navserver.nav.search.subgoal.SubgoalCells;
import dev.navserver.nav.search.subgoal.SubgoalEdges;
import dev.navserver.nav.search.subgoal.SubgoalLandmarks;
import dev.navserver.nav.search.subgoal.SubgoalWalks;
import java.util.concurrent.Executor;

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
 * together in memory. Building holds the scanned edges twice more while it merges them (the merged lists sized
 * exactly, {@link SubgoalGraphBuild#BYTES_PER_SCANNED_EDGE}), and two distance arrays of 8 bytes per subgoal while it places
 * landmarks; a build given a byte budget places as many landmarks as fit it.
 *
 * <p>Immutable and thread-safe once published ({@link #forGrid}, {@link #whenSettled}); {@link #scan} and
 * {@link #appendSegment} write only to the caller's buffers. Keeps the source grid's bit rows (shared, never written), not the grid.
 */
public final class SubgoalGraph {
    /** Token {@link #scan} reports for the extra cell it was asked to treat as a subgoal. */
    static final int EXTRA = SubgoalCells.EXTRA;
    /** Most landmarks of the graph's differential heuristic. */
    static final int MAX_LANDMARKS = SubgoalLandmarks.MAX_LANDMARKS;
    /** Most bytes of landmark codes: fewer landmarks on graphs with more subgoals than 4M. */
    static final long MAX_CODE_BYTES = SubgoalLandmarks.MAX_CODE_BYTES;
    /**
     * Directed edges the scans of a build may find before it gives up (stored both ways, the graph's edge list would
     * pass 256 MiB): maps of scattered obstacles have subgoals at most corners and far more edges than rooms or
     * cities.
     */
    static final int MAX_DIRECTED_EDGES = 32 << 20;
    /** The "no graph" entry of a grid whose graph would be too large. */
    static final SubgoalGraph NONE = new SubgoalGraph(null, null);

    /** The subgoals and the scans between cells. */
    private final SubgoalCells subgoals;
    /** The neighbour lists. */
    private final SubgoalEdges edges;
    /**
     * The differential heuristic over the graph ({@link #landmarkCount()}). Set by the build before the graph is
     * published (through the cache's lock), never after.
     */
    private SubgoalLandmarks landmarks = SubgoalLandmarks.NONE;
    /** The contraction hierarchy over this graph, once built ({@link #buildHierarchy}). */
    private volatile SubgoalHierarchy hierarchy;

    private SubgoalGraph(SubgoalCells subgoals, SubgoalEdges edges) {
        this.subgoals = subgoals;
        this.edges = edges;
    }

    /** A graph of {@code subgoals} and {@code edges} with {@code landmarks} ({@link SubgoalRepairs}). */
    SubgoalGraph(SubgoalCells subgoals, SubgoalEdges edges, SubgoalLandmarks landmarks) {
        this(subgoals, edges);
        this.landmarks = landmarks;
    }

    /**
     * The shared graph of {@code grid}, built by the calling thread on first use (two threads asking at once may
     * both build; one result is kept).
     *
     * @return the graph, or null when it has more than {@link #MAX_DIRECTED_EDGES} edges
     */
    public static SubgoalGraph forGrid(NavGrid grid) {
        return SubgoalGraphCache.forGrid(grid);
    }

    /**
     * The published graph of {@code grid} (by {@link #forGrid}, {@link #whenSettled} or {@link #publish}), or null;
     * never builds. Thread-safe.
     */
    public static SubgoalGraph ready(NavGrid grid) {
        return SubgoalGraphCache.ready(grid);
    }

    /**
     * Builds {@code grid}'s graph on the calling thread and publishes it for every search of the grid, unless one is
     * published already. The heap's headroom is the build's byte budget, checked before allocating past it (read
     * once more after a full collection when the scans outgrow the first reading; a build past it gives up:
     * {@link BuildOutcome#NO_HEAP}), and the landmarks are as many as fit it; an {@code OutOfMemoryError} during the
     * build is caught and reported the same way, so an optional search structure never takes the process down.
     * Thread-safe; meant for one background builder thread.
     *
     * @param progress told of the build's work (2 units per subgoal: its scan, then its share of the landmark
     *                 distances); returning false abandons the build
     * @return {@link BuildOutcome#BUILT} when a graph is published now (or was), else why none is
     */
    public static BuildOutcome publish(NavGrid grid, BuildProgress progress) {
        return SubgoalGraphCache.publish(grid, progress);
    }

    /**
     * The graph a search of {@code grid} may use now, without building it on the calling thread, or null. When
     * null and the grid was first asked about at least {@code settleNanos} before {@code nowNanos}, one build is
     * handed to {@code builder}: given up (and offered again after another settle period) when its edges outgrow
     * what the heap's headroom can hold, and recorded as "none" when the graph has more than
     * {@link #MAX_DIRECTED_EDGES}, so an optional search structure never causes an {@code OutOfMemoryError}; the
     * graph's hierarchy follows as a build of its own on {@code builder} when the headroom holds it.
     * Thread-safe.
     *
     * @param builder runs builds; a rejected build is offered again by a later call
     */
    static SubgoalGraph whenSettled(NavGrid grid, long nowNanos, long settleNanos, Executor builder) {
        return SubgoalGraphCache.whenSettled(grid, nowNanos, settleNanos, builder);
    }

    /** Graph builds {@link #whenSettled} ran in this process so far (all grids). */
    public static long settledBuilds() {
        return SubgoalGraphCache.settledBuilds();
    }

    /** Hierarchies built after {@link #whenSettled}'s graph builds in this process so far (all grids). */
    public static long settledHierarchies() {
        return SubgoalGraphCache.settledHierarchies();
    }

    /**
     * Whether the heap's headroom now holds what building this graph's hierarchy needs
     * ({@link SubgoalHierarchy#BUILD_BYTES_PER_EDGE} per directed edge).
     */
    public boolean hierarchyFits() {
        Runtime rt = Runtime.getRuntime();
        long headroom = rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
        return (long) SubgoalHierarchy.BUILD_BYTES_PER_EDGE * edges.edgeCount() <= headroom;
    }

    /**
     * Builds this graph's hierarchy on the calling thread when it has none and {@link #hierarchyFits}; searches use
     * it from then on. An {@code OutOfMemoryError} during the build is caught ({@link BuildOutcome#NO_HEAP}).
     * Thread-safe: one build per graph.
     *
     * @param progress told of the contraction (subgoals contracted of those outside the core); returning false
     *                 abandons the build
     */
    public synchronized BuildOutcome publishHierarchy(BuildProgress progress) {
        if (hierarchy != null) {
            return BuildOutcome.BUILT;
        }
        if (!hierarchyFits()) {
            return BuildOutcome.NO_HEAP;
        }
        SubgoalHierarchy h;
        try {
            h = SubgoalHierarchy.build(this, progress);
        } catch (OutOfMemoryError e) {
            return BuildOutcome.NO_HEAP;
        }
        if (h == null) {
            return BuildOutcome.ABANDONED;
        }
        hierarchy = h;
        return BuildOutcome.BUILT;
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
        return build(grid, maxDirectedEdges, maxLandmarks, BuildProgress.NONE);
    }

    /**
     * {@link #build(NavGrid, int, int)} telling {@code progress} of its work in units of 2 per subgoal: the scans
     * (1 per subgoal, told every 4096), then the landmark distances (the other half, told after each Dijkstra search);
     * null when it asks to stop.
     */
    static SubgoalGraph build(NavGrid grid, int maxDirectedEdges, int maxLandmarks, BuildProgress progress) {
        return build(grid, maxDirectedEdges, maxLandmarks, progress, Long.MAX_VALUE);
    }

    /**
     * {@link #build(NavGrid, int, int, BuildProgress)} holding at most {@code budgetBytes} at its peak (besides the
     * grid): the scans stop once their edges, merged, would not fit ({@link SubgoalGraphBuild#BYTES_PER_SCANNED_EDGE}), and the
     * landmarks are as many as fit beside the finished graph and the Dijkstra arrays (fewer landmarks: a weaker
     * heuristic, the same shortest paths).
     *
     * @throws OutOfMemoryError when the graph does not fit {@code budgetBytes}, before allocating past it
     */
    static SubgoalGraph build(NavGrid grid, int maxDirectedEdges, int maxLandmarks, BuildProgress progress,
                              long budgetBytes) {
        boolean[] read = {false};
        // a fixed budget: no more headroom at a second reading than at the first
        return SubgoalGraphBuild.build(grid, maxDirectedEdges, maxLandmarks, progress,
                () -> read[0] ? 0 : (read[0] = true) ? budgetBytes : 0);
    }

    /** Landmarks of the graph's differential heuristic (0 when it has none). */
    public int landmarkCount() {
        return landmarks.count();
    }

    /**
     * Bounds on landmark distances of a cell joined to subgoals {@code via[0 .. count - 1]}
     * ({@link SubgoalLandmarks#cellBounds}).
     */
    void cellBounds(int cellXY, int[] via, int count, double[] lo, double[] hi) {
        landmarks.cellBounds(cellXY, via, count, lo, hi);
    }

    /** A lower bound on the distance from subgoal {@code u} to a cell ({@link SubgoalLandmarks#landmarkBound}). */
    double landmarkBound(int u, double[] lo, double[] hi, int[] which, int count) {
        return landmarks.landmarkBound(u, lo, hi, which, count);
    }

    /** Number of subgoals. */
    public int nodeCount() {
        return subgoals.count();
    }

    /** Number of directed edges (each undirected edge counts twice). */
    public int edgeCount() {
        return edges.edgeCount();
    }

    /** Bytes the graph holds (arrays with headers; not the shared bit rows). */
    public long bytes() {
        return subgoals.bytes() + edges.bytes() + landmarks.bytes();
    }

    /** Whether this graph was built from exactly these bit rows (the grid's rows, shared). */
    boolean builtFrom(NavGrid grid) {
        return subgoals.builtFrom(grid);
    }

    /** Padded cell of subgoal {@code u}. */
    int cell(int u) {
        return subgoals.cell(u);
    }

    /** Padded x | y << 16 of subgoal {@code u}. */
    int xy(int u) {
        return subgoals.xy(u);
    }

    /** Padded x | y << 16 of padded cell {@code p}. */
    int packed(int p) {
        return subgoals.packed(p);
    }

    /** The octile distance between two packed cells ({@link #xy(int)}). */
    static double octileXY(int a, int b) {
        return SubgoalCells.octileXY(a, b);
    }

    /** The subgoal at padded {@code p}, or -1. */
    int node(int p) {
        return subgoals.node(p);
    }

    /** First index of subgoal {@code u}'s neighbours in {@link #targets(int)}. */
    int firstEdge(int u) {
        return edges.first(u);
    }

    /** End (exclusive) of subgoal {@code u}'s neighbours in {@link #targets(int)}. */
    int endEdge(int u) {
        return edges.end(u);
    }

    /** The array holding subgoal {@code u}'s neighbours (shared: read, never write). */
    int[] targets(int u) {
        return edges.array(u);
    }

    /** The CSR offsets of all neighbour lists over every id ({@link SubgoalEdges#flat}; shared: read, never write). */
    int[] offsets() {
        return edges.flat()[0];
    }

    /** The neighbour lists. */
    SubgoalEdges edges() {
        return edges;
    }

    /** The differential heuristic. */
    SubgoalLandmarks landmarks() {
        return landmarks;
    }

    /** The subgoals and the scans between cells. */
    SubgoalCells subgoals() {
        return subgoals;
    }

    /** The CSR neighbour array of {@link #offsets()} (shared: read, never write). */
    int[] targets() {
        return edges.flat()[1];
    }

    /** Row stride of the padded cells. */
    int stride() {
        return subgoals.stride();
    }

    /** {@link SubgoalCells#scan}. */
    void scan(int from, int extra, IntBuffer out) {
        subgoals.scan(from, extra, out);
    }

    /** {@link SubgoalWalks#cellsAlong}. */
    int[] cellsAlong(int[] waypoints, int n, int width) {
        return SubgoalWalks.cellsAlong(subgoals, waypoints, n, width);
    }

    /** {@link SubgoalWalks#lengthAlong}. */
    double lengthAlong(int[] waypoints, int n) {
        return SubgoalWalks.lengthAlong(subgoals, waypoints, n);
    }

    /** {@link SubgoalWalks#appendSegment}. */
    int appendSegment(int a, int b, int width, int[] out, int pos) {
        return SubgoalWalks.appendSegment(subgoals, a, b, width, out, pos);
    }
}
