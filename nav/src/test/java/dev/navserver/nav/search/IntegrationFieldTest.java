package dev.navserver.nav.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.navserver.nav.Allocations;
import dev.navserver.nav.AsciiMaps;
import dev.navserver.nav.TestData;
import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.MoveLayer;
import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.grid.Terrain;
import dev.navserver.nav.grid.WorldTransform;
import dev.navserver.nav.io.MapLoader;
import java.io.IOException;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class IntegrationFieldTest {
    private static final double SQRT2 = Math.sqrt(2);

    private final IntegrationField field = new IntegrationField();
    private final PathSearch search = new PathSearch();

    @Test
    void build_WhenTheOnlyWayRoundAWallLeavesTheBoundingBox_GrowsTheRegionAndFindsTheOptimalPath() {
        String[] rows = {
                "..........",
                "..#s...#..",
                "..#....#..",
                "..#....#..",
                "..######..",
                "....g.....",
        };
        GridMap map = AsciiMaps.map(rows);
        NavGrid grid = map.navGrid();
        int[] s = AsciiMaps.find('s', rows);
        int[] g = AsciiMaps.find('g', rows);
        int start = map.cell(s[0], s[1]);
        int goal = map.cell(g[0], g[1]);

        assertThat(field.build(grid, goal, new int[] {start}, 1, Moves.EIGHT, 0)).isTrue();

        assertThat(field.rebuilds()).isGreaterThanOrEqualTo(1);
        PathResult jps = search.find(grid, s[0], s[1], g[0], g[1], SearchOptions.DEFAULT);
        PathResult flow = field.path(start);
        assertThat(flow.status()).isEqualTo(SearchStatus.FOUND);
        assertThat(flow.length()).isCloseTo(jps.length(), within(1e-9));
        assertThat(flow.cell(0)).isEqualTo(start);
        assertThat(flow.endCell()).isEqualTo(goal);
        assertLegalMoves(grid, flow);
    }

    @Test
    void build_WhenGoalIsBlocked_BuildsNothingAndEveryCellIsUnreachable() {
        String[] rows = {
                "s..#",
                "....",
        };
        GridMap map = AsciiMaps.map(rows);
        assertThat(field.build(map.navGrid(), map.cell(3, 0), new int[] {0}, 1, Moves.EIGHT, 4)).isFalse();
        assertThat(field.built()).isFalse();
        assertThat(field.value(0)).isInfinite();
        assertThat(field.path(0).status()).isEqualTo(SearchStatus.UNREACHABLE);
    }

    @Test
    void build_WhenASourceIsOnAnotherIsland_IgnoresItAndLeavesItUnsettled() {
        String[] rows = {
                "s.#a",
                "..#.",
                "g.#.",
        };
        GridMap map = AsciiMaps.map(rows);
        NavGrid grid = map.navGrid();
        int other = map.cell(3, 0);
        assertThat(field.build(grid, map.cell(0, 2), new int[] {map.cell(0, 0), other}, 2, Moves.EIGHT, 0)).isTrue();
        assertThat(field.value(map.cell(0, 0))).isEqualTo(2.0);
        assertThat(field.value(other)).isInfinite();
        assertThat(field.path(other).status()).isEqualTo(SearchStatus.UNREACHABLE);
    }

    @Test
    void path_OnWeightedTerrain_PaysTheEnteredCellsCostsLikeASearchFromTheSource() {
        String[] rows = {
                "sTTg",
                "....",
        };
        GridMap map = AsciiMaps.map(rows);
        NavGrid grid = map.navGrid(MoveLayer.LAND, 1);
        int start = map.cell(0, 0);
        int goal = map.cell(3, 0);
        field.build(grid, goal, new int[] {start}, 1, Moves.EIGHT, 2);
        PathResult astar = search.find(grid, 0, 0, 3, 0, SearchOptions.DEFAULT);
        // down, two along the bottom, diagonal up into g: sqrt2 + 1 + sqrt2 beats 3 + 3 + 1 through the trees
        assertThat(field.value(start)).isCloseTo(1 + 2 * SQRT2, within(1e-12));
        assertThat(field.path(start).length()).isCloseTo(astar.length(), within(1e-12));
        assertThat(field.value(goal)).isEqualTo(0.0);
    }

    @Test
    void descend_WithAgentSizeTwo_KeepsOutOfTheOneCellGap() {
        String[] rows = {
                "s.........",
                "..........",
                "#####.####",
                "..........",
                "........g.",
                "..........",
        };
        GridMap map = AsciiMaps.map(rows);
        NavGrid grid = map.navGrid(MoveLayer.DEFAULT, 2);
        int start = map.cell(0, 0);
        int goal = map.cell(8, 4);
        assertThat(field.build(grid, goal, new int[] {start}, 1, Moves.EIGHT, 1)).isTrue();
        assertThat(grid.island(start)).isNotEqualTo(grid.island(goal));
        assertThat(field.value(start)).isInfinite();
        assertThat(field.value(goal)).isEqualTo(0.0);
    }

    @Property(tries = 300)
    void pathLengths_OnRandomMaps_EqualJpsAndAStar(@ForAll("seeds") long seed,
                                                  @ForAll @IntRange(min = 0, max = 40) int densityPct,
                                                  @ForAll @IntRange(min = 0, max = 3) int variant) {
        Random rnd = new Random(seed);
        int w = 5 + rnd.nextInt(40);
        int h = 5 + rnd.nextInt(40);
        boolean terrains = variant == 1;
        int agentSize = variant == 2 ? 2 : 1;
        Moves moves = variant == 3 ? Moves.FOUR : Moves.EIGHT;
        byte[] t = new byte[w * h];
        byte[] classes = {Terrain.OPEN, Terrain.HILL, Terrain.TREES, Terrain.SWAMP};
        for (int i = 0; i < t.length; i++) {
            t[i] = rnd.nextInt(100) < densityPct ? Terrain.WALL
                    : terrains ? classes[rnd.nextInt(classes.length)] : Terrain.OPEN;
        }
        GridMap map = new GridMap("random", w, h, WorldTransform.UNIT, t);
        NavGrid grid = map.navGrid(terrains ? MoveLayer.LAND : MoveLayer.DEFAULT, agentSize);
        int goal = rnd.nextInt(w * h);
        int n = 1 + rnd.nextInt(12);
        int[] sources = new int[n];
        for (int i = 0; i < n; i++) {
            sources[i] = rnd.nextInt(w * h);
        }
        checkAgainstSearches(grid, goal, sources, moves, rnd.nextInt(4));
    }

    @Property(tries = 200)
    void descents_AfterOthersOfTheSameBuild_EqualTheSameDescentRunFirst(@ForAll("seeds") long seed,
                                                                        @ForAll @IntRange(min = 0, max = 35) int densityPct) {
        Random rnd = new Random(seed);
        int w = 10 + rnd.nextInt(50);
        int h = 10 + rnd.nextInt(50);
        byte[] t = new byte[w * h];
        for (int i = 0; i < t.length; i++) {
            t[i] = rnd.nextInt(100) < densityPct ? Terrain.WALL : Terrain.OPEN;
        }
        NavGrid grid = new GridMap("random", w, h, WorldTransform.UNIT, t).navGrid();
        int goal = rnd.nextInt(w * h);
        int[] sources = new int[1 + rnd.nextInt(30)];
        for (int i = 0; i < sources.length; i++) {
            sources[i] = rnd.nextInt(w * h);
        }
        IntegrationField shared = new IntegrationField();
        IntegrationField fresh = new IntegrationField();
        if (!shared.build(grid, goal, sources, sources.length, Moves.EIGHT, 2)) {
            return;
        }
        // every descent of the shared field (which reuses the remainders of earlier ones) equals the same descent
        // made first on a fresh build
        for (int source : sources) {
            int k = shared.descend(source);
            int[] got = java.util.Arrays.copyOf(shared.descentCells(), k);
            fresh.build(grid, goal, sources, sources.length, Moves.EIGHT, 2);
            int j = fresh.descend(source);
            assertThat(got).as("descent from %d", source).isEqualTo(java.util.Arrays.copyOf(fresh.descentCells(), j));
        }
    }

    @Property(tries = 200)
    void descents_OnRandomGrids_CostTheOracleValueAndFollowTheTieRule(@ForAll("seeds") long seed,
                                                                      @ForAll @IntRange(min = 0, max = 40) int densityPct,
                                                                      @ForAll @IntRange(min = 0, max = 3) int variant) {
        Random rnd = new Random(seed);
        int w = 4 + rnd.nextInt(36);
        int h = 4 + rnd.nextInt(36);
        boolean terrains = variant == 1 || variant == 3;
        Moves moves = variant >= 2 ? Moves.FOUR : Moves.EIGHT;
        byte[] t = new byte[w * h];
        byte[] classes = {Terrain.OPEN, Terrain.HILL, Terrain.TREES, Terrain.SWAMP};
        for (int i = 0; i < t.length; i++) {
            t[i] = rnd.nextInt(100) < densityPct ? Terrain.WALL
                    : terrains ? classes[rnd.nextInt(classes.length)] : Terrain.OPEN;
        }
        NavGrid grid = new GridMap("random", w, h, WorldTransform.UNIT, t)
                .navGrid(terrains ? MoveLayer.LAND : MoveLayer.DEFAULT, 1);
        int goal = rnd.nextInt(w * h);
        int[] sources = new int[1 + rnd.nextInt(10)];
        for (int i = 0; i < sources.length; i++) {
            sources[i] = rnd.nextInt(w * h);
        }
        if (!field.build(grid, goal, sources, sources.length, moves, rnd.nextInt(3))) {
            assertThat(grid.openCell(goal)).isFalse();
            return;
        }
        double[] oracle = dijkstra(grid, goal, moves);
        for (int s : sources) {
            if (!grid.openCell(s) || Double.isInfinite(oracle[s])) {
                assertThat(field.descend(s)).as("unreachable source %d", s).isZero();
                continue;
            }
            double tol = 1e-9 * Math.max(1, oracle[s]);
            assertThat(field.value(s)).as("value of source %d", s).isCloseTo(oracle[s], within(tol));
            int k = field.descend(s);
            int[] path = java.util.Arrays.copyOf(field.descentCells(), k);
            assertThat(path[0]).isEqualTo(s);
            assertThat(path[k - 1]).isEqualTo(goal);
            double cost = 0;
            for (int i = 1; i < k; i++) {
                cost += step(grid, path[i - 1], path[i]);
            }
            assertThat(cost).as("descent cost from %d", s).isCloseTo(oracle[s], within(tol));
            for (int i = 0; i + 1 < k; i++) {
                assertThat(path[i + 1]).as("step %d of the descent from %d", i, s)
                        .isEqualTo(ruleStep(grid, moves, path[i], goal));
            }
        }
    }

    /**
     * The neighbour the class comment's tie rule picks for settled cell c, from the field's values: the minimisers
     * of value + step, those whose own next move goes on in the same direction first, then N, S, W, E, NW, NE,
     * SW, SE.
     */
    private int ruleStep(NavGrid grid, Moves moves, int c, int goal) {
        int w = grid.width();
        int[][] order = {{0, -1}, {0, 1}, {-1, 0}, {1, 0}, {-1, -1}, {1, -1}, {-1, 1}, {1, 1}};
        double best = Double.POSITIVE_INFINITY;
        int bestCell = -1;
        int bestRank = Integer.MAX_VALUE;
        for (int d = 0; d < (moves == Moves.FOUR ? 4 : 8); d++) {
            int n = neighbour(grid, c, order[d][0], order[d][1]);
            if (n < 0 || Double.isInfinite(field.value(n))) {
                continue;
            }
            double v = field.value(n) + step(grid, c, n);
            boolean straight = false;
            if (n != goal) {
                field.descend(n);
                int after = field.descentCells()[1];
                straight = after % w - n % w == order[d][0] && after / w - n / w == order[d][1];
            }
            int rank = (straight ? 0 : 8) + d;
            int cmp = Double.compare(v, best);
            if (cmp < 0 || (cmp == 0 && rank < bestRank)) {
                best = v;
                bestCell = n;
                bestRank = rank;
            }
        }
        return bestCell;
    }

    /** Map cell (col + dx, row + dy) of c when the move is legal (standable, no corner cutting), else -1. */
    private static int neighbour(NavGrid grid, int c, int dx, int dy) {
        int w = grid.width();
        int x = c % w + dx;
        int y = c / w + dy;
        if (x < 0 || y < 0 || x >= w || y >= grid.height() || !grid.open(x, y)) {
            return -1;
        }
        if (dx != 0 && dy != 0 && !(grid.open(c % w + dx, c / w) && grid.open(c % w, c / w + dy))) {
            return -1;
        }
        return y * w + x;
    }

    /** Cost of the move from c into its neighbour n: length times n's cost, as the field and searches charge it. */
    private static double step(NavGrid grid, int c, int n) {
        int w = grid.width();
        boolean diagonal = c % w != n % w && c / w != n / w;
        double cost = grid.cost(n);
        return diagonal ? SQRT2 * cost : cost;
    }

    /** Plain Dijkstra toward the goal over the whole map: each cell's least cost to reach the goal. */
    private static double[] dijkstra(NavGrid grid, int goal, Moves moves) {
        int cells = grid.width() * grid.height();
        double[] dist = new double[cells];
        java.util.Arrays.fill(dist, Double.POSITIVE_INFINITY);
        boolean[] done = new boolean[cells];
        java.util.PriorityQueue<double[]> queue = new java.util.PriorityQueue<>(
                (a, b) -> Double.compare(a[0], b[0]));
        dist[goal] = 0;
        queue.add(new double[] {0, goal});
        int[][] order = {{0, -1}, {0, 1}, {-1, 0}, {1, 0}, {-1, -1}, {1, -1}, {-1, 1}, {1, 1}};
        while (!queue.isEmpty()) {
            int n = (int) queue.poll()[1];
            if (done[n]) {
                continue;
            }
            done[n] = true;
            for (int d = 0; d < (moves == Moves.FOUR ? 4 : 8); d++) {
                // c moves into n: the reverse of n's neighbour in direction d
                int c = neighbour(grid, n, order[d][0], order[d][1]);
                if (c >= 0 && !done[c]) {
                    double v = dist[n] + step(grid, c, n);
                    if (v < dist[c]) {
                        dist[c] = v;
                        queue.add(new double[] {v, c});
                    }
                }
            }
        }
        return dist;
    }

    @Test
    void descend_FourConnectedOnAnOpenField_TurnsOnceTowardTheFirstDirectionOfTheOrder() {
        String[] rows = {
                "g..........",
                "...........",
                "...........",
                "..........s",
        };
        GridMap map = AsciiMaps.map(rows);
        int goal = map.cell(0, 0);
        int start = map.cell(10, 3);
        assertThat(field.build(map.navGrid(), goal, new int[] {start}, 1, Moves.FOUR, 0)).isTrue();
        int k = field.descend(start);
        int[] cells = java.util.Arrays.copyOf(field.descentCells(), k);
        // every order of 3 N and 10 W costs 13: row 0 goes W, column 0 goes N, and a cell elsewhere takes the
        // neighbour that goes on straight, else N before W, so the column of the start goes N up to row 0
        int[] expected = new int[14];
        for (int i = 0; i <= 3; i++) {
            expected[i] = map.cell(10, 3 - i);
        }
        for (int i = 1; i <= 10; i++) {
            expected[3 + i] = map.cell(10 - i, 0);
        }
        assertThat(cells).containsExactly(expected);
        assertThat(field.value(start)).isEqualTo(13.0);
        assertThat(field.value(map.cell(5, 2))).isEqualTo(7.0);
    }

    @Test
    void scratchBytes_AfterABuildAcrossA1024SquareMap_IsAboutOneBytePerFieldCell() {
        int side = 1024;
        boolean[] walk = new boolean[side * side];
        java.util.Arrays.fill(walk, true);
        Random rnd = new Random(12);
        for (int i = 0; i < walk.length / 5; i++) {
            walk[rnd.nextInt(walk.length)] = false;
        }
        int goal = 512 * side + 512;
        walk[goal] = true;
        NavGrid grid = GridMap.ofWalkable("open", side, side, WorldTransform.UNIT, walk).navGrid();
        int[] corners = {0, side - 1, (side - 1) * side, side * side - 1};
        IntegrationField big = new IntegrationField();

        assertThat(big.build(grid, goal, corners, corners.length, Moves.EIGHT, 0)).isTrue();

        assertThat(big.regionCells()).isEqualTo(side * side);
        assertThat(big.settledCells()).isGreaterThan(side * side / 2);
        long bytes = big.scratchBytes();
        // 88-byte pages of 64 cells (1 byte a cell, 24 a page) and 4 bytes of page table per 64 region cells: the
        // pages alone were 560 bytes (8.75 a cell) before the directions replaced the values
        long pages = big.heldPages() * IntegrationField.PAGE_BYTES;
        assertThat(big.heldPages()).isLessThanOrEqualTo(side * side / 64);
        assertThat(bytes).isGreaterThanOrEqualTo(pages + 4L * big.heldPages());
        // the rest is the frontier's values and buckets, which follow the frontier (a few thousand cells here)
        assertThat(bytes - pages - 4L * (side * side / 64)).isLessThan(side * side / 4);
        assertThat((double) bytes / big.regionCells()).isLessThan(1.75);
        // and the field still descends optimally from the corners
        for (int s : corners) {
            if (grid.openCell(s)) {
                assertThat(big.path(s).length()).isCloseTo(search.find(grid, s % side, s / side, 512, 512,
                        SearchOptions.DEFAULT).length(), within(1e-9));
            }
        }
    }

    @net.jqwik.api.Provide
    net.jqwik.api.Arbitrary<Long> seeds() {
        return net.jqwik.api.Arbitraries.longs();
    }

    @Test
    void pathLengths_OnTheBundledMaps_EqualJps() throws IOException {
        Random rnd = new Random(20261123);
        for (String name : new String[] {"arena.txt", "rooms512.map"}) {
            GridMap map = MapLoader.load(TestData.mapsDir().resolve(name));
            NavGrid grid = map.navGrid();
            for (int q = 0; q < 12; q++) {
                int goal = randomOpen(grid, rnd);
                int[] sources = new int[1 + rnd.nextInt(20)];
                for (int i = 0; i < sources.length; i++) {
                    // clustered sources, as chasers around a player, and a few far ones
                    int c = map.col(goal) + rnd.nextInt(61) - 30;
                    int r = map.row(goal) + rnd.nextInt(61) - 30;
                    sources[i] = i % 5 == 4 || !map.inBounds(c, r) ? randomOpen(grid, rnd) : map.cell(c, r);
                }
                checkAgainstSearches(grid, goal, sources, Moves.EIGHT, 8);
            }
        }
    }

    @Test
    void build_WhenWarm_AllocatesNothing() throws IOException {
        com.sun.management.ThreadMXBean mx = Allocations.counter();
        NavGrid grid = MapLoader.load(TestData.mapsDir().resolve("arena.txt")).navGrid();
        Random rnd = new Random(5);
        int[] goals = new int[50];
        int[] sources = new int[16 * goals.length];
        for (int i = 0; i < goals.length; i++) {
            goals[i] = randomOpen(grid, rnd);
        }
        for (int i = 0; i < sources.length; i++) {
            sources[i] = randomOpen(grid, rnd);
        }
        int[] batch = new int[16];
        for (int rep = 0; rep < 50; rep++) {
            buildAll(grid, goals, sources, batch);
        }
        long before = mx.getCurrentThreadAllocatedBytes();
        long descended = buildAll(grid, goals, sources, batch);
        long allocated = mx.getCurrentThreadAllocatedBytes() - before;
        assertThat(descended).isPositive();
        assertThat(allocated).isLessThan(1024);
    }

    private long buildAll(NavGrid grid, int[] goals, int[] sources, int[] batch) {
        long cells = 0;
        for (int i = 0; i < goals.length; i++) {
            System.arraycopy(sources, 16 * i, batch, 0, 16);
            field.build(grid, goals[i], batch, 16, Moves.EIGHT, 8);
            for (int s : batch) {
                cells += field.descend(s);
            }
        }
        return cells;
    }

    private static int randomOpen(NavGrid grid, Random rnd) {
        int n = grid.width() * grid.height();
        while (true) {
            int c = rnd.nextInt(n);
            if (grid.openCell(c)) {
                return c;
            }
        }
    }

    private void checkAgainstSearches(NavGrid grid, int goal, int[] sources, Moves moves, int margin) {
        GridMap map = grid.map();
        boolean built = field.build(grid, goal, sources, sources.length, moves, margin);
        assertThat(built).isEqualTo(grid.openCell(goal));
        for (int s : sources) {
            SearchOptions options = SearchOptions.DEFAULT.withMoves(moves);
            PathResult jps = search.find(grid, map.col(s), map.row(s), map.col(goal), map.row(goal), options);
            PathResult astar = search.find(grid, map.col(s), map.row(s), map.col(goal), map.row(goal),
                    options.withAlgorithm(Algorithm.ASTAR));
            PathResult flow = field.path(s);
            if (jps.status() == SearchStatus.FOUND) {
                assertThat(flow.status()).as("source %d goal %d", s, goal).isEqualTo(SearchStatus.FOUND);
                double tol = 1e-4 * Math.max(1, jps.length());
                assertThat(flow.length()).as("source %d goal %d", s, goal).isCloseTo(jps.length(), within(tol));
                assertThat(flow.length()).isCloseTo(astar.length(), within(tol));
                assertThat(field.value(s)).isCloseTo(jps.length(), within(tol));
                assertThat(flow.cell(0)).isEqualTo(s);
                assertThat(flow.endCell()).isEqualTo(goal);
                assertLegalMoves(grid, flow);
                assertThat(measured(grid, flow)).isCloseTo(jps.length(), within(tol));
            } else {
                assertThat(flow.status()).isEqualTo(SearchStatus.UNREACHABLE);
            }
        }
    }

    /** Cost of the path's moves recomputed from the grid. */
    private static double measured(NavGrid grid, PathResult p) {
        int w = grid.width();
        double sum = 0;
        for (int i = 1; i < p.cellCount(); i++) {
            boolean diagonal = p.cell(i) % w != p.cell(i - 1) % w && p.cell(i) / w != p.cell(i - 1) / w;
            sum += (diagonal ? SQRT2 : 1.0) * grid.cost(p.cell(i));
        }
        return sum;
    }

    private static void assertLegalMoves(NavGrid grid, PathResult p) {
        int w = grid.width();
        for (int i = 0; i < p.cellCount(); i++) {
            assertThat(grid.openCell(p.cell(i))).isTrue();
            if (i == 0) {
                continue;
            }
            int c0 = p.cell(i - 1) % w;
            int r0 = p.cell(i - 1) / w;
            int c1 = p.cell(i) % w;
            int r1 = p.cell(i) / w;
            assertThat(Math.max(Math.abs(c1 - c0), Math.abs(r1 - r0))).isEqualTo(1);
            if (c0 != c1 && r0 != r1) {
                assertThat(grid.open(c1, r0) && grid.open(c0, r1)).as("no corner cutting").isTrue();
            }
        }
    }
}
