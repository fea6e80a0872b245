package dev.navserver.server.editlog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.Terrain;
import dev.navserver.nav.grid.WorldTransform;
import dev.navserver.protocol.message.CellRect;
import dev.navserver.protocol.message.TerrainEdit;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link MapJournal}'s snapshot content on maps drawn in ASCII ({@code .} open, {@code #} wall, {@code ~} water). */
class MapJournalTest {
    private static GridMap map(String... rows) {
        int w = rows[0].length();
        byte[] t = new byte[w * rows.length];
        for (int r = 0; r < rows.length; r++) {
            for (int c = 0; c < w; c++) {
                char ch = rows[r].charAt(c);
                t[r * w + c] = ch == '#' ? Terrain.WALL : ch == '~' ? Terrain.WATER : Terrain.OPEN;
            }
        }
        return new GridMap("ascii", w, rows.length, WorldTransform.UNIT, t);
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

    @Test
    void changes_AreRectanglesOfTheChangedCellsOnly_AndRebuildTheEditedMap() {
        GridMap file = map(
                "......",
                ".#....",
                ".#..~~",
                "......");
        GridMap edited = map(
                "..###.",
                "..###.",
                ".#..~.",
                "....~~");
        List<TerrainEdit> changes = MapJournal.changes(file, edited);

        assertThat(changes).as("disjoint rectangles, in the order they close").containsExactlyInAnyOrder(
                TerrainEdit.cells(new CellRect(2, 0, 3, 2), "wall"),
                TerrainEdit.cells(new CellRect(1, 1, 1, 1), "open"),
                TerrainEdit.cells(new CellRect(5, 2, 1, 1), "open"),
                TerrainEdit.cells(new CellRect(4, 3, 2, 1), "water"));
        assertThat(draw(MapJournal.apply(file, changes))).containsExactly(draw(edited));
        assertThat(MapJournal.changes(file, file)).isEmpty();
    }
}
