package dev.navserver.nav.search;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.AsciiMaps;
import dev.navserver.nav.Mazes;
import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.MoveLayer;
import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.search.four.DeadEndTable;
import dev.navserver.nav.search.four.TwoBucketAStar;
import org.junit.jupiter.api.Test;

/** Drawn scenarios for the 4-connected fast path ({@link DeadEndTable}, {@link TwoBucketAStar}) ({@link Algorithm#JPS} with {@link Moves#FOUR}). */
class FourConnectedTest {
    private static final SearchOptions FOUR = SearchOptions.DEFAULT.withMoves(Moves.FOUR);

    private final PathSearch search = new PathSearch();

    private PathResult find(NavGrid grid, String[] rows, SearchOptions options) {
        int[] s = AsciiMaps.find('s', rows);
        int[] g = AsciiMaps.find('g', rows);
        return search.find(grid, s[0], s[1], g[0], g[1], options);
    }

    private PathResult find(String[] rows) {
        return find(AsciiMaps.map(rows).navGrid(), rows, FOUR);
    }

    private static void assertPath(NavGrid grid, PathResult r, int startCell, int goalCell) {
        FourConnectedPropertyTest.assertValidPath(grid, r, startCell, goalCell, grid.map().name());
    }

    private static void assertPath(String[] rows, PathResult r) {
        GridMap map = AsciiMaps.map(rows);
        int[] s = AsciiMaps.find('s', rows);
        int[] g = AsciiMaps.find('g', rows);
        FourConnectedPropertyTest.assertValidPath(map.navGrid(), r, map.cell(s[0], s[1]), map.cell(g[0], g[1]), "drawn");
    }

    @Test
    void find_WhenWallForcesDetour_FoundWithManhattanDetourLength() {
        String[] rows = {
                "s..#...",
                "...#...",
                "...#..g",
                ".......",
        };
        PathResult r = find(rows);
        assertThat(r.status()).isEqualTo(SearchStatus.FOUND);
        // down to row 3, across 6 columns, up to row 2
        assertThat(r.length()).isEqualTo(10.0);
        assertPath(rows, r);
    }

    @Test
    void find_WhenWindingCorridor_FoundAlongTheOnlyPath() {
        String[] rows = {
                "s.....#",
                "#####.#",
                "#.....#",
                "#.#####",
                "#.....g",
        };
        PathResult r = find(rows);
        assertThat(r.status()).isEqualTo(SearchStatus.FOUND);
        assertThat(r.length()).isEqualTo(5 + 2 + 4 + 2 + 5);
        assertPath(rows, r);
    }

    @Test
    void find_WhenStartIsGoal_FoundOneCellLengthZeroNothingExpanded() {
        String[] rows = {
                "...",
                ".a.",
                "...",
        };
        GridMap map = AsciiMaps.map(rows);
        PathResult r = search.find(map.navGrid(), 1, 1, 1, 1, FOUR);
        assertThat(r.status()).isEqualTo(SearchStatus.FOUND);
        assertThat(r.cells()).containsExactly(map.cell(1, 1));
        assertThat(r.length()).isZero();
        assertThat(r.expanded()).isZero();
    }

    @Test
    void find_WhenGoalOnAnotherIsland_UnreachableWithoutExpanding() {
        String[] rows = {
                "s.#..",
                "..#.g",
        };
        PathResult r = find(rows);
        assertThat(r.status()).isEqualTo(SearchStatus.UNREACHABLE);
        assertThat(r.expanded()).isZero();
    }

    @Test
    void find_WhenOnlyADiagonalGapJoinsTheHalves_UnreachableAsWithFourConnectedAStar() {
        String[] rows = {
                "s.#..",
                "..#..",
                "###..",
                "....g",
        };
        // the halves touch only at a corner; islands are 4-connected, so no search is needed
        assertThat(find(rows).status()).isEqualTo(SearchStatus.UNREACHABLE);
    }

    @Test
    void find_WhenGoalBlocked_GoalBlocked() {
        String[] rows = {
                "s..",
                "..#",
        };
        assertThat(search.find(AsciiMaps.map(rows).navGrid(), 0, 0, 2, 1, FOUR).status())
                .isEqualTo(SearchStatus.GOAL_BLOCKED);
    }

