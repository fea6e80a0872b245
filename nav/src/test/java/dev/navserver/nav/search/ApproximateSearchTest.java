package dev.navserver.nav.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.navserver.nav.AsciiMaps;
import dev.navserver.nav.grid.NavGrid;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** {@link SearchMode#APPROXIMATE} on hand-drawn maps: where it returns a longer path, and where it does not. */
class ApproximateSearchTest {
    private static final double SQRT2 = Math.sqrt(2);
    private static final double EPS = 1e-12;

    /**
     * The shortest path steps up at once and runs along row 0 (40 + sqrt 2); weighted JPS, drawn toward the goal,
     * first goes round the wall below the start (36 + 4 sqrt 2, 0.6 % longer).
     */
    private static final String[] TWO_ROUTES = {
            "...#...................##.....#..#....###............",
            "...s.##.........#.#........................g..#......",
            "..#......#..#.#..................#...##.............."};

    private final PathSearch search = new PathSearch();

    private PathResult find(String[] rows, SearchOptions options) {
        NavGrid grid = AsciiMaps.map(rows).navGrid();
        int[] s = AsciiMaps.find('s', rows);
        int[] g = AsciiMaps.find('g', rows);
        return search.find(grid, s[0], s[1], g[0], g[1], options);
    }

    @Test
    void jps_WhenAWallNextToTheStartLooksLikeTheWayOut_ApproximateTakesTheLongerRouteWithinTwoPercent() {
        SearchOptions jps = SearchOptions.DEFAULT;
        PathResult optimal = find(TWO_ROUTES, jps);
        PathResult approx = find(TWO_ROUTES, jps.withMode(SearchMode.APPROXIMATE));
        int w = TWO_ROUTES[0].length();

        assertThat(optimal.status()).isEqualTo(SearchStatus.FOUND);
        assertThat(optimal.length()).isCloseTo(40 + SQRT2, within(EPS));
        assertThat(optimal.cell(2)).isEqualTo(4); // (4, 0): up to row 0 at once
        assertThat(optimal.expanded()).isEqualTo(15);

        assertThat(approx.status()).isEqualTo(SearchStatus.FOUND);
        assertThat(approx.length()).isCloseTo(36 + 4 * SQRT2, within(EPS));
        assertThat(approx.cell(1)).isEqualTo(2 * w + 4); // (4, 2): down and round the wall first
        assertThat(approx.endCell()).isEqualTo(optimal.endCell());
        assertThat(approx.expanded()).isEqualTo(13);
        assertThat(approx.length() / optimal.length()).isLessThanOrEqualTo(SearchMode.APPROXIMATE_WEIGHT);
        PathSearchTest.assertValidPath(AsciiMaps.map(TWO_ROUTES).navGrid(), approx, Moves.EIGHT);
    }

    @Test
    void astarAndJpsWithLandmarks_OnTheSameMap_ApproximateStillFindsTheShortestPath() {
        assertThat(find(TWO_ROUTES, SearchOptions.DEFAULT.withAlgorithm(Algorithm.ASTAR)
                .withMode(SearchMode.APPROXIMATE)).length()).isCloseTo(40 + SQRT2, within(EPS));
        assertThat(find(TWO_ROUTES, SearchOptions.DEFAULT.withLandmarks(4).withMode(SearchMode.APPROXIMATE)).length())
                .isCloseTo(40 + SQRT2, within(EPS));
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void find_WhenOneRouteAroundAWall_ApproximateReturnsTheOptimalResult(Algorithm algorithm) {
        String[] rows = {
                "s.....#.......",
                "..###.#..###..",
                "......#.....#.",
                "..#.........#g"};
        SearchOptions o = SearchOptions.DEFAULT.withAlgorithm(algorithm);
        PathResult optimal = find(rows, o);
        PathResult approx = find(rows, o.withMode(SearchMode.APPROXIMATE));
        assertThat(optimal.status()).isEqualTo(SearchStatus.FOUND);
        if (algorithm == Algorithm.SUBGOAL) {
            // the same path; the weighted graph search may pop fewer subgoals on the way
            assertThat(approx.cells()).isEqualTo(optimal.cells());
            assertThat(approx.length()).isEqualTo(optimal.length());
        } else {
            assertThat(approx).isEqualTo(optimal);
        }
    }

    @Test
    void default_IsOptimalAndApproximateWeightIsOnePointZeroTwo() {
        assertThat(SearchOptions.DEFAULT.mode()).isEqualTo(SearchMode.OPTIMAL);
        assertThat(SearchMode.OPTIMAL.weight()).isEqualTo(1.0);
        assertThat(SearchMode.APPROXIMATE.weight()).isEqualTo(1.02);
    }
}
