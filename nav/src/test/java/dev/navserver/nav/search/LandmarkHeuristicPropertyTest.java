package dev.navserver.nav.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.navserver.nav.Dijkstra;
import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.MoveLayer;
import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.grid.Terrain;
import dev.navserver.nav.grid.WorldTransform;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * The landmark (differential) heuristic against a plain Dijkstra: admissible and consistent on every cell and move
 * of random maps (open scatter and rooms with one-cell doors), and searches using it return the oracle's lengths.
 */
class LandmarkHeuristicPropertyTest {
    private static final double SQRT2 = Math.sqrt(2);
    private static final double EPS = 1e-9;

    private final PathSearch search = new PathSearch();

    /**
     * A random map: walls scattered at {@code densityPct}, and with {@code roomSide > 0} also walls every
     * {@code roomSide} cells with one random one-cell door per room side.
     */
    static GridMap randomMap(int width, int height, int densityPct, int roomSide, boolean terrains, long seed) {
        Random rnd = new Random(seed);
        byte[] t = new byte[width * height];
        byte[] classes = {Terrain.OPEN, Terrain.HILL, Terrain.TREES, Terrain.SWAMP};
        for (int i = 0; i < t.length; i++) {
            t[i] = rnd.nextInt(100) < densityPct ? Terrain.WALL
                    : terrains ? classes[rnd.nextInt(classes.length)] : Terrain.OPEN;
        }
        if (roomSide > 1) {
            for (int r = 0; r < height; r++) {
                for (int c = 0; c < width; c++) {
                    if (r % roomSide == roomSide - 1 || c % roomSide == roomSide - 1) {
                        t[r * width + c] = Terrain.WALL;
                    }
                }
            }
            for (int r = 0; r < height; r += roomSide) {
                for (int c = 0; c < width; c += roomSide) {
                    int doorRow = Math.min(height - 1, r + rnd.nextInt(roomSide - 1));
                    int doorCol = Math.min(width - 1, c + rnd.nextInt(roomSide - 1));
                    if (c + roomSide - 1 < width) {
                        t[doorRow * width + c + roomSide - 1] = Terrain.OPEN;
                    }
                    if (r + roomSide - 1 < height) {
                        t[(r + roomSide - 1) * width + doorCol] = Terrain.OPEN;
                    }
                }
            }
        }
        return new GridMap("landmarks", width, height, WorldTransform.UNIT, t);
    }


    /** A standable cell picked at random, or -1 when there is none. */
    static int randomOpenCell(NavGrid grid, Random rnd) {
        int cells = grid.width() * grid.height();
        for (int tries = 0; tries < 4 * cells; tries++) {
            int c = rnd.nextInt(cells);
            if (grid.openCell(c)) {
                return c;
            }
        }
        return -1;
    }

    @Property(tries = 300)
    void heuristic_OnRandomMaps_IsAdmissibleAndConsistentOnEveryCellAndMove(
            @ForAll @IntRange(min = 1, max = 60) int width, @ForAll @IntRange(min = 1, max = 60) int height,
            @ForAll @IntRange(min = 0, max = 45) int densityPct, @ForAll @IntRange(min = 0, max = 9) int roomSide,
            @ForAll @IntRange(min = 1, max = LandmarkTable.MAX_LANDMARKS) int k, @ForAll long seed) {
        NavGrid grid = randomMap(width, height, densityPct, roomSide, false, seed).navGrid();
        Random rnd = new Random(~seed);
        int goalCell = randomOpenCell(grid, rnd);
        LandmarkTable table = LandmarkTable.build(grid, LandmarkTable.MAX_LANDMARKS);
        if (goalCell < 0) {
            assertThat(table).isNull();
            return;
        }
        assertThat(table.count()).isBetween(1, LandmarkTable.MAX_LANDMARKS);
        Goal goal = new Goal();
        int stride = grid.stride();
        // k of the table's landmarks, chosen for a random start: any subset must be consistent
        int startCell = randomOpenCell(grid, rnd);
        if (startCell < 0) {
            startCell = goalCell;
        }
        goal.set(grid.pad(goalCell), stride, false, 0, Math.max(stride, grid.height() + 2), table, k,
                grid.pad(startCell));
        double[] d = Dijkstra.distances(grid, goalCell, true, false);
        int w = grid.width();
        assertThat(h(goal, grid, goalCell)).isZero();
        for (int c = 0; c < d.length; c++) {
            if (!Double.isFinite(d[c])) {
                continue;
            }
            double hc = h(goal, grid, c);
            assertThat(hc).as("admissible at %d", c).isLessThanOrEqualTo(d[c] + EPS);
            int col = c % w;
            int row = c / w;
            for (int dr = -1; dr <= 1; dr++) {
                for (int dc = -1; dc <= 1; dc++) {
                    int nc = col + dc;
                    int nr = row + dr;
                    if ((dr == 0 && dc == 0) || !grid.open(nc, nr)
                            || (dr != 0 && dc != 0 && !(grid.open(col + dc, row) && grid.open(col, row + dr)))) {
                        continue;
                    }
                    double cost = dr != 0 && dc != 0 ? SQRT2 : 1.0;
                    assertThat(hc).as("consistent from %d to %d", c, nr * w + nc)
                            .isLessThanOrEqualTo(cost + h(goal, grid, nr * w + nc) + EPS);
                }
            }
        }
    }

    private static double h(Goal goal, NavGrid grid, int cell) {
        int p = grid.pad(cell);
        return goal.heuristic(p, p % grid.stride(), p / grid.stride());
    }

    @Property(tries = 300)
    void searchesWithLandmarks_OnRandomMaps_ReturnTheOracleLengthsAndTheSameAsWithout(
            @ForAll @IntRange(min = 1, max = 80) int width, @ForAll @IntRange(min = 1, max = 80) int height,
            @ForAll @IntRange(min = 0, max = 40) int densityPct, @ForAll @IntRange(min = 0, max = 9) int roomSide,
            @ForAll @IntRange(min = 1, max = LandmarkTable.MAX_LANDMARKS) int k,
            @ForAll @IntRange(min = 1, max = 2) int agentSize, @ForAll boolean terrains, @ForAll long seed) {
        GridMap map = randomMap(width, height, densityPct, roomSide, terrains, seed);
        NavGrid grid = map.navGrid(terrains ? MoveLayer.LAND : MoveLayer.DEFAULT, agentSize);
        Random rnd = new Random(~seed);
        for (int query = 0; query < 5; query++) {
            int s = randomOpenCell(grid, rnd);
            int g = randomOpenCell(grid, rnd);
            if (s < 0 || g < 0) {
                return;
            }
            double[] d = Dijkstra.distances(grid, s, true, true);
            for (Algorithm algorithm : Algorithm.values()) {
                SearchOptions plain = SearchOptions.DEFAULT.withAlgorithm(algorithm);
                PathResult without = search.find(grid, map.col(s), map.row(s), map.col(g), map.row(g), plain);
                PathResult with = search.find(grid, map.col(s), map.row(s), map.col(g), map.row(g),
                        plain.withLandmarks(k));
                assertThat(with.status()).isEqualTo(without.status());
                if (Double.isFinite(d[g])) {
                    assertThat(with.status()).isEqualTo(SearchStatus.FOUND);
                    assertThat(with.length()).isCloseTo(d[g], within(1e-9));
                    assertThat(with.length()).isCloseTo(without.length(), within(1e-9));
                    PathSearchTest.assertValidPath(grid, with, Moves.EIGHT);
                } else {
                    assertThat(with.status()).isEqualTo(SearchStatus.UNREACHABLE);
                }
            }
        }
    }
}
