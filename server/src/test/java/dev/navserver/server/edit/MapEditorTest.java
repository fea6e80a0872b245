package dev.navserver.server.edit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.MoveLayer;
import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.grid.Terrain;
import dev.navserver.nav.grid.WorldTransform;
import dev.navserver.protocol.message.CellRect;
import dev.navserver.protocol.message.TerrainEdit;
import dev.navserver.protocol.message.Vec3;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link MapEditor} on maps drawn in ASCII ({@code .} open, {@code #} wall, {@code ~} water): rect to cells with
 * borders included, all-or-nothing application, {@code original} restored and described as exact rectangles.
 */
class MapEditorTest {
    /** Cell (col, row) has its centre at x = 10 + 2 col, z = 20 - 2 row (2 m cells). */
    private static final WorldTransform T = new WorldTransform(10, 0, 20, 2);

    private static GridMap map(String... rows) {
        int w = rows[0].length();
        byte[] t = new byte[w * rows.length];
        for (int r = 0; r < rows.length; r++) {
            for (int c = 0; c < w; c++) {
                char ch = rows[r].charAt(c);
                t[r * w + c] = ch == '#' ? Terrain.WALL : ch == '~' ? Terrain.WATER : Terrain.OPEN;
            }
        }
        return new GridMap("ascii", w, rows.length, T, t);
    }

    private static String[] draw(GridMap m) {
        String[] rows = new String[m.height()];
        for (int r = 0; r < m.height(); r++) {
            StringBuilder sb = new StringBuilder();
            for (int c = 0; c < m.width(); c++) {
                int t = m.terrain(c, r);
                sb.append(t == Terrain.WALL ? '#' : t == Terrain.WATER ? '~' : '.');
            }
            rows[r] = sb.toString();
        }
        return rows;
    }

    private static final GridMap SIX = map(
            "......",
            "......",
            "..~~..",
            "..~#..",
            "......");

    @Test
    void rectWhoseCornersAreCellCentres_CoversThoseCellsBordersIncluded() {
        // centres of (1,1) and (3,2): x 12 and 16, z 18 and 16; corners given in any order
        assertThat(MapEditor.coveredCells(T, new Vec3(16, 5, 16), new Vec3(12, -5, 18))).containsExactly(1, 1, 3, 2);
    }

    @Test
    void rectBetweenCentres_CoversOnlyCentresInside_AndNoneWhenTooThin() {
        assertThat(MapEditor.coveredCells(T, new Vec3(11.9, 0, 18.1), new Vec3(16.1, 0, 15.9)))
                .containsExactly(1, 1, 3, 2);
        assertThat(MapEditor.coveredCells(T, new Vec3(12.1, 0, 18), new Vec3(13.9, 0, 14))).isNull();
        assertThat(MapEditor.coveredCells(T, new Vec3(12, 0, 18), new Vec3(12, 0, 18))).containsExactly(1, 1, 1, 1);
    }

    @Test
    void rectEdit_WritesItsCells_AndThePatchNamesTheCellRectangle() {
        MapEditor.Result r = MapEditor.apply(SIX, SIX, List.of(
                TerrainEdit.rect(new Vec3(12, 0, 18), new Vec3(18, 0, 16), "wall")), 100);

        assertThat(r.status()).isEqualTo(MapEditor.Status.APPLIED);
        assertThat(draw(r.map())).containsExactly(
                "......",
                ".####.",
                ".####.",
                "..~#..",
                "......");
        assertThat(r.changedCells()).as("water to wall is a change too").isEqualTo(8);
        assertThat(r.patch()).containsExactly(TerrainEdit.cells(new CellRect(1, 1, 4, 2), "wall"));
    }

    @Test
    void secondEditOffTheMap_AppliesNothing() {
        MapEditor.Result r = MapEditor.apply(SIX, SIX, List.of(
                TerrainEdit.cells(new CellRect(0, 0, 2, 2), "wall"),
                TerrainEdit.cells(new CellRect(5, 4, 2, 1), "wall")), 100);

        assertThat(r.status()).isEqualTo(MapEditor.Status.OUT_OF_BOUNDS);
        assertThat(r.message()).startsWith("edits[1].cells: columns 5..6, rows 4..4 are not all on map ascii");
        assertThat(r.map()).isNull();
        assertThat(r.patch()).isEmpty();
    }

    @Test
    void rectPartlyOffTheMap_IsOutOfBounds_AndThinRectIsBadField() {
        assertThat(MapEditor.apply(SIX, SIX, List.of(
                TerrainEdit.rect(new Vec3(8, 0, 20), new Vec3(12, 0, 18), "wall")), 100).status())
                .isEqualTo(MapEditor.Status.OUT_OF_BOUNDS);
        MapEditor.Result thin = MapEditor.apply(SIX, SIX, List.of(
                TerrainEdit.rect(new Vec3(12.5, 0, 20), new Vec3(13.5, 0, 10), "wall")), 100);
        assertThat(thin.status()).isEqualTo(MapEditor.Status.BAD_FIELD);
        assertThat(thin.message()).isEqualTo("edits[0].rect: covers no cell centre");
    }

    @Test
    void editsCoveringMoreThanTheLimitTogether_AreTooLarge() {
        MapEditor.Result r = MapEditor.apply(SIX, SIX, List.of(
                TerrainEdit.cells(new CellRect(0, 0, 3, 3), "wall"),
                TerrainEdit.cells(new CellRect(0, 0, 1, 2), "open")), 10);

        assertThat(r.status()).isEqualTo(MapEditor.Status.TOO_LARGE);
        assertThat(r.message()).contains("maps.maxEditCells = 10", "(11 up to edits[1].cells)");
    }

    @Test
    void original_RestoresTheFileTerrain_AsExactRectanglesOfOneTerrainEach() {
        GridMap walled = MapEditor.apply(SIX, SIX, List.of(
                TerrainEdit.cells(new CellRect(0, 0, 6, 5), "wall")), 100).map();

        MapEditor.Result r = MapEditor.apply(walled, SIX, List.of(
                TerrainEdit.cells(new CellRect(1, 1, 4, 4), "original")), 100);

        assertThat(draw(r.map())).containsExactly(
                "######",
                "#....#",
                "#.~~.#",
                "#.~#.#",
                "#....#");
        assertThat(r.changedCells()).isEqualTo(16 - 1);
        assertThat(r.patch()).containsExactly(
                TerrainEdit.cells(new CellRect(1, 1, 4, 1), "open"),
                TerrainEdit.cells(new CellRect(1, 2, 1, 2), "open"),
                TerrainEdit.cells(new CellRect(2, 2, 2, 1), "water"),
                TerrainEdit.cells(new CellRect(4, 2, 1, 2), "open"),
                TerrainEdit.cells(new CellRect(2, 3, 1, 1), "water"),
                TerrainEdit.cells(new CellRect(3, 3, 1, 1), "wall"),
                TerrainEdit.cells(new CellRect(1, 4, 4, 1), "open"));
    }

    @Test
    void editsApplyInOrder_AndChangedCellsCountsOnlyRealChanges() {
        MapEditor.Result r = MapEditor.apply(SIX, SIX, List.of(
                TerrainEdit.cells(new CellRect(0, 0, 2, 1), "wall"),
                TerrainEdit.cells(new CellRect(1, 0, 1, 1), "open"),
                TerrainEdit.cells(new CellRect(3, 3, 1, 1), "wall")), 100);

        assertThat(draw(r.map())[0]).isEqualTo("#.....");
        assertThat(r.changedCells()).isEqualTo(1);
        assertThat(r.patch()).hasSize(3);
    }

    @Test
    void wallAcrossTheMap_SplitsTheIsland_AndEveryGridBuiltBeforeMatchesAFullRebuild() {
        GridMap base = map(
                "......",
                "......",
                "......",
                "......",
                "......");
        base.navGrid(MoveLayer.DEFAULT, 2);
        base.navGrid(MoveLayer.LAND, 1);
        MapEditor.Result r = MapEditor.apply(base, base, List.of(
                TerrainEdit.cells(new CellRect(2, 0, 1, 5), "wall"),
                TerrainEdit.cells(new CellRect(5, 4, 1, 1), "water")), 100);

        assertThat(r.changedCells()).isEqualTo(6);
        assertThat(r.map().navGrid().islandCount()).isEqualTo(2);
        assertThat(r.map().navGrid(MoveLayer.DEFAULT, 2).islandCount()).isEqualTo(2);
        GridMap rebuilt = new GridMap("ascii", 6, 5, T, r.map().terrainCopy());
        for (NavGrid g : r.map().builtGrids()) {
            NavGrid want = rebuilt.navGrid(g.layer(), g.agentSize());
            assertThat(g.openRows()).isDeepEqualTo(want.openRows());
            assertThat(g.costRows()).isDeepEqualTo(want.costRows());
            assertThat(g.islandCount()).isEqualTo(want.islandCount());
            for (int a = 0; a < 30; a++) {
                for (int b = 0; b < 30; b++) {
                    // same partition; labels themselves may differ after an edit
                    assertThat(g.island(a) == g.island(b)).isEqualTo(want.island(a) == want.island(b));
                }
            }
            assertThat(g.openColumns()).isDeepEqualTo(want.openColumns());
        }
        assertThat(r.map().builtGrids()).hasSize(3);
        // the map edited from keeps its one island
        assertThat(base.navGrid().islandCount()).isEqualTo(1);
    }
}
