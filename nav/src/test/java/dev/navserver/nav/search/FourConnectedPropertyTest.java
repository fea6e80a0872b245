package dev.navserver.nav.search;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.Mazes;
import dev.navserver.nav.RandomWalls;
import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.search.four.DeadEndTable;
import dev.navserver.nav.search.four.TwoBucketAStar;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * The 4-connected fast path ({@link DeadEndTable} walks, {@link TwoBucketAStar}) ({@link Algorithm#JPS} with {@link Moves#FOUR} on a uniform-cost grid) against
 * the 4-connected A* ({@link Algorithm#ASTAR}) as the oracle: same status and length, and every path is a chain of
 * 4-adjacent standable cells from the start to the goal.
 */
class FourConnectedPropertyTest {
    private static final SearchOptions FAST = SearchOptions.DEFAULT.withMoves(Moves.FOUR);
    private static final SearchOptions ASTAR = FAST.withAlgorithm(Algorithm.ASTAR);

    private final PathSearch fast = new PathSearch();
    private final PathSearch oracle = new PathSearch();

    /** Runs {@code queries} random queries (start == goal and blocked cells included) and checks each. */
    private void check(NavGrid grid, int queries, long seed) {
        Random rnd = new Random(seed);
        int w = grid.width();
        int h = grid.height();
        for (int i = 0; i < queries; i++) {
            int sc = rnd.nextInt(w);
            int sr = rnd.nextInt(h);
            int gc = rnd.nextInt(4) == 0 ? sc : rnd.nextInt(w);
            int gr = gc == sc && rnd.nextBoolean() ? sr : rnd.nextInt(h);
            checkQuery(grid, sc, sr, gc, gr);
        }
    }

    private void checkQuery(NavGrid grid, int sc, int sr, int gc, int gr) {
        PathResult expected = oracle.find(grid, sc, sr, gc, gr, ASTAR);
        PathResult actual = fast.find(grid, sc, sr, gc, gr, FAST);
        String where = grid.map().name() + " " + grid.width() + "x" + grid.height() + " (" + sc + "," + sr + ")->("
                + gc + "," + gr + ")";
        assertThat(actual.status()).as(where).isEqualTo(expected.status());
        assertThat(actual.length()).as(where).isEqualTo(expected.length());
        assertThat(actual.cellCount()).as(where).isEqualTo(expected.cellCount());
        if (actual.hasPath()) {
            assertValidPath(grid, actual, grid.map().cell(sc, sr), grid.map().cell(gc, gr), where);
        }
    }

    static void assertValidPath(NavGrid grid, PathResult r, int startCell, int goalCell, String where) {
        int w = grid.width();
        assertThat(r.cell(0)).as(where + " first cell").isEqualTo(startCell);
        assertThat(r.endCell()).as(where + " last cell").isEqualTo(goalCell);
        assertThat((double) (r.cellCount() - 1)).as(where + " length is the move count").isEqualTo(r.length());
        for (int i = 0; i < r.cellCount(); i++) {
            assertThat(grid.openCell(r.cell(i))).as(where + " cell " + i + " standable").isTrue();
            if (i > 0) {
                int a = r.cell(i - 1);
                int b = r.cell(i);
                int manhattan = Math.abs(a % w - b % w) + Math.abs(a / w - b / w);
                assertThat(manhattan).as(where + " step " + i + " is 4-adjacent").isEqualTo(1);
            }
        }
    }

    @Property(tries = 400)
    void randomWalls_AnyWidth_SameLengthsAsFourConnectedAStar(@ForAll @IntRange(min = 1, max = 140) int width,
                                                              @ForAll @IntRange(min = 1, max = 40) int height,
                                                              @ForAll @IntRange(min = 0, max = 55) int densityPct,
                                                              @ForAll @IntRange(min = 1, max = 3) int agentSize,
                                                              @ForAll long seed) {
        check(RandomWalls.grid(width, height, densityPct, agentSize, seed), 12, seed);
    }

    @Property(tries = 120)
    void randomWalls_WidthsAtWordBoundaries_SameLengthsAsFourConnectedAStar(
            @ForAll @IntRange(min = 0, max = 9) int widthChoice, @ForAll @IntRange(min = 1, max = 70) int height,
            @ForAll @IntRange(min = 0, max = 45) int densityPct, @ForAll long seed) {
        // padded rows are width + 2 cells: 62 and 126 fill words exactly, 63 and 127 spill one cell over
        int[] widths = {1, 2, 61, 62, 63, 64, 65, 126, 127, 128};
        check(RandomWalls.grid(widths[widthChoice], height, densityPct, 1, seed), 20, seed);
    }

    @Property(tries = 60)
    void mazes_SameLengthsAsFourConnectedAStar(@ForAll @IntRange(min = 1, max = 70) int halfWidth,
                                               @ForAll @IntRange(min = 1, max = 45) int halfHeight,
                                               @ForAll long seed) {
        GridMap maze = Mazes.map(2 * halfWidth + 1, 2 * halfHeight + 1, seed);
        NavGrid grid = maze.navGrid();
        check(grid, 15, seed);
        checkQuery(grid, 1, 1, maze.width() - 2, maze.height() - 2);
    }

    @Property(tries = 100)
    void slicedSearch_WithRandomSliceSizes_EqualsOneShot(@ForAll @IntRange(min = 1, max = 100) int width,
                                                         @ForAll @IntRange(min = 1, max = 40) int height,
                                                         @ForAll @IntRange(min = 0, max = 45) int densityPct,
                                                         @ForAll long seed) {
        NavGrid grid = RandomWalls.grid(width, height, densityPct, 1, seed);
        Random rnd = new Random(seed);
        for (int i = 0; i < 10; i++) {
            int sc = rnd.nextInt(width);
            int sr = rnd.nextInt(height);
            int gc = rnd.nextInt(width);
            int gr = rnd.nextInt(height);
            PathResult oneShot = oracle.find(grid, sc, sr, gc, gr, FAST);
            fast.start(grid, sc, sr, gc, gr, FAST);
            while (!fast.step(rnd.nextInt(4))) {
                // slices of 0 to 3 words
            }
            assertThat(fast.result()).isEqualTo(oneShot);
        }
    }
}
