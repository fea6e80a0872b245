package dev.navserver.server.edit;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.Terrain;
import dev.navserver.protocol.message.CellRect;
import dev.navserver.protocol.message.TerrainEdit;
import java.util.ArrayList;
import java.util.List;

/** Describes areas of a map's terrain as few cell rectangles of one terrain each. Stateless. */
public final class Patches {
    private Patches() {
    }

    /**
     * Cell rectangles of one terrain each that together give exactly {@code map}'s terrain over {@code area}: runs of
     * equal terrain per row, a run merged downward with the same run (columns and terrain) of the row above. A
     * uniform area is one rectangle.
     *
     * @param area on the map
     */
    static List<TerrainEdit> runs(GridMap map, CellRect area) {
        List<int[]> open = new ArrayList<>(); // {col, row, width, height, terrain} still growing downward
        List<int[]> done = new ArrayList<>();
        for (int row = area.row(); row < area.row() + area.height(); row++) {
            List<int[]> next = new ArrayList<>();
            int col = area.col();
            int end = area.col() + area.width();
            while (col < end) {
                int t = map.terrain(col, row);
                int start = col;
                while (col < end && map.terrain(col, row) == t) {
                    col++;
                }
                Patches.extendRun(open, next, start, row, col - start, t);
            }
            done.addAll(open);
            open = next;
        }
        done.addAll(open);
        done.sort((a, b) -> a[1] != b[1] ? Integer.compare(a[1], b[1]) : Integer.compare(a[0], b[0]));
        List<TerrainEdit> out = new ArrayList<>(done.size());
        for (int[] r : done) {
            out.add(TerrainEdit.cells(new CellRect(r[0], r[1], r[2], r[3]), Terrain.name(r[4])));
        }
        return out;
    }

    /**
     * Adds the run of {@code length} cells of terrain {@code t} from column {@code start} of {@code row} to the
     * rectangles {@code {col, row, width, height, terrain}} being built: the open rectangle of the row above with the
     * same columns and terrain grows one row down (and moves from {@code open} to {@code next}), else a new one
     * starts in {@code next}.
     */
    public static void extendRun(List<int[]> open, List<int[]> next, int start, int row, int length, int t) {
        for (int[] o : open) {
            if (o[0] == start && o[2] == length && o[4] == t) {
                open.remove(o);
                o[3]++;
                next.add(o);
                return;
            }
        }
        next.add(new int[] {start, row, length, 1, t});
    }
}
