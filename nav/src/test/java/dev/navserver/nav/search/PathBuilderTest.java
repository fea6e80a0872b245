package dev.navserver.nav.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.navserver.nav.AsciiMaps;
import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.MoveLayer;
import dev.navserver.nav.grid.NavGrid;
import org.junit.jupiter.api.Test;

/** Paths rebuilt from hand-made links; nodes are given as map (col, row). */
class PathBuilderTest {
    private static final double SQRT2 = Math.sqrt(2);
    private static final double EPS = 1e-12;

    private final OpenList list = new OpenList();
    private final Frontier frontier = new Frontier(list, new Goal());
    private final PathBuilder builder = new PathBuilder(frontier);
    private GridMap map;
    private NavGrid grid;

    private static final String[] ROOM = {
            "......",
            "......",
            "......",
            "......",
            "......"};

    private void load(NavGrid g) {
        grid = g;
        map = g.map();
        list.begin(g.paddedSize());
        builder.bind(g);
    }

    private int p(int col, int row) {
        return grid.pad(col, row);
    }

    private int cell(int col, int row) {
        return map.cell(col, row);
    }

    @Test
    void build_WhenEndIsTheStart_GivesTheOneCellPath() {
        load(AsciiMaps.map(ROOM).navGrid());
        list.link(p(2, 3), Frontier.NONE, Frontier.NONE);

        PathResult r = builder.build(SearchStatus.FOUND, p(2, 3), 0, 1);

        assertThat(r.status()).isEqualTo(SearchStatus.FOUND);
        assertThat(r.cells()).containsExactly(cell(2, 3));
        assertThat(r.length()).isZero();
        assertThat(r.expanded()).isEqualTo(1);
    }

    @Test
    void build_WhenStraightAndDiagonalJumps_FillsEveryCellBetween() {
        load(AsciiMaps.map(ROOM).navGrid());
        list.link(p(0, 0), Frontier.NONE, Frontier.NONE);
        list.link(p(3, 0), p(0, 0), Frontier.NONE); // east 3
        list.link(p(5, 2), p(3, 0), Frontier.NONE); // south-east 2
        list.link(p(5, 4), p(5, 2), Frontier.NONE); // south 2

        PathResult r = builder.build(SearchStatus.FOUND, p(5, 4), 99, 4);

        assertThat(r.cells()).containsExactly(
                cell(0, 0), cell(1, 0), cell(2, 0), cell(3, 0), cell(4, 1), cell(5, 2), cell(5, 3), cell(5, 4));
        assertThat(r.length()).isCloseTo(5 + 2 * SQRT2, within(EPS));
        assertThat(r.expanded()).isEqualTo(4);
    }

    @Test
    void build_WhenAJumpTurnsAtAViaCell_WalksTheDiagonalThenTheStraight() {
        load(AsciiMaps.map(ROOM).navGrid());
        list.link(p(0, 4), Frontier.NONE, Frontier.NONE);
        list.link(p(2, 0), p(0, 4), p(0 + 2, 4 - 2)); // north-east 2 to (2, 2), then north 2

        PathResult r = builder.build(SearchStatus.FOUND, p(2, 0), 0, 2);

        assertThat(r.cells()).containsExactly(cell(0, 4), cell(1, 3), cell(2, 2), cell(2, 1), cell(2, 0));
        assertThat(r.length()).isCloseTo(2 + 2 * SQRT2, within(EPS));
    }

    @Test
    void build_WhenMovingWestAndNorth_StepsInTheNegativeDirections() {
        load(AsciiMaps.map(ROOM).navGrid());
        list.link(p(5, 4), Frontier.NONE, Frontier.NONE);
        list.link(p(1, 4), p(5, 4), Frontier.NONE);
        list.link(p(0, 0), p(1, 4), p(0, 3)); // north-west 1 to (0, 3), then north 3

        PathResult r = builder.build(SearchStatus.FOUND, p(0, 0), 0, 2);

        assertThat(r.cells()).containsExactly(
                cell(5, 4), cell(4, 4), cell(3, 4), cell(2, 4), cell(1, 4), cell(0, 3), cell(0, 2), cell(0, 1),
                cell(0, 0));
        assertThat(r.length()).isCloseTo(7 + SQRT2, within(EPS));
    }

    @Test
    void build_WhenStatusIsPartial_ReportsPartialWithThePath() {
        load(AsciiMaps.map(ROOM).navGrid());
        list.link(p(0, 0), Frontier.NONE, Frontier.NONE);
        list.link(p(1, 1), p(0, 0), Frontier.NONE);

        PathResult r = builder.build(SearchStatus.PARTIAL, p(1, 1), 0, 7);

        assertThat(r.status()).isEqualTo(SearchStatus.PARTIAL);
        assertThat(r.cells()).containsExactly(cell(0, 0), cell(1, 1));
        assertThat(r.length()).isCloseTo(SQRT2, within(EPS));
        assertThat(r.expanded()).isEqualTo(7);
    }

    @Test
    void build_WhenCostsAreWeighted_TakesTheLengthFromTheEndCost() {
        load(AsciiMaps.map(
                "HHH",
                "...").navGrid(MoveLayer.LAND, 1));
        assertThat(grid.uniformCost()).isFalse();
        list.link(p(0, 0), Frontier.NONE, Frontier.NONE);
        list.link(p(1, 0), p(0, 0), Frontier.NONE);
        list.link(p(2, 0), p(1, 0), Frontier.NONE);

        PathResult r = builder.build(SearchStatus.FOUND, p(2, 0), 6.5, 3);

        assertThat(r.cells()).containsExactly(cell(0, 0), cell(1, 0), cell(2, 0));
        assertThat(r.length()).isEqualTo(6.5);
    }
}
