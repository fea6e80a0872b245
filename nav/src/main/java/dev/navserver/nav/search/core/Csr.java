package dev.navserver.nav.search.core;

import java.util.Arrays;

/**
 * Compressed sparse rows: the edges of node {@code u} are {@code targets[offsets[u] .. offsets[u + 1] - 1]}.
 * Stateless helpers; thread-safe.
 */
public final class Csr {
    private Csr() {
    }

    /**
     * The undirected graph of directed edges {@code fwd.data[fwdOff[u] .. fwdOff[u + 1] - 1]} out of each node
     * {@code u < n}: per node the union of its out- and in-neighbours, sorted, without duplicates or loops.
     *
     * @param scratch a buffer the merge may use (its contents are lost)
     * @return {offsets (n + 1 entries), targets}
     */
    public static int[][] undirected(int n, int[] fwdOff, IntBuffer fwd, IntBuffer scratch) {
        // reverse edges; revOff[v] counts up to v's end while filling, then shifts back to its start
        int m = fwd.size;
        int[] revOff = new int[n + 1];
        for (int i = 0; i < m; i++) {
            revOff[fwd.data[i]]++;
        }
        for (int u = 1; u <= n; u++) {
            revOff[u] += revOff[u - 1];
        }
        int[] revTgt = new int[m];
        for (int u = n - 1; u >= 0; u--) {
            for (int i = fwdOff[u + 1] - 1; i >= fwdOff[u]; i--) {
                revTgt[--revOff[fwd.data[i]]] = u;
            }
        }
        // the union of both, sorted and without duplicates, per node: counted first, so targets are sized exactly
        int[] offsets = new int[n + 1];
        for (int u = 0; u < n; u++) {
            offsets[u + 1] = offsets[u] + union(u, fwdOff, fwd.data, revOff, revTgt, scratch);
        }
        int[] targets = new int[offsets[n]];
        for (int u = 0; u < n; u++) {
            union(u, fwdOff, fwd.data, revOff, revTgt, scratch);
            System.arraycopy(scratch.data, 0, targets, offsets[u], offsets[u + 1] - offsets[u]);
        }
        return new int[][] {offsets, targets};
    }

    /** Writes {@code u}'s out- and in-neighbours, sorted, without duplicates or {@code u}, to {@code out}; their count. */
    private static int union(int u, int[] fwdOff, int[] fwd, int[] revOff, int[] revTgt, IntBuffer out) {
        out.size = 0;
        for (int i = fwdOff[u]; i < fwdOff[u + 1]; i++) {
            out.add(fwd[i]);
        }
        for (int i = revOff[u]; i < revOff[u + 1]; i++) {
            out.add(revTgt[i]);
        }
        Arrays.sort(out.data, 0, out.size);
        int kept = 0;
        int last = -1;
        for (int i = 0; i < out.size; i++) {
            int v = out.data[i];
            if (v != last && v != u) {
                out.data[kept++] = v;
                last = v;
            }
        }
        out.size = kept;
        return kept;
    }
}
