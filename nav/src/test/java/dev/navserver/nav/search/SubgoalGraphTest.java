package dev.navserver.nav.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.navserver.nav.AsciiMaps;
import dev.navserver.nav.Dijkstra;
import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.grid.Terrain;
import dev.navserver.nav.grid.WorldTransform;
import dev.navserver.nav.search.core.IntPages;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * The subgoal graph ({@link SubgoalGraph}) and the search over it ({@link SubgoalSearch}, {@link Algorithm#SUBGOAL}):
 * subgoals exactly at convex corners, edges between cells that see each other along a diagonal-first path, and
 * searches whose lengths are Dijkstra's, with and without the graph's landmarks.
 */
class SubgoalGraphTest {
    private static final AtomicInteger NAMES = new AtomicInteger();

    private static GridMap map(String... rows) {
        return AsciiMaps.map(rows);
    }

    private static List<String> subgoalCells(NavGrid grid, SubgoalGraph g) {
        List<String> out = new ArrayList<>();
        for (int u = 0; u < g.nodeCount(); u++) {
            int c = grid.unpad(g.cell(u));
            out.add((c % grid.width()) + "," + (c / grid.width()));
        }
        return out;
    }

    private static List<String> neighbours(NavGrid grid, SubgoalGraph g, int col, int row) {
        int u = g.node(grid.pad(col, row));
        assertThat(u).as("(%d, %d) is a subgoal", col, row).isGreaterThanOrEqualTo(0);
        List<String> out = new ArrayList<>();
        for (int e = g.firstEdge(u); e < g.endEdge(u); e++) {
            int c = grid.unpad(g.cell(g.targets()[e]));
            out.add((c % grid.width()) + "," + (c / grid.width()));
        }
        return out;
    }

    @Test
    void build_AroundOneBlock_PutsASubgoalAtEachConvexCornerAndJoinsThoseThatSeeEachOther() {
        NavGrid grid = map(
                ".....",
                ".##..",
                ".##..",
                ".....").navGrid();

        SubgoalGraph g = SubgoalGraph.build(grid);

        assertThat(subgoalCells(grid, g)).containsExactly("0,0", "3,0", "0,3", "3,3");
        assertThat(neighbours(grid, g, 0, 0)).containsExactlyInAnyOrder("3,0", "0,3");
        assertThat(neighbours(grid, g, 3, 3)).containsExactlyInAnyOrder("3,0", "0,3");
        assertThat(g.edgeCount()).as("the four sides, both ways; not the blocked diagonals").isEqualTo(8);
    }

    @Test
    void build_AWallWithADoor_HasTwoSubgoalsOneEachSideOfTheDoor() {
        NavGrid grid = map(
                ".....#.....",
                ".....#.....",
                "...........",
                ".....#.....",
                ".....#.....").navGrid();

        SubgoalGraph g = SubgoalGraph.build(grid);

        assertThat(subgoalCells(grid, g)).containsExactly("4,2", "6,2");
        assertThat(neighbours(grid, g, 4, 2)).containsExactly("6,2");
        PathResult r = new PathSearch().find(grid, 0, 0, 10, 4, SearchOptions.DEFAULT.withAlgorithm(Algorithm.SUBGOAL));
        PathResult jps = new PathSearch().find(grid, 0, 0, 10, 4, SearchOptions.DEFAULT);
        assertThat(r.status()).isEqualTo(SearchStatus.FOUND);
        assertThat(r.length()).isCloseTo(jps.length(), within(1e-9));
        assertThat(r.cells()).contains(grid.map().cell(5, 2));
        assertThat(r.expanded()).as("start, the two door subgoals").isEqualTo(3);
        PathSearchTest.assertValidPath(grid, r, Moves.EIGHT);
    }

    @Test
    void build_AnOpenMap_HasNoSubgoals_AndAnswersByTheDirectEdge() {
        NavGrid grid = map(
                "........",
                "........",
                "........").navGrid();

        assertThat(SubgoalGraph.build(grid).nodeCount()).isZero();
        PathResult r = new PathSearch().find(grid, 0, 0, 7, 2, SearchOptions.DEFAULT.withAlgorithm(Algorithm.SUBGOAL));
        assertThat(r.status()).isEqualTo(SearchStatus.FOUND);
        assertThat(r.length()).isCloseTo(5 + 2 * Math.sqrt(2), within(1e-9));
        PathSearchTest.assertValidPath(grid, r, Moves.EIGHT);
    }

    @Test
    void build_WithAnEdgeCap_GivesUpOnceTheScansFindMore() {
        NavGrid grid = randomMap(60, 60, 20, new Random(3)).navGrid();

        assertThat(SubgoalGraph.build(grid, 10)).isNull();
        assertThat(SubgoalGraph.build(grid, Integer.MAX_VALUE - 16)).isNotNull();
    }

    @Test
    void subgoal_WithFourConnectedMovesOrAWeightedLayerOrARadius_SearchesAsJps() {
        NavGrid grid = randomMap(70, 70, 25, new Random(11)).navGrid();
        byte[] hills = new byte[70 * 70];
        Random rnd = new Random(11);
        for (int i = 0; i < hills.length; i++) {
            int roll = rnd.nextInt(100);
            hills[i] = roll < 20 ? Terrain.WALL : roll < 40 ? Terrain.HILL : Terrain.OPEN;
        }
        NavGrid weighted = new GridMap("subgoal-hills", 70, 70, WorldTransform.UNIT, hills)
                .navGrid(dev.navserver.nav.grid.MoveLayer.LAND, 1);
        assertThat(weighted.uniformCost()).isFalse();
        int[] p = farPair(grid, new Random(12));
        int[] q = farPair(weighted, new Random(12));
        SearchOptions[] cases = {
                SearchOptions.DEFAULT.withMoves(Moves.FOUR),
                SearchOptions.DEFAULT.withArrivalRadiusCells(2.5)};
        for (SearchOptions o : cases) {
            assertThat(new PathSearch().find(grid, p[0], p[1], p[2], p[3], o.withAlgorithm(Algorithm.SUBGOAL)))
                    .isEqualTo(new PathSearch().find(grid, p[0], p[1], p[2], p[3], o));
        }
        assertThat(new PathSearch().find(weighted, q[0], q[1], q[2], q[3],
                SearchOptions.DEFAULT.withAlgorithm(Algorithm.SUBGOAL)))
                .isEqualTo(new PathSearch().find(weighted, q[0], q[1], q[2], q[3], SearchOptions.DEFAULT));
    }

    @Test
    void subgoalSearch_WithABudget_EndsPartialWithAValidPathFromTheStart() {
        NavGrid grid = randomMap(80, 80, 25, new Random(5)).navGrid();
        int[] pair = farPair(grid, new Random(6));
        SearchOptions o = SearchOptions.DEFAULT.withAlgorithm(Algorithm.SUBGOAL).withMaxExpandedNodes(3);

        PathResult r = new PathSearch().find(grid, pair[0], pair[1], pair[2], pair[3], o);

        assertThat(r.status()).isEqualTo(SearchStatus.PARTIAL);
        assertThat(r.expanded()).isEqualTo(3);
        assertThat(r.cell(0)).isEqualTo(grid.map().cell(pair[0], pair[1]));
        PathSearchTest.assertValidPath(grid, r, Moves.EIGHT);
    }

    @Property(tries = 300)
    void subgoalSearch_WithAndWithoutLandmarks_FindsDijkstrasLength(
            @ForAll @IntRange(min = 2, max = 90) int width, @ForAll @IntRange(min = 2, max = 90) int height,
            @ForAll @IntRange(min = 0, max = 45) int wallPercent, @ForAll @IntRange(min = 1, max = 2) int agentSize,
            @ForAll long seed) {
        Random rnd = new Random(seed);
        NavGrid grid = randomMap(width, height, wallPercent, rnd).navGrid(
                dev.navserver.nav.grid.MoveLayer.DEFAULT, agentSize);
        SubgoalGraph plain = SubgoalGraph.build(grid, Integer.MAX_VALUE - 16, 0);
        SubgoalGraph withLandmarks = SubgoalGraph.build(grid, Integer.MAX_VALUE - 16, SubgoalGraph.MAX_LANDMARKS);
        assertThat(plain.landmarkCount()).isZero();
        SubgoalSearch search = new SubgoalSearch();
        for (int i = 0; i < 8; i++) {
            int s = rnd.nextInt(width * height);
            int t = rnd.nextInt(width * height);
            if (!grid.openCell(s) || !grid.openCell(t) || grid.island(s) != grid.island(t)) {
                continue;
            }
            double expected = Dijkstra.distances(grid, s, true, true)[t];
            for (SubgoalGraph g : new SubgoalGraph[] {plain, withLandmarks}) {
                runToEnd(search, g, grid.pad(s), grid.pad(t));
                assertThat(search.found()).isTrue();
                assertShortestPath(grid, search.path(search.goalNode(), grid.width()), search.length(), s, t,
                        expected);
            }
        }
    }

    @Property(tries = 300)
    void hierarchySearch_WithAnyCoreSize_FindsDijkstrasLength(
            @ForAll @IntRange(min = 2, max = 90) int width, @ForAll @IntRange(min = 2, max = 90) int height,
            @ForAll @IntRange(min = 0, max = 45) int wallPercent, @ForAll @IntRange(min = 1, max = 2) int agentSize,
            @ForAll @IntRange(min = 0, max = 300) int coreSize, @ForAll long seed) {
        Random rnd = new Random(seed);
        NavGrid grid = randomMap(width, height, wallPercent, rnd).navGrid(
                dev.navserver.nav.grid.MoveLayer.DEFAULT, agentSize);
        SubgoalGraph graph = SubgoalGraph.build(grid);
        SubgoalHierarchy hierarchy = SubgoalHierarchy.build(graph, Math.min(coreSize, graph.nodeCount()));
        assertThat(hierarchy.coreSize()).isLessThanOrEqualTo(graph.nodeCount());
        HierarchySearch search = new HierarchySearch();
        for (int i = 0; i < 8; i++) {
            int s = rnd.nextInt(width * height);
            int t = rnd.nextInt(width * height);
            if (s == t || !grid.openCell(s) || !grid.openCell(t) || grid.island(s) != grid.island(t)) {
                continue;
            }
            double expected = Dijkstra.distances(grid, s, true, true)[t];
            search.begin(graph, hierarchy, grid.pad(s), grid.pad(t));
            while (!search.done()) {
                search.expandOne();
            }
            assertThat(search.found()).isTrue();
            assertShortestPath(grid, search.path(grid.width()), search.length(), s, t, expected);
        }
    }

    /** {@code cells} (of length {@code length}) is a valid 8-connected path from s to t, {@code expected} long. */
    private static void assertShortestPath(NavGrid grid, int[] cells, double length, int s, int t, double expected) {
        assertThat(cells).isNotNull();
        assertThat(length).isCloseTo(expected, within(1e-9));
        PathResult asResult = PathResult.found(cells, length, 0);
        assertThat(asResult.cell(0)).isEqualTo(s);
        assertThat(asResult.endCell()).isEqualTo(t);
        PathSearchTest.assertValidPath(grid, asResult, Moves.EIGHT);
    }

    @Test
    void hierarchy_OfRoomsWithDoors_ContractsAllButTheCore_AndSearchesFewerSubgoalsThanTheGraph() {
        NavGrid grid = rooms(12, 8).navGrid();
        SubgoalGraph graph = SubgoalGraph.build(grid);
        SubgoalHierarchy hierarchy = SubgoalHierarchy.build(graph, 16);
        assertThat(hierarchy.coreSize()).isEqualTo(16);
        int[] p = {1, 1, grid.width() - 2, grid.height() - 2};
        PathResult flat = new PathSearch().find(grid, p[0], p[1], p[2], p[3],
                SearchOptions.DEFAULT.withAlgorithm(Algorithm.SUBGOAL));
        HierarchySearch search = new HierarchySearch();
        search.begin(graph, hierarchy, grid.pad(grid.map().cell(p[0], p[1])), grid.pad(grid.map().cell(p[2], p[3])));
        while (!search.done()) {
            search.expandOne();
        }
        search.path(grid.width());
        assertThat(search.length()).isCloseTo(flat.length(), within(1e-9));
        assertThat(search.expanded()).isLessThan(flat.expanded());
    }

    @Test
    void hierarchySearch_WithABudgetItOutruns_StartsOverOverTheGraph_AndEndsPartial() {
        NavGrid grid = rooms(12, 8).navGrid();
        SubgoalGraph.forGrid(grid).buildHierarchy(16);
        SearchOptions subgoal = SearchOptions.DEFAULT.withAlgorithm(Algorithm.SUBGOAL);
        int[] p = {1, 1, grid.width() - 2, grid.height() - 2};
        PathResult whole = new PathSearch().find(grid, p[0], p[1], p[2], p[3], subgoal);
        assertThat(whole.status()).isEqualTo(SearchStatus.FOUND);

        PathResult cut = new PathSearch().find(grid, p[0], p[1], p[2], p[3], subgoal.withMaxExpandedNodes(3));

        assertThat(cut.status()).isEqualTo(SearchStatus.PARTIAL);
        assertThat(cut.expanded()).isEqualTo(3);
        assertThat(cut.cell(0)).isEqualTo(grid.map().cell(p[0], p[1]));
        PathSearchTest.assertValidPath(grid, cut, Moves.EIGHT);
    }

    /**
     * Rooms of 5 x 5 open cells in a grid of {@code cols x rows}, walls one cell thick, each wall with a one-cell
     * door in its middle.
     */
    static GridMap rooms(int cols, int rows) {
        int w = cols * 6 + 1;
        int h = rows * 6 + 1;
        byte[] t = new byte[w * h];
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                boolean wall = x % 6 == 0 || y % 6 == 0;
                boolean door = (x % 6 == 0 && y % 6 == 3 && x > 0 && x < w - 1)
                        || (y % 6 == 0 && x % 6 == 3 && y > 0 && y < h - 1);
                t[y * w + x] = wall && !door ? Terrain.WALL : Terrain.OPEN;
            }
        }
        return new GridMap("rooms-" + NAMES.incrementAndGet(), w, h, WorldTransform.UNIT, t);
    }

    @Property(tries = 100)
    void approximateMode_OverTheGraph_StaysWithinItsBound(@ForAll @IntRange(min = 10, max = 80) int size,
                                                          @ForAll @IntRange(min = 5, max = 40) int wallPercent,
                                                          @ForAll long seed) {
        Random rnd = new Random(seed);
        NavGrid grid = randomMap(size, size, wallPercent, rnd).navGrid();
        int[] pair = farPair(grid, rnd);
        if (pair == null) {
            return;
        }
        PathSearch search = new PathSearch();
        double optimal = search.find(grid, pair[0], pair[1], pair[2], pair[3], SearchOptions.DEFAULT).length();
        PathResult r = search.find(grid, pair[0], pair[1], pair[2], pair[3],
                SearchOptions.DEFAULT.withAlgorithm(Algorithm.SUBGOAL).withMode(SearchMode.APPROXIMATE));
        assertThat(r.status()).isEqualTo(SearchStatus.FOUND);
        assertThat(r.length()).isBetween(optimal - 1e-9, optimal * SearchMode.APPROXIMATE_WEIGHT + 1e-9);
        PathSearchTest.assertValidPath(grid, r, Moves.EIGHT);
    }

    /** Runs nothing until told: holds what it was given. */
    private static final class Queue implements Executor {
        final List<Runnable> tasks = new ArrayList<>();

        @Override
        public void execute(Runnable task) {
            tasks.add(task);
        }
    }

    @Test
    void serviceSearch_BeforeTheGraphIsBuilt_RunsJps_ThenSearchesTheGraphOnceTheOneBuildHasRun() {
        NavGrid grid = randomMap(120, 120, 30, new Random(9)).navGrid();
        int[] p = farPair(grid, new Random(10));
        SearchOptions subgoal = SearchOptions.DEFAULT.withAlgorithm(Algorithm.SUBGOAL);
        Queue builder = new Queue();
        PathSearch service = new PathSearch(IntPages.RETAINED_BYTES, JumpTable.SETTLE_NANOS, builder, 0);
        PathResult jps = new PathSearch().find(grid, p[0], p[1], p[2], p[3], SearchOptions.DEFAULT);

        PathResult before = service.find(grid, p[0], p[1], p[2], p[3], subgoal);
        service.find(grid, p[0], p[1], p[2], p[3], subgoal);

        assertThat(before.expanded()).isEqualTo(jps.expanded());
        assertThat(builder.tasks).as("one build per grid").hasSize(1);
        long builds = SubgoalGraph.settledBuilds();
        builder.tasks.get(0).run();
        assertThat(SubgoalGraph.settledBuilds()).isEqualTo(builds + 1);
        PathResult after = service.find(grid, p[0], p[1], p[2], p[3], subgoal);
        // the graph the build published, which a search that builds for itself now finds too
        PathResult graph = new PathSearch().find(grid, p[0], p[1], p[2], p[3], subgoal);
        assertThat(graph.expanded()).isNotEqualTo(jps.expanded());
        assertThat(after.expanded()).isEqualTo(graph.expanded());
        assertThat(after.length()).isCloseTo(jps.length(), within(1e-9));
        assertThat(builder.tasks).as("the graph's hierarchy, a build of its own").hasSize(2);
        assertThat(SubgoalGraph.forGrid(grid).hierarchy()).isNull();

        long hierarchies = SubgoalGraph.settledHierarchies();
        builder.tasks.get(1).run();
        assertThat(SubgoalGraph.settledHierarchies()).isEqualTo(hierarchies + 1);
        SubgoalHierarchy hierarchy = SubgoalGraph.forGrid(grid).hierarchy();
        assertThat(hierarchy).isNotNull();
        PathResult overHierarchy = service.find(grid, p[0], p[1], p[2], p[3], subgoal);
        HierarchySearch direct = new HierarchySearch();
        direct.begin(SubgoalGraph.forGrid(grid), hierarchy, grid.pad(grid.map().cell(p[0], p[1])),
                grid.pad(grid.map().cell(p[2], p[3])));
        while (!direct.done()) {
            direct.expandOne();
        }
        assertThat(overHierarchy.expanded()).isEqualTo(direct.expanded());
        assertThat(overHierarchy.length()).isCloseTo(jps.length(), within(1e-9));
        assertThat(builder.tasks).hasSize(2);
    }

    static GridMap randomMap(int w, int h, int wallPercent, Random rnd) {
        byte[] t = new byte[w * h];
        for (int i = 0; i < t.length; i++) {
            t[i] = rnd.nextInt(100) < wallPercent ? Terrain.WALL : Terrain.OPEN;
        }
        return new GridMap("subgoal-" + NAMES.incrementAndGet(), w, h, WorldTransform.UNIT, t);
    }

    /** Two standable cells of one island, far apart: {col0, row0, col1, row1}; null when none is found. */
    private static int[] farPair(NavGrid grid, Random rnd) {
        int w = grid.width();
        int h = grid.height();
        for (int tries = 0; tries < 10_000; tries++) {
            int c0 = rnd.nextInt(Math.max(1, w / 4));
            int r0 = rnd.nextInt(Math.max(1, h / 4));
            int c1 = w - 1 - rnd.nextInt(Math.max(1, w / 4));
            int r1 = h - 1 - rnd.nextInt(Math.max(1, h / 4));
            if (grid.open(c0, r0) && grid.open(c1, r1) && grid.island(r0 * w + c0) == grid.island(r1 * w + c1)) {
                return new int[] {c0, r0, c1, r1};
            }
        }
        return null;
    }

    /** Runs a subgoal search from padded cell {@code from} to {@code to} on {@code g} until it finds or exhausts. */
    static void runToEnd(SubgoalSearch search, SubgoalGraph g, int from, int to) {
        search.begin(g, from, to, 1.0);
        while (true) {
            search.settle();
            if (search.found() || search.exhausted()) {
                return;
            }
            search.expandOne(false);
        }
    }
}
