package dev.navserver.nav.search;

import dev.navserver.nav.search.core.BuildProgress;
import dev.navserver.nav.search.subgoal.Contraction;

/**
 * A contraction hierarchy over a {@link SubgoalGraph}: subgoals are contracted one at a time, least important first
 * (edge difference plus contracted neighbours plus depth, re-evaluated lazily), and a shortcut joins two neighbours
 * of a contracted subgoal when no path avoiding it is as short (a witness search of at most
 * {@link #WITNESS_SETTLED} settled subgoals decides; one that gives up adds the shortcut, which is never wrong).
 * Contraction stops at a core: when at most one subgoal in {@link #CORE_SHARE} is left, or when the next one has
 * more than {@link #MAX_DEGREE} edges (what is left is dense, and contracting it would cost more than searching it).
 * Each contracted subgoal keeps its edges to the subgoals contracted after it or left in the core ("upward"); each
 * core subgoal keeps its edges to the other core subgoals, over which core distances are the graph's. A shortcut
 * names the subgoal it bypasses, so a path of shortcuts unpacks into graph edges. {@link HierarchySearch} answers
 * queries over it.
 *
 * <p>Edge weights are octile lengths in cells, as {@code double}: two different path lengths on one grid differ by
 * far more than summation noise, and a witness within {@link #TIE} of a shortcut counts as as short.
 *
 * <p>Immutable once built; safe to share between threads.
 */
public final class SubgoalHierarchy {
    /** Settled subgoals after which a witness search gives up (and the shortcut is added). */
    static final int WITNESS_SETTLED = Contraction.WITNESS_SETTLED;
    /** Settled subgoals after which a witness search run only to rate a subgoal gives up. */
    static final int RATE_SETTLED = Contraction.RATE_SETTLED;
    /** Lengths closer than this are equal (cells). */
    static final double TIE = Contraction.TIE;
    /** Bytes per upward edge in the finished hierarchy: target, weight, bypassed subgoal. */
    static final int BYTES_PER_EDGE = 16;
    /**
     * Heap bytes a build needs per directed edge of the graph at its peak: the edge pool with its shortcuts and
     * slack, the output, per-subgoal state and the finished arrays (about 1.2 GB for rooms 10000 x 10000).
     */
    static final int BUILD_BYTES_PER_EDGE = 112;

    /** The core: contraction stops when at most one subgoal in this many is left (or {@link #MIN_CORE}). */
    static final int CORE_SHARE = 64;
    /** Contraction stops at the first subgoal chosen with more live edges than this (the rest is the core). */
    static final int MAX_DEGREE = Contraction.MAX_DEGREE;
    /** Subgoals a core keeps at least (a smaller graph is contracted down to this many). */
    static final int MIN_CORE = 256;

    // indexed by hierarchy id: the core first, then the contracted subgoals by level, highest first
    private final int[] offsets;
    private final int[] targets;
    private final double[] weights;
    private final int[] middles;
    private final int[] toGraph;
    /** Per subgoal (graph id) its hierarchy id. */
    private final int[] toHierarchy;
    private final int coreSize;

    private SubgoalHierarchy(Contraction.Contracted c) {
        this.offsets = c.offsets();
        this.targets = c.targets();
        this.weights = c.weights();
        this.middles = c.middles();
        this.toGraph = c.toGraph();
        this.toHierarchy = c.toHierarchy();
        this.coreSize = c.coreSize();
    }

    /** Builds the hierarchy of {@code graph} (time and memory: see docs/performance.md). */
    public static SubgoalHierarchy build(SubgoalGraph graph) {
        int n = graph.nodeCount();
        return build(graph, Math.min(n, Math.max(MIN_CORE, n / CORE_SHARE)));
    }

    /**
     * {@link #build(SubgoalGraph)} telling {@code progress} of the contraction; null when it asks to stop.
     */
    static SubgoalHierarchy build(SubgoalGraph graph, BuildProgress progress) {
        int n = graph.nodeCount();
        Contraction.Contracted c = Contraction.contract(graph.subgoals(), graph.offsets(), graph.targets(),
                Math.min(n, Math.max(MIN_CORE, n / CORE_SHARE)), progress);
        return c == null ? null : new SubgoalHierarchy(c);
    }

    /** {@link #build(SubgoalGraph)} with a core of {@code coreSize} subgoals. */
    static SubgoalHierarchy build(SubgoalGraph graph, int coreSize) {
        return new SubgoalHierarchy(Contraction.contract(graph.subgoals(), graph.offsets(), graph.targets(),
                coreSize));
    }

    /**
     * The hierarchy id of graph subgoal {@code node}. Hierarchy ids number the core first, then the contracted
     * subgoals by level band (level: one more than the highest among the neighbours contracted before it; bands 0,
     * 1, 2-3, 4-7, ...), highest first, in graph id order (32 x 32 blocks) within a band, so the subgoals an upward search reaches sit close
     * together; every method here but this one takes and returns hierarchy ids.
     */
    int id(int node) {
        return toHierarchy[node];
    }

    /** The graph subgoal of hierarchy id {@code u}. */
    int node(int u) {
        return toGraph[u];
    }

    /**
     * Whether {@code u} is in the core: then its edges ({@link #firstEdge}) join it to every core subgoal it has an
     * edge to, whatever their order, and distances between core subgoals over them are the graph's.
     */
    boolean inCore(int u) {
        return u < coreSize;
    }

    /** Subgoals in the core. */
    public int coreSize() {
        return coreSize;
    }

    /** First index of subgoal {@code u}'s upward edges. */
    int firstEdge(int u) {
        return offsets[u];
    }

    /** End (exclusive) of subgoal {@code u}'s upward edges. */
    int endEdge(int u) {
        return offsets[u + 1];
    }

    /** The upward targets (shared: read, never write). */
    int[] targets() {
        return targets;
    }

    /** The upward edges' lengths in cells (shared: read, never write). */
    double[] weights() {
        return weights;
    }

    /** The subgoal edge {@code e} bypasses, or -1 for an edge of the subgoal graph. */
    int middle(int e) {
        return middles[e];
    }

    /** The upward edge of {@code low} to {@code high}, or -1. */
    int edge(int low, int high) {
        for (int e = offsets[low]; e < offsets[low + 1]; e++) {
            if (targets[e] == high) {
                return e;
            }
        }
        return -1;
    }

    /** Upward edges (original and shortcuts). */
    public int edgeCount() {
        return targets.length;
    }

    /** Bytes the hierarchy holds. */
    public long bytes() {
        return 4L * offsets.length + (long) BYTES_PER_EDGE * targets.length + 8L * toGraph.length + 64;
    }
}
