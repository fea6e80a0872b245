package dev.navserver.nav.search;

import dev.navserver.nav.search.core.IntDoubleHeap;
import java.util.Arrays;

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
    static final int WITNESS_SETTLED = 64;
    /** Settled subgoals after which a witness search run only to rate a subgoal gives up. */
    static final int RATE_SETTLED = 24;
    /** Lengths closer than this are equal (cells). */
    static final double TIE = 1e-7;
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
    static final int MAX_DEGREE = 32;
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

    private SubgoalHierarchy(int[] offsets, int[] targets, double[] weights, int[] middles, int[] toGraph,
                             int[] toHierarchy, int coreSize) {
        this.offsets = offsets;
        this.targets = targets;
        this.weights = weights;
        this.middles = middles;
        this.toGraph = toGraph;
        this.toHierarchy = toHierarchy;
        this.coreSize = coreSize;
    }

    /** Builds the hierarchy of {@code graph} (time and memory: see docs/performance.md). */
    public static SubgoalHierarchy build(SubgoalGraph graph) {
        int n = graph.nodeCount();
        return build(graph, Math.min(n, Math.max(MIN_CORE, n / CORE_SHARE)));
    }

    /** {@link #build(SubgoalGraph)} with a core of {@code coreSize} subgoals. */
    static SubgoalHierarchy build(SubgoalGraph graph, int coreSize) {
        return new Builder(graph, coreSize).run();
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

    /** The contraction: a dynamic adjacency pool, the witness search and the priority queue. Not thread-safe. */
    private static final class Builder {
        private final SubgoalGraph graph;
        private final int n;
        // dynamic adjacency: node u's live edges are pool[start[u] .. start[u] + len[u])
        private final int[] start;
        private final int[] len;
        private final int[] cap;
        private int[] poolTo;
        private double[] poolW;
        private int[] poolMid;
        private int poolEnd;
        private long poolWaste;

        private final boolean[] contracted;
        private final int[] deleted;
        private final int[] depth;
        private final int[] prio;
        /** Shortcuts each subgoal needed when last rated (its neighbours' contractions update it lazily). */
        private final int[] rated;

        // witness search
        private final int[] stamp;
        private final double[] dist;
        private int gen;
        private final IntDoubleHeap heap = new IntDoubleHeap(256);

        // output, in contraction order
        private final int[] outStart;
        private final int[] outLen;
        private int[] outTo;
        private double[] outW;
        private int[] outMid;
        private int outEnd;

        // scratch for one contraction: the subgoal's live neighbours and edge lengths
        private int[] nb = new int[64];
        private double[] nbW = new double[64];

        private final int coreSize;
        /** Subgoals in the order they were contracted. */
        private final int[] order;
        private int contractedCount;

        Builder(SubgoalGraph graph, int coreSize) {
            this.graph = graph;
            this.coreSize = coreSize;
            n = graph.nodeCount();
            start = new int[n];
            len = new int[n];
            cap = new int[n];
            int m = graph.edgeCount();
            poolTo = new int[m + 2 * n + 16];
            poolW = new double[poolTo.length];
            poolMid = new int[poolTo.length];
            int[] t = graph.targets();
            int p = 0;
            for (int u = 0; u < n; u++) {
                start[u] = p;
                int xu = graph.xy(u);
                for (int e = graph.firstEdge(u); e < graph.endEdge(u); e++) {
                    poolTo[p] = t[e];
                    poolW[p] = SubgoalGraph.octileXY(xu, graph.xy(t[e]));
                    poolMid[p] = -1;
                    p++;
                }
                len[u] = p - start[u];
                cap[u] = len[u] + 2;
                p = start[u] + cap[u];
            }
            poolEnd = p;
            contracted = new boolean[n];
            order = new int[n];
            deleted = new int[n];
            depth = new int[n];
            prio = new int[n];
            rated = new int[n];
            stamp = new int[n];
            dist = new double[n];
            outStart = new int[n];
            outLen = new int[n];
            outTo = new int[Math.max(16, m / 2 + n)];
            outW = new double[outTo.length];
            outMid = new int[outTo.length];
        }

        SubgoalHierarchy run() {
            LongHeap queue = new LongHeap(n + 16);
            for (int u = 0; u < n; u++) {
                prio[u] = rate(u);
                queue.push(key(prio[u], u));
            }
            int remaining = n;
            while (remaining > coreSize && !queue.isEmpty()) {
                long top = queue.pop();
                int v = (int) top;
                if (contracted[v] || (int) (top >>> 32) - (1 << 30) != prio[v]) {
                    continue;
                }
                int p = rate(v);
                if (p > prio[v] && !queue.isEmpty() && key(p, v) > queue.peek()) {
                    prio[v] = p;
                    queue.push(key(p, v));
                    continue;
                }
                if (len[v] > MAX_DEGREE) {
                    // what is left is dense: contracting it costs more than searching it
                    break;
                }
                contract(v);
                remaining--;
                for (int i = 0; i < nbCount; i++) {
                    int u = nb[i];
                    deleted[u]++;
                    depth[u] = Math.max(depth[u], depth[v] + 1);
                    int q = priority(u, rated[u]);
                    if (q != prio[u]) {
                        prio[u] = q;
                        queue.push(key(q, u));
                    }
                }
            }
            return finish();
        }

        private static long key(int priority, int node) {
            return ((long) (priority + (1 << 30)) << 32) | node;
        }

        private int priority(int u, int shortcuts) {
            return 2 * (shortcuts - len[u]) + deleted[u] + depth[u];
        }

        /** The priority of contracting {@code v} now (witness searches of {@link #RATE_SETTLED}). */
        private int rate(int v) {
            int s = shortcuts(v, RATE_SETTLED, false);
            rated[v] = s;
            return priority(v, s);
        }

        private int nbCount;

        /**
         * Counts (and when {@code add}, adds) the shortcuts contracting {@code v} needs among its live neighbours.
         */
        private int shortcuts(int v, int limit, boolean add) {
            int d = len[v];
            if (nb.length < d) {
                nb = new int[2 * d];
                nbW = new double[2 * d];
            }
            int s0 = start[v];
            for (int i = 0; i < d; i++) {
                nb[i] = poolTo[s0 + i];
                nbW[i] = poolW[s0 + i];
            }
            nbCount = d;
            if (add) {
                contracted[v] = true;
                for (int i = 0; i < d; i++) {
                    remove(nb[i], v);
                }
            }
            int count = 0;
            // pair (i, j), i < j: one search from nb[i] settles what all of its pairs need
            int[] localNb = nb;
            double[] localW = nbW;
            for (int i = 0; i < d - 1; i++) {
                int u = localNb[i];
                double wi = localW[i];
                double maxD = 0;
                for (int j = i + 1; j < d; j++) {
                    maxD = Math.max(maxD, wi + localW[j]);
                }
                witness(u, v, maxD, limit, i + 1, d);
                for (int j = i + 1; j < d; j++) {
                    int w = localNb[j];
                    double via = wi + localW[j];
                    double found = stamp[w] == gen ? dist[w] : Double.POSITIVE_INFINITY;
                    if (found > via + TIE) {
                        count++;
                        if (add) {
                            link(u, w, via, v);
                            link(w, u, via, v);
                        }
                    }
                }
            }
            return count;
        }

        /**
         * Shortest distances from {@code source} avoiding {@code skip}, up to {@code maxD}, settling at most
         * {@code limit} subgoals or until neighbours {@code nb[from .. to)} are settled; read through
         * {@code stamp == gen}.
         */
        private void witness(int source, int skip, double maxD, int limit, int from, int to) {
            if (++gen == Integer.MAX_VALUE) {
                Arrays.fill(stamp, 0);
                gen = 1;
            }
            int g = gen;
            int targetsLeft = to - from;
            heap.clear();
            stamp[source] = g;
            dist[source] = 0;
            heap.push(source, 0);
            int settled = 0;
            while (!heap.isEmpty()) {
                int u = heap.topId();
                double du = heap.topKey();
                heap.pop();
                if (du > dist[u]) {
                    continue;
                }
                if (++settled > limit) {
                    break;
                }
                if (isTarget(u, from, to) && --targetsLeft == 0) {
                    break;
                }
                int s = start[u];
                int e = s + len[u];
                for (int k = s; k < e; k++) {
                    int w = poolTo[k];
                    if (w == skip) {
                        continue;
                    }
                    double nd = du + poolW[k];
                    if (nd > maxD) {
                        continue;
                    }
                    if (stamp[w] != g) {
                        stamp[w] = g;
                        dist[w] = nd;
                        heap.push(w, nd);
                    } else if (nd < dist[w]) {
                        dist[w] = nd;
                        heap.push(w, nd);
                    }
                }
            }
        }

        private boolean isTarget(int u, int from, int to) {
            for (int j = from; j < to; j++) {
                if (nb[j] == u) {
                    return true;
                }
            }
            return false;
        }

        /** Contracts {@code v}: records its upward edges, unlinks it, adds the shortcuts it needs. */
        private void contract(int v) {
            order[contractedCount++] = v;
            int d = len[v];
            outStart[v] = outEnd;
            outLen[v] = d;
            ensureOut(outEnd + d);
            int s0 = start[v];
            System.arraycopy(poolTo, s0, outTo, outEnd, d);
            System.arraycopy(poolW, s0, outW, outEnd, d);
            System.arraycopy(poolMid, s0, outMid, outEnd, d);
            outEnd += d;
            shortcuts(v, WITNESS_SETTLED, true);
            poolWaste += cap[v];
            len[v] = 0;
            cap[v] = 0;
        }

        private void ensureOut(int need) {
            if (need > outTo.length) {
                int c = Math.max(need, outTo.length + (outTo.length >> 1));
                outTo = Arrays.copyOf(outTo, c);
                outW = Arrays.copyOf(outW, c);
                outMid = Arrays.copyOf(outMid, c);
            }
        }

        /** Removes the edge of {@code u} to {@code v} (order within a list does not matter). */
        private void remove(int u, int v) {
            int s = start[u];
            int e = s + len[u];
            for (int k = s; k < e; k++) {
                if (poolTo[k] == v) {
                    int last = e - 1;
                    poolTo[k] = poolTo[last];
                    poolW[k] = poolW[last];
                    poolMid[k] = poolMid[last];
                    len[u]--;
                    return;
                }
            }
        }

        /** Gives {@code u} an edge to {@code w} of length {@code w8} bypassing {@code mid}, or shortens its edge. */
        private void link(int u, int w, double w8, int mid) {
            int s = start[u];
            int e = s + len[u];
            for (int k = s; k < e; k++) {
                if (poolTo[k] == w) {
                    if (w8 < poolW[k]) {
                        poolW[k] = w8;
                        poolMid[k] = mid;
                    }
                    return;
                }
            }
            if (len[u] == cap[u]) {
                grow(u);
                s = start[u];
                e = s + len[u];
            }
            poolTo[e] = w;
            poolW[e] = w8;
            poolMid[e] = mid;
            len[u]++;
        }

        /** Moves {@code u}'s list to the end of the pool with twice the room (compacting the pool when half waste). */
        private void grow(int u) {
            int newCap = Math.max(4, 2 * cap[u]);
            if (poolEnd + newCap > poolTo.length) {
                if (poolWaste > poolEnd / 2) {
                    compact();
                }
                if (poolEnd + newCap > poolTo.length) {
                    int c = Math.max(poolEnd + newCap, poolTo.length + (poolTo.length >> 1));
                    poolTo = Arrays.copyOf(poolTo, c);
                    poolW = Arrays.copyOf(poolW, c);
                    poolMid = Arrays.copyOf(poolMid, c);
                }
            }
            int s = start[u];
            System.arraycopy(poolTo, s, poolTo, poolEnd, len[u]);
            System.arraycopy(poolW, s, poolW, poolEnd, len[u]);
            System.arraycopy(poolMid, s, poolMid, poolEnd, len[u]);
            poolWaste += cap[u];
            start[u] = poolEnd;
            cap[u] = newCap;
            poolEnd += newCap;
        }

        /** Packs the live lists to the front of the pool, in node order. */
        private void compact() {
            int p = 0;
            // lists only move towards the front when visited in order of their current start
            long[] byStart = new long[n];
            int k = 0;
            for (int u = 0; u < n; u++) {
                if (cap[u] > 0) {
                    byStart[k++] = ((long) start[u] << 32) | u;
                }
            }
            Arrays.sort(byStart, 0, k);
            for (int i = 0; i < k; i++) {
                int u = (int) byStart[i];
                int s = start[u];
                System.arraycopy(poolTo, s, poolTo, p, len[u]);
                System.arraycopy(poolW, s, poolW, p, len[u]);
                System.arraycopy(poolMid, s, poolMid, p, len[u]);
                start[u] = p;
                p += cap[u];
            }
            poolEnd = p;
            poolWaste = 0;
        }

        /** The upward edges in node order (CSR). */
        private SubgoalHierarchy finish() {
            // the core: its live edges (to core subgoals only) are its stored ones
            int[] toGraph = new int[n];
            int[] toHier = new int[n];
            int k = 0;
            for (int u = 0; u < n; u++) {
                if (!contracted[u]) {
                    toGraph[k] = u;
                    toHier[u] = k;
                    k++;
                    int d = len[u];
                    outStart[u] = outEnd;
                    outLen[u] = d;
                    ensureOut(outEnd + d);
                    System.arraycopy(poolTo, start[u], outTo, outEnd, d);
                    System.arraycopy(poolW, start[u], outW, outEnd, d);
                    System.arraycopy(poolMid, start[u], outMid, outEnd, d);
                    outEnd += d;
                }
            }
            // contracted subgoals by level band (0, 1, 2-3, 4-7, ...), highest first, and by graph id (block order)
            // within a band: an upward search crosses few bands, and a band's subgoals near each other share pages
            long[] byLevel = new long[contractedCount];
            for (int i = 0; i < contractedCount; i++) {
                int bucket = 32 - Integer.numberOfLeadingZeros(depth[order[i]]);
                byLevel[i] = ((long) (64 - bucket) << 32) | order[i];
            }
            Arrays.sort(byLevel);
            for (int i = 0; i < contractedCount; i++) {
                int u = (int) byLevel[i];
                toGraph[k + i] = u;
                toHier[u] = k + i;
            }
            poolTo = null;
            poolW = null;
            poolMid = null;
            int[] off = new int[n + 1];
            for (int id = 0; id < n; id++) {
                off[id + 1] = off[id] + outLen[toGraph[id]];
            }
            int m = off[n];
            int[] to = new int[m];
            double[] w = new double[m];
            int[] mid = new int[m];
            for (int id = 0; id < n; id++) {
                int u = toGraph[id];
                int from = outStart[u];
                for (int j = 0; j < outLen[u]; j++) {
                    to[off[id] + j] = toHier[outTo[from + j]];
                    w[off[id] + j] = outW[from + j];
                    int x = outMid[from + j];
                    mid[off[id] + j] = x < 0 ? -1 : toHier[x];
                }
            }
            return new SubgoalHierarchy(off, to, w, mid, toGraph, toHier, k);
        }
    }

    /** A binary min-heap of longs. Not thread-safe. */
    private static final class LongHeap {
        private long[] a;
        private int size;

        LongHeap(int capacity) {
            a = new long[capacity];
        }

        boolean isEmpty() {
            return size == 0;
        }

        long peek() {
            return a[0];
        }

        void push(long v) {
            if (size == a.length) {
                a = Arrays.copyOf(a, 2 * size);
            }
            int i = size++;
            while (i > 0) {
                int p = (i - 1) >>> 1;
                if (a[p] <= v) {
                    break;
                }
                a[i] = a[p];
                i = p;
            }
            a[i] = v;
        }

        long pop() {
            long top = a[0];
            int last = --size;
            if (last > 0) {
                long v = a[last];
                int i = 0;
                while (true) {
                    int c = 2 * i + 1;
                    if (c >= last) {
                        break;
                    }
                    if (c + 1 < last && a[c + 1] < a[c]) {
                        c++;
                    }
                    if (a[c] >= v) {
                        break;
                    }
                    a[i] = a[c];
                    i = c;
                }
                a[i] = v;
            }
            return top;
        }
    }
}
