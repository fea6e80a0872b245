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
 * The long-range sector bound against a plain Dijkstra: admissible and consistent on every cell and move of random
 * maps (scatter, rooms with one-cell doors, agent sizes 1 and 2), whatever the start; and long searches, which add it
 * to their heuristic, return the oracle's lengths with A* and JPS.
 */
class SectorBoundPropertyTest {
    private static final double SQRT2 = Math.sqrt(2);
    private static final double EPS = 1e-9;

    private final PathSearch search = new PathSearch();

    @Property(tries = 400)
    void bound_OnRandomMaps_IsAdmissibleAndConsistentOnEveryCellAndMove(
            @ForAll @IntRange(min = 1, max = 70) int width, @ForAll @IntRange(min = 1, max = 70) int height,
            @ForAll @IntRange(min = 0, max = 45) int densityPct, @ForAll @IntRange(min = 0, max = 11) int roomSide,
            @ForAll @IntRange(min = 1, max = 2) int agentSize, @ForAll long seed) {
        NavGrid grid = LandmarkHeuristicPropertyTest.randomMap(width, height, densityPct, roomSide, false, seed)
                .navGrid(MoveLayer.DEFAULT, agentSize);
        Random rnd = new Random(~seed);
        int goal = randomOpenCell(grid, rnd);
        int start = randomOpenCell(grid, rnd);
        if (goal < 0 || start < 0 || grid.island(goal) != grid.island(start)) {
            return;
        }
        int w = grid.width();
        SectorBound bound = new SectorBound();
        assertThat(bound.begin(grid, start % w, start / w, goal % w, goal / w)).isTrue();
        double[] d = Dijkstra.distances(grid, goal, true, false);
        assertThat(bound.bound(goal % w, goal / w)).isZero();
        assertThat(bound.startKey()).as("the start's abstract cost").isLessThanOrEqualTo(d[start] + EPS)
                .isCloseTo(bound.bound(start % w, start / w), within(EPS));
        for (int c = 0; c < d.length; c++) {
            if (!Double.isFinite(d[c])) {
                continue;
            }
            int col = c % w;
            int row = c / w;
            double hc = bound.bound(col, row);
            assertThat(hc).as("admissible at (%d, %d)", col, row).isLessThanOrEqualTo(d[c] + EPS);
            assertThat(hc).as("at least the octile distance at (%d, %d)", col, row)
                    .isGreaterThanOrEqualTo(octile(col - goal % w, row - goal / w) - EPS);
            for (int dr = -1; dr <= 1; dr++) {
                for (int dc = -1; dc <= 1; dc++) {
                    int nc = col + dc;
                    int nr = row + dr;
                    if ((dr == 0 && dc == 0) || !grid.open(nc, nr)
                            || (dr != 0 && dc != 0 && !(grid.open(col + dc, row) && grid.open(col, row + dr)))) {
                        continue;
                    }
                    double cost = dr != 0 && dc != 0 ? SQRT2 : 1.0;
                    assertThat(hc).as("consistent from (%d, %d) to (%d, %d)", col, row, nc, nr)
                            .isLessThanOrEqualTo(cost + bound.bound(nc, nr) + EPS);
                }
            }
        }
    }

    @Property(tries = 40)
    void bound_OnRoomsWithOneCellDoors_IsTighterThanOctileAtTheStart(
            @ForAll @IntRange(min = 40, max = 90) int side, @ForAll long seed) {
        // rooms of 8: every path crosses doors the octile distance ignores, so the bound must see some of them
        NavGrid grid = LandmarkHeuristicPropertyTest.randomMap(side, side, 0, 8, false, seed).navGrid();
        int w = grid.width();
        int start = grid.map().cell(0, 0);
        int goal = grid.map().cell(side - 2, side - 2);
        if (!grid.openCell(start) || !grid.openCell(goal) || grid.island(start) != grid.island(goal)) {
            return;
        }
        double[] d = Dijkstra.distances(grid, goal, true, false);
        SectorBound bound = new SectorBound();
        assertThat(bound.begin(grid, 0, 0, side - 2, side - 2)).isTrue();
        double octile = octile(side - 2, side - 2);
        assertThat(bound.startKey()).isLessThanOrEqualTo(d[start] + EPS);
        if (d[start] > octile + 8) {
            assertThat(bound.startKey()).as("true %s, octile %s", d[start], octile).isGreaterThan(octile + EPS);
        }
    }

    @Property(tries = 60)
    void longSearches_OnRandomMaps_ReturnTheOracleLengths(
            @ForAll @IntRange(min = 130, max = 220) int width, @ForAll @IntRange(min = 1, max = 60) int height,
            @ForAll @IntRange(min = 0, max = 40) int densityPct, @ForAll @IntRange(min = 0, max = 11) int roomSide,
            @ForAll @IntRange(min = 1, max = 2) int agentSize, @ForAll boolean terrains, @ForAll long seed) {
        GridMap map = LandmarkHeuristicPropertyTest.randomMap(width, height, densityPct, roomSide, terrains, seed);
        NavGrid grid = map.navGrid(terrains ? MoveLayer.LAND : MoveLayer.DEFAULT, agentSize);
        Random rnd = new Random(~seed);
        for (int query = 0; query < 4; query++) {
            // start in the first 2 columns, goal in the last 2: at least PathSearch.LONG_RANGE_CELLS apart
            int s = openCellInColumns(grid, rnd, 0, 2);
            int g = openCellInColumns(grid, rnd, width - 2, width);
            if (s < 0 || g < 0) {
                return;
            }
            double[] d = Dijkstra.distances(grid, s, true, true);
            for (Algorithm algorithm : Algorithm.values()) {
                SearchOptions options = SearchOptions.DEFAULT.withAlgorithm(algorithm);
                PathResult r = search.find(grid, map.col(s), map.row(s), map.col(g), map.row(g), options);
                if (Double.isFinite(d[g])) {
                    assertThat(r.status()).isEqualTo(SearchStatus.FOUND);
                    assertThat(r.length()).as("%s", algorithm).isCloseTo(d[g], within(1e-6));
                    PathSearchTest.assertValidPath(grid, r, Moves.EIGHT);
                } else {
                    assertThat(r.status()).isEqualTo(SearchStatus.UNREACHABLE);
                }
            }
        }
    }

    private static int openCellInColumns(NavGrid grid, Random rnd, int fromCol, int toCol) {
        for (int tries = 0; tries < 400; tries++) {
            int c = fromCol + rnd.nextInt(toCol - fromCol);
            int r = rnd.nextInt(grid.height());
            if (grid.open(c, r)) {
                return r * grid.width() + c;
            }
        }
        return -1;
    }

    private static int randomOpenCell(NavGrid grid, Random rnd) {
        int cells = grid.width() * grid.height();
        for (int tries = 0; tries < 4 * cells; tries++) {
            int c = rnd.nextInt(cells);
            if (grid.openCell(c)) {
                return c;
            }
        }
        return -1;
    }

    private static double octile(int dx, int dy) {
        dx = Math.abs(dx);
        dy = Math.abs(dy);
        return Math.max(dx, dy) + (SQRT2 - 1) * Math.min(dx, dy);
    }
}
