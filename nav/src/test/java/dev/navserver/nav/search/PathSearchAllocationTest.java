package dev.navserver.nav.search;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.Allocations;
import dev.navserver.nav.RandomWalls;
import dev.navserver.nav.grid.NavGrid;
import java.util.Random;
import org.junit.jupiter.api.Test;

class PathSearchAllocationTest {

    @Test
    void find_WhenWarm_AllocatesNothingButTheResultAndItsCells() {
        NavGrid grid = randomGrid();
        assertWarmSearchesAllocateOnlyResults(grid, new SearchOptions[] {
                SearchOptions.DEFAULT,
                SearchOptions.DEFAULT.withAlgorithm(Algorithm.ASTAR),
                SearchOptions.DEFAULT.withMaxExpandedNodes(50).withArrivalRadiusCells(2),
                SearchOptions.DEFAULT.withAlgorithm(Algorithm.ASTAR).withGoalPolicy(GoalPolicy.NEAREST_REACHABLE),
                SearchOptions.DEFAULT.withMoves(Moves.FOUR),
                SearchOptions.DEFAULT.withLandmarks(8),
                SearchOptions.DEFAULT.withAlgorithm(Algorithm.ASTAR).withLandmarks(16),
                SearchOptions.DEFAULT.withAlgorithm(Algorithm.SUBGOAL),
                SearchOptions.DEFAULT.withAlgorithm(Algorithm.SUBGOAL).withMaxExpandedNodes(5)
                        .withGoalPolicy(GoalPolicy.NEAREST_REACHABLE)});
    }

    @Test
    void find_OverTheSubgoalHierarchy_WhenWarm_AllocatesNothingButTheResultAndItsCells() {
        NavGrid grid = randomGrid();
        SubgoalGraph.forGrid(grid).buildHierarchy(16);
        assertWarmSearchesAllocateOnlyResults(grid, new SearchOptions[] {
                SearchOptions.DEFAULT.withAlgorithm(Algorithm.SUBGOAL),
                // the hierarchy outruns this budget: the search starts over on the graph
                SearchOptions.DEFAULT.withAlgorithm(Algorithm.SUBGOAL).withMaxExpandedNodes(5)});
    }

    /** A 90 x 70 map, a quarter of it walls (seeded), as its own grid. */
    private static NavGrid randomGrid() {
        return RandomWalls.map("alloc", 90, 70, 25, new Random(7)).navGrid();
    }

    /** 200 seeded queries with every option set, warmed 20 times, then once more allocate only their results. */
    private static void assertWarmSearchesAllocateOnlyResults(NavGrid grid, SearchOptions[] options) {
        com.sun.management.ThreadMXBean mx = Allocations.counter();
        Random rnd = new Random(8);
        int queries = 200;
        int[] q = new int[4 * queries];
        for (int i = 0; i < q.length; i += 2) {
            q[i] = rnd.nextInt(grid.width());
            q[i + 1] = rnd.nextInt(grid.height());
        }
        PathSearch search = new PathSearch();
        for (int rep = 0; rep < 20; rep++) {
            runAll(search, grid, q, options);
        }

        long before = mx.getCurrentThreadAllocatedBytes();
        long resultBytes = runAll(search, grid, q, options);
        long allocated = mx.getCurrentThreadAllocatedBytes() - before;

        assertThat(allocated).isLessThanOrEqualTo(resultBytes);
    }

    /** Runs every query with every option set; returns an upper bound of the bytes the results may occupy. */
    static long runAll(PathSearch search, NavGrid grid, int[] q, SearchOptions[] options) {
        long bound = 0;
        for (SearchOptions o : options) {
            for (int i = 0; i < q.length; i += 4) {
                PathResult r = search.find(grid, q[i], q[i + 1], q[i + 2], q[i + 3], o);
                if (r.hasPath()) {
                    // object (header + 4 fields) and int[] (header + cells), generously rounded up
                    bound += 48 + 24 + 4L * r.cellCount() + 8;
                }
            }
        }
        return bound;
    }
}
