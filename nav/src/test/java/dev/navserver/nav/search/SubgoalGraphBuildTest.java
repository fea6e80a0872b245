package dev.navserver.nav.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.navserver.nav.Dijkstra;
import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.search.core.BuildProgress;
import dev.navserver.nav.search.core.IntBuffer;
import dev.navserver.nav.search.subgoal.SubgoalCells;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A subgoal graph built within a byte budget ({@link SubgoalGraph#build(NavGrid, int, int, BuildProgress, long)}):
 * it refuses before allocating past the budget, holds no more than the budget once built, and its searches stay
 * exact whatever number of landmarks fit.
 */
class SubgoalGraphBuildTest {

    /** The directed edges the build's scans find on {@code grid}. */
    private static long scannedEdges(NavGrid grid) {
        SubgoalCells cells = new SubgoalCells(grid);
        IntBuffer hits = new IntBuffer(64);
        long m = 0;
        for (int u = 0; u < cells.count(); u++) {
            hits.size = 0;
            cells.scan(cells.cell(u), -1, hits);
            m += hits.size;
        }
        return m;
    }

    /** The budget the scans and the merge of {@code grid}'s graph need. */
    private static long mergeBudget(NavGrid grid) {
        SubgoalCells cells = new SubgoalCells(grid);
        return cells.bytes() + 12L * (cells.count() + 1)
                + SubgoalGraphBuild.BYTES_PER_SCANNED_EDGE * scannedEdges(grid);
    }

    private static SubgoalGraph build(NavGrid grid, long budget) {
        return SubgoalGraph.build(grid, SubgoalGraph.MAX_DIRECTED_EDGES, SubgoalGraph.MAX_LANDMARKS,
                BuildProgress.NONE, budget);
    }

    @Test
    void build_WithABudgetBelowWhatTheMergeHolds_RefusesWithOutOfMemory() {
        NavGrid grid = SubgoalGraphTest.randomMap(80, 80, 20, new Random(5)).navGrid();

        assertThatThrownBy(() -> build(grid, mergeBudget(grid) - SubgoalGraphBuild.BYTES_PER_SCANNED_EDGE))
                .isInstanceOf(OutOfMemoryError.class);
    }

    @Test
    void build_WithJustTheMergesBudget_HoldsNoMoreThanItAndFindsDijkstrasLengths() {
        NavGrid grid = SubgoalGraphTest.randomMap(80, 80, 20, new Random(7)).navGrid();
        long budget = mergeBudget(grid);

        SubgoalGraph g = build(grid, budget);

        // the finished graph and the two Dijkstra arrays of landmark placement stay within the budget
        assertThat(g.bytes() + 16L * g.nodeCount()).isLessThanOrEqualTo(budget);
        assertThat(g.edgeCount()).isEqualTo(SubgoalGraph.build(grid).edgeCount());
        assertExact(grid, g, new Random(7));
    }

    @Test
    void build_WithABudgetForTwoLandmarksOnly_PlacesFewerLandmarksAndFindsDijkstrasLengths() {
        NavGrid grid = SubgoalGraphTest.randomMap(80, 80, 20, new Random(9)).navGrid();
        SubgoalGraph full = SubgoalGraph.build(grid);
        int n = full.nodeCount();
        long graphBytes = full.bytes() - 2L * n * full.landmarkCount();
        // enough for the scans and for the graph beside two landmarks' codes, not three
        long budget = Math.max(mergeBudget(grid), graphBytes + 16L * n + 2L * n * 2);
        int expectedAtMost = (int) Math.min(SubgoalGraph.MAX_LANDMARKS, (budget - graphBytes - 16L * n) / (2L * n));

        SubgoalGraph g = build(grid, budget);

        assertThat(full.landmarkCount()).isEqualTo(SubgoalGraph.MAX_LANDMARKS);
        assertThat(g.landmarkCount()).isLessThanOrEqualTo(expectedAtMost);
        assertThat(g.bytes() + 16L * n).isLessThanOrEqualTo(budget);
        assertExact(grid, g, new Random(9));
    }

    private static void assertExact(NavGrid grid, SubgoalGraph g, Random rnd) {
        SubgoalSearch search = new SubgoalSearch();
        int w = grid.width();
        int checked = 0;
        for (int i = 0; i < 200 && checked < 12; i++) {
            int s = rnd.nextInt(w * grid.height());
            int t = rnd.nextInt(w * grid.height());
            if (!grid.openCell(s) || !grid.openCell(t) || grid.island(s) != grid.island(t)) {
                continue;
            }
            SubgoalGraphTest.runToEnd(search, g, grid.pad(s), grid.pad(t));
            assertThat(search.found()).isTrue();
            assertThat(search.path(search.goalNode(), w)).isNotNull();
            assertThat(search.length()).isCloseTo(Dijkstra.distances(grid, s, true, true)[t], within(1e-6));
            checked++;
        }
        assertThat(checked).isGreaterThan(0);
    }
}
