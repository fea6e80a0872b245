package dev.navserver.server.world;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.WorldTransform;

/**
 * Maps drawn as text for tests: {@code .} walkable, {@code #} blocked; row 0 is the first line. Cells are 1 m with
 * the centre of cell (col, row) at world {@code x = col, z = -row}.
 */
final class AsciiMaps {
    private AsciiMaps() {
    }

    static GridMap parse(String... rows) {
        int h = rows.length;
        int w = rows[0].length();
        boolean[] walk = new boolean[w * h];
        for (int r = 0; r < h; r++) {
            for (int c = 0; c < w; c++) {
                walk[r * w + c] = rows[r].charAt(c) == '.';
            }
        }
        return GridMap.ofWalkable("ascii", w, h, new WorldTransform(0, 0, 0, 1), walk);
    }
}
