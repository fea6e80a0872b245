package dev.navserver.nav.search;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.AsciiMaps;
import dev.navserver.nav.grid.CellEdit;
import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.grid.Terrain;
import dev.navserver.nav.search.core.IntPages;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * {@link JumpTable} against the bit scans it replaces: every straight scan and every expansion of a scanner reading
 * the table equals that of a scanner reading the bits, and whole searches with and without tables return the same,
 * on random maps with random goals and arrival discs; a table built for an edited map from its parent's table equals
 * one built from scratch while sharing the lines the edit did not touch; a grid gets its table only once settled.
 */
class JumpTablePropertyTest {
    private static final int[] WIDTHS = {1, 2, 5, 62, 63, 64, 65, 130};

    @Property(tries = 150)
    void everyStraightScan_OnRandomMaps_EqualsTheBitScan(@ForAll("pairs") Pair pair) {
        NavGrid grid = pair.grid;
        int s = grid.stride();
        List<Integer> open = openPadded(grid);
        for (int p : open) {
            int x = p % s;
            int y = p / s;
            for (int d = -1; d <= 1; d += 2) {
                assertThat(pair.tabled.scanRow(y, x, d)).as("row scan from %d,%d dir %d", x, y, d)
                        .isEqualTo(pair.bits.scanRow(y, x, d));
                assertThat(pair.tabled.scanColumn(x, y, d)).as("column scan from %d,%d dir %d", x, y, d)
                        .isEqualTo(pair.bits.scanColumn(x, y, d));
            }
        }
        assertThat(open).hasSize(openCells(grid));
    }

    @Property(tries = 150)
    void everyExpansion_OnRandomMaps_OffersTheSameSuccessors(@ForAll("pairs") Pair pair) {
        NavGrid grid = pair.grid;
        int s = grid.stride();
        for (int p : openPadded(grid)) {
            int x = p % s;
            int y = p / s;
            // as the start (no predecessor), then reached by each legal move from a neighbour
            assertThat(pair.tabled.successors(p, -1)).isEqualTo(pair.bits.successors(p, -1));
            for (int dy = -1; dy <= 1; dy++) {
                for (int dx = -1; dx <= 1; dx++) {
                    int a = (y - dy) * s + x - dx;
                    if ((dx != 0 || dy != 0) && grid.openPadded(x - dx, y - dy)
                            && (dx == 0 || dy == 0
                            || grid.openPadded(x, y - dy) && grid.openPadded(x - dx, y))) {
                        assertThat(pair.tabled.successors(p, a))
                                .as("expanding %d,%d from %d,%d", x, y, x - dx, y - dy)
                                .isEqualTo(pair.bits.successors(p, a));
                    }
                }
            }
        }
    }

    /** Random maps of {@link #WIDTHS} and 1 to 70 rows, 0 to 40 % walls, with a scanner pair, disc radius 0 to 3. */
    @Provide
    Arbitrary<Pair> pairs() {
        return Combinators.combine(Arbitraries.of(0, 1, 2, 3, 4, 5, 6, 7), Arbitraries.integers().between(1, 70),
                        Arbitraries.integers().between(0, 40), Arbitraries.integers().between(0, 3), Arbitraries.longs())
                .as((widthIndex, height, wallPercent, radius, seed) -> {
                    Random rnd = new Random(seed);
                    NavGrid grid = randomMap(WIDTHS[widthIndex], height, wallPercent, rnd).navGrid();
                    return new Pair(grid, rnd, radius, String.format("%d x %d, %d %% walls, radius %d, seed %d",
                            WIDTHS[widthIndex], height, wallPercent, radius, seed));
                });
    }