    @Test
    void find_WhenGoalBlockedUnderNearestReachable_PartialToTheNearestCellExactly() {
        String[] rows = {
                "s...#",
                "....#",
                "###.#",
        };
        PathResult r = search.find(AsciiMaps.map(rows).navGrid(), 0, 0, 4, 2,
                FOUR.withGoalPolicy(GoalPolicy.NEAREST_REACHABLE));
        assertThat(r.status()).isEqualTo(SearchStatus.PARTIAL);
        assertThat(r.endCell()).isEqualTo(AsciiMaps.map(rows).cell(3, 2));
        assertThat(r.length()).isEqualTo(5.0);
    }

    @Test
    void find_WhenAgentOfSizeTwo_UsesOnlyCellsTheAgentFits() {
        String[] rows = {
                "s....#....",
                ".....#....",
                "..........",
                ".....#..g.",
                ".....#....",
        };
        // a 2x2 agent on (c, r) covers (c..c+1, r..r+1): it does not fit through the one-cell gap in row 2,
        // although a size-1 agent walks through it
        NavGrid grid = AsciiMaps.map(rows).navGrid(MoveLayer.DEFAULT, 2);
        PathResult bfs = find(grid, rows, FOUR);
        PathResult astar = find(grid, rows, FOUR.withAlgorithm(Algorithm.ASTAR));
        assertThat(bfs.status()).isEqualTo(SearchStatus.UNREACHABLE);
        assertThat(astar.status()).isEqualTo(SearchStatus.UNREACHABLE);
        assertThat(find(AsciiMaps.map(rows).navGrid(), rows, FOUR).length()).isEqualTo(8 + 3);
    }

    @Test
    void find_WhenTerrainCostsDiffer_FallsBackToAStarAndStaysExact() {
        String[] rows = {
                "sSSSg",
                ".....",
        };
        NavGrid land = AsciiMaps.map(rows).navGrid(MoveLayer.LAND, 1);
        PathResult r = find(land, rows, FOUR);
        PathResult astar = find(land, rows, FOUR.withAlgorithm(Algorithm.ASTAR));
        assertThat(r).isEqualTo(astar);
    }

    @Test
    void find_WhenOpenFieldWiderThanAWord_FoundWithManhattanLength() {
        boolean[] walk = new boolean[200 * 100];
        java.util.Arrays.fill(walk, true);
        NavGrid grid = GridMap.ofWalkable("field", 200, 100, dev.navserver.nav.grid.WorldTransform.UNIT, walk)
                .navGrid();
        PathResult r = search.find(grid, 0, 0, 199, 99, FOUR);
        assertThat(r.status()).isEqualTo(SearchStatus.FOUND);
        assertThat(r.length()).isEqualTo(199 + 99);
        assertPath(grid, r, 0, grid.map().cell(199, 99));
    }

    @Test
    void find_WhenMazeCornerToCorner_SameLengthAsAStar() {
        GridMap maze = Mazes.map(121, 81, 0);
        NavGrid grid = maze.navGrid();
        PathResult bfs = search.find(grid, 1, 1, 119, 79, FOUR);
        PathResult astar = new PathSearch().find(grid, 1, 1, 119, 79, FOUR.withAlgorithm(Algorithm.ASTAR));
        assertThat(bfs.status()).isEqualTo(SearchStatus.FOUND);
        assertThat(bfs.length()).isEqualTo(astar.length());
        // a perfect maze has one simple path between two rooms
        assertThat(bfs.cells()).containsExactly(astar.cells());
    }

    @Test
    void find_WhenPaddedRowLongerThanTheStackEntriesHold_FallsBackToAStarWithTheSameLength() {
        int w = TwoBucketAStar.MAX_PADDED_SIDE + 10;
        boolean[] walk = new boolean[w * 2];
        java.util.Arrays.fill(walk, true);
        NavGrid grid = GridMap.ofWalkable("strip", w, 2, dev.navserver.nav.grid.WorldTransform.UNIT, walk).navGrid();
        assertThat(TwoBucketAStar.applies(grid)).isFalse();
        PathResult r = search.find(grid, 0, 0, w - 1, 1, FOUR);
        assertThat(r.status()).isEqualTo(SearchStatus.FOUND);
        assertThat(r.length()).isEqualTo(w - 1 + 1);
    }
}
