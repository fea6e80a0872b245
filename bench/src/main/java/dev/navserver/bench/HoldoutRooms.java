package dev.navserver.bench;

import static dev.navserver.bench.HoldoutMapGenerator.fill;
import static dev.navserver.bench.HoldoutMapGenerator.stream;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * {@link HoldoutMapGenerator.Kind#ROOMS}: row 0 and column 0 are walls; then bands (interior rows, then a wall of one or two rows)
 * down to the last row.
 */
final class HoldoutRooms implements MapGenerator.Rows {
    private final int width;
    private final int height;
    private final long seed;
    private int y;
    private int band = -1;
    /** Interior rows of the current band, rendered; then its wall rows with the doors into the next band. */
    private byte[][] pending = new byte[0][];
    private int pendingAt;
    private boolean[] nextWallCols;

    HoldoutRooms(int width, int height, long seed) {
        this.width = width;
        this.height = height;
        this.seed = seed;
    }

    @Override
    public void next(byte[] row) {
        if (y == 0) {
            Arrays.fill(row, 0, width, (byte) '@');
        } else {
            if (pendingAt == pending.length) {
                renderBand();
            }
            System.arraycopy(pending[pendingAt++], 0, row, 0, width);
        }
        y++;
    }

    /** Wall columns of band {@code b}: column 0, then rooms and walls of drawn widths. */
    private boolean[] wallCols(int b) {
        SplittableRandom rnd = stream(seed, 1, b);
        boolean[] wall = new boolean[width];
        wall[0] = true;
        int x = 1;
        while (x < width) {
            x += rnd.nextInt(7) == 0 ? 23 + rnd.nextInt(18) : 3 + rnd.nextInt(20);
            int t = rnd.nextInt(5) == 0 ? 2 : 1;
            for (int i = 0; i < t && x < width; i++) {
                wall[x++] = true;
            }
        }
        return wall;
    }

    private void renderBand() {
        band++;
        SplittableRandom rnd = stream(seed, 2, band);
        int rows = rnd.nextInt(7) == 0 ? 23 + rnd.nextInt(18) : 3 + rnd.nextInt(20);
        int wallRows = rnd.nextInt(5) == 0 ? 2 : 1;
        rows = Math.min(rows, height - y);
        wallRows = Math.max(0, Math.min(wallRows, height - y - rows));
        boolean[] wall = nextWallCols != null ? nextWallCols : wallCols(band);
        byte[][] out = new byte[rows + wallRows][width + 1];
        for (int r = 0; r < rows; r++) {
            for (int x = 0; x < width; x++) {
                out[r][x] = wall[x] ? (byte) '@' : (byte) '.';
            }
        }
        // doors in the walls between rooms, and pillars in large rooms
        int x = 0;
        while (x < width) {
            int a = x;
            while (a < width && wall[a]) {
                a++;
            }
            int b = a;
            while (b < width && !wall[b]) {
                b++;
            }
            if (a >= width) {
                break;
            }
            if (a > 1 && rows > 0) { // the wall [x, a) west of room [a, b)
                int len = Math.min(rows, 1 + rnd.nextInt(4));
                int y0 = rnd.nextInt(rows - len + 1);
                fill(out, x, y0, a, y0 + len, (byte) '.');
            }
            pillars(out, rnd, a, b, rows);
            x = b;
        }
        for (int r = rows; r < rows + wallRows; r++) {
            Arrays.fill(out[r], 0, width, (byte) '@');
        }
        nextWallCols = null;
        if (wallRows > 0 && y + rows + wallRows < height) {
            nextWallCols = wallCols(band + 1);
            doorsBelow(out, rnd, wall, rows, wallRows);
        }
        pending = out;
        pendingAt = 0;
    }

    /** One door of 1..4 cells from each room of this band into the next band, where one fits. */
    private void doorsBelow(byte[][] out, SplittableRandom rnd, boolean[] wall, int rows, int wallRows) {
        int a = 0;
        while (a < width) {
            while (a < width && wall[a]) {
                a++;
            }
            int b = a;
            while (b < width && !wall[b]) {
                b++;
            }
            if (a >= width) {
                break;
            }
            int len = Math.min(b - a, 1 + rnd.nextInt(4));
            int span = b - a - len + 1;
            int first = rnd.nextInt(span);
            for (int k = 0; k < span; k++) {
                int s = a + (first + k) % span;
                boolean fits = true;
                for (int c = s; c < s + len; c++) {
                    fits &= !nextWallCols[c];
                }
                if (fits) {
                    fill(out, s, rows, s + len, rows + wallRows, (byte) '.');
                    break;
                }
            }
            a = b;
        }
    }

    /** Pillars and bars in room columns {@code [a, b)}, at least two cells from its walls. */
    private static void pillars(byte[][] out, SplittableRandom rnd, int a, int b, int rows) {
        int w = b - a;
        if (w < 7 || rows < 7) {
            return;
        }
        int n = rnd.nextInt(1 + w * rows / 50);
        for (int i = 0; i < n; i++) {
            int pw;
            int ph;
            switch (rnd.nextInt(3)) {
                case 0 -> {
                    pw = 1 + rnd.nextInt(2);
                    ph = pw;
                }
                case 1 -> {
                    pw = 1;
                    ph = 2 + rnd.nextInt(3);
                }
                default -> {
                    pw = 2 + rnd.nextInt(3);
                    ph = 1;
                }
            }
            if (w - 4 - pw < 0 || rows - 4 - ph < 0) {
                continue;
            }
            int px = a + 2 + rnd.nextInt(w - 4 - pw + 1);
            int py = 2 + rnd.nextInt(rows - 4 - ph + 1);
            fill(out, px, py, px + pw, py + ph, (byte) '@');
        }
    }
}
