package dev.navserver.nav.search;

import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.search.core.BuildProgress;
import dev.navserver.nav.search.subgoal.SubgoalEdges;
import dev.navserver.nav.search.subgoal.SubgoalLandmarks;
import dev.navserver.nav.search.subgoal.SubgoalRepair;

/**
 * The {@link SubgoalGraph} of a map that is edited while it serves: each later version's graph repaired from the
 * previous version's at once ({@link #publish}; {@link SubgoalRepair}), and, once a version has settled, its repaired
 * graph made compact again with fresh landmarks ({@link #compact}).
 *
 * <p>Thread-safe; meant for one repairing thread per map and one background builder.
 */
public final class SubgoalRepairs {
    private SubgoalRepairs() {
    }

    /**
     * Repairs the published graph of {@code before} into one of {@code after}, a later version of the same map, and
     * publishes it for every search of {@code after}, unless one is published already. The repaired graph keeps
     * {@code before}'s landmarks when cells were only blocked (distances only grew, so their bounds stay
     * admissible), has none when a cell was opened, and has no hierarchy.
     *
     * @param maxBoxCells most cells of the changed cells' bounding box a repair takes on
     * @return the graph of {@code after} now published, or null when {@code before} has none or the change is too
     *         large to repair (then build one: {@link SubgoalGraph#publish})
     */
    public static SubgoalGraph publish(NavGrid before, NavGrid after, long maxBoxCells) {
        SubgoalGraph g = SubgoalGraph.ready(after);
        if (g != null) {
            return g;
        }
        SubgoalGraph old = SubgoalGraph.ready(before);
        if (old == null) {
            return null;
        }
        SubgoalRepair.Repaired r = SubgoalRepair.repair(before, old.subgoals(), old.edges(), after, maxBoxCells);
        if (r == null) {
            return null;
        }
        SubgoalLandmarks landmarks = r.area().opened() ? SubgoalLandmarks.NONE : old.landmarks();
        return SubgoalGraphCache.publishIfAbsent(after, new SubgoalGraph(r.cells(), r.edges(), landmarks));
    }

    /** Whether {@code g} was made by a repair and not compacted since ({@link #compact}). */
    public static boolean repaired(SubgoalGraph g) {
        return g.edges().repaired();
    }

    /**
     * Replaces the published graph of {@code grid}, when it is a repaired one, by the same graph with its neighbour
     * lists in one array and landmarks placed anew (the full build's landmark step: seconds on 10000 x 10000), so
     * that its hierarchy is built from plain arrays and its searches get landmark bounds again. Searches that hold
     * the repaired graph go on with it. An {@code OutOfMemoryError} is caught ({@link BuildOutcome#NO_HEAP}).
     *
     * @param progress told after each landmark's distances; returning false abandons the work
     * @return {@link BuildOutcome#BUILT} when the published graph is compact now (or was), else why not
     *         ({@link BuildOutcome#NOT_APPLICABLE} when none is published)
     */
    public static BuildOutcome compact(NavGrid grid, BuildProgress progress) {
        SubgoalGraph g = SubgoalGraph.ready(grid);
        if (g == null) {
            return BuildOutcome.NOT_APPLICABLE;
        }
        if (!repaired(g)) {
            return BuildOutcome.BUILT;
        }
        try {
            int[][] csr = g.edges().flat();
            SubgoalLandmarks landmarks = SubgoalLandmarks.place(grid, g.subgoals(), csr[0], csr[1],
                    SubgoalGraph.MAX_LANDMARKS, progress);
            if (landmarks == null) {
                return BuildOutcome.ABANDONED;
            }
            SubgoalGraphCache.replace(grid, g, new SubgoalGraph(g.subgoals(), new SubgoalEdges(csr[0], csr[1]),
                    landmarks));
            return BuildOutcome.BUILT;
        } catch (OutOfMemoryError e) {
            return BuildOutcome.NO_HEAP;
        }
    }
}
