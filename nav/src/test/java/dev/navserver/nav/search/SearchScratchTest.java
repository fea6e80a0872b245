package dev.navserver.nav.search;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.Allocations;
import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.grid.WorldTransform;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Search scratch follows the area searched, not the map (issue 12). */
class SearchScratchTest {
    private static final int SIDE = 2048;
    /** What the scratch cost per padded cell before it was paged: record 16, heap slot 4, keys 16. */
    private static final long FLAT_BYTES_PER_CELL = 36;

    private static NavGrid big;

    @BeforeAll
    static void bigMap() {
        // 2048 x 2048, 20% random obstacles in a 128 x 128 window at (512, 512), open elsewhere
        boolean[] walk = new boolean[SIDE * SIDE];
        java.util.Arrays.fill(walk, true);
        Random rnd = new Random(3);
        for (int r = 512; r < 640; r++) {
            for (int c = 512; c < 640; c++) {
                walk[r * SIDE + c] = rnd.nextInt(100) >= 20;
            }
        }
        big = GridMap.ofWalkable("big", SIDE, SIDE, WorldTransform.UNIT, walk).navGrid();
    }

    private static int[] windowQueries(Random rnd, int count) {
        int[] q = new int[4 * count];
        for (int i = 0; i < q.length; i += 2) {
            q[i] = 512 + rnd.nextInt(128);
            q[i + 1] = 512 + rnd.nextInt(128);
        }
        return q;
    }

    private static final SearchOptions[] OPTIONS = {
            SearchOptions.DEFAULT,
            SearchOptions.DEFAULT.withAlgorithm(Algorithm.ASTAR),
            SearchOptions.DEFAULT.withMoves(Moves.FOUR),
            SearchOptions.DEFAULT.withAlgorithm(Algorithm.ASTAR).withMoves(Moves.FOUR)};

    @Test
    void find_OnA2048MapInASmallWindow_HoldsScratchForTheWindowNotTheMap() {
        PathSearch search = new PathSearch();
        int[] q = windowQueries(new Random(9), 100);
        int found = 0;
        for (SearchOptions o : OPTIONS) {
            for (int i = 0; i < q.length; i += 4) {
                if (search.find(big, q[i], q[i + 1], q[i + 2], q[i + 3], o).hasPath()) {
                    found++;
                }
            }
        }

        assertThat(found).isGreaterThan(200); // a fifth of the window's cells are blocked
        long flat = FLAT_BYTES_PER_CELL * big.paddedSize(); // 151 MB
        // the window's pages (a few hundred KB) and two page tables of 4 bytes per 64 padded cells (262 KB each)
        assertThat(search.scratchBytes()).isLessThan(2L << 20).isLessThan(flat / 50);
    }

    @Test
    void find_WhenRepeatedOnABigMapInAnAreaAlreadySearched_AllocatesNothingButTheResults() {
        com.sun.management.ThreadMXBean mx = Allocations.counter();
        PathSearch search = new PathSearch();
        int[] q = windowQueries(new Random(21), 100);
        for (int rep = 0; rep < 10; rep++) {
            runAll(search, q);
        }
        long held = search.scratchBytes();

        long before = mx.getCurrentThreadAllocatedBytes();
        long resultBytes = runAll(search, q);
        long allocated = mx.getCurrentThreadAllocatedBytes() - before;

        assertThat(allocated).isLessThanOrEqualTo(resultBytes);
        assertThat(search.scratchBytes()).isEqualTo(held);
    }

    @Test
    void find_AfterASearchThatHeldMoreThanTheRetentionBound_DropsItsPagesAtTheNextSearch() {
        // a wall across column 300 with a gap at the bottom row: A* from one side to the other floods the left part
        int side = 600;
        boolean[] walk = new boolean[side * side];
        java.util.Arrays.fill(walk, true);
        for (int r = 0; r < side - 1; r++) {
            walk[r * side + 300] = false;
        }
        NavGrid grid = GridMap.ofWalkable("wall", side, side, WorldTransform.UNIT, walk).navGrid();
        long bound = 1L << 20;
        PathSearch search = new PathSearch(bound);
        SearchOptions astar = SearchOptions.DEFAULT.withAlgorithm(Algorithm.ASTAR);
        SearchOptions four = SearchOptions.DEFAULT.withMoves(Moves.FOUR);

        assertThat(search.find(grid, 290, 5, 310, 5, astar).status()).isEqualTo(SearchStatus.FOUND);
        assertThat(search.find(grid, 290, 5, 310, 5, four).status()).isEqualTo(SearchStatus.FOUND);
        long huge = search.scratchBytes();
        assertThat(huge).isGreaterThan(2 * bound);

        PathResult small = search.find(grid, 10, 10, 12, 14, astar);
        search.find(grid, 10, 10, 12, 14, four);

        assertThat(small.status()).isEqualTo(SearchStatus.FOUND);
        assertThat(search.scratchBytes()).isLessThan(bound / 4);
        // the search after the drop is still right
        assertThat(search.find(grid, 290, 5, 310, 5, astar).length())
                .isEqualTo(new PathSearch().find(grid, 290, 5, 310, 5, astar).length());
    }

    @Test
    void build_OnA2048MapNearTheGoal_HoldsFieldScratchForTheRegionNotTheMap() {
        IntegrationField field = new IntegrationField();
        Random rnd = new Random(4);
        int[] sources = new int[16];
        for (int i = 0; i < sources.length; i++) {
            sources[i] = (520 + rnd.nextInt(100)) * SIDE + 520 + rnd.nextInt(100);
        }
        int goal = 570 * SIDE + 570;
        while (!big.openCell(goal)) {
            goal++;
        }

        assertThat(field.build(big, goal, sources, sources.length, Moves.EIGHT, 8)).isTrue();

        long bytes = field.scratchBytes();
        assertThat(field.regionCells()).isLessThan(200 * 200);
        // was 84 bytes per padded cell of the map (353 MB here); then pages over the region (8.75 bytes a cell);
        // now a byte a cell in 88-byte pages of 64 cells, and the frontier's values
        assertThat(bytes).isLessThan(2L * field.regionCells() + (1L << 18));
        for (int s : sources) {
            if (big.openCell(s)) {
                assertThat(field.path(s).length()).isEqualTo(new PathSearch().find(big, s % SIDE, s / SIDE,
                        goal % SIDE, goal / SIDE, SearchOptions.DEFAULT).length(), org.assertj.core.data.Offset
                        .offset(1e-9));
            }
        }
    }

    /** {@link PathSearchAllocationTest#runAll} on the big map with {@link #OPTIONS}. */
    private static long runAll(PathSearch search, int[] q) {
        return PathSearchAllocationTest.runAll(search, big, q, OPTIONS);
    }
}
