package dev.navserver.nav.search;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.AsciiMaps;
import dev.navserver.nav.Mazes;
import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.grid.WorldTransform;
import dev.navserver.nav.search.four.DeadEndTable;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * Drawn scenarios for the 4-connected fast path on grids with dead ends ({@link DeadEndTable}): start and goal on
 * one dead-end corridor, in dead ends off a loop, on a junction; and the table's split into core and trees.
 */
class DeadEndTableTest {
    private static final SearchOptions FOUR = SearchOptions.DEFAULT.withMoves(Moves.FOUR);

    /** A loop (rows 0 to 2) with a dead-end corridor hanging from its bottom at column 3, down to row 5. */
    private static final String[] LOOP_WITH_STEM = {
            ".......",
            ".#####.",
            ".......",
            "###.###",
            "###.###",
            "###.###",
    };

    private final PathSearch search = new PathSearch();

    private static NavGrid grid(String... rows) {
        return AsciiMaps.map(rows).navGrid();
    }

    private PathResult find(String[] rows) {
        int[] s = AsciiMaps.find('s', rows);
        int[] g = AsciiMaps.find('g', rows);
        PathResult r = search.find(grid(rows), s[0], s[1], g[0], g[1], FOUR);
        GridMap map = AsciiMaps.map(rows);
        if (r.hasPath()) {
            FourConnectedPropertyTest.assertValidPath(map.navGrid(), r, map.cell(s[0], s[1]), map.cell(g[0], g[1]),
                    "drawn");
        }
        return r;
    }

    @Test
    void build_WhenLoopWithAStem_StemIsATreeRootedOnTheLoop() {
        NavGrid grid = grid(LOOP_WITH_STEM);
        DeadEndTable t = DeadEndTable.build(grid);

        assertThat(t.coreCells()).isEqualTo(7 + 2 + 7);
        assertThat(t.treeCells()).isEqualTo(3);
        assertThat(t.depth(grid.pad(3, 2))).isZero();
        assertThat(t.depth(grid.pad(3, 3))).isEqualTo(1);
        assertThat(t.depth(grid.pad(3, 5))).isEqualTo(3);
        assertThat(t.parent(grid.pad(3, 5), grid.stride())).isEqualTo(grid.pad(3, 4));
        assertThat(t.parent(grid.pad(3, 3), grid.stride())).isEqualTo(grid.pad(3, 2));
        assertThat(NavGrid.bit(t.coreRows()[1 + 2], 1 + 3)).isTrue();
        assertThat(NavGrid.bit(t.coreRows()[1 + 3], 1 + 3)).isFalse();
    }

    @Test
    void build_WhenMazeHasNoLoops_EverythingIsOneTreeAndTheCoreIsEmpty() {
        NavGrid grid = Mazes.map(21, 15, 4).navGrid();
        DeadEndTable t = DeadEndTable.build(grid);

        assertThat(t.coreCells()).isZero();
        assertThat(t.treeCells()).isEqualTo(grid.islandSize(grid.island(grid.map().cell(1, 1))));
        assertThat(Arrays.stream(t.coreRows()).flatMapToLong(Arrays::stream).allMatch(w -> w == 0)).isTrue();
    }

    @Test
    void forGrid_WhenOpenFieldWithoutDeadEnds_NoTableAndTheSearchStillFindsTheManhattanPath() {
        boolean[] walk = new boolean[40 * 30];
        Arrays.fill(walk, true);
        NavGrid field = GridMap.ofWalkable("field", 40, 30, WorldTransform.UNIT, walk).navGrid();

        assertThat(DeadEndTable.forGrid(field)).isNull();
        assertThat(search.find(field, 0, 0, 39, 29, FOUR).length()).isEqualTo(39 + 29);
    }

    @Test
    void forGrid_SameGridTwice_SameTable() {
        NavGrid grid = grid(LOOP_WITH_STEM);
        assertThat(DeadEndTable.forGrid(grid)).isNotNull().isSameAs(DeadEndTable.forGrid(grid));
    }

    @Test
    void find_WhenStartAndGoalOnOneDeadEndCorridor_WalksTheCorridorOnly() {
        PathResult r = find(new String[] {
                ".......",
                ".#####.",
                ".......",
                "###g###",
                "###.###",
                "###s###",
        });
        assertThat(r.status()).isEqualTo(SearchStatus.FOUND);
        assertThat(r.length()).isEqualTo(2.0);
        assertThat(r.expanded()).isEqualTo(2); // the cells walked up the tree; the loop is never searched
    }

    @Test
    void find_WhenStartInADeadEndAndGoalOnTheLoop_UpTheCorridorThenTheShortWayRound() {
        PathResult r = find(new String[] {
                "......g",
                ".#####.",
                ".......",
                "###.###",
                "###.###",
                "###s###",
        });
        assertThat(r.status()).isEqualTo(SearchStatus.FOUND);
        assertThat(r.length()).isEqualTo(3 + 3 + 2);
    }

    @Test
    void find_WhenStartOnTheJunctionAndGoalAtTheDeadEnd_DownTheCorridor() {
        PathResult r = find(new String[] {
                ".......",
                ".#####.",
                "...s...",
                "###.###",
                "###.###",
                "###g###",
        });
        assertThat(r.status()).isEqualTo(SearchStatus.FOUND);
        assertThat(r.length()).isEqualTo(3.0);
        assertThat(r.expanded()).isEqualTo(3);
    }

    @Test
    void find_WhenStartAndGoalInDeadEndsOffOppositeSidesOfALoop_ThroughTheCoreBetweenTheRoots() {
        PathResult r = find(new String[] {
                "#s########",
                "#.########",
                "#........#",
                "#.######.#",
                "#.######.#",
                "#........#",
                "#######.##",
                "#######g##",
        });
        // s (1,0) -> root (1,2): 2; round the loop to root (7,5): 6 + 3 = 9 either way; down to g (7,7): 2
        assertThat(r.status()).isEqualTo(SearchStatus.FOUND);
        assertThat(r.length()).isEqualTo(2 + 9 + 2);
    }

    @Test
    void find_WhenTwoDeadEndsShareAJunctionInATree_ThroughTheirCommonAncestor() {
        PathResult r = find(new String[] {
                ".........",
                ".#######.",
                "....s....",
                "####.####",
                "##.....##",
                "##.###.##",
                "##g###.##",
        });
        // the stem below (4,2) forks at (4,4): its two branches are one tree; g is 1 + 2 + 2 moves from s
        assertThat(r.status()).isEqualTo(SearchStatus.FOUND);
        assertThat(r.length()).isEqualTo(2 + 2 + 2);
    }

    @Test
    void find_WhenMazeHasNoLoops_ExpandsOnlyThePathsMoves() {
        NavGrid grid = Mazes.map(121, 81, 0).navGrid();
        PathResult r = search.find(grid, 1, 1, 119, 79, FOUR);
        PathResult astar = new PathSearch().find(grid, 1, 1, 119, 79, FOUR.withAlgorithm(Algorithm.ASTAR));

        assertThat(r.cells()).containsExactly(astar.cells());
        assertThat(r.expanded()).isEqualTo((int) r.length());
    }
}
