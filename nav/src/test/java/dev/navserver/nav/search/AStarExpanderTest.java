package dev.navserver.nav.search;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.AsciiMaps;
import dev.navserver.nav.grid.MoveLayer;
import dev.navserver.nav.grid.NavGrid;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** A* expansion of the map's {@code s} as a start; successors written {@code "col,row g=cost"}. */
class AStarExpanderTest {
    private final OpenList list = new OpenList();
    private final Goal goal = new Goal();
    private final Frontier frontier = new Frontier(list, goal);
    private final AStarExpander expander = new AStarExpander(frontier);

    private List<String> expandStart(NavGrid grid, boolean four, String... rows) {
        int[] s = AsciiMaps.find('s', rows);
        int[] g = AsciiMaps.find('g', rows);
        int sp = grid.pad(s[0], s[1]);
        goal.set(grid.pad(g[0], g[1]), grid.stride(), four, 0, grid.stride(), null, 0, 0);
        expander.bind(grid, four);
        frontier.begin(grid.paddedSize(), sp, s[0] + 1, s[1] + 1);
        list.pop();
        expander.expand(sp, 0);
        List<String> out = new ArrayList<>();
        int w = grid.stride();
        while (!list.isEmpty()) {
            double gq = list.peekG();
            int q = list.pop();
            assertThat(list.parent(q)).isEqualTo(sp);
            out.add(String.format(Locale.ROOT, "%d,%d g=%.3f", q % w - 1, q / w - 1, gq));
        }
        return out;
    }

    private List<String> expandStart(boolean four, String... rows) {
        return expandStart(AsciiMaps.map(rows).navGrid(), four, rows);
    }

    @Test
    void expand_WhenInTheOpen_OffersAllEightNeighbours() {
        assertThat(expandStart(false,
                "...",
                ".s.",
                "..g"))
                .containsExactlyInAnyOrder("1,0 g=1.000", "1,2 g=1.000", "0,1 g=1.000", "2,1 g=1.000",
                        "0,0 g=1.414", "2,0 g=1.414", "0,2 g=1.414", "2,2 g=1.414");
    }

    @Test
    void expand_WhenAWallIsBeside_DropsTheDiagonalsThatWouldCutItsCorners() {
        assertThat(expandStart(false,
                ".#.",
                ".s.",
                "..g"))
                .containsExactlyInAnyOrder("1,2 g=1.000", "0,1 g=1.000", "2,1 g=1.000",
                        "0,2 g=1.414", "2,2 g=1.414");
    }

    @Test
    void expand_WhenFourConnected_OffersOnlyTheStraightNeighbours() {
        assertThat(expandStart(true,
                "...",
                ".s.",
                "..g"))
                .containsExactlyInAnyOrder("1,0 g=1.000", "1,2 g=1.000", "0,1 g=1.000", "2,1 g=1.000");
    }

    @Test
    void expand_WhenCellsCostMore_ChargesTheMoveLengthTimesTheEnteredCellsCost() {
        String[] rows = {
                "HT.",
                "Hs.",
                "..g"};
        assertThat(expandStart(AsciiMaps.map(rows).navGrid(MoveLayer.LAND, 1), false, rows))
                .containsExactlyInAnyOrder("1,0 g=3.000", "0,1 g=2.000", "1,2 g=1.000", "2,1 g=1.000",
                        "0,0 g=2.828", "2,0 g=1.414", "0,2 g=1.414", "2,2 g=1.414");
    }

    @Test
    void expand_WhenANeighbourIsClosed_DoesNotReopenIt() {
        String[] rows = {
                "s.g"};
        NavGrid grid = AsciiMaps.map(rows).navGrid();
        goal.set(grid.pad(2, 0), grid.stride(), false, 0, grid.stride(), null, 0, 0);
        expander.bind(grid, false);
        frontier.begin(grid.paddedSize(), grid.pad(0, 0), 1, 1);
        list.pop();
        expander.expand(grid.pad(0, 0), 0);
        assertThat(list.pop()).isEqualTo(grid.pad(1, 0));

        expander.expand(grid.pad(1, 0), 1);

        assertThat(list.size()).isEqualTo(1);
        assertThat(list.peek()).isEqualTo(grid.pad(2, 0));
    }
}