    @Property(tries = 100)
    void tablesOfEditedMaps_TakeTheirParentsLines_AndEqualAFreshBuild(
            @ForAll @IntRange(min = 0, max = 7) int widthIndex, @ForAll @IntRange(min = 1, max = 70) int height,
            @ForAll @IntRange(min = 0, max = 40) int wallPercent, @ForAll long seed) {
        Random rnd = new Random(seed);
        int w = WIDTHS[widthIndex];
        GridMap map = randomMap(w, height, wallPercent, rnd);
        JumpTable parent = JumpTable.build(map.navGrid(), null);
        for (int step = 0; step < 4; step++) {
            int col = rnd.nextInt(w);
            int row = rnd.nextInt(height);
            int ew = 1 + rnd.nextInt(Math.min(4, w - col));
            int eh = 1 + rnd.nextInt(Math.min(4, height - row));
            GridMap next = map.edited(List.of(CellEdit.fill(col, row, ew, eh,
                    rnd.nextBoolean() ? Terrain.WALL : Terrain.OPEN)));
            NavGrid before = map.navGrid();
            NavGrid after = next.navGrid();
            JumpTable derived = JumpTable.build(after, parent);
            JumpTable fresh = JumpTable.build(after, null);
            assertThat(derived.east()).isDeepEqualTo(fresh.east());
            assertThat(derived.west()).isDeepEqualTo(fresh.west());
            assertThat(derived.south()).isDeepEqualTo(fresh.south());
            assertThat(derived.north()).isDeepEqualTo(fresh.north());
            for (int dy = -1; dy <= 1; dy += 2) {
                for (int dx = -1; dx <= 1; dx += 2) {
                    assertThat(derived.diagonal(dx, dy)).as("diagonal %d,%d", dx, dy)
                            .isDeepEqualTo(fresh.diagonal(dx, dy));
                }
            }
            // a row more than one away from every changed row keeps its parent's arrays
            long[][] rowsBefore = before.openRows();
            long[][] rowsAfter = after.openRows();
            for (int y = 1; y < rowsAfter.length - 1; y++) {
                if (rowsAfter[y - 1] == rowsBefore[y - 1] && rowsAfter[y] == rowsBefore[y]
                        && rowsAfter[y + 1] == rowsBefore[y + 1]) {
                    assertThat(derived.east()[y]).isSameAs(parent.east()[y]);
                    assertThat(derived.west()[y]).isSameAs(parent.west()[y]);
                }
            }
            map = next;
            parent = derived;
        }
    }

    @Property(tries = 100)
    void searchesWithTables_OnRandomMaps_ReturnWhatSearchesWithoutThemReturn(
            @ForAll @IntRange(min = 0, max = 7) int widthIndex, @ForAll @IntRange(min = 1, max = 70) int height,
            @ForAll @IntRange(min = 0, max = 40) int wallPercent, @ForAll @IntRange(min = 0, max = 2) int radius,
            @ForAll long seed) {
        Random rnd = new Random(seed);
        int w = WIDTHS[widthIndex];
        NavGrid grid = randomMap(w, height, wallPercent, rnd).navGrid();
        PathSearch tabled = new PathSearch(IntPages.RETAINED_BYTES, 0);
        PathSearch bits = new PathSearch(IntPages.RETAINED_BYTES, -1);
        SearchOptions options = SearchOptions.DEFAULT.withAlgorithm(Algorithm.JPS).withArrivalRadiusCells(radius);
        boolean searched = false;
        for (int q = 0; q < 20; q++) {
            int sc = rnd.nextInt(w);
            int sr = rnd.nextInt(height);
            int gc = rnd.nextInt(w);
            int gr = rnd.nextInt(height);
            PathResult a = tabled.find(grid, sc, sr, gc, gr, options);
            PathResult b = bits.find(grid, sc, sr, gc, gr, options);
            assertThat(a.status()).isEqualTo(b.status());
            assertThat(a.length()).isEqualTo(b.length());
            assertThat(a.cells()).isEqualTo(b.cells());
            assertThat(a.expanded()).isEqualTo(b.expanded());
            searched |= a.expanded() > 0;
        }
        if (searched) {
            // the tabled context did read a table
            assertThat(JumpTable.forGrid(grid, 0, Long.MAX_VALUE)).isNotNull();
        }
    }

    @Test
    void diagonalJump_InAnOpenRoomBesideAWallEnd_SkipsToTheTurnTheBitsFind() {
        String[] rows = {
            "s.........",
            "..........",
            "..........",
            "..........",
            "......#...",
            "..........",
            ".........g"};
        NavGrid grid = AsciiMaps.map(rows).navGrid();
        int[] g = AsciiMaps.find('g', rows);
        Side tabled = new Side(grid, grid.pad(g[0], g[1]), 0, true);
        Side bits = new Side(grid, grid.pad(g[0], g[1]), 0, false);
        int start = grid.pad(0, 0);
        // from (0, 0) south-east, (1, 1) and (2, 2) hold no jump point; at (3, 3) the row jump east ends at (7, 3),
        // whose southern neighbour (7, 4) is open behind the wall at (6, 4): three moves (padded indices)
        assertThat(JumpTable.forGrid(grid, 0, 0).diagonal(1, 1)[1][1]).isEqualTo((short) 3);
        assertThat(tabled.successors(start, -1)).isEqualTo(bits.successors(start, -1)).isNotEmpty();
    }

    @Test
    void forGrid_BeforeTheGridHasSettled_AnswersNullThenBuildsOnce() {
        NavGrid grid = AsciiMaps.map(
                "....",
                ".#..",
                "....").navGrid();
        long settle = 1_000;
        assertThat(JumpTable.forGrid(grid, 5_000, settle)).isNull();
        assertThat(JumpTable.forGrid(grid, 5_999, settle)).isNull();
        JumpTable built = JumpTable.forGrid(grid, 6_000, settle);
        assertThat(built).isNotNull();
        assertThat(JumpTable.forGrid(grid, 6_001, settle)).isSameAs(built);
        assertThat(built.east()[2][1]).isEqualTo((short) -1); // from padded (1, 2) the wall at x 2 blocks at once
    }

