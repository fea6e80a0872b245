package dev.navserver.nav.search.subgoal;

import dev.navserver.nav.search.core.BuildProgress;
import dev.navserver.nav.search.core.IntDoubleHeap;
import dev.navserver.nav.search.core.LongHeap;
import java.util.Arrays;

/**
 * The contraction of a subgoal graph into a hierarchy (the rules are {@code SubgoalHierarchy}'s class comment):
 * a dynamic adjacency pool ({@link EdgePool}), the witness search and the priority queue. Lengths in cells.
 *
 * <p>Not thread-safe: one contraction per instance, run once by {@link #contract}.
 */
public final class Contraction {
    /** Settled subgoals after which a witness search gives up (and the shortcut is added). */
    public static final int WITNESS_SETTLED = 64;
    /** Settled subgoals after which a witness search run only to rate a subgoal gives up. */
    public static final int RATE_SETTLED = 24;
    /** Lengths closer than this are equal (cells). */
    public static final double TIE = 1e-7;
    /** Contraction stops at the first subgoal chosen with more live edges than this (the rest is the core). */
    public static final int MAX_DEGREE = 32;

    /**
     * The upward edges of a contracted graph, indexed by hierarchy id (the core first, then the contracted
     * subgoals by level band, highest first): CSR {@code offsets}/{@code targets} with each edge's length in cells
     * and the subgoal it bypasses (-1 for an edge of the graph), and the maps between graph and hierarchy ids.
     */
    public record Contracted(int[] offsets, int[] targets, double[] weights, int[] middles, int[] toGraph,
                             int[] toHierarchy, int coreSize) {
    }

    private final int n;
    /** The live edges of every node, shortcuts included. */
    private final EdgePool pool;

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

    private Contraction(SubgoalCells cells, int[] offsets, int[] t, int coreSize) {
        this.coreSize = coreSize;
        n = cells.count();
        int m = t.length;
        pool = new EdgePool(n, m + 2 * n + 16);
        int[] start = pool.start;
        int[] len = pool.len;
        int[] cap = pool.cap;
        int[] poolTo = pool.poolTo;
        double[] poolW = pool.poolW;
        int[] poolMid = pool.poolMid;
        int p = 0;
        for (int u = 0; u < n; u++) {
            start[u] = p;
            int xu = cells.xy(u);
            for (int e = offsets[u]; e < offsets[u + 1]; e++) {
                poolTo[p] = t[e];
                poolW[p] = SubgoalCells.octileXY(xu, cells.xy(t[e]));
                poolMid[p] = -1;
                p++;
            }
            len[u] = p - start[u];
            cap[u] = len[u] + 2;
            p = start[u] + cap[u];
        }
        pool.poolEnd = p;
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

    private Contracted run(BuildProgress progress) {
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
            if (pool.len[v] > MAX_DEGREE) {
                // what is left is dense: contracting it costs more than searching it
                break;
            }
            contract(v);
            remaining--;
            if ((remaining & 4095) == 0 && !progress.report(n - remaining, n - coreSize)) {
                return null;
            }
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
        return 2 * (shortcuts - pool.len[u]) + deleted[u] + depth[u];
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
        int d = pool.len[v];
        if (nb.length < d) {
            nb = new int[2 * d];
            nbW = new double[2 * d];
        }
        int s0 = pool.start[v];
        for (int i = 0; i < d; i++) {
            nb[i] = pool.poolTo[s0 + i];
            nbW[i] = pool.poolW[s0 + i];
        }
        nbCount = d;
        if (add) {
            contracted[v] = true;
            for (int i = 0; i < d; i++) {
                pool.remove(nb[i], v);
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
                        pool.link(u, w, via, v);
                        pool.link(w, u, via, v);
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
        int[] start = pool.start;
        int[] len = pool.len;
        int[] poolTo = pool.poolTo;
        double[] poolW = pool.poolW;
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
        int d = pool.len[v];
        outStart[v] = outEnd;
        outLen[v] = d;
        ensureOut(outEnd + d);
        int s0 = pool.start[v];
        System.arraycopy(pool.poolTo, s0, outTo, outEnd, d);
        System.arraycopy(pool.poolW, s0, outW, outEnd, d);
        System.arraycopy(pool.poolMid, s0, outMid, outEnd, d);
        outEnd += d;
        shortcuts(v, WITNESS_SETTLED, true);
        pool.free(v);
    }

    private void ensureOut(int need) {
        if (need > outTo.length) {
            int c = Math.max(need, outTo.length + (outTo.length >> 1));
            outTo = Arrays.copyOf(outTo, c);
            outW = Arrays.copyOf(outW, c);
            outMid = Arrays.copyOf(outMid, c);
        }
    }

    /** The upward edges in node order (CSR). */
    private Contracted finish() {
        // the core: its live edges (to core subgoals only) are its stored ones
        int[] toGraph = new int[n];
        int[] toHier = new int[n];
        int k = 0;
        for (int u = 0; u < n; u++) {
            if (!contracted[u]) {
                toGraph[k] = u;
                toHier[u] = k;
                k++;
                int d = pool.len[u];
                outStart[u] = outEnd;
                outLen[u] = d;
                ensureOut(outEnd + d);
                System.arraycopy(pool.poolTo, pool.start[u], outTo, outEnd, d);
                System.arraycopy(pool.poolW, pool.start[u], outW, outEnd, d);
                System.arraycopy(pool.poolMid, pool.start[u], outMid, outEnd, d);
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
        pool.release();
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
        return new Contracted(off, to, w, mid, toGraph, toHier, k);
    }

    /**
     * Contracts the graph of subgoals {@code cells} with CSR edges {@code offsets}/{@code targets} (both directions
     * stored) down to a core of {@code coreSize} subgoals, or fewer when the rest is too dense.
     */
    public static Contracted contract(SubgoalCells cells, int[] offsets, int[] targets, int coreSize) {
        return contract(cells, offsets, targets, coreSize, BuildProgress.NONE);
    }

    /**
     * {@link #contract(SubgoalCells, int[], int[], int)} telling {@code progress} every 4096 contracted subgoals
     * (of all but the core's); null when it asks to stop.
     */
    public static Contracted contract(SubgoalCells cells, int[] offsets, int[] targets, int coreSize,
                                      BuildProgress progress) {
        return new Contraction(cells, offsets, targets, coreSize).run(progress);
    }
}
