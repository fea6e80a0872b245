package dev.navserver.nav.grid;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.navserver.nav.Dijkstra;
import dev.navserver.nav.search.Algorithm;
import dev.navserver.nav.search.Moves;
import dev.navserver.nav.search.PathResult;
import dev.navserver.nav.search.PathSearch;
import dev.navserver.nav.search.SearchOptions;
import dev.navserver.nav.search.SearchStatus;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * {@link GridMap#edited} against the oracle: after every random edit message, every derived structure of every
 * built grid equals a from-scratch build of the edited terrain (island labels up to renaming), the map it was
 * derived from is unchanged, and A* and JPS agree with a plain Dijkstra on the edited map.
 */
class GridEditPropertyTest {
    private static final int[] WIDTHS = {1, 2, 7, 63, 64, 65, 130};
    private static final byte[] CLASSES = {Terrain.OPEN, Terrain.WALL, Terrain.HILL, Terrain.TREES, Terrain.SWAMP,
        Terrain.WATER};
    private static final MoveLayer[] LAYERS = {MoveLayer.DEFAULT, MoveLayer.LAND, MoveLayer.BOAT};

    private final PathSearch search = new PathSearch();

    @Property(tries = 200)
    void randomEditSequences_OnRandomMaps_EqualAFullRebuildAfterEveryStep(
            @ForAll @IntRange(min = 0, max = 6) int widthIndex, @ForAll @IntRange(min = 1, max = 70) int height,
            @ForAll @IntRange(min = 0, max = 2) int style, @ForAll long seed) {
        Random rnd = new Random(seed);
        int w = WIDTHS[widthIndex];
        int h = w >= 100 ? Math.min(height, 40) : height;
        GridMap original = new GridMap("p", w, h, WorldTransform.UNIT, terrain(w, h, style, rnd));
        // half the runs keep agent size 1 only: no clearance is built or maintained then
        int maxSize = (seed & 1) == 0 ? 1 : 3;
        List<NavGrid> built = buildGrids(original, maxSize);
        GridMap current = original;
        int steps = 1 + rnd.nextInt(8);
        for (int s = 0; s < steps; s++) {
            List<CellEdit> edits = new ArrayList<>();
            int n = 1 + rnd.nextInt(3);
            for (int i = 0; i < n; i++) {
                edits.add(randomEdit(w, h, original, rnd));
            }
            Snapshot before = new Snapshot(current);
            GridMap next = current.edited(edits);
            before.assertUnchanged(current);
            byte[] expectedTerrain = current.terrainCopy();
            for (CellEdit e : edits) {
                for (int r = e.row(); r < e.row() + e.height(); r++) {
                    for (int c = e.col(); c < e.col() + e.width(); c++) {
                        expectedTerrain[r * w + c] = (byte) (e.source() != null ? e.source().terrain(c, r)
                                : e.terrain());
                    }
                }
            }
            assertThat(next.terrainCopy()).isEqualTo(expectedTerrain);
            GridMap rebuilt = new GridMap("p", w, h, WorldTransform.UNIT, expectedTerrain);
            assertThat(next.builtGrids()).hasSize(built.size());
            for (NavGrid b : built) {
                assertSameDerived(next.navGrid(b.layer(), b.agentSize()), rebuilt.navGrid(b.layer(), b.agentSize()));
            }
            assertSearchesAgreeWithDijkstra(next.navGrid(), rnd);
            if (maxSize > 1) {
                assertSearchesAgreeWithDijkstra(next.navGrid(MoveLayer.LAND, 2), rnd);
            }
            current = next;
        }
    }

    /**
     * Walls across corridors of mazes and room maps spanning many chunks (the chunk graph decides every split of a
     * closure; pieces meet far away or not at all), and some openings that merge islands.
     */
    @Property(tries = 60)
    void wallsAcrossCorridors_OnManyChunkMaps_SplitExactlyAsARebuild(
            @ForAll @IntRange(min = 65, max = 260) int w, @ForAll @IntRange(min = 65, max = 200) int h,
            @ForAll @IntRange(min = 0, max = 1) int style, @ForAll long seed) {
        Random rnd = new Random(seed);
        byte[] t = new byte[w * h];
        for (int r = 0; r < h; r++) {
            for (int c = 0; c < w; c++) {
                boolean wall = style == 0
                        ? (r % 2 == 1 && c % 2 == 1) || (r % 2 == 1 && rnd.nextInt(3) > 0) || (c % 2 == 1 && rnd.nextInt(3) > 0)
                        : (r % 16 == 15 && c % 16 != 5) || (c % 16 == 15 && r % 16 != 9);
                t[r * w + c] = wall ? Terrain.WALL : Terrain.OPEN;
            }
        }
        GridMap current = new GridMap("m", w, h, WorldTransform.UNIT, t);
        List<NavGrid> built = buildGrids(current, 2);
        for (int s = 0; s < 6; s++) {
            List<CellEdit> edits = new ArrayList<>();
            for (int i = 0, n = 1 + rnd.nextInt(4); i < n; i++) {
                boolean across = rnd.nextBoolean();
                int len = 1 + rnd.nextInt(3);
                int c = rnd.nextInt(w - (across ? len : 1) + 1);
                int r = rnd.nextInt(h - (across ? 1 : len) + 1);
                // mostly walls (the chunk graph decides splits), some openings (merges through the label table)
                byte terrain = rnd.nextInt(3) == 0 ? Terrain.OPEN : Terrain.WALL;
                edits.add(CellEdit.fill(c, r, across ? len : 1, across ? 1 : len, terrain));
            }
            GridMap next = current.edited(edits);
            GridMap rebuilt = new GridMap("m", w, h, WorldTransform.UNIT, next.terrainCopy());
            for (NavGrid b : built) {
                assertSameDerived(next.navGrid(b.layer(), b.agentSize()), rebuilt.navGrid(b.layer(), b.agentSize()));
            }
            current = next;
        }
    }

    @org.junit.jupiter.api.Test
    void aGateBetweenTwoLargeHalves_OpenedJoinsThemThroughTheLabelTable_ClosedSplitsThemAgain() {
        // 150 x 70, a wall down column 75 with a one-cell gate at row 35: halves of about 5,000 cells each
        int w = 150;
        int h = 70;
        byte[] t = new byte[w * h];
        for (int r = 0; r < h; r++) {
            t[r * w + 75] = Terrain.WALL;
        }
        GridMap closed = new GridMap("gate", w, h, WorldTransform.UNIT, t);
        NavGrid before = closed.navGrid();
        assertThat(before.islandCount()).isEqualTo(2);
        GridMap open = closed.edited(List.of(CellEdit.fill(75, 35, 1, 1, Terrain.OPEN)));
        NavGrid joined = open.navGrid();
        assertThat(joined.islandCount()).isEqualTo(1);
        assertThat(joined.island(0)).isEqualTo(joined.island(w - 1)).isEqualTo(joined.island(35 * w + 75));
        assertThat(joined.islandSize(joined.island(0))).isEqualTo(w * h - h + 1);
        // the absorbed half's cells keep their stored label; the table points it at the kept island
        assertThat(joined.islandOfArray()).isNotEqualTo(before.islandOfArray());
        assertSameDerived(joined, new GridMap("gate", w, h, WorldTransform.UNIT, open.terrainCopy()).navGrid());
        GridMap shut = open.edited(List.of(CellEdit.fill(75, 35, 1, 1, Terrain.WALL)));
        NavGrid split = shut.navGrid();
        assertThat(split.islandCount()).isEqualTo(2);
        assertThat(split.island(0)).isNotEqualTo(split.island(w - 1));
        assertSameDerived(split, closed.navGrid());
        // and open again: still exact after a split of an aliased island
        NavGrid again = shut.edited(List.of(CellEdit.fill(75, 35, 1, 1, Terrain.OPEN))).navGrid();
        assertSameDerived(again, joined);
    }

    private static List<NavGrid> buildGrids(GridMap map, int maxSize) {
        List<NavGrid> out = new ArrayList<>();
        for (MoveLayer layer : LAYERS) {
            for (int size = 1; size <= maxSize; size++) {
                out.add(map.navGrid(layer, size));
            }
        }
        return out;
    }

    private static byte[] terrain(int w, int h, int style, Random rnd) {
        byte[] t = new byte[w * h];
        int density = rnd.nextInt(45);
        for (int r = 0; r < h; r++) {
            for (int c = 0; c < w; c++) {
                byte v;
                if (style == 0) {
                    v = rnd.nextInt(100) < density ? Terrain.WALL : Terrain.OPEN;
                } else if (style == 1) {
                    v = CLASSES[rnd.nextInt(CLASSES.length)];
                } else {
                    // rooms: walls every 8 cells with doors
                    boolean wall = (r % 8 == 7 && c % 8 != 3) || (c % 8 == 7 && r % 8 != 3);
                    v = wall ? Terrain.WALL : (rnd.nextInt(10) == 0 ? Terrain.HILL : Terrain.OPEN);
                }
                t[r * w + c] = v;
            }
        }
        return t;
    }

    private static CellEdit randomEdit(int w, int h, GridMap original, Random rnd) {
        int big = rnd.nextInt(6) == 0 ? Math.max(w, h) : 6;
        int ew = 1 + rnd.nextInt(Math.min(w, big));
        int eh = 1 + rnd.nextInt(Math.min(h, big));
        int c = rnd.nextInt(w - ew + 1);
        int r = rnd.nextInt(h - eh + 1);
        int kind = rnd.nextInt(5);
        if (kind == 0) {
            return CellEdit.copy(c, r, ew, eh, original);
        }
        byte t = kind <= 2 ? (rnd.nextBoolean() ? Terrain.WALL : Terrain.OPEN) : CLASSES[rnd.nextInt(CLASSES.length)];
        return CellEdit.fill(c, r, ew, eh, t);
    }

    /** Copies of the arrays of every grid of a map, to prove an edit leaves the map it started from alone. */
    private static final class Snapshot {
        private final Map<NavGrid, Object[]> copies = new HashMap<>();
        private final byte[] terrain;

        Snapshot(GridMap map) {
            terrain = map.terrainCopy();
            for (NavGrid g : map.builtGrids()) {
                copies.put(g, new Object[] {deepCopy(g.openRows()), islands(g), deepCopy(g.openColumns()),
                    g.costRows() == null ? null : deepCopy(g.costRows()), clearances(g)});
            }
        }

        void assertUnchanged(GridMap map) {
            assertThat(map.terrainCopy()).isEqualTo(terrain);
            for (Map.Entry<NavGrid, Object[]> e : copies.entrySet()) {
                NavGrid g = e.getKey();
                Object[] c = e.getValue();
                assertThat(g.openRows()).isDeepEqualTo((long[][]) c[0]);
                assertThat(islands(g)).isEqualTo((int[]) c[1]);
                assertThat(g.openColumns()).isDeepEqualTo((long[][]) c[2]);
                assertThat(g.costRows()).isDeepEqualTo((float[][]) c[3]);
                assertThat(clearances(g)).isEqualTo((int[]) c[4]);
            }
        }
    }

    private static long[][] deepCopy(long[][] lines) {
        long[][] out = new long[lines.length][];
        for (int i = 0; i < lines.length; i++) {
            out[i] = lines[i].clone();
        }
        return out;
    }

    private static float[][] deepCopy(float[][] lines) {
        float[][] out = new float[lines.length][];
        for (int i = 0; i < lines.length; i++) {
            out[i] = lines[i].clone();
        }
        return out;
    }

    private static int[] islands(NavGrid g) {
        int[] out = new int[g.width() * g.height()];
        for (int cell = 0; cell < out.length; cell++) {
            out[cell] = g.island(cell);
        }
        return out;
    }

    /** Clearance per cell for grids above size 1 (empty for size 1, whose layer may not have clearance built). */
    private static int[] clearances(NavGrid g) {
        int[] out = new int[g.agentSize() > 1 ? g.width() * g.height() : 0];
        for (int cell = 0; cell < out.length; cell++) {
            out[cell] = g.clearance(cell);
        }
        return out;
    }

    static void assertSameDerived(NavGrid got, NavGrid want) {
        int w = want.width();
        int h = want.height();
        assertThat(got.openRows()).isDeepEqualTo(want.openRows());
        assertThat(got.costRows()).isDeepEqualTo(want.costRows());
        assertThat(got.openColumns()).isDeepEqualTo(want.openColumns());
        for (int cell = 0; cell < w * h && got.agentSize() > 1; cell++) {
            // (reading clearance builds it on first use; size-1 grids do without it, so only the others look)
            assertThat(got.clearance(cell)).as("clearance of %d", cell).isEqualTo(want.clearance(cell));
        }
        assertThat(got.chunkBorders().sameAs(want.chunkBorders())).as("chunk graph borders").isTrue();
        assertThat(got.islandCount()).isEqualTo(want.islandCount());
        int[] gotToWant = new int[got.islandLabelBound()];
        int[] wantToGot = new int[want.islandLabelBound()];
        for (int cell = 0; cell < w * h; cell++) {
            int a = got.island(cell);
            int b = want.island(cell);
            assertThat(a == 0).as("standable iff labelled, cell %d", cell).isEqualTo(b == 0);
            if (a == 0) {
                continue;
            }
            assertThat(a).isLessThan(got.islandLabelBound());
            if (gotToWant[a] == 0) {
                gotToWant[a] = b;
            }
            if (wantToGot[b] == 0) {
                wantToGot[b] = a;
            }
            assertThat(gotToWant[a]).as("island of cell %d", cell).isEqualTo(b);
            assertThat(wantToGot[b]).as("island of cell %d", cell).isEqualTo(a);
        }
        for (int b = 1; b < want.islandLabelBound(); b++) {
            assertThat(got.islandSize(wantToGot[b])).as("size of island %d", b).isEqualTo(want.islandSize(b));
        }
    }

    private void assertSearchesAgreeWithDijkstra(NavGrid grid, Random rnd) {
        int w = grid.width();
        int h = grid.height();
        for (int q = 0; q < 3; q++) {
            int sc = rnd.nextInt(w);
            int sr = rnd.nextInt(h);
            int gc = rnd.nextInt(w);
            int gr = rnd.nextInt(h);
            if (!grid.open(sc, sr) || !grid.open(gc, gr)) {
                continue;
            }
            double d = Dijkstra.distances(grid, sr * w + sc, true, true)[gr * w + gc];
            List<Algorithm> algorithms = new ArrayList<>(List.of(Algorithm.ASTAR));
            if (grid.uniformCost()) {
                algorithms.add(Algorithm.JPS);
            }
            for (Algorithm a : algorithms) {
                PathResult r = search.find(grid, sc, sr, gc, gr,
                        SearchOptions.DEFAULT.withAlgorithm(a).withMoves(Moves.EIGHT));
                if (Double.isInfinite(d)) {
                    assertThat(r.status()).isEqualTo(SearchStatus.UNREACHABLE);
                } else {
                    assertThat(r.status()).isEqualTo(SearchStatus.FOUND);
                    assertThat(r.length()).as(a + " length").isCloseTo(d, within(1e-6));
                }
            }
        }
    }

}
