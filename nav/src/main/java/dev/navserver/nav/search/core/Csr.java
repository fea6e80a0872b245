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
        // the union of both, sorted and without duplicates, per node
        int[] offsets = new int[n + 1];
        IntBuffer all = new IntBuffer(m + m / 4 + 16);
        IntBuffer hits = scratch;
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
        return new int[][] {offsets, Arrays.copyOf(all.data, all.size)};
    }
}
