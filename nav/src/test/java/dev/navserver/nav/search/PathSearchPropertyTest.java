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

class PathSearchPropertyTest {
    private static final double SQRT2 = Math.sqrt(2);

    private final PathSearch search = new PathSearch();

    /** A random query: a map, a grid of it, start and goal (possibly outside the map). */
    private record Query(NavGrid grid, int sc, int sr, int gc, int gr) {
        PathResult find(PathSearch search, SearchOptions options) {
            return search.find(grid, sc, sr, gc, gr, options);
        }

        void start(PathSearch search, SearchOptions options) {
            search.start(grid, sc, sr, gc, gr, options);
        }
    }

    private static Query query(int width, int height, int densityPct, long seed, boolean terrains, int agentSize) {
        Random rnd = new Random(seed);
        byte[] t = new byte[width * height];
        byte[] classes = {Terrain.OPEN, Terrain.HILL, Terrain.TREES, Terrain.SWAMP, Terrain.WATER};
        for (int i = 0; i < t.length; i++) {
            if (rnd.nextInt(100) < densityPct) {
                t[i] = Terrain.WALL;
            } else {
                t[i] = terrains ? classes[rnd.nextInt(classes.length)] : Terrain.OPEN;
            }
        }
        GridMap map = new GridMap("random", width, height, WorldTransform.UNIT, t);
        NavGrid grid = map.navGrid(terrains ? MoveLayer.LAND : MoveLayer.DEFAULT, agentSize);
        // mostly inside, sometimes one cell outside
        int sc = rnd.nextInt(width + 2) - 1;
        int sr = rnd.nextInt(height + 2) - 1;
        int gc = rnd.nextInt(width + 2) - 1;
        int gr = rnd.nextInt(height + 2) - 1;
        if (rnd.nextInt(4) != 0) {
            sc = Math.max(0, Math.min(width - 1, sc));
            sr = Math.max(0, Math.min(height - 1, sr));
            gc = Math.max(0, Math.min(width - 1, gc));
            gr = Math.max(0, Math.min(height - 1, gr));
        }
        return new Query(grid, sc, sr, gc, gr);
    }


    private static SearchStatus expectedStatus(Query q, double[] dist) {
        GridMap map = q.grid().map();
        if (!map.inBounds(q.sc(), q.sr()) || !map.inBounds(q.gc(), q.gr())) {
            return SearchStatus.OUT_OF_BOUNDS;
        }
        if (!q.grid().open(q.sc(), q.sr())) {
            return SearchStatus.START_BLOCKED;
        }
        if (!q.grid().open(q.gc(), q.gr())) {
            return SearchStatus.GOAL_BLOCKED;
        }
        return Double.isInfinite(dist[q.gr() * map.width() + q.gc()]) ? SearchStatus.UNREACHABLE : SearchStatus.FOUND;
    }

    private void checkAgainstOracle(Query q, Moves moves, SearchOptions options) {
        GridMap map = q.grid().map();
        boolean inside = map.inBounds(q.sc(), q.sr()) && map.inBounds(q.gc(), q.gr());
        double[] dist = inside && q.grid().open(q.sc(), q.sr()) ? Dijkstra.distances(q.grid(), q.sr() * q.grid().width() + q.sc(), moves == Moves.EIGHT, true) : null;
        SearchStatus expected = expectedStatus(q, dist);
        PathResult r = q.find(search, options.withMoves(moves));
        assertThat(r.status()).isEqualTo(expected);
        if (expected == SearchStatus.FOUND) {
            assertThat(r.length()).isCloseTo(dist[q.gr() * map.width() + q.gc()], within(1e-9));
            assertThat(r.cell(0)).isEqualTo(map.cell(q.sc(), q.sr()));
            assertThat(r.endCell()).isEqualTo(map.cell(q.gc(), q.gr()));
            PathSearchTest.assertValidPath(q.grid(), r, moves);
        } else {
            assertThat(r.cells()).isEmpty();
        }
        if (expected == SearchStatus.UNREACHABLE) {
            assertThat(r.expanded()).isZero();
        }
    }

    /** {@link #checkAgainstOracle(Query, Moves, SearchOptions)} with the default options of each algorithm. */
    private void checkAgainstOracle(Query q, Moves moves, Algorithm... algorithms) {
        for (Algorithm algorithm : algorithms) {
            checkAgainstOracle(q, moves, SearchOptions.DEFAULT.withAlgorithm(algorithm));
        }
    }

