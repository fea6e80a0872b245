package dev.navserver.nav.search;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.MoveLayer;
import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.grid.Terrain;
import dev.navserver.nav.grid.WorldTransform;
import dev.navserver.nav.search.core.BuildProgress;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link SubgoalGraph#publish} and {@link SubgoalGraph#publishHierarchy}: the builds a server starts at map load. */
class SubgoalGraphPublishTest {
    @Test
    void publish_ReportsProgressUpToTwoUnitsPerSubgoal_ThenSearchesFindTheGraph() {
        NavGrid grid = SubgoalGraphTest.randomMap(300, 300, 25, new Random(3)).navGrid();
        List<long[]> reports = new ArrayList<>();
        assertThat(SubgoalGraph.ready(grid)).isNull();

        BuildOutcome outcome = SubgoalGraph.publish(grid, (done, total) -> reports.add(new long[] {done, total}));

        assertThat(outcome).isEqualTo(BuildOutcome.BUILT);
        SubgoalGraph graph = SubgoalGraph.ready(grid);
        assertThat(graph).isNotNull();
        assertThat(reports).isNotEmpty();
        for (long[] r : reports) {
            assertThat(r[1]).isEqualTo(2L * graph.nodeCount());
            assertThat(r[0]).isBetween(1L, r[1]);
        }
        assertThat(reports.get(reports.size() - 1)[0]).as("the last landmark search ends the work")
                .isEqualTo(2L * graph.nodeCount());
        assertThat(SubgoalGraph.forGrid(grid)).isSameAs(graph);
        assertThat(SubgoalGraph.publish(grid, BuildProgress.NONE)).as("published once").isEqualTo(BuildOutcome.BUILT);
        assertThat(SubgoalGraph.ready(grid)).isSameAs(graph);
    }

    @Test
    void publish_WhenProgressAsksToStop_IsAbandonedAndPublishesNothing_ALaterBuildSucceeds() {
        NavGrid grid = SubgoalGraphTest.randomMap(300, 300, 25, new Random(4)).navGrid();

        assertThat(SubgoalGraph.publish(grid, (done, total) -> false)).isEqualTo(BuildOutcome.ABANDONED);
        assertThat(SubgoalGraph.ready(grid)).isNull();

        assertThat(SubgoalGraph.publish(grid, BuildProgress.NONE)).isEqualTo(BuildOutcome.BUILT);
        SubgoalGraph graph = SubgoalGraph.ready(grid);
        assertThat(graph.publishHierarchy((done, total) -> false)).isEqualTo(BuildOutcome.ABANDONED);
        assertThat(graph.hierarchy()).isNull();
        assertThat(graph.publishHierarchy(BuildProgress.NONE)).isEqualTo(BuildOutcome.BUILT);
        assertThat(graph.hierarchy()).isNotNull();
    }

    @Test
    void publish_OnAGridWithMoveCosts_IsNotApplicable() {
        byte[] t = new byte[40 * 40];
        t[5 * 40 + 5] = Terrain.HILL;
        NavGrid grid = new GridMap("hilly", 40, 40, WorldTransform.UNIT, t).navGrid(MoveLayer.LAND, 1);

        assertThat(SubgoalGraph.publish(grid, BuildProgress.NONE)).isEqualTo(BuildOutcome.NOT_APPLICABLE);
        assertThat(SubgoalGraph.ready(grid)).isNull();
    }
}
