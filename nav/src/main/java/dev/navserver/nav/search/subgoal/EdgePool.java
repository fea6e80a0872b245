package dev.navserver.nav.search.subgoal;

import java.util.Arrays;

/**
 * The live edges of a graph under contraction: node u's edges are {@code poolTo/poolW/poolMid[start[u] ..
 * start[u] + len[u])} (target, length in cells, bypassed node or -1), in a list with room for {@code cap[u]}; a list
 * that outgrows its room moves to the end of the pool, which is compacted when half of it is waste.
 *
 * <p>Not thread-safe: part of one {@link Contraction}.
 */
final class EdgePool {
    final int[] start;
    final int[] len;
    final int[] cap;
    int[] poolTo;
    double[] poolW;
    int[] poolMid;
    /** First free index after the last list. */
    int poolEnd;
    /** Room of freed and moved lists, not yet compacted away. */
    long poolWaste;
    private final int n;

    /** A pool for {@code n} nodes with room for {@code capacity} edges; the caller lays out the lists. */
    EdgePool(int n, int capacity) {
        this.n = n;
        start = new int[n];
        len = new int[n];
        cap = new int[n];
        poolTo = new int[capacity];
        poolW = new double[poolTo.length];
        poolMid = new int[poolTo.length];
    }

    /** Frees node u's list (its room becomes waste). */
    void free(int u) {
        poolWaste += cap[u];
        len[u] = 0;
        cap[u] = 0;
    }

    /** Drops the pool's arrays (after the lists were copied out). */
    void release() {
        poolTo = null;
        poolW = null;
        poolMid = null;
    }

    /** Removes the edge of {@code u} to {@code v} (order within a list does not matter). */
    void remove(int u, int v) {
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
    void link(int u, int w, double w8, int mid) {
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
}
