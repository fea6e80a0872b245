package dev.navserver.bots;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.WorldTransform;
import dev.navserver.protocol.message.Vec3;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Maps drawn in ASCII for the bots' tests: {@code .} walkable, {@code #} blocked; row 0 is the first string. */
final class TestMaps {
    private TestMaps() {
    }

    static GridMap ascii(WorldTransform t, String... rows) {
        int h = rows.length;
        int w = rows[0].length();
        boolean[] walkable = new boolean[w * h];
        for (int r = 0; r < h; r++) {
            if (rows[r].length() != w) {
                throw new IllegalArgumentException("row " + r + " has " + rows[r].length() + " columns, expected " + w);
            }
            for (int c = 0; c < w; c++) {
                walkable[r * w + c] = rows[r].charAt(c) == '.';
            }
        }
        return GridMap.ofWalkable("test", w, h, t, walkable);
    }

    /** World position of a cell's centre, y = the map origin's y. */
    static Vec3 centre(GridMap map, int col, int row) {
        return new Vec3(map.transform().x(col), map.transform().originY(), map.transform().z(row));
    }

    /** Writes the ASCII rows as a Moving AI map file ({@code @} for blocked), origin (0,0,0), 1 m cells. */
    static Path writeMovingAi(Path dir, String name, String... rows) throws IOException {
        StringBuilder sb = new StringBuilder("type octile\nheight " + rows.length + "\nwidth " + rows[0].length()
                + "\nmap\n");
        for (String row : rows) {
            sb.append(row.replace('#', '@')).append('\n');
        }
        Path file = dir.resolve(name + ".map");
        Files.writeString(file, sb.toString());
        return file;
    }

    /**
     * 20x12, a wall down column 9 (rows 1..9, so gaps in rows 0, 10 and 11), and a closed 3x3 room (interior cols
     * 14..16, rows 2..4) that is its own island.
     */
    static final String[] WALLED = {
        "....................",
        ".........#..#####...",
        ".........#..#...#...",
        ".........#..#...#...",
        ".........#..#...#...",
        ".........#..#####...",
        ".........#..........",
        ".........#..........",
        ".........#..........",
        ".........#..........",
        "....................",
        "....................",
    };
}
