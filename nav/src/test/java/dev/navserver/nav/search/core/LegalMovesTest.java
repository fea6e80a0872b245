package dev.navserver.nav.search.core;

import static dev.navserver.nav.search.core.LegalMoves.E;
import static dev.navserver.nav.search.core.LegalMoves.N;
import static dev.navserver.nav.search.core.LegalMoves.NE;
import static dev.navserver.nav.search.core.LegalMoves.NW;
import static dev.navserver.nav.search.core.LegalMoves.S;
import static dev.navserver.nav.search.core.LegalMoves.SE;
import static dev.navserver.nav.search.core.LegalMoves.SW;
import static dev.navserver.nav.search.core.LegalMoves.W;
import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.AsciiMaps;
import dev.navserver.nav.grid.NavGrid;
import org.junit.jupiter.api.Test;

/** The legal-move mask of the map's {@code s}. */
class LegalMovesTest {
    private static int movesOfS(String... rows) {
        NavGrid grid = AsciiMaps.map(rows).navGrid();
        int[] s = AsciiMaps.find('s', rows);
        int p = grid.pad(s[0], s[1]);
        int x = p % grid.stride();
        int y = p / grid.stride();
        long[][] open = grid.openRows();
        return LegalMoves.eight(open[y - 1], open[y], open[y + 1], x);
    }

    @Test
    void eight_WhenInTheOpen_AllowsAllEightMoves() {
        assertThat(movesOfS(
                "...",
                ".s.",
                "..."))
                .isEqualTo(N | S | W | E | NW | NE | SW | SE);
    }

    @Test
    void eight_WhenAWallIsToTheNorth_DropsNorthAndBothDiagonalsThatWouldCutItsCorners() {
        assertThat(movesOfS(
                ".#.",
                ".s.",
                "..."))
                .isEqualTo(S | W | E | SW | SE);
    }

    @Test
    void eight_WhenOnlyADiagonalCellIsBlocked_DropsThatDiagonalAlone() {
        assertThat(movesOfS(
                "...",
                ".s.",
                "..#"))
                .isEqualTo(N | S | W | E | NW | NE | SW);
    }

    @Test
    void eight_WhenInTheMapsTopLeftCorner_AllowsOnlyMovesIntoTheMap() {
        assertThat(movesOfS(
                "s..",
                "...",
                "..."))
                .isEqualTo(S | E | SE);
    }

    @Test
    void eight_WhenTheNeighboursStraddleTwoBitWords_ReadsBothWords() {
        // s at column 62: padded column 63, the last bit of the first word; its east neighbours are bit 0 of the next
        String open = ".".repeat(70);
        String wallEast = ".".repeat(63) + "#" + ".".repeat(6);
        assertThat(movesOfS(open, open.substring(0, 62) + "s" + open.substring(63), wallEast))
                .isEqualTo(N | S | W | E | NW | NE | SW);
        assertThat(movesOfS(open, open.substring(0, 62) + "s" + "#" + open.substring(64), open))
                .isEqualTo(N | S | W | NW | SW);
    }
}
