package dev.navserver.server.edit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.Terrain;
import dev.navserver.nav.grid.WorldTransform;
import dev.navserver.nav.io.MapFormat;
import dev.navserver.nav.io.MapLoader;
import dev.navserver.protocol.message.CellRect;
import dev.navserver.protocol.message.TerrainEdit;
import java.io.IOException;
import java.io.StringReader;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link MapExport} on maps drawn in ASCII ({@code .} open, {@code #} wall, {@code ~} water, {@code s} swamp,
 * {@code t} trees, {@code h} hill): an edited map written in either format loads back to the same terrain (and, for
 * NavExport, the same transform); a map a format cannot hold exactly is refused, naming the first offending cell.
 */
class MapExportTest {
    private static final WorldTransform T = new WorldTransform(-12.5, 3.25, 40.125, 0.5);

    private static GridMap map(WorldTransform t, String... rows) {
        int w = rows[0].length();
        byte[] terrain = new byte[w * rows.length];
        for (int r = 0; r < rows.length; r++) {
            for (int c = 0; c < w; c++) {
                terrain[r * w + c] = switch (rows[r].charAt(c)) {
                    case '#' -> Terrain.WALL;
                    case '~' -> Terrain.WATER;
                    case 's' -> Terrain.SWAMP;
                    case 't' -> Terrain.TREES;
                    case 'h' -> Terrain.HILL;
                    default -> Terrain.OPEN;
                };
            }
        }
        return new GridMap("m", w, rows.length, t, terrain);
    }

    private static GridMap load(String text) throws IOException {
        return MapLoader.parse("m", "export", new StringReader(text));
    }

    private static void assertSame(GridMap actual, GridMap expected) {
        assertThat(actual.width()).isEqualTo(expected.width());
        assertThat(actual.height()).isEqualTo(expected.height());
        assertThat(actual.transform()).isEqualTo(expected.transform());
        for (int cell = 0; cell < expected.width() * expected.height(); cell++) {
            assertThat(actual.terrain(cell)).as("cell %d", cell).isEqualTo(expected.terrain(cell));
        }
    }

    private static GridMap edited(GridMap base, TerrainEdit... edits) {
        MapEditor.Result r = MapEditor.apply(base, base, List.of(edits), 1000);
        assertThat(r.status()).isEqualTo(MapEditor.Status.APPLIED);
        return r.map();
    }

    @Test
    void editedNavExportMap_WrittenAndLoaded_SameWallsAndTransform() throws IOException {
        GridMap base = map(T,
                "#####",
                "#...#",
                "#.#.#",
                "#####");
        GridMap door = edited(base, TerrainEdit.cells(new CellRect(2, 2, 1, 1), "open"),
                TerrainEdit.cells(new CellRect(1, 1, 1, 1), "wall"));

        MapExport.Result r = MapExport.write(door, MapFormat.NAV_EXPORT);

        assertThat(r.status()).isEqualTo(MapExport.Status.WRITTEN);
        assertThat(r.text()).isEqualTo("""
                startpos=(-12.5, 3.25, 40.125)
                height=4
                wide=5
                accuracy=0.5
                {0,0,0,0,0,},
                {0,0,1,1,0,},
                {0,1,1,1,0,},
                {0,0,0,0,0,},
                """);
        assertSame(load(r.text()), door);
    }

    @Test
    void editedMovingAiMap_WrittenAndLoaded_SameTerrainClasses() throws IOException {
        GridMap base = map(WorldTransform.UNIT,
                "....",
                ".~~.",
                "....");
        GridMap e = edited(base, TerrainEdit.cells(new CellRect(0, 0, 2, 1), "swamp"),
                TerrainEdit.cells(new CellRect(3, 2, 1, 1), "trees"), TerrainEdit.cells(new CellRect(2, 0, 1, 3), "wall"));

        MapExport.Result r = MapExport.write(e, MapFormat.MOVING_AI);

        assertThat(r.status()).isEqualTo(MapExport.Status.WRITTEN);
        assertThat(r.text()).isEqualTo("""
                type octile
                height 3
                width 4
                map
                SS@.
                .W@.
                ..@T
                """);
        assertSame(load(r.text()), e);
    }

    @Test
    void navExport_RefusesTerrainOtherThanOpenAndWall() {
        MapExport.Result r = MapExport.write(map(T, "..", ".s"), MapFormat.NAV_EXPORT);

        assertThat(r.status()).isEqualTo(MapExport.Status.UNREPRESENTABLE);
        assertThat(r.text()).isNull();
        assertThat(r.message()).isEqualTo("map m has terrain swamp at column 1, row 1; navexport holds open and wall "
                + "only");
    }

    @Test
    void movingAi_RefusesHillAndAWorldTransform() {
        MapExport.Result hill = MapExport.write(map(WorldTransform.UNIT, ".#", "h."), MapFormat.MOVING_AI);
        MapExport.Result moved = MapExport.write(map(T, "..", ".."), MapFormat.MOVING_AI);

        assertThat(hill.status()).isEqualTo(MapExport.Status.UNREPRESENTABLE);
        assertThat(hill.message()).isEqualTo("map m has terrain hill at column 0, row 1; movingai holds open, wall, "
                + "trees, water and swamp only");
        assertThat(moved.status()).isEqualTo(MapExport.Status.UNREPRESENTABLE);
        assertThat(moved.message()).startsWith("map m has a world transform (origin (-12.5, 3.25, 40.125), cell 0.5 m)")
                .endsWith("use format=navexport");
    }

    @Test
    void formatNames_ParseAnyCase_AndGiveTheFileNameTheServerLoads() {
        assertThat(MapExport.format("movingai")).isEqualTo(MapFormat.MOVING_AI);
        assertThat(MapExport.format("NavExport")).isEqualTo(MapFormat.NAV_EXPORT);
        assertThat(MapExport.format("png")).isNull();
        assertThat(MapExport.format(null)).isNull();
        assertThat(MapExport.fileName("rooms", MapFormat.MOVING_AI)).isEqualTo("rooms.map");
        assertThat(MapExport.fileName("arena", MapFormat.NAV_EXPORT)).isEqualTo("arena.txt");
    }
}
