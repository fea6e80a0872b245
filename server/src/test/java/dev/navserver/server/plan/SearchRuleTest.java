package dev.navserver.server.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.grid.Terrain;
import dev.navserver.nav.grid.WorldTransform;
import dev.navserver.nav.search.Algorithm;
import dev.navserver.nav.search.BuildOutcome;
import dev.navserver.nav.search.SearchOptions;
import dev.navserver.nav.search.SearchStatus;
import dev.navserver.nav.search.SubgoalGraph;
import dev.navserver.nav.search.core.BuildProgress;
import dev.navserver.nav.smooth.WorldPath;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class SearchRuleTest {
    private static final AtomicInteger NAMES = new AtomicInteger();
    /** A winding corridor: S top left, G bottom right, 30 cells apart as the crow flies, far more by the corridor. */
    private static final String[] SERPENTINE = {
        "S...............",
        "@@@@@@@@@@@@@@@.",
        "................",
        ".@@@@@@@@@@@@@@@",
        "................",
        "@@@@@@@@@@@@@@@.",
        "...............G",
    };

    private static GridMap map(String... rows) {
        int w = rows[0].length();
        byte[] t = new byte[w * rows.length];
        for (int r = 0; r < rows.length; r++) {
            for (int c = 0; c < w; c++) {
                t[r * w + c] = rows[r].charAt(c) == '@' ? Terrain.WALL : Terrain.OPEN;
            }
        }
        return new GridMap("rule-" + NAMES.incrementAndGet(), w, rows.length, WorldTransform.UNIT, t);
    }

    private static final SearchOptions JPS_TINY_BUDGET = SearchOptions.DEFAULT.withMaxExpandedNodes(2);

    @Test
    void pathQuery_HasNoNodeBudget_WhileAChaseKeepsTheConfiguredOne() {
        GridMap m = map(SERPENTINE);
        int s = m.cell(0, 0);
        int g = m.cell(15, 6);

        assertThat(SearchRule.choose(JPS_TINY_BUDGET, 256, m.navGrid(), s, g, true).maxExpandedNodes())
                .isEqualTo(Integer.MAX_VALUE);
        assertThat(SearchRule.choose(JPS_TINY_BUDGET, 256, m.navGrid(), s, g, false).maxExpandedNodes()).isEqualTo(2);

        NavPlanner planner = new NavPlanner(JPS_TINY_BUDGET);
        WorldPath query = planner.planQuery(m, m.worldX(s), m.worldZ(s), m.worldX(g), m.worldZ(g));
        WorldPath chase = planner.plan(m, m.worldX(s), m.worldZ(s), m.worldX(g), m.worldZ(g));
        assertThat(query.status()).isEqualTo(SearchStatus.FOUND);
        assertThat(chase.status()).isEqualTo(SearchStatus.PARTIAL);
    }

    @Test
    void jps_LongRoute_UsesTheSubgoalGraphOnlyOnceItIsPublishedForThisVeryGridVersion() {
        GridMap m = map(SERPENTINE);
        NavGrid grid = m.navGrid();
        int s = m.cell(0, 0);
        int g = m.cell(15, 6);
        int near = m.cell(3, 0);
        assertThat(SearchRule.choose(SearchOptions.DEFAULT, 10, grid, s, g, true).algorithm())
                .as("no graph yet").isEqualTo(Algorithm.JPS);

        assertThat(SubgoalGraph.publish(grid, BuildProgress.NONE)).isEqualTo(BuildOutcome.BUILT);

        assertThat(SearchRule.choose(SearchOptions.DEFAULT, 10, grid, s, g, true).algorithm())
                .isEqualTo(Algorithm.SUBGOAL);
        assertThat(SearchRule.choose(SearchOptions.DEFAULT, 10, grid, s, near, true).algorithm())
                .as("3 cells: below longRouteMinCells").isEqualTo(Algorithm.JPS);
        GridMap sameTerrainNewVersion = map(SERPENTINE);
        assertThat(SearchRule.choose(SearchOptions.DEFAULT, 10, sameTerrainNewVersion.navGrid(), s, g, true)
                .algorithm()).as("another grid's graph is never used").isEqualTo(Algorithm.JPS);
    }

    @Test
    void subgoalWithoutAGraph_RunsJps_AndAStarStaysAStar() {
        GridMap m = map(SERPENTINE);
        int s = m.cell(0, 0);
        int g = m.cell(15, 6);
        SearchOptions subgoal = SearchOptions.DEFAULT.withAlgorithm(Algorithm.SUBGOAL);
        SearchOptions astar = SearchOptions.DEFAULT.withAlgorithm(Algorithm.ASTAR);

        assertThat(SearchRule.choose(subgoal, 10, m.navGrid(), s, g, false).algorithm()).isEqualTo(Algorithm.JPS);
        SubgoalGraph.publish(m.navGrid(), BuildProgress.NONE);
        assertThat(SearchRule.choose(subgoal, 10, m.navGrid(), s, m.cell(1, 0), false).algorithm())
                .as("subgoal: every distance").isEqualTo(Algorithm.SUBGOAL);
        assertThat(SearchRule.choose(astar, 10, m.navGrid(), s, g, false).algorithm()).isEqualTo(Algorithm.ASTAR);
    }

    @Test
    void unstructuredLong_IsALongRouteWithoutThisGridsGraph_OrAnyLongAStar() {
        GridMap m = map(SERPENTINE);
        int s = m.cell(0, 0);
        int g = m.cell(15, 6);
        int near = m.cell(3, 0);
        SearchOptions astar = SearchOptions.DEFAULT.withAlgorithm(Algorithm.ASTAR);

        assertThat(SearchRule.unstructuredLong(SearchOptions.DEFAULT, 10, m.navGrid(), s, g)).as("no graph").isTrue();
        assertThat(SearchRule.unstructuredLong(SearchOptions.DEFAULT, 10, m.navGrid(), s, near)).as("short").isFalse();
        SubgoalGraph.publish(m.navGrid(), BuildProgress.NONE);
        assertThat(SearchRule.unstructuredLong(SearchOptions.DEFAULT, 10, m.navGrid(), s, g)).as("graph").isFalse();
        assertThat(SearchRule.unstructuredLong(astar, 10, m.navGrid(), s, g)).as("astar never uses it").isTrue();
    }

    @Test
    void octileCells_IsTheLongerSidePlusTheDiagonalExcess() {
        assertThat(SearchRule.octileCells(100, 0, 3 * 100 + 4)).isEqualTo(4 + (Math.sqrt(2) - 1) * 3);
    }
}
