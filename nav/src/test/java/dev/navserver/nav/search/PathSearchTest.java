package dev.navserver.nav.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.navserver.nav.AsciiMaps;
import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.MoveLayer;
import dev.navserver.nav.grid.NavGrid;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class PathSearchTest {
    private static final double SQRT2 = Math.sqrt(2);
    private static final double EPS = 1e-12;

    private final PathSearch search = new PathSearch();

    private static SearchOptions opts(Algorithm algorithm) {
        return SearchOptions.DEFAULT.withAlgorithm(algorithm);
    }

    private PathResult find(NavGrid grid, String[] rows, SearchOptions options) {
        int[] s = AsciiMaps.find('s', rows);
        int[] g = AsciiMaps.find('g', rows);
        return search.find(grid, s[0], s[1], g[0], g[1], options);
    }

    private PathResult find(String[] rows, SearchOptions options) {
        return find(AsciiMaps.map(rows).navGrid(), rows, options);
    }

    private static int cell(GridMap map, int col, int row) {
        return map.cell(col, row);
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void find_WhenStraightCorridor_FoundWithEveryCellAndLengthFive(Algorithm algorithm) {
        String[] rows = {"s....g"};
        PathResult r = find(rows, opts(algorithm));
        assertThat(r.status()).isEqualTo(SearchStatus.FOUND);
        assertThat(r.cells()).containsExactly(0, 1, 2, 3, 4, 5);
        assertThat(r.length()).isEqualTo(5.0);
        assertThat(r.endCell()).isEqualTo(5);
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void find_WhenOpenSquare_DiagonalLengthIsTwoSqrtTwo(Algorithm algorithm) {
        String[] rows = {
                "s..",
                "...",
                "..g"};
        PathResult r = find(rows, opts(algorithm));
        assertThat(r.status()).isEqualTo(SearchStatus.FOUND);
        assertThat(r.cells()).containsExactly(0, 4, 8);
        assertThat(r.length()).isCloseTo(2 * SQRT2, within(EPS));
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void find_WhenDiagonalWouldCutAWallCorner_GoesAroundWithLengthTwo(Algorithm algorithm) {
        String[] rows = {
                "s#",
                "g."};
        GridMap map = AsciiMaps.map(rows);
        PathResult r = search.find(map.navGrid(), 0, 0, 1, 1, opts(algorithm));
        assertThat(r.status()).isEqualTo(SearchStatus.FOUND);
        assertThat(r.length()).isEqualTo(2.0);
        assertThat(r.cells()).containsExactly(cell(map, 0, 0), cell(map, 0, 1), cell(map, 1, 1));
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void find_WhenWallMustBeWalkedAround_FoundWithOptimalLength(Algorithm algorithm) {
        String[] rows = {
                "s.#...",
                "..#...",
                "..#..g",
                "......"};
        PathResult r = find(rows, opts(algorithm));
        assertThat(r.status()).isEqualTo(SearchStatus.FOUND);
        // (0,0) -> (1,3): sqrt2 + 2; along the wall's foot (1,3) -> (3,3): 2; (3,3) -> (5,2): sqrt2 + 1
        assertThat(r.length()).isCloseTo(5 + 2 * SQRT2, within(EPS));
        assertThat(r.cells()).contains(AsciiMaps.map(rows).cell(2, 3));
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void find_WhenStartEqualsGoal_FoundWithOneCellAndNoExpansion(Algorithm algorithm) {
        GridMap map = AsciiMaps.map("...", "...");
        PathResult r = search.find(map.navGrid(), 1, 1, 1, 1, opts(algorithm));
        assertThat(r.status()).isEqualTo(SearchStatus.FOUND);
        assertThat(r.cells()).containsExactly(cell(map, 1, 1));
        assertThat(r.length()).isZero();
        assertThat(r.expanded()).isZero();
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void find_WhenStartOrGoalOutsideMap_OutOfBounds(Algorithm algorithm) {
        NavGrid grid = AsciiMaps.map("...", "...").navGrid();
        assertThat(search.find(grid, -1, 0, 1, 1, opts(algorithm)).status()).isEqualTo(SearchStatus.OUT_OF_BOUNDS);
        assertThat(search.find(grid, 0, 0, 3, 1, opts(algorithm)).status()).isEqualTo(SearchStatus.OUT_OF_BOUNDS);
        assertThat(search.find(grid, 0, 0, 1, 2, opts(algorithm)).status()).isEqualTo(SearchStatus.OUT_OF_BOUNDS);
        PathResult far = search.find(grid, 0, 0, Long.MAX_VALUE, Long.MIN_VALUE,
                opts(algorithm).withGoalPolicy(GoalPolicy.NEAREST_REACHABLE));
        assertThat(far.status()).isEqualTo(SearchStatus.OUT_OF_BOUNDS);
        assertThat(far.cells()).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void find_WhenStartOnWall_StartBlocked(Algorithm algorithm) {
        NavGrid grid = AsciiMaps.map("#..", "...").navGrid();
        PathResult r = search.find(grid, 0, 0, 2, 1, opts(algorithm));
        assertThat(r.status()).isEqualTo(SearchStatus.START_BLOCKED);
        assertThat(r.endCell()).isEqualTo(GridMap.NO_CELL);
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void find_WhenGoalOnWallAndPolicyExact_GoalBlocked(Algorithm algorithm) {
        NavGrid grid = AsciiMaps.map("...", "..#").navGrid();
        PathResult r = search.find(grid, 0, 0, 2, 1, opts(algorithm));
        assertThat(r.status()).isEqualTo(SearchStatus.GOAL_BLOCKED);
        assertThat(r.expanded()).isZero();
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void find_WhenGoalOnAnotherIsland_UnreachableWithZeroExpansions(Algorithm algorithm) {
        String[] rows = {
                "s..#...",
                "...#.g.",
                "...#..."};
        PathResult r = find(rows, opts(algorithm));
        assertThat(r.status()).isEqualTo(SearchStatus.UNREACHABLE);
        assertThat(r.expanded()).isZero();
        assertThat(r.cells()).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void find_WhenIslandsTouchOnlyDiagonally_Unreachable(Algorithm algorithm) {
        String[] rows = {
                "s#.",
                "#.g"};
        assertThat(find(rows, opts(algorithm)).status()).isEqualTo(SearchStatus.UNREACHABLE);
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void find_WhenGoalOnAnotherIslandAndNearestReachable_PartialToNearestCellOfStartIsland(Algorithm algorithm) {
        String[] rows = {
                "s..#...",
                "...#.g.",
                "...#..."};
        GridMap map = AsciiMaps.map(rows);
        PathResult r = find(map.navGrid(), rows, opts(algorithm).withGoalPolicy(GoalPolicy.NEAREST_REACHABLE));
        assertThat(r.status()).isEqualTo(SearchStatus.PARTIAL);
        assertThat(r.endCell()).isEqualTo(cell(map, 2, 1));
        assertThat(r.length()).isCloseTo(1 + SQRT2, within(EPS));
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void find_WhenGoalOnWallAndNearestReachable_PartialToAdjacentOpenCell(Algorithm algorithm) {
        String[] rows = {
                "s..#...",
                "...#...",
                "...#..."};
        GridMap map = AsciiMaps.map(rows);
        PathResult r = search.find(map.navGrid(), 0, 0, 3, 1,
                opts(algorithm).withGoalPolicy(GoalPolicy.NEAREST_REACHABLE));
        assertThat(r.status()).isEqualTo(SearchStatus.PARTIAL);
        assertThat(r.endCell()).isEqualTo(cell(map, 2, 1));
        assertThat(r.length()).isCloseTo(1 + SQRT2, within(EPS));
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void find_WhenGoalReachableAndNearestReachable_StillFound(Algorithm algorithm) {
        PathResult r = find(new String[] {"s..g"}, opts(algorithm).withGoalPolicy(GoalPolicy.NEAREST_REACHABLE));
        assertThat(r.status()).isEqualTo(SearchStatus.FOUND);
        assertThat(r.length()).isEqualTo(3.0);
    }

    @Test
    void find_WhenAStarBudgetRunsOutInCorridor_PartialToTheExpandedCellNearestTheGoal() {
        String[] rows = {"s..................g"};
        PathResult r = find(rows, opts(Algorithm.ASTAR).withMaxExpandedNodes(5));
        assertThat(r.status()).isEqualTo(SearchStatus.PARTIAL);
        assertThat(r.expanded()).isEqualTo(5);
        assertThat(r.cells()).containsExactly(0, 1, 2, 3, 4);
        assertThat(r.endCell()).isEqualTo(4);
        assertThat(r.length()).isEqualTo(4.0);
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void find_WhenBudgetRunsOutInMaze_PartialEndsCloserToGoalThanStart(Algorithm algorithm) {
        String[] rows = {
                "s.#.......",
                "..#.####..",
                "..#.#..#..",
                "..#.#g.#..",
                "..#.####..",
                "..........",
        };
        GridMap map = AsciiMaps.map(rows);
        PathResult full = find(map.navGrid(), rows, opts(algorithm));
        assertThat(full.status()).isEqualTo(SearchStatus.UNREACHABLE);

        String[] open = rows.clone();
        open[4] = "..#.##.#..";
        GridMap map2 = AsciiMaps.map(open);
        PathResult unlimited = find(map2.navGrid(), open, opts(algorithm));
        assertThat(unlimited.status()).isEqualTo(SearchStatus.FOUND);
        assertThat(unlimited.expanded()).isGreaterThan(2);
        PathResult r = find(map2.navGrid(), open, opts(algorithm).withMaxExpandedNodes(2));
        assertThat(r.status()).isEqualTo(SearchStatus.PARTIAL);
        assertThat(r.expanded()).isEqualTo(2);
        int[] g = AsciiMaps.find('g', open);
        int end = r.endCell();
        double endDist = Math.hypot(map2.col(end) - g[0], map2.row(end) - g[1]);
        assertThat(endDist).isLessThan(Math.hypot(0 - g[0], 0 - g[1]));
        assertValidPath(map2.navGrid(), r, Moves.EIGHT);
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void find_WhenBudgetEqualsTheExpansionsNeeded_Found(Algorithm algorithm) {
        String[] rows = {
                "s...#.....",
                "....#.##..",
                "....#..#g.",
                "......#..."};
        PathResult unlimited = find(rows, opts(algorithm));
        PathResult exact = find(rows, opts(algorithm).withMaxExpandedNodes(unlimited.expanded()));
        assertThat(exact).isEqualTo(unlimited);
        assertThat(exact.status()).isEqualTo(SearchStatus.FOUND);
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void find_WhenArrivalRadiusThree_StopsAtFirstCellWithinThree(Algorithm algorithm) {
        String[] rows = {"s.........g"};
        PathResult r = find(rows, opts(algorithm).withArrivalRadiusCells(3));
        assertThat(r.status()).isEqualTo(SearchStatus.FOUND);
        assertThat(r.endCell()).isEqualTo(7);
        assertThat(r.length()).isEqualTo(7.0);
        assertThat(r.cells()).containsExactly(0, 1, 2, 3, 4, 5, 6, 7);
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void find_WhenArrivalRadiusOnOpenField_EndsWithinRadius(Algorithm algorithm) {
        String[] rows = {
                "s.........",
                "..........",
                "..........",
                "..........",
                "..........",
                ".........g"};
        GridMap map = AsciiMaps.map(rows);
        PathResult r = find(map.navGrid(), rows, opts(algorithm).withArrivalRadiusCells(2.5));
        assertThat(r.status()).isEqualTo(SearchStatus.FOUND);
        double d = Math.hypot(map.col(r.endCell()) - 9, map.row(r.endCell()) - 5);
        assertThat(d).isLessThanOrEqualTo(2.5).isGreaterThan(1.5);
        assertValidPath(map.navGrid(), r, Moves.EIGHT);
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void find_WhenStartWithinArrivalRadius_FoundAtStartWithoutExpansion(Algorithm algorithm) {
        PathResult r = find(new String[] {"s.g"}, opts(algorithm).withArrivalRadiusCells(2));
        assertThat(r.status()).isEqualTo(SearchStatus.FOUND);
        assertThat(r.cells()).containsExactly(0);
        assertThat(r.expanded()).isZero();
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void find_WhenAgentSizeTwoAndGapIsOneCellWide_UnreachableButSizeOnePasses(Algorithm algorithm) {
        String[] rows = {
                "s.....",
                "......",
                "###.##",
                "......",
                "g.....",
                "......"};
        GridMap map = AsciiMaps.map(rows);
        PathResult small = find(map.navGrid(), rows, opts(algorithm));
        assertThat(small.status()).isEqualTo(SearchStatus.FOUND);
        // (0,0) -> (3,1): 2 + sqrt2; through the gap (3,1) -> (3,3): 2; (3,3) -> (0,4): 2 + sqrt2
        assertThat(small.length()).isCloseTo(6 + 2 * SQRT2, within(EPS));
        PathResult big = find(map.navGrid(MoveLayer.DEFAULT, 2), rows, opts(algorithm));
        assertThat(big.status()).isEqualTo(SearchStatus.UNREACHABLE);
        assertThat(big.expanded()).isZero();
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void find_WhenAgentSizeTwoAndGapIsTwoCellsWide_FoundThroughTheGap(Algorithm algorithm) {
        String[] rows = {
                "s.....",
                "......",
                "###..#",
                "......",
                "g.....",
                "......"};
        GridMap map = AsciiMaps.map(rows);
        PathResult big = find(map.navGrid(MoveLayer.DEFAULT, 2), rows, opts(algorithm));
        assertThat(big.status()).isEqualTo(SearchStatus.FOUND);
        // the agent's top-left cell walks (0,0) -> (3,0) -> (3,3) (the wall blocks every diagonal into column 3),
        // then one diagonal to (2,4) and on to (0,4)
        assertThat(big.cells()).contains(map.cell(3, 2));
        assertValidPath(map.navGrid(MoveLayer.DEFAULT, 2), big, Moves.EIGHT);
        assertThat(big.length()).isCloseTo(8 + SQRT2, within(EPS));
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void find_WhenLandLayerAndDetourAroundHillsIsCheaper_AvoidsHills(Algorithm algorithm) {
        String[] rows = {
                ".....",
                "sHHHg"};
        GridMap map = AsciiMaps.map(rows);
        PathResult r = find(map.navGrid(MoveLayer.LAND, 1), rows, opts(algorithm));
        assertThat(r.status()).isEqualTo(SearchStatus.FOUND);
        assertThat(r.length()).isCloseTo(2 + 2 * SQRT2, within(EPS));
        assertThat(r.cells()).containsExactly(map.cell(0, 1), map.cell(1, 0), map.cell(2, 0), map.cell(3, 0),
                map.cell(4, 1));
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void find_WhenLandLayerAndNoDetour_CrossesHillAtCostTwo(Algorithm algorithm) {
        String[] rows = {"sHg"};
        PathResult r = find(AsciiMaps.map(rows).navGrid(MoveLayer.LAND, 1), rows, opts(algorithm));
        assertThat(r.status()).isEqualTo(SearchStatus.FOUND);
        assertThat(r.cells()).containsExactly(0, 1, 2);
        assertThat(r.length()).isEqualTo(3.0);
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void find_WhenBoatLayer_StaysOnWater(Algorithm algorithm) {
        String[] rows = {
                "WW.WW",
                "WWWWW"};
        GridMap map = AsciiMaps.map(rows);
        NavGrid boat = map.navGrid(MoveLayer.BOAT, 1);
        PathResult r = search.find(boat, 0, 0, 4, 0, opts(algorithm));
        assertThat(r.status()).isEqualTo(SearchStatus.FOUND);
        assertThat(r.length()).isCloseTo(2 + 2 * SQRT2, within(EPS));
        assertThat(r.cells()).doesNotContain(map.cell(2, 0));
        assertThat(search.find(boat, 2, 0, 4, 0, opts(algorithm)).status()).isEqualTo(SearchStatus.START_BLOCKED);
        assertThat(search.find(map.navGrid(MoveLayer.LAND, 1), 2, 0, 0, 0, opts(algorithm)).status())
                .isEqualTo(SearchStatus.GOAL_BLOCKED);
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void find_WhenFourConnected_ManhattanLengthAndOnlyStraightMoves(Algorithm algorithm) {
        String[] rows = {
                "s..",
                "...",
                "..g"};
        GridMap map = AsciiMaps.map(rows);
        PathResult r = find(map.navGrid(), rows, opts(algorithm).withMoves(Moves.FOUR));
        assertThat(r.status()).isEqualTo(SearchStatus.FOUND);
        assertThat(r.length()).isEqualTo(4.0);
        assertThat(r.cellCount()).isEqualTo(5);
        assertValidPath(map.navGrid(), r, Moves.FOUR);
    }

    @Test
    void find_WhenJpsWithFourConnectedOrHills_SameResultAsAStar() {
        String[] rows = {
                "s..H....",
                ".##H.##.",
                "...H..Hg"};
        NavGrid land = AsciiMaps.map(rows).navGrid(MoveLayer.LAND, 1);
        assertThat(find(land, rows, opts(Algorithm.JPS))).isEqualTo(find(land, rows, opts(Algorithm.ASTAR)));
        NavGrid plain = AsciiMaps.map(rows).navGrid();
        SearchOptions four = SearchOptions.DEFAULT.withMoves(Moves.FOUR);
        assertThat(find(plain, rows, four.withAlgorithm(Algorithm.JPS)))
                .isEqualTo(find(plain, rows, four.withAlgorithm(Algorithm.ASTAR)));
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void step_WhenSlicedOneExpansionAtATime_EqualsOneShotResult(Algorithm algorithm) {
        String[] rows = {
                "s...#.........",
                ".##.#.#####.#.",
                ".#..#.....#.#.",
                ".#.##.###.#.#.",
                ".#........#..g"};
        GridMap map = AsciiMaps.map(rows);
        PathResult oneShot = find(map.navGrid(), rows, opts(algorithm));
        assertThat(oneShot.status()).isEqualTo(SearchStatus.FOUND);
        for (int slice : new int[] {1, 2, 3, 7}) {
            search.start(map.navGrid(), 0, 0, 13, 4, opts(algorithm));
            int calls = 0;
            while (!search.step(slice)) {
                assertThat(search.finished()).isFalse();
                calls++;
            }
            assertThat(search.finished()).isTrue();
            assertThat(search.result()).isEqualTo(oneShot);
            assertThat(calls).isGreaterThanOrEqualTo((oneShot.expanded() - 1) / slice);
        }
    }

    @Test
    void start_WhenStatusNeedsNoSearch_FinishedImmediately() {
        NavGrid grid = AsciiMaps.map("..#", "..#").navGrid();
        search.start(grid, 0, 0, 2, 0, SearchOptions.DEFAULT);
        assertThat(search.finished()).isTrue();
        assertThat(search.result().status()).isEqualTo(SearchStatus.GOAL_BLOCKED);
        assertThat(search.step(5)).isTrue();
    }

    @Test
    void stepAndResult_WhenMisused_Throw() {
        PathSearch fresh = new PathSearch();
        assertThatThrownBy(() -> fresh.step(1)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(fresh::result).isInstanceOf(IllegalStateException.class);
        NavGrid grid = AsciiMaps.map("s.........").navGrid();
        fresh.start(grid, 0, 0, 9, 0, SearchOptions.DEFAULT.withAlgorithm(Algorithm.ASTAR));
        assertThat(fresh.step(0)).isFalse();
        assertThatThrownBy(fresh::result).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> fresh.step(-1)).isInstanceOf(IllegalArgumentException.class);
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void find_WhenContextReusedAcrossMapsOfDifferentSizes_SameAsFreshContext(Algorithm algorithm) {
        String[] small = {"s.#", "..g"};
        String[] large = {
                "s.......#.....",
                "..####..#..#..",
                ".....#.....#.g"};
        PathResult a1 = find(small, opts(algorithm));
        PathResult b1 = find(large, opts(algorithm));
        PathResult a2 = find(small, opts(algorithm));
        assertThat(a2).isEqualTo(a1);
        assertThat(new PathSearch().find(AsciiMaps.map(large).navGrid(), 0, 0, 13, 2, opts(algorithm))).isEqualTo(b1);
    }

    /** Checks that consecutive cells are legal moves of the move set and that their summed cost equals length(). */
    static void assertValidPath(NavGrid grid, PathResult r, Moves moves) {
        int w = grid.width();
        double sum = 0;
        for (int i = 0; i < r.cellCount(); i++) {
            int c = r.cell(i);
            assertThat(grid.openCell(c)).as("cell %d open", i).isTrue();
            if (i == 0) {
                continue;
            }
            int p = r.cell(i - 1);
            int dc = c % w - p % w;
            int dr = c / w - p / w;
            assertThat(Math.max(Math.abs(dc), Math.abs(dr))).as("step %d is one cell", i).isEqualTo(1);
            if (dc != 0 && dr != 0) {
                assertThat(moves).isEqualTo(Moves.EIGHT);
                assertThat(grid.open(p % w + dc, p / w)).as("no corner cutting").isTrue();
                assertThat(grid.open(p % w, p / w + dr)).as("no corner cutting").isTrue();
                sum += Math.sqrt(2) * grid.cost(c);
            } else {
                sum += grid.cost(c);
            }
        }
        assertThat(r.length()).isCloseTo(sum, within(1e-9));
    }
}
