package dev.navserver.nav.search;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.AsciiMaps;
import dev.navserver.nav.grid.NavGrid;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * Jump scanning on drawn maps. Successors are written {@code "col,row g=cost"} (map coordinates, cost to three
 * decimals), with {@code " via col,row"} when a diagonal jump turned at that cell.
 */
class JumpScannerTest {
    private final OpenList list = new OpenList();
    private final Goal goal = new Goal();
    private final Frontier frontier = new Frontier(list, goal);
    private final JumpScanner scanner = new JumpScanner(frontier);
    private NavGrid grid;

    /** Binds the scanner to the drawn map, aimed at its {@code g} with the given arrival radius. */
    private void load(double radiusCells, String... rows) {
        grid = AsciiMaps.map(rows).navGrid();
        int[] g = AsciiMaps.find('g', rows);
        goal.set(grid.pad(g[0], g[1]), grid.stride(), false, radiusCells,
                Math.max(grid.stride(), grid.height() + 2), null, 0, 0);
        scanner.bind(grid);
        scanner.aim();
    }

    /** Expands {@code s} as a search's start (no predecessor: all eight directions). */
    private List<String> expandStart(String... rows) {
        load(0, rows);
        int[] s = AsciiMaps.find('s', rows);
        int sp = grid.pad(s[0], s[1]);
        frontier.begin(grid.paddedSize(), sp, s[0] + 1, s[1] + 1);
        list.pop();
        scanner.expand(sp, 0);
        return drain(sp);
    }

    /** Expands {@code b} reached by one move from {@code a}. */
    private List<String> expandFrom(String... rows) {
        load(0, rows);
        int[] a = AsciiMaps.find('a', rows);
        int[] b = AsciiMaps.find('b', rows);
        int ap = grid.pad(a[0], a[1]);
        int bp = grid.pad(b[0], b[1]);
        frontier.begin(grid.paddedSize(), ap, a[0] + 1, a[1] + 1);
        list.pop();
        list.link(bp, ap, Frontier.NONE);
        double gb = a[0] != b[0] && a[1] != b[1] ? Math.sqrt(2) : 1;
        scanner.expand(bp, gb);
        return drain(bp);
    }

    private List<String> drain(int expandedP) {
        List<String> out = new ArrayList<>();
        int s = grid.stride();
        while (!list.isEmpty()) {
            double g = list.peekG();
            int q = list.pop();
            assertThat(list.parent(q)).isEqualTo(expandedP);
            String d = String.format(Locale.ROOT, "%d,%d g=%.3f", q % s - 1, q / s - 1, g);
            int via = list.via(q);
            out.add(via == Frontier.NONE ? d : d + " via " + (via % s - 1) + "," + (via / s - 1));
        }
        return out;
    }

    /** scanRow in map coordinates: the map column of the jump point, or -1. */
    private int scanRow(int col, int row, int dir) {
        int x = scanner.scanRow(row + 1, col + 1, dir);
        return x < 0 ? -1 : x - 1;
    }

    /** scanColumn in map coordinates: the map row of the jump point, or -1. */
    private int scanColumn(int col, int row, int dir) {
        int y = scanner.scanColumn(col + 1, row + 1, dir);
        return y < 0 ? -1 : y - 1;
    }

    @Test
    void scanRow_WhenAWallEndsBelowTheRow_StopsBesideTheForcedNeighbour() {
        load(0,
                "........",
                "...#....",
                "........",
                "g.......");
        assertThat(scanRow(0, 0, 1)).isEqualTo(4);
        assertThat(scanRow(7, 0, -1)).isEqualTo(2);
    }

    @Test
    void scanRow_WhenOnlyAWallLiesAhead_FindsNothing() {
        load(0,
                "....#...",
                "........",
                "g.......");
        assertThat(scanRow(0, 0, 1)).isEqualTo(-1);
        assertThat(scanRow(7, 0, -1)).isEqualTo(-1);
    }

    @Test
    void scanRow_WhenTheWallEndsAtTheStart_IgnoresTheForcedNeighbourBehind() {
        load(0,
                ".#......",
                "........",
                "g.......");
        // (2, 0) is forced for an eastward move through (2, 1), but the scan starts at (3, 1)
        assertThat(scanRow(2, 1, 1)).isEqualTo(-1);
        assertThat(scanRow(1, 1, 1)).isEqualTo(2);
    }

