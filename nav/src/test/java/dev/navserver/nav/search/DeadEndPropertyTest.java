package dev.navserver.nav.search;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.Dijkstra;
import dev.navserver.nav.Mazes;
import dev.navserver.nav.RandomWalls;
import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.grid.WorldTransform;
import dev.navserver.nav.search.four.DeadEndTable;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * The 4-connected fast path on grids with dead ends ({@link DeadEndTable}) against a plain Dijkstra: mazes with some
 * walls knocked out (loops, so both tree walks and core searches run) and random walls. Same length as Dijkstra,
 * unreachable exactly where Dijkstra finds no path, every path a chain of 4-adjacent standable cells; and the
 * table's invariants (core cells keep two core neighbours, every tree cell's parent is one move closer to a root).
 */
class DeadEndPropertyTest {
    private static final SearchOptions FOUR = SearchOptions.DEFAULT.withMoves(Moves.FOUR);

    private final PathSearch search = new PathSearch();

    /** A perfect maze with each inner wall cell opened with probability {@code loopPct} %. */
    private static NavGrid braidedMaze(int width, int height, int loopPct, long seed) {
        boolean[] walk = Mazes.walkable(width, height, seed);
        Random rnd = new Random(seed ^ 0x5DEECE66DL);
        for (int r = 1; r < height - 1; r++) {
            for (int c = 1; c < width - 1; c++) {
                if (!walk[r * width + c] && rnd.nextInt(100) < loopPct) {
                    walk[r * width + c] = true;
                }
            }
        }
        return GridMap.ofWalkable("braided", width, height, WorldTransform.UNIT, walk).navGrid();
    }

    /** {@code queries} random queries from standable starts, each goal anywhere (blocked ones included). */
    private void check(NavGrid grid, int queries, long seed) {
        assertTableInvariants(grid);
        Random rnd = new Random(seed);
        int w = grid.width();
        int n = w * grid.height();
        for (int i = 0; i < queries; i++) {
            int start = rnd.nextInt(n);
            for (int tries = 0; tries < 20 && !grid.openCell(start); tries++) {
                start = rnd.nextInt(n);
            }
            if (!grid.openCell(start)) {
                continue;
            }
            double[] dist = Dijkstra.distances(grid, start, false, false);
            for (int j = 0; j < 4; j++) {
                int goal = j == 0 ? start : rnd.nextInt(n);
                String where = grid.map().name() + " " + w + "x" + grid.height() + " " + start + "->" + goal;
                PathResult r = search.find(grid, start % w, start / w, goal % w, goal / w, FOUR);
                if (!grid.openCell(goal)) {
                    assertThat(r.status()).as(where).isEqualTo(SearchStatus.GOAL_BLOCKED);
                } else if (dist[goal] == Double.POSITIVE_INFINITY) {
                    assertThat(r.status()).as(where).isEqualTo(SearchStatus.UNREACHABLE);
                } else {
                    assertThat(r.status()).as(where).isEqualTo(SearchStatus.FOUND);
                    assertThat(r.length()).as(where).isEqualTo(dist[goal]);
                    FourConnectedPropertyTest.assertValidPath(grid, r, start, goal, where);
                }
            }
        }
    }

    private static void assertTableInvariants(NavGrid grid) {
        DeadEndTable t = DeadEndTable.build(grid);
        long[][] core = t.coreRows();
        int s = grid.stride();
        int open = 0;
        int coreCount = 0;
        for (int p = s; p < grid.paddedSize() - s; p++) {
            boolean inCore = NavGrid.bit(core[p / s], p % s);
            if (!grid.openPadded(p)) {
                assertThat(inCore).isFalse();
                assertThat(t.depth(p)).isZero();
                continue;
            }
            open++;
            if (inCore) {
                coreCount++;
                assertThat(t.depth(p)).isZero();
                int coreNeighbours = 0;
                for (int q : new int[] {p - 1, p + 1, p - s, p + s}) {
                    if (NavGrid.bit(core[q / s], q % s)) {
                        coreNeighbours++;
                    }
                }
                assertThat(coreNeighbours).as("core cell %d", p).isGreaterThanOrEqualTo(2);
            } else if (t.depth(p) > 0) {
                int q = t.parent(p, s);
                assertThat(Math.abs(q - p) == 1 || Math.abs(q - p) == s).isTrue();
                assertThat(grid.openPadded(q)).isTrue();
                assertThat(t.depth(q)).isEqualTo(t.depth(p) - 1);
            }
        }
        assertThat(t.coreCells()).isEqualTo(coreCount);
        assertThat(t.treeCells()).isEqualTo(open - coreCount);
    }

    @Property(tries = 80)
    void braidedMazes_SameLengthsAsDijkstra(@ForAll @IntRange(min = 1, max = 40) int halfWidth,
                                            @ForAll @IntRange(min = 1, max = 30) int halfHeight,
                                            @ForAll @IntRange(min = 0, max = 30) int loopPct,
                                            @ForAll long seed) {
        check(braidedMaze(2 * halfWidth + 1, 2 * halfHeight + 1, loopPct, seed), 6, seed);
    }

    @Property(tries = 150)
    void randomWalls_SameLengthsAsDijkstra(@ForAll @IntRange(min = 1, max = 90) int width,
                                           @ForAll @IntRange(min = 1, max = 40) int height,
                                           @ForAll @IntRange(min = 0, max = 55) int densityPct,
                                           @ForAll @IntRange(min = 1, max = 2) int agentSize,
                                           @ForAll long seed) {
        check(RandomWalls.grid(width, height, densityPct, agentSize, seed), 6, seed);
    }
}
