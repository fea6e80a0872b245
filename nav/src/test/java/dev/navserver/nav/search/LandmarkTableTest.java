package dev.navserver.nav.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.navserver.nav.AsciiMaps;
import dev.navserver.nav.grid.CellEdit;
import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.grid.Terrain;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class LandmarkTableTest {
    private static final double SQRT2 = Math.sqrt(2);

    /** A wall with one gap at its right end between s and g: the octile heuristic sees 4 cells, the path is 40.8. */
    static final String[] LONG_WALL = {
            "s...................",
            "....................",
            "###################.",
            "....................",
            "g...................",
    };

    private final PathSearch search = new PathSearch();

    @Test
    void search_WhenAWallHidesTheGoal_LandmarksKeepTheLengthAndExpandFewerNodes() {
        NavGrid grid = AsciiMaps.map(LONG_WALL).navGrid();
        for (Algorithm algorithm : Algorithm.values()) {
            SearchOptions plain = SearchOptions.DEFAULT.withAlgorithm(algorithm);
            PathResult without = search.find(grid, 0, 0, 0, 4, plain);
            PathResult with = search.find(grid, 0, 0, 0, 4, plain.withLandmarks(8));
            assertThat(with.status()).isEqualTo(SearchStatus.FOUND);
            assertThat(with.length()).isCloseTo(38 + 2 * SQRT2, within(1e-9));
            assertThat(without.length()).isCloseTo(38 + 2 * SQRT2, within(1e-9));
            // JPS needs only 3 jump points here either way; A* expands fewer cells above the wall
            if (algorithm == Algorithm.ASTAR) {
                assertThat(with.expanded()).isLessThan(without.expanded());
            } else {
                assertThat(with.expanded()).isLessThanOrEqualTo(without.expanded());
            }
            PathSearchTest.assertValidPath(grid, with, Moves.EIGHT);
        }
    }

    @Test
    void forGrid_WhenTheMapIsEditedToOpenAShortcut_TheNewGridGetsItsOwnTableAndTheShortPath() {
        GridMap before = AsciiMaps.map(LONG_WALL);
        GridMap after = before.edited(List.of(CellEdit.fill(1, 2, 1, 1, Terrain.OPEN)));
        NavGrid oldGrid = before.navGrid();
        NavGrid newGrid = after.navGrid();
        SearchOptions options = SearchOptions.DEFAULT.withLandmarks(8);
        assertThat(search.find(oldGrid, 0, 0, 0, 4, options).length()).isCloseTo(38 + 2 * SQRT2, within(1e-9));

        PathResult r = search.find(newGrid, 0, 0, 0, 4, options);

        assertThat(r.status()).isEqualTo(SearchStatus.FOUND);
        assertThat(r.length()).isCloseTo(2 + 2 * SQRT2, within(1e-9));
        LandmarkTable oldTable = LandmarkTable.forGrid(oldGrid);
        LandmarkTable newTable = LandmarkTable.forGrid(newGrid);
        assertThat(newTable).isNotSameAs(oldTable);
        // why a table must not outlive its grid: on the edited map the old bound overestimates
        int s = newGrid.pad(0, 0);
        int g = newGrid.pad(0, 4);
        assertThat(oldTable.lowerBound(s, g, oldTable.count())).isGreaterThan(2 + 2 * SQRT2);
        assertThat(newTable.lowerBound(s, g, newTable.count())).isLessThanOrEqualTo(2 + 2 * SQRT2 + 1e-9);
    }

    @Test
    void forGrid_WhenAskedTwice_ReturnsTheSharedTableOfThirtyTwoLandmarks() {
        NavGrid grid = AsciiMaps.map(LONG_WALL).navGrid();
        LandmarkTable first = LandmarkTable.forGrid(grid);
        assertThat(first.count()).isEqualTo(LandmarkTable.MAX_LANDMARKS);
        assertThat(LandmarkTable.forGrid(grid)).isSameAs(first);
        assertThat(LandmarkTable.forGrid(AsciiMaps.map(LONG_WALL).navGrid())).isNotSameAs(first);
    }

    @Test
    void search_WithFewerLandmarksThanTheTable_UsesTheBestForTheQueryAndStaysOptimal() {
        NavGrid grid = AsciiMaps.map(LONG_WALL).navGrid();
        for (int k = 1; k <= LandmarkTable.MAX_LANDMARKS; k++) {
            PathResult r = search.find(grid, 0, 0, 0, 4, SearchOptions.DEFAULT.withLandmarks(k));
            assertThat(r.length()).as("k=%d", k).isCloseTo(38 + 2 * SQRT2, within(1e-9));
        }
        // the landmark chosen for k = 1 bounds this start-goal pair best: it alone already beats octile
        PathResult one = search.find(grid, 0, 0, 0, 4,
                SearchOptions.DEFAULT.withAlgorithm(Algorithm.ASTAR).withLandmarks(1));
        PathResult octile = search.find(grid, 0, 0, 0, 4, SearchOptions.DEFAULT.withAlgorithm(Algorithm.ASTAR));
        assertThat(one.expanded()).isLessThan(octile.expanded());
    }

    @Test
    void build_WithFewerLandmarks_ChoosesAPrefixOfTheLargerSelection() {
        NavGrid grid = LandmarkHeuristicPropertyTest.randomMap(50, 40, 15, 7, false, 42).navGrid();
        int[] six = LandmarkTable.build(grid, 6).landmarks();
        int[] three = LandmarkTable.build(grid, 3).landmarks();
        assertThat(three).containsExactly(Arrays.copyOf(six, 3));
        assertThat(Arrays.stream(six).distinct().count()).isEqualTo(6);
    }

    @Test
    void build_WhenTheIslandHasFewerCellsThanLandmarks_StopsAtEveryCell() {
        NavGrid grid = AsciiMaps.map("..#", "###").navGrid();
        LandmarkTable t = LandmarkTable.build(grid, 16);
        assertThat(t.count()).isEqualTo(2);
        assertThat(t.bytes()).isEqualTo(16 + 4L * 2 * grid.paddedSize());
    }

    @Test
    void build_WhenNothingIsStandable_ReturnsNull() {
        assertThat(LandmarkTable.build(AsciiMaps.map("##", "##").navGrid(), 4)).isNull();
        assertThat(search.find(AsciiMaps.map("##", "##").navGrid(), 0, 0, 1, 1, SearchOptions.DEFAULT.withLandmarks(4))
                .status()).isEqualTo(SearchStatus.START_BLOCKED);
    }

    @Test
    void search_OnASmallerIsland_UsesOctileThereAndStaysOptimal() {
        String[] rows = {
                "s.#........",
                "..#........",
                "g.#........",
                "###........",
        };
        NavGrid grid = AsciiMaps.map(rows).navGrid();
        PathResult r = search.find(grid, 0, 0, 0, 2, SearchOptions.DEFAULT.withLandmarks(4));
        assertThat(r.status()).isEqualTo(SearchStatus.FOUND);
        assertThat(r.length()).isCloseTo(2.0, within(1e-12));
        assertThat(search.find(grid, 0, 0, 5, 2, SearchOptions.DEFAULT.withLandmarks(4)).status())
                .isEqualTo(SearchStatus.UNREACHABLE);
    }

    @Test
    void fitting_WhenTheTableWouldPassTheMemoryBound_LowersTheCountOrRefuses() {
        assertThat(LandmarkTable.fitting(514L * 514, 16)).isEqualTo(16);
        assertThat(LandmarkTable.fitting(1026L * 1026, 16)).isEqualTo(15);
        assertThat(LandmarkTable.fitting(2050L * 2050, 16)).isEqualTo(3);
        assertThat(LandmarkTable.fitting(4098L * 4098, 16)).isZero();
        assertThatThrownBy(() -> LandmarkTable.fitting(100, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("landmarks");
        assertThatThrownBy(() -> LandmarkTable.fitting(100, 33)).isInstanceOf(IllegalArgumentException.class);
    }
}
