package dev.navserver.nav.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.navserver.nav.Dijkstra;
import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.MoveLayer;
import dev.navserver.nav.grid.NavGrid;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * {@link SearchMode#APPROXIMATE} against a plain Dijkstra on random maps (open scatter and rooms with one-cell
 * doors, uniform and terrain costs, with and without landmarks): the same status as the optimal search, and a valid
 * path whose length is between the shortest and {@value SearchMode#APPROXIMATE_WEIGHT} times it.
 */
class ApproximateSearchPropertyTest {
    /** Slack for summing doubles along two different paths. */
    private static final double EPS = 1e-9;

    private final PathSearch search = new PathSearch();

    /**
     * Runs one query in both modes and checks the approximate result against the optimal one and the oracle.
     *
     * @return approximate length / shortest length, or 1 when not FOUND
     */
    private double checkQuery(NavGrid grid, int startCell, int goalCell, double[] dist, SearchOptions optimal) {
        PathResult exact = find(grid, startCell, goalCell, optimal);
        PathResult approx = find(grid, startCell, goalCell, optimal.withMode(SearchMode.APPROXIMATE));
        assertThat(approx.status()).as("status of %s", optimal).isEqualTo(exact.status());
        if (exact.status() != SearchStatus.FOUND) {
            assertThat(Double.isFinite(dist[goalCell])).isFalse();
            return 1;
        }
        double shortest = dist[goalCell];
        assertThat(exact.length()).isCloseTo(shortest, within(EPS));
        assertThat(approx.cell(0)).isEqualTo(startCell);
        assertThat(approx.endCell()).isEqualTo(goalCell);
        PathSearchTest.assertValidPath(grid, approx, optimal.moves());
        assertThat(approx.length()).as("no shorter than the shortest, %s", optimal)
                .isGreaterThanOrEqualTo(shortest - EPS);
        assertThat(approx.length()).as("within the bound, %s", optimal)
                .isLessThanOrEqualTo(SearchMode.APPROXIMATE_WEIGHT * shortest + EPS);
        return shortest == 0 ? 1 : approx.length() / shortest;
    }

    /** {@link PathSearch#find} between unpadded cells. */
    private PathResult find(NavGrid grid, int startCell, int goalCell, SearchOptions options) {
        int w = grid.width();
        return search.find(grid, startCell % w, startCell / w, goalCell % w, goalCell / w, options);
    }

    /** A start and a goal cell drawn with {@code rnd} among {@code grid}'s open cells; null when it has none. */
    private static int[] openTrip(NavGrid grid, Random rnd) {
        int s = LandmarkHeuristicPropertyTest.randomOpenCell(grid, rnd);
        int g = LandmarkHeuristicPropertyTest.randomOpenCell(grid, rnd);
        return s < 0 ? null : new int[] {s, g};
    }

    @Property(tries = 200)
    void approximate_OnRandomMaps_FoundWheneverOptimalIsAndWithinTwoPercent(
            @ForAll @IntRange(min = 2, max = 120) int width, @ForAll @IntRange(min = 2, max = 120) int height,
            @ForAll @IntRange(min = 0, max = 40) int densityPct, @ForAll @IntRange(min = 0, max = 12) int roomSide,
            @ForAll @IntRange(min = 0, max = 8) int landmarks, @ForAll boolean terrains, @ForAll long seed) {
        GridMap map = LandmarkHeuristicPropertyTest.randomMap(width, height, densityPct, roomSide, terrains, seed);
        NavGrid grid = map.navGrid(terrains ? MoveLayer.LAND : MoveLayer.DEFAULT, 1);
        Random rnd = new Random(~seed);
        for (int query = 0; query < 4; query++) {
            int[] trip = openTrip(grid, rnd);
            if (trip == null) {
                return;
            }
            for (Moves moves : Moves.values()) {
                double[] dist = Dijkstra.distances(grid, trip[0], moves == Moves.EIGHT, true);
                for (Algorithm algorithm : Algorithm.values()) {
                    SearchOptions o = SearchOptions.DEFAULT.withAlgorithm(algorithm).withMoves(moves)
                            .withLandmarks(landmarks);
                    checkQuery(grid, trip[0], trip[1], dist, o);
                }
            }
        }
    }

    @Property(tries = 40)
    void approximate_OnLargeRoomMaps_StaysWithinTwoPercentOverManyQueries(
            @ForAll @IntRange(min = 150, max = 300) int side, @ForAll @IntRange(min = 6, max = 25) int roomSide,
            @ForAll @IntRange(min = 0, max = 20) int densityPct, @ForAll long seed) {
        NavGrid grid = LandmarkHeuristicPropertyTest.randomMap(side, side, densityPct, roomSide, false, seed)
                .navGrid();
        Random rnd = new Random(seed);
        int s = LandmarkHeuristicPropertyTest.randomOpenCell(grid, rnd);
        if (s < 0) {
            return;
        }
        double[] dist = Dijkstra.distances(grid, s, true, true);
        for (int query = 0; query < 10; query++) {
            int g = LandmarkHeuristicPropertyTest.randomOpenCell(grid, rnd);
            checkQuery(grid, s, g, dist, SearchOptions.DEFAULT.withAlgorithm(Algorithm.JPS));
            checkQuery(grid, s, g, dist, SearchOptions.DEFAULT.withAlgorithm(Algorithm.ASTAR));
        }
    }

    @Property(tries = 200)
    void approximate_SlicedSearch_EqualsOneShot(@ForAll @IntRange(min = 1, max = 60) int width,
                                                @ForAll @IntRange(min = 1, max = 60) int height,
                                                @ForAll @IntRange(min = 0, max = 40) int densityPct,
                                                @ForAll boolean terrains, @ForAll long seed) {
        NavGrid grid = LandmarkHeuristicPropertyTest.randomMap(width, height, densityPct, 0, terrains, seed)
                .navGrid(terrains ? MoveLayer.LAND : MoveLayer.DEFAULT, 1);
        Random rnd = new Random(~seed);
        int[] trip = openTrip(grid, rnd);
        if (trip == null) {
            return;
        }
        int w = grid.width();
        for (Algorithm algorithm : Algorithm.values()) {
            for (Moves moves : Moves.values()) {
                SearchOptions o = SearchOptions.DEFAULT.withAlgorithm(algorithm).withMoves(moves)
                        .withMode(SearchMode.APPROXIMATE);
                PathResult oneShot = find(grid, trip[0], trip[1], o);
                search.start(grid, trip[0] % w, trip[0] / w, trip[1] % w, trip[1] / w, o);
                while (!search.step(rnd.nextInt(4) == 0 ? 0 : 1 + rnd.nextInt(6))) {
                    assertThat(search.finished()).isFalse();
                }
                assertThat(search.result()).isEqualTo(oneShot);
            }
        }
    }

    @Property(tries = 150)
    void fourConnectedFastPath_InApproximateMode_ReturnsTheOptimalResult(
            @ForAll @IntRange(min = 1, max = 80) int width, @ForAll @IntRange(min = 1, max = 80) int height,
            @ForAll @IntRange(min = 0, max = 45) int densityPct, @ForAll @IntRange(min = 0, max = 9) int roomSide,
            @ForAll long seed) {
        NavGrid grid = LandmarkHeuristicPropertyTest.randomMap(width, height, densityPct, roomSide, false, seed)
                .navGrid();
        int[] trip = openTrip(grid, new Random(~seed));
        if (trip == null) {
            return;
        }
        SearchOptions o = SearchOptions.DEFAULT.withMoves(Moves.FOUR);
        PathResult exact = find(grid, trip[0], trip[1], o);
        PathResult approx = find(grid, trip[0], trip[1], o.withMode(SearchMode.APPROXIMATE));
        assertThat(approx).isEqualTo(exact);
    }
}