    @Test
    void forGrid_WhenAMapIsEdited_SharesTheUntouchedRowsWithTheParentTable() {
        GridMap map = AsciiMaps.map(
                "........",
                "........",
                "........",
                "........",
                "........",
                "........");
        JumpTable first = JumpTable.forGrid(map.navGrid(), 0, 0);
        GridMap edited = map.edited(List.of(CellEdit.fill(3, 4, 1, 1, Terrain.WALL)));
        JumpTable second = JumpTable.forGrid(edited.navGrid(), 0, 0);
        assertThat(second).isNotSameAs(first);
        // padded rows 4..6 see the wall on padded row 5; rows 1 and 2 are untouched
        assertThat(second.east()[1]).isSameAs(first.east()[1]);
        assertThat(second.east()[2]).isSameAs(first.east()[2]);
        assertThat(second.east()[5]).isNotSameAs(first.east()[5]);
        assertThat(second.east()[5][1]).isEqualTo((short) -3); // from padded x 1, the wall at x 4 blocks
        assertThat(JumpTable.forGrid(edited.navGrid(), 0, 0)).isSameAs(second);
    }

    /** A scanner reading the table and one reading the bits, bound to one grid and aimed at one random goal. */
    static final class Pair {
        final NavGrid grid;
        final Side tabled;
        final Side bits;
        private final String drawn;

        Pair(NavGrid grid, Random rnd, int radius, String drawn) {
            this.grid = grid;
            this.drawn = drawn;
            int goalCell;
            do {
                goalCell = rnd.nextInt(grid.width() * grid.height());
            } while (!grid.openCell(goalCell) && rnd.nextInt(50) != 0);
            tabled = new Side(grid, grid.pad(goalCell), radius, true);
            bits = new Side(grid, grid.pad(goalCell), radius, false);
        }

        @Override
        public String toString() {
            return drawn;
        }
    }

    private static final class Side {
        final OpenList list = new OpenList();
        final Goal goal = new Goal();
        final Frontier frontier = new Frontier(list, goal);
        final JumpScanner scanner;
        final NavGrid grid;

        Side(NavGrid grid, int goalP, int radius, boolean tables) {
            this.grid = grid;
            scanner = new JumpScanner(frontier, tables ? 0 : -1);
            goal.set(goalP, grid.stride(), false, radius, Math.max(grid.stride(), grid.height() + 2), null, 0, 0);
            scanner.bind(grid);
            scanner.aim();
        }

        int scanRow(int y, int x, int d) {
            return scanner.scanRow(y, x, d);
        }

        int scanColumn(int x, int y, int d) {
            return scanner.scanColumn(x, y, d);
        }

        /** Expands padded {@code p}, reached from padded {@code from} (-1: as the start); successors as text. */
        List<String> successors(int p, int from) {
            int s = grid.stride();
            double g;
            if (from < 0) {
                frontier.begin(grid.paddedSize(), p, p % s, p / s);
                list.pop();
                g = 0;
            } else {
                frontier.begin(grid.paddedSize(), from, from % s, from / s);
                list.pop();
                list.link(p, from, Frontier.NONE);
                g = from % s != p % s && from / s != p / s ? Math.sqrt(2) : 1;
            }
            scanner.expand(p, g);
            List<String> out = new ArrayList<>();
            while (!list.isEmpty()) {
                double cost = list.peekG();
                int q = list.pop();
                out.add(q + " g=" + cost + " via " + list.via(q));
            }
            return out;
        }
    }

    /**
     * A random map from {@link LandmarkHeuristicPropertyTest#randomMap}: scattered walls, and in most draws rooms
     * (walls of whole rows and columns with doors), so that runs end and forced neighbours appear far apart.
     */
    private static GridMap randomMap(int w, int h, int wallPercent, Random rnd) {
        return LandmarkHeuristicPropertyTest.randomMap(w, h, wallPercent, rnd.nextInt(13), false, rnd.nextLong());
    }

    /** The open cells of {@code grid} as padded indices, row by row. */
    private static List<Integer> openPadded(NavGrid grid) {
        List<Integer> open = new ArrayList<>();
        for (int y = 1; y <= grid.height(); y++) {
            for (int x = 1; x <= grid.width(); x++) {
                if (grid.openPadded(x, y)) {
                    open.add(y * grid.stride() + x);
                }
            }
        }
        return open;
    }

    private static int openCells(NavGrid grid) {
        int n = 0;
        for (int c = 0; c < grid.width() * grid.height(); c++) {
            n += grid.openCell(c) ? 1 : 0;
        }
        return n;
    }
}
