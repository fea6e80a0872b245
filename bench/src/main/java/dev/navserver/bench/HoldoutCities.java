package dev.navserver.bench;

import static dev.navserver.bench.HoldoutMapGenerator.fill;
import static dev.navserver.bench.HoldoutMapGenerator.stream;

import java.util.Arrays;
import java.util.SplittableRandom;

/** {@link HoldoutMapGenerator.Kind#CITIES}: the street grid is drawn once per axis; blocks are rendered a block row at a time. */
final class HoldoutCities implements MapGenerator.Rows {
    private static final int[] STREET_WIDTHS = {1, 2, 2, 3, 3, 3, 4, 4, 5, 6, 8};
    private final int width;
    private final long seed;
    /** Per column (row): the block index, or -1 - street width on a street. */
    private final int[] colBlock;
    private final int[] colStart;
    private final int[] rowBlock;
    private final int[] rowStart;
    private int y;
    private int renderedBlockRow = -1;
    private byte[][] blockRows;

    HoldoutCities(int width, int height, long seed) {
        this.width = width;
        this.seed = seed;
        colBlock = new int[width];
        colStart = new int[width];
        rowBlock = new int[height];
        rowStart = new int[height];
        layout(colBlock, colStart, stream(seed, 3, 0));
        layout(rowBlock, rowStart, stream(seed, 3, 1));
    }

    private static void layout(int[] block, int[] start, SplittableRandom rnd) {
        int i = 0;
        int k = 0;
        while (i < block.length) {
            int sw = STREET_WIDTHS[rnd.nextInt(STREET_WIDTHS.length)];
            for (int j = 0; j < sw && i < block.length; j++, i++) {
                block[i] = -1 - sw;
            }
            int bw = 10 + rnd.nextInt(51);
            int s = i;
            for (int j = 0; j < bw && i < block.length; j++, i++) {
                block[i] = k;
                start[i] = s;
            }
            k++;
        }
    }

    @Override
    public void next(byte[] row) {
        int by = rowBlock[y];
        for (int x = 0; x < width; x++) {
            int bx = colBlock[x];
            if (by >= 0 && bx >= 0) {
                if (renderedBlockRow != by) {
                    renderBlockRow(by);
                }
                row[x] = blockRows[y - rowStart[y]][x];
            } else {
                int streetWidth = Math.max(bx < 0 ? -1 - bx : 0, by < 0 ? -1 - by : 0);
                long h = stream(seed, 4, (long) y * width + x).nextLong();
                row[x] = streetWidth >= 2 && (h & 1023) < 4 ? (byte) '@' : (byte) '.';
            }
        }
        y++;
    }

    private void renderBlockRow(int by) {
        int r0 = y - (y - rowStart[y]);
        int rows = 0;
        while (r0 + rows < rowBlock.length && rowBlock[r0 + rows] == by) {
            rows++;
        }
        blockRows = new byte[rows][width + 1];
        for (byte[] r : blockRows) {
            Arrays.fill(r, (byte) '.');
        }
        int x = 0;
        while (x < width) {
            if (colBlock[x] < 0) {
                x++;
                continue;
            }
            int bx = colBlock[x];
            int cols = 0;
            while (x + cols < width && colBlock[x + cols] == bx) {
                cols++;
            }
            block(stream(seed, 5 + bx, by), x, cols, rows);
            x += cols;
        }
        renderedBlockRow = by;
    }

    /** Renders one block at columns {@code [x0, x0 + w)} of {@link #blockRows}. */
    private void block(SplittableRandom rnd, int x0, int w, int h) {
        int kind = rnd.nextInt(100);
        if (kind < 10) { // park: trees and maybe a pond
            for (int r = 0; r < h; r++) {
                for (int c = 0; c < w; c++) {
                    if (rnd.nextInt(100) < 3) {
                        blockRows[r][x0 + c] = '@';
                    }
                }
            }
            if (w >= 12 && h >= 12 && rnd.nextBoolean()) {
                int pw = 3 + rnd.nextInt(w - 10);
                int ph = 3 + rnd.nextInt(h - 10);
                int px = x0 + 2 + rnd.nextInt(w - pw - 3);
                int py = 2 + rnd.nextInt(h - ph - 3);
                fill(blockRows, px, py, px + pw, py + ph, (byte) '@');
            }
        } else if (kind < 25) { // one large building, maybe around a courtyard with a gate
            int s = 1 + rnd.nextInt(3);
            fill(blockRows, x0 + s, s, x0 + w - s, h - s, (byte) '@');
            if (w - 2 * s >= 10 && h - 2 * s >= 10 && rnd.nextInt(3) == 0) {
                int t = 2 + rnd.nextInt(2);
                fill(blockRows, x0 + s + t, s + t, x0 + w - s - t, h - s - t, (byte) '.');
                int gx = x0 + s + t + rnd.nextInt(w - 2 * s - 2 * t - 1);
                fill(blockRows, gx, h - s - t, gx + 2, h - s, (byte) '.');
            }
        } else { // lots with their own buildings and setbacks
            int nx = 1 + rnd.nextInt(Math.max(1, Math.min(4, w / 8)));
            int ny = 1 + rnd.nextInt(Math.max(1, Math.min(3, h / 8)));
            for (int i = 0; i < ny; i++) {
                for (int j = 0; j < nx; j++) {
                    int lx0 = x0 + j * w / nx;
                    int lx1 = x0 + (j + 1) * w / nx;
                    int ly0 = i * h / ny;
                    int ly1 = (i + 1) * h / ny;
                    int bx0 = lx0 + rnd.nextInt(3);
                    int bx1 = lx1 - rnd.nextInt(3);
                    int by0 = ly0 + rnd.nextInt(3);
                    int by1 = ly1 - rnd.nextInt(3);
                    if (bx1 - bx0 >= 2 && by1 - by0 >= 2) {
                        fill(blockRows, bx0, by0, bx1, by1, (byte) '@');
                    }
                }
            }
        }
    }
}
