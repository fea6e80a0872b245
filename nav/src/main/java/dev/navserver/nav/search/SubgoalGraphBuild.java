package dev.navserver.nav.search;

import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.search.core.BuildProgress;
import dev.navserver.nav.search.core.Csr;
import dev.navserver.nav.search.core.IntBuffer;
import dev.navserver.nav.search.subgoal.SubgoalCells;
import dev.navserver.nav.search.subgoal.SubgoalEdges;
import dev.navserver.nav.search.subgoal.SubgoalLandmarks;
import java.util.function.LongSupplier;

/** Builds a {@link SubgoalGraph} within a byte budget. Stateless; thread-safe. */
final class SubgoalGraphBuild {
    /**
     * Bytes a build holds at its peak (the merge, {@link Csr#undirected}) per directed edge its scans found: the
     * scans' list (4, up to 6 with its growth), the reverse list (4) and the merged lists (4, up to 8 when no edge was
     * found from both ends).
     */
    static final long BYTES_PER_SCANNED_EDGE = 18;

    private SubgoalGraphBuild() {
    }

    /**
     * {@link SubgoalGraph#build(NavGrid, int, int, BuildProgress, long)} with the budget read from {@code headroom}
     * at the start, and once more (plus what the build holds by then) when the scans outgrow the first reading.
     */
    static SubgoalGraph build(NavGrid grid, int maxDirectedEdges, int maxLandmarks, BuildProgress progress,
                              LongSupplier headroom) {
        long budgetBytes = headroom.getAsLong();
        boolean readAgain = false;
        SubgoalCells scanOnly = new SubgoalCells(grid);
        int n = scanOnly.count();
        // what the merge holds besides the edges: the subgoals and three offset arrays
        long fixed = scanOnly.bytes() + 12L * (n + 1);
        long fitting = Math.max(0, (budgetBytes - fixed) / BYTES_PER_SCANNED_EDGE);
        // directed edges as the scans find them
        int[] fwdOff = new int[n + 1];
        IntBuffer fwd = new IntBuffer(Math.max(16, 4 * n));
        IntBuffer hits = new IntBuffer(64);
        for (int u = 0; u < n; u++) {
            hits.size = 0;
            scanOnly.scan(scanOnly.cell(u), -1, hits);
            for (int i = 0; i < hits.size; i++) {
                fwd.add(hits.data[i]);
            }
            fwdOff[u + 1] = fwd.size;
            if (fwd.size > maxDirectedEdges) {
                return null;
            }
            if (fwd.size > fitting && !readAgain) {
                readAgain = true;
                budgetBytes = Math.max(budgetBytes,
                        headroom.getAsLong() + scanOnly.bytes() + 4L * (n + 1) + 4L * fwd.data.length);
                fitting = Math.max(0, (budgetBytes - fixed) / BYTES_PER_SCANNED_EDGE);
            }
            if (fwd.size > fitting) {
                throw new OutOfMemoryError("subgoal graph: more edges than " + budgetBytes + " bytes hold");
            }
            if ((u & 4095) == 4095 && !progress.report(u + 1, 2L * n)) {
                return null;
            }
        }
        int[][] csr = Csr.undirected(n, fwdOff, fwd, hits);
        SubgoalEdges edges = new SubgoalEdges(csr[0], csr[1]);
        // beside the graph, landmark placement holds two distance arrays of 8 bytes per subgoal, and 2 bytes per
        // subgoal and landmark of codes
        long forCodes = budgetBytes - scanOnly.bytes() - edges.bytes() - 16L * n;
        int landmarks = (int) Math.min(maxLandmarks, Math.max(0, forCodes / Math.max(1, 2L * n)));
        SubgoalLandmarks placed = SubgoalLandmarks.place(grid, scanOnly, csr[0], csr[1], landmarks,
                (done, total) -> progress.report(n + done * n / total, 2L * n));
        if (placed == null) {
            return null;
        }
        return new SubgoalGraph(scanOnly, edges, placed);
    }
}