    @Property(tries = 150)
    void astarJpsAndSubgoal_OnMapsWiderThanOneBitWord_AgreeWithDijkstra(@ForAll @IntRange(min = 60, max = 200) int width,
                                                               @ForAll @IntRange(min = 60, max = 200) int height,
                                                               @ForAll @IntRange(min = 0, max = 45) int densityPct,
                                                               @ForAll long seed) {
        Query q = query(width, height, densityPct, seed, false, 1);
        checkAgainstOracle(q, Moves.EIGHT, Algorithm.ASTAR, Algorithm.JPS, Algorithm.SUBGOAL);
    }

    @Property(tries = 1000)
    void astarJpsAndSubgoal_OnRandomMaps_AgreeWithDijkstra(@ForAll @IntRange(min = 1, max = 40) int width,
                                                   @ForAll @IntRange(min = 1, max = 40) int height,
                                                   @ForAll @IntRange(min = 0, max = 60) int densityPct,
                                                   @ForAll @IntRange(min = 1, max = 3) int agentSize,
                                                   @ForAll long seed) {
        Query q = query(width, height, densityPct, seed, false, agentSize);
        checkAgainstOracle(q, Moves.EIGHT, Algorithm.ASTAR, Algorithm.JPS, Algorithm.SUBGOAL);
    }

    @Property(tries = 200)
    void fourConnected_OnRandomMaps_AgreesWithDijkstra(@ForAll @IntRange(min = 1, max = 40) int width,
                                                      @ForAll @IntRange(min = 1, max = 40) int height,
                                                      @ForAll @IntRange(min = 0, max = 50) int densityPct,
                                                      @ForAll long seed) {
        Query q = query(width, height, densityPct, seed, false, 1);
        checkAgainstOracle(q, Moves.FOUR, Algorithm.ASTAR, Algorithm.JPS);
    }

    @Property(tries = 200)
    void landLayerWithTerrainCosts_OnRandomMaps_AgreesWithDijkstra(@ForAll @IntRange(min = 1, max = 40) int width,
                                                                  @ForAll @IntRange(min = 1, max = 40) int height,
                                                                  @ForAll @IntRange(min = 0, max = 40) int densityPct,
                                                                  @ForAll long seed) {
        Query q = query(width, height, densityPct, seed, true, 1);
        checkAgainstOracle(q, Moves.EIGHT, Algorithm.ASTAR, Algorithm.JPS);
        checkAgainstOracle(q, Moves.FOUR, Algorithm.ASTAR);
    }

    @Property(tries = 300)
    void slicedSearch_WithRandomSliceSizes_EqualsOneShot(@ForAll @IntRange(min = 1, max = 40) int width,
                                                        @ForAll @IntRange(min = 1, max = 40) int height,
                                                        @ForAll @IntRange(min = 0, max = 50) int densityPct,
                                                        @ForAll boolean terrains,
                                                        @ForAll long seed) {
        Query q = query(width, height, densityPct, seed, terrains, 1);
        Random rnd = new Random(~seed);
        for (Algorithm algorithm : Algorithm.values()) {
            for (Moves moves : Moves.values()) {
                SearchOptions o = SearchOptions.DEFAULT.withAlgorithm(algorithm).withMoves(moves);
                PathResult oneShot = q.find(search, o);
                q.start(search, o);
                while (!search.step(rnd.nextInt(4) == 0 ? 0 : 1 + rnd.nextInt(6))) {
                    assertThat(search.finished()).isFalse();
                }
                assertThat(search.result()).isEqualTo(oneShot);
            }
        }
    }

    @Property(tries = 300)
    void budgetedSearch_WithAmpleBudget_EqualsUnlimitedAndDijkstra(@ForAll @IntRange(min = 1, max = 40) int width,
                                                                   @ForAll @IntRange(min = 1, max = 40) int height,
                                                                   @ForAll @IntRange(min = 0, max = 50) int densityPct,
                                                                   @ForAll @IntRange(min = 0, max = 3) int slack,
                                                                   @ForAll long seed) {
        Query q = query(width, height, densityPct, seed, false, 1);
        for (Algorithm algorithm : Algorithm.values()) {
            SearchOptions o = SearchOptions.DEFAULT.withAlgorithm(algorithm);
            PathResult unlimited = q.find(search, o);
            int budget = Math.max(1, unlimited.expanded() + slack);
            checkAgainstOracle(q, Moves.EIGHT, o.withMaxExpandedNodes(budget));
            assertThat(q.find(search, o.withMaxExpandedNodes(budget))).isEqualTo(unlimited);
        }
    }