    @Test
    void scanColumn_WhenAWallEndsBesideTheColumn_StopsBesideTheForcedNeighbour() {
        load(0,
                "...g",
                "....",
                "....",
                ".#..",
                "....",
                "....");
        assertThat(scanColumn(0, 0, 1)).isEqualTo(4);
        assertThat(scanColumn(0, 5, -1)).isEqualTo(2);
        assertThat(scanColumn(3, 5, -1)).isEqualTo(0); // the goal
    }

    @Test
    void scan_WhenTheForcedNeighbourIsWordsAway_FindsItAcrossTheWords() {
        int n = 150;
        char[] open = new char[n];
        Arrays.fill(open, '.');
        char[] wall = open.clone();
        wall[99] = '#';
        char[] goalRow = open.clone();
        goalRow[0] = 'g';
        load(0, new String(open), new String(wall), new String(goalRow));
        assertThat(scanRow(0, 0, 1)).isEqualTo(100);
        assertThat(scanRow(n - 1, 0, -1)).isEqualTo(98);

        String[] column = new String[n];
        for (int r = 0; r < n; r++) {
            column[r] = r == 99 ? ".#g" : "...";
        }
        load(0, column);
        assertThat(scanColumn(0, 0, 1)).isEqualTo(100);
        assertThat(scanColumn(0, n - 1, -1)).isEqualTo(98);
    }

    @Test
    void scanRow_WhenTheGoalIsOnTheRow_StopsAtTheGoal() {
        load(0, "........g..");
        assertThat(scanRow(0, 0, 1)).isEqualTo(8);
        assertThat(scanRow(10, 0, -1)).isEqualTo(8);
    }

    @Test
    void scanRow_WhenTheRowCrossesTheArrivalDisc_StopsAtItsFirstCell() {
        load(2.5,
                "...........",
                "........g..",
                "...........");
        // radius 2.5: half width 2 on the goal's row, 2 one row off
        assertThat(scanRow(0, 1, 1)).isEqualTo(6);
        assertThat(scanRow(0, 0, 1)).isEqualTo(6);
        assertThat(scanRow(10, 2, -1)).isEqualTo(9); // the scan starts past its own cell
    }

    @Test
    void expand_WhenStartInAnOpenRoom_OnlyTheDiagonalTurningOntoTheGoalRowIsASuccessor() {
        assertThat(expandStart(
                "......",
                ".s....",
                "......",
                "....g.",
                "......"))
                .containsExactly("4,3 g=3.828 via 3,3");
    }

    @Test
    void expand_WhenTheDiagonalWouldCutAWallCorner_GoesStraightOnly() {
        assertThat(expandStart(
                "s#..",
                "....",
                "...g"))
                .containsExactly("0,1 g=1.000");
    }

    @Test
    void expand_WhenADiagonalJumpPassesWallEnds_OffersTheTurnsAndStopsBeforeTheCorner() {
        assertThat(expandStart(
                "s....",
                ".....",
                "...#.",
                ".....",
                "....g"))
                .containsExactlyInAnyOrder(
                        "4,1 g=4.414 via 1,1", // forced by the wall's east side, turning east at (1, 1)
                        "2,3 g=3.828 via 2,2"); // forced by the wall's south side; (3, 3) would cut its corner
    }

    @Test
    void expand_WhenMovingEastPastAWallEnd_AddsTheForcedDiagonal() {
        assertThat(expandFrom(
                ".#...g",
                ".ab...",
                "......"))
                .containsExactly("5,0 g=4.414 via 3,0");
    }

    @Test
    void expand_WhenMovingEastInTheOpen_PrunesEverythingButEast() {
        assertThat(expandFrom(
                ".....g",
                ".ab...",
                "......"))
                .isEmpty();
        assertThat(expandFrom(
                "......",
                ".ab..g",
                "......"))
                .containsExactly("5,1 g=4.000");
    }

    @Test
    void expand_WhenMovingDiagonally_ScansBothComponentsThenGoesOnDiagonally() {
        assertThat(expandFrom(
                "a......",
                ".b.....",
                "....#..",
                ".......",
                "..#....",
                ".......",
                "......g"))
                .containsExactlyInAnyOrder(
                        "5,1 g=5.414", // east from b, forced by the wall at (4, 2)
                        "1,5 g=5.414", // south from b, forced by the wall at (2, 4)
                        "5,3 g=6.243 via 3,3",
                        "3,5 g=6.243 via 3,3",
                        "6,6 g=8.485"); // the diagonal reaches the goal
    }
}
