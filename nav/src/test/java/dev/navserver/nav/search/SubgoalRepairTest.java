package dev.navserver.nav.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.navserver.nav.AsciiMaps;
import dev.navserver.nav.grid.CellEdit;
import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.grid.Terrain;
import dev.navserver.nav.search.core.BuildProgress;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The edge cases of repairing a subgoal graph after an edit ({@link SubgoalRepairs#publish}): an edit on the
 * map's border, one that splits an island, one that joins two, one that covers a subgoal. Each repaired graph has the
 * subgoals and edges of a fresh build, and searches over it give the edited map's exact lengths.
 */
class SubgoalRepairTest {
    private static final double SQRT2 = Math.sqrt(2);
    /** One wall cell in open ground: subgoals at its four diagonal neighbours. */
    private static final String[] PILLAR = {
        ".......",
        ".......",
        "...#...",
        ".......",
        ".......",
    };

    private final PathSearch search = new PathSearch();

    /** Edits {@code map}, repairs the graph of its grid and checks it against a fresh build. */
    private static NavGrid repaired(GridMap map, CellEdit edit) {
        NavGrid before = map.navGrid();
        assertThat(SubgoalGraph.forGrid(before)).isNotNull();
        NavGrid after = map.edited(List.of(edit)).navGrid();

        SubgoalGraph g = SubgoalRepairs.publish(before, after, 1024);

        assertThat(g).isNotNull();
        SubgoalGraph fresh = SubgoalGraph.build(after);
        assertThat(SubgoalRepairPropertyTest.subgoals(after, g)).isEqualTo(SubgoalRepairPropertyTest.subgoals(after,
                fresh));
        assertThat(SubgoalRepairPropertyTest.edges(after, g)).isEqualTo(SubgoalRepairPropertyTest.edges(after, fresh));
        return after;
    }

    private PathResult route(NavGrid grid, int sc, int sr, int gc, int gr) {
        PathResult r = search.find(grid, sc, sr, gc, gr, SearchOptions.DEFAULT.withAlgorithm(Algorithm.SUBGOAL));
        if (r.status() == SearchStatus.FOUND) {
            PathSearchTest.assertValidPath(grid, r, Moves.EIGHT);
        }
        return r;
    }

    @Test
    void repair_WallsAddedInTheMapCorner_RouteGoesAroundTheNewBlock() {
        GridMap map = AsciiMaps.map(PILLAR);
        assertThat(route(map.navGrid(), 6, 2, 4, 0).length()).isCloseTo(2 * SQRT2, within(1e-9));

        // ".....##"
        // ".....##"
        // "...#..."
        NavGrid after = repaired(map, CellEdit.fill(5, 0, 2, 2, Terrain.WALL));

        PathResult r = route(after, 6, 2, 4, 0);
        assertThat(r.status()).isEqualTo(SearchStatus.FOUND);
        assertThat(r.length()).as("no diagonal past the new block's corner").isCloseTo(4.0, within(1e-9));
    }

    @Test
    void repair_WallAcrossARingCorridor_SplitsItAndRoutesStayInTheirHalf() {
        GridMap map = AsciiMaps.map(
                "#########",
                "#.......#",
                "#.#####.#",
                "#.......#",
                "#########");
        assertThat(route(map.navGrid(), 1, 1, 7, 1).length()).isCloseTo(6.0, within(1e-9));

        // column 4 walled from row 1 to row 3: two islands
        NavGrid after = repaired(map, CellEdit.fill(4, 1, 1, 3, Terrain.WALL));

        assertThat(route(after, 1, 1, 7, 1).status()).isEqualTo(SearchStatus.UNREACHABLE);
        PathResult left = route(after, 1, 1, 3, 3);
        assertThat(left.status()).isEqualTo(SearchStatus.FOUND);
        assertThat(left.length()).isCloseTo(4.0, within(1e-9));
        PathResult right = route(after, 7, 3, 5, 1);
        assertThat(right.length()).isCloseTo(4.0, within(1e-9));
    }

    @Test
    void repair_DoorOpenedInAWallBetweenTwoIslands_RoutesThroughTheDoor() {
        GridMap map = AsciiMaps.map(
                "....#....",
                "....#....",
                "....#....");
        assertThat(route(map.navGrid(), 0, 0, 8, 0).status()).isEqualTo(SearchStatus.UNREACHABLE);

        NavGrid after = repaired(map, CellEdit.fill(4, 1, 1, 1, Terrain.OPEN));

        PathResult r = route(after, 0, 0, 8, 0);
        assertThat(r.status()).isEqualTo(SearchStatus.FOUND);
        assertThat(r.length()).as("2 + sqrt 2 to the door's left, 2 through it, sqrt 2 + 2 beyond")
                .isCloseTo(6 + 2 * SQRT2, within(1e-9));
        assertThat(SubgoalGraph.ready(after).landmarkCount()).as("landmarks of the walled map are no bounds now")
                .isZero();
    }

    @Test
    void repair_WallOnASubgoal_RemovesItAndRoutesAroundTheWall() {
        GridMap map = AsciiMaps.map(PILLAR);
        NavGrid before = map.navGrid();
        SubgoalGraph old = SubgoalGraph.forGrid(before);
        assertThat(old.node(before.pad(4, 3))).as("a corner of the block is a subgoal").isGreaterThanOrEqualTo(0);
        assertThat(route(before, 3, 3, 5, 3).length()).isCloseTo(2.0, within(1e-9));

        // "...#..."
        // "...#..."   <- (4, 3) walled
        NavGrid after = repaired(map, CellEdit.fill(4, 3, 1, 1, Terrain.WALL));

        SubgoalGraph g = SubgoalGraph.ready(after);
        assertThat(g.node(after.pad(4, 3))).isEqualTo(-1);
        PathResult r = route(after, 3, 3, 5, 3);
        assertThat(r.length()).as("down, across under the wall, up").isCloseTo(4.0, within(1e-9));
    }

    @Test
    void compact_AfterARepair_SearchesThatUsedTheRepairedGraphTakeTheCompactOneAndItsHierarchy() {
        GridMap map = AsciiMaps.map(PILLAR);
        NavGrid after = repaired(map, CellEdit.fill(4, 3, 1, 1, Terrain.WALL));
        SubgoalRoute route = new SubgoalRoute(null, 0);
        assertThat(route.graphFor(after)).isSameAs(SubgoalGraph.ready(after));

        assertThat(SubgoalRepairs.compact(after, BuildProgress.NONE)).isEqualTo(BuildOutcome.BUILT);
        SubgoalGraph compact = SubgoalGraph.ready(after);
        compact.buildHierarchy();

        assertThat(SubgoalRepairs.repaired(compact)).isFalse();
        assertThat(route.graphFor(after)).as("not the repaired graph a search held before").isSameAs(compact);
        assertThat(route(after, 3, 3, 5, 3).length()).isCloseTo(4.0, within(1e-9));
    }

    @Test
    void repair_ChangedBoxLargerThanTheLimit_IsRefused() {
        GridMap map = AsciiMaps.map(
                "........",
                "........",
                "........",
                "........");
        NavGrid before = map.navGrid();
        SubgoalGraph.forGrid(before);
        NavGrid after = map.edited(List.of(CellEdit.fill(0, 0, 3, 3, Terrain.WALL))).navGrid();

        assertThat(SubgoalRepairs.publish(before, after, 8)).as("9 cells changed, 8 allowed").isNull();
        assertThat(SubgoalGraph.ready(after)).isNull();
    }
}