    @Property(tries = 300)
    void budgetedSearch_WithSmallBudget_ValidPathNoFartherFromGoalThanStart(
            @ForAll @IntRange(min = 1, max = 40) int width, @ForAll @IntRange(min = 1, max = 40) int height,
            @ForAll @IntRange(min = 0, max = 50) int densityPct, @ForAll @IntRange(min = 1, max = 20) int budget,
            @ForAll long seed) {
        Query q = query(width, height, densityPct, seed, false, 1);
        for (Algorithm algorithm : Algorithm.values()) {
            SearchOptions o = SearchOptions.DEFAULT.withAlgorithm(algorithm).withMaxExpandedNodes(budget);
            PathResult r = q.find(search, o);
            assertThat(r.expanded()).isLessThanOrEqualTo(budget);
            if (r.status() == SearchStatus.PARTIAL) {
                assertThat(r.expanded()).isEqualTo(budget);
                PathSearchTest.assertValidPath(q.grid(), r, Moves.EIGHT);
                GridMap map = q.grid().map();
                assertThat(octile(map.col(r.endCell()) - q.gc(), map.row(r.endCell()) - q.gr()))
                        .isLessThanOrEqualTo(octile(q.sc() - q.gc(), q.sr() - q.gr()));
            }
        }
    }

    @Property(tries = 300)
    void arrivalRadius_OnRandomMaps_EndsWithinRadiusOnAValidPath(@ForAll @IntRange(min = 1, max = 40) int width,
                                                                @ForAll @IntRange(min = 1, max = 40) int height,
                                                                @ForAll @IntRange(min = 0, max = 50) int densityPct,
                                                                @ForAll @IntRange(min = 0, max = 60) int radiusTenths,
                                                                @ForAll long seed) {
        Query q = query(width, height, densityPct, seed, false, 1);
        double radius = radiusTenths / 10.0;
        for (Algorithm algorithm : Algorithm.values()) {
            PathResult exact = q.find(search, SearchOptions.DEFAULT.withAlgorithm(algorithm));
            PathResult r = q.find(search,
                    SearchOptions.DEFAULT.withAlgorithm(algorithm).withArrivalRadiusCells(radius));
            assertThat(r.status()).isEqualTo(exact.status());
            if (r.status() == SearchStatus.FOUND) {
                GridMap map = q.grid().map();
                double d = Math.hypot(map.col(r.endCell()) - q.gc(), map.row(r.endCell()) - q.gr());
                assertThat(d).isLessThanOrEqualTo(radius);
                PathSearchTest.assertValidPath(q.grid(), r, Moves.EIGHT);
                assertThat(r.length()).isLessThanOrEqualTo(exact.length() + 1e-9);
            }
        }
    }

    @Property(tries = 300)
    void nearestReachable_WhenGoalUnreachable_PartialToTheNearestCellOfTheStartIsland(
            @ForAll @IntRange(min = 1, max = 40) int width, @ForAll @IntRange(min = 1, max = 40) int height,
            @ForAll @IntRange(min = 20, max = 60) int densityPct, @ForAll long seed) {
        Query q = query(width, height, densityPct, seed, false, 1);
        GridMap map = q.grid().map();
        if (!map.inBounds(q.sc(), q.sr()) || !map.inBounds(q.gc(), q.gr()) || !q.grid().open(q.sc(), q.sr())) {
            return;
        }
        double[] dist = Dijkstra.distances(q.grid(), q.sr() * q.grid().width() + q.sc(), true, true);
        for (Algorithm algorithm : Algorithm.values()) {
            PathResult r = q.find(search,
                    SearchOptions.DEFAULT.withAlgorithm(algorithm).withGoalPolicy(GoalPolicy.NEAREST_REACHABLE));
            int goal = map.cell(q.gc(), q.gr());
            if (Double.isFinite(dist[goal])) {
                assertThat(r.status()).isEqualTo(SearchStatus.FOUND);
                continue;
            }
            assertThat(r.status()).isEqualTo(SearchStatus.PARTIAL);
            long best = Long.MAX_VALUE;
            for (int c = 0; c < dist.length; c++) {
                if (Double.isFinite(dist[c])) {
                    long dc = map.col(c) - q.gc();
                    long dr = map.row(c) - q.gr();
                    best = Math.min(best, dc * dc + dr * dr);
                }
            }
            int end = r.endCell();
            long dc = map.col(end) - q.gc();
            long dr = map.row(end) - q.gr();
            assertThat(dc * dc + dr * dr).isEqualTo(best);
            assertThat(r.length()).isCloseTo(dist[end], within(1e-9));
            PathSearchTest.assertValidPath(q.grid(), r, Moves.EIGHT);
        }
    }

    private static double octile(int dx, int dy) {
        int a = Math.abs(dx);
        int b = Math.abs(dy);
        return Math.max(a, b) + (SQRT2 - 1) * Math.min(a, b);
    }
}
