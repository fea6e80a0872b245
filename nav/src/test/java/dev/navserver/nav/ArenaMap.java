package dev.navserver.nav;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.WorldTransform;
import dev.navserver.nav.io.NavExportFormat;
import java.io.IOException;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Generates {@code maps/arena.txt}, the bundled 60 x 60 NavExport arena (origin (-30, 0, 30), 1 m cells).
 * Deterministic: the committed file must equal {@link #text()}, which a test checks. Regenerate with
 * {@code main(path)}.
 */
public final class ArenaMap {
    public static final int SIZE = 60;
    public static final WorldTransform TRANSFORM = new WorldTransform(-30, 0, 30, 1);
    /** The enclosed room's walkable interior, inclusive, in cells: columns 39..51, rows 43..51. */
    public static final int ROOM_COL0 = 39;
    public static final int ROOM_COL1 = 51;
    public static final int ROOM_ROW0 = 43;
    public static final int ROOM_ROW1 = 51;

    private ArenaMap() {
    }

    /** The arena drawn in ASCII ({@code .} open, {@code #} wall), one string per row. */
    public static String[] rows() {
        char[][] g = new char[SIZE][SIZE];
        for (char[] row : g) {
            Arrays.fill(row, '.');
        }
        // outer wall
        wall(g, 0, 0, SIZE - 1, 0);
        wall(g, 0, SIZE - 1, SIZE - 1, SIZE - 1);
        wall(g, 0, 0, 0, SIZE - 1);
        wall(g, SIZE - 1, 0, SIZE - 1, SIZE - 1);
        // a row of 2x2 pillars near the top
        for (int c = 10; c <= 50; c += 10) {
            wall(g, c, 8, c + 1, 9);
        }
        // two pillars on the left and a 3x3 block in the middle
        wall(g, 8, 30, 9, 31);
        wall(g, 8, 42, 9, 43);
        wall(g, 28, 26, 30, 28);
        // horizontal wall with two gaps
        wall(g, 5, 18, 35, 18);
        open(g, 14, 18, 16, 18);
        open(g, 26, 18, 28, 18);
        // vertical wall with one gap
        wall(g, 45, 14, 45, 34);
        open(g, 45, 22, 45, 24);
        // L-shaped wall in the lower left
        wall(g, 14, 38, 30, 38);
        wall(g, 14, 38, 14, 50);
        open(g, 21, 38, 23, 38);
        // the closed room: a one-cell wall ring with no door around the interior
        wall(g, ROOM_COL0 - 1, ROOM_ROW0 - 1, ROOM_COL1 + 1, ROOM_ROW0 - 1);
        wall(g, ROOM_COL0 - 1, ROOM_ROW1 + 1, ROOM_COL1 + 1, ROOM_ROW1 + 1);
        wall(g, ROOM_COL0 - 1, ROOM_ROW0 - 1, ROOM_COL0 - 1, ROOM_ROW1 + 1);
        wall(g, ROOM_COL1 + 1, ROOM_ROW0 - 1, ROOM_COL1 + 1, ROOM_ROW1 + 1);
        // a pillar inside the room so it is not a plain rectangle
        wall(g, 45, 47, 45, 47);
        String[] rows = new String[SIZE];
        for (int r = 0; r < SIZE; r++) {
            rows[r] = new String(g[r]);
        }
        return rows;
    }

    /** The arena as a map named {@code arena}. */
    public static GridMap map() {
        GridMap ascii = AsciiMaps.map(TRANSFORM, rows());
        boolean[] walkable = new boolean[SIZE * SIZE];
        for (int i = 0; i < walkable.length; i++) {
            walkable[i] = ascii.walkable(ascii.col(i), ascii.row(i));
        }
        return GridMap.ofWalkable("arena", SIZE, SIZE, TRANSFORM, walkable);
    }

    /** The arena in NavExport text, exactly as committed in {@code maps/arena.txt}. */
    public static String text() {
        StringWriter w = new StringWriter();
        try {
            NavExportFormat.write(map(), w);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return w.toString();
    }

    /** Writes the arena to {@code args[0]}. */
    public static void main(String[] args) throws IOException {
        try (Writer out = Files.newBufferedWriter(Path.of(args[0]), StandardCharsets.UTF_8)) {
            out.write(text());
        }
    }

    private static void wall(char[][] g, int c0, int r0, int c1, int r1) {
        fill(g, c0, r0, c1, r1, '#');
    }

    private static void open(char[][] g, int c0, int r0, int c1, int r1) {
        fill(g, c0, r0, c1, r1, '.');
    }

    private static void fill(char[][] g, int c0, int r0, int c1, int r1, char ch) {
        for (int r = r0; r <= r1; r++) {
            for (int c = c0; c <= c1; c++) {
                g[r][c] = ch;
            }
        }
    }
}
