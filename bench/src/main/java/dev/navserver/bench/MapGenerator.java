package dev.navserver.bench;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.zip.GZIPOutputStream;

/**
 * Seeded generator of large Moving AI {@code .map} files for benchmarks, so that no large map has to live in git.
 * Rows are generated and written one at a time: memory grows with the width, never with the area, so 16384 x 16384
 * maps are cheap to produce. The same kind, size and seed always give the same bytes.
 *
 * <ul>
 *   <li>{@link Kind#ROOMS}: square rooms of {@code 7 x 7} open cells in a one-cell wall grid (period 8, like the
 *       Moving AI {@code 8room} maps), joined by one-cell doors. The doors of a spanning tree (the sidewinder
 *       maze algorithm over the rooms) connect every room; another 30% of the remaining walls get a door too, so
 *       there are loops. Every open cell is reachable from every other.</li>
 *   <li>{@link Kind#CITIES}: streets 2..5 cells wide around blocks 12..40 cells wide; each block is a park (8%) or
 *       split into lots, each with a rectangular building set back 0..2 cells from the lot's edges (like the
 *       Berlin and Boston city maps).</li>
 *   <li>{@link Kind#CAVES}: cellular automaton: 45% random walls, then 5 rounds of "wall when at least 5 of the
 *       3 x 3 cells around are walls" (outside the map counts as wall). May leave closed pockets.</li>
 * </ul>
 *
 * <p>Usage: {@code MapGenerator --kind rooms|cities|caves --width W --height H --seed S --out FILE[.gz]}; a name
 * ending in {@code .gz} is written gzip-compressed. Stateless; each call is independent and thread-safe.
 */
public final class MapGenerator {
    /** Largest width or height generated. */
    public static final int MAX_SIDE = 16384;

    /** What kind of map to generate. */
    public enum Kind {
        ROOMS, CITIES, CAVES;

        /** The kind named {@code rooms}, {@code cities} or {@code caves} (case-insensitive). */
        static Kind parse(String s) {
            for (Kind k : values()) {
                if (k.name().equalsIgnoreCase(s)) {
                    return k;
                }
            }
            throw new IllegalArgumentException("--kind must be rooms, cities or caves, got '" + s + "'");
        }
    }

    /** Produces a map's rows top to bottom; each call fills the next row with {@code '.'} and {@code '@'}. */
    interface Rows {
        void next(byte[] row);
    }

    private MapGenerator() {
    }

    /**
     * Writes a whole Moving AI map ({@code type octile} header, {@code \n} line ends) to {@code out}.
     *
     * @param width  columns, {@code 1 .. }{@link #MAX_SIDE}
     * @param height rows, {@code 1 .. }{@link #MAX_SIDE}
     * @param out    receives the text; flushed, not closed
     * @throws IllegalArgumentException when a size is out of range
     */
    public static void write(Kind kind, int width, int height, long seed, OutputStream out) throws IOException {
        if (width < 1 || width > MAX_SIDE || height < 1 || height > MAX_SIDE) {
            throw new IllegalArgumentException("size " + width + " x " + height + " is out of range (1.." + MAX_SIDE
                    + " each)");
        }
        Rows rows = switch (kind) {
            case ROOMS -> new RoomsRows(width, height, seed);
            case CITIES -> new CitiesRows(width, height, seed);
            case CAVES -> new CavesRows(width, height, seed);
        };
        MovingAiWriter.write(rows, width, height, out);
    }

    /** Writes the map to a file, gzip-compressed when its name ends in {@code .gz}. */
    public static void write(Kind kind, int width, int height, long seed, Path file) throws IOException {
        boolean gz = file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".gz");
        try (OutputStream raw = Files.newOutputStream(file);
                OutputStream out = gz ? new GZIPOutputStream(raw, 1 << 16) : new BufferedOutputStream(raw, 1 << 16)) {
            write(kind, width, height, seed, gz ? new BufferedOutputStream(out, 1 << 16) : out);
        }
    }

    /**
     * {@code --kind rooms|cities|caves --width W --height H --seed S --out FILE[.gz]}; exit status 2 on a usage
     * error.
     */
    public static void main(String[] args) throws IOException {
        try {
            GenmapArgs a = GenmapArgs.parse(args, "rooms", 512);
            if (a == null) {
                System.out.println(usage());
                return;
            }
            Kind kind = Kind.parse(a.kind());
            long t0 = System.nanoTime();
            write(kind, a.width(), a.height(), a.seed(), a.out());
            a.report("genmap", kind, t0);
        } catch (IllegalArgumentException e) {
            System.err.println("navserver genmap: " + e.getMessage() + "\n" + usage());
            System.exit(2);
        }
    }

    private static String usage() {
        return "usage: genmap --kind rooms|cities|caves --width W --height H (or --size N) --seed S --out FILE[.gz]";
    }

    /** A 64-bit mix (SplitMix64's finaliser) of a seed and indices, for per-row and per-block random streams. */
    static long mix(long seed, long a, long b) {
        long z = seed * 0x9E3779B97F4A7C15L + a * 0xC2B2AE3D27D4EB4FL + b * 0x165667B19E3779F9L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /**
     * Rooms in a wall grid of period {@value #PERIOD}: wall rows at {@code r % 8 == 0}, wall columns at
     * {@code c % 8 == 0}. Room (i, k) spans rows {@code 8i+1 ..} and columns {@code 8k+1 ..}, cut at the map's edge.
     * Decisions for one row of rooms (which east and north walls get a door, and where) are drawn when its north
     * wall row is reached, from a stream seeded by the seed and the room row.
     */
    static final class RoomsRows implements Rows {
        static final int PERIOD = 8;
        static final double EXTRA_DOORS = 0.3;
        private final int width;
        private final int height;
        private final long seed;
        private final int roomCols;
        /** Row of the door in room k's east wall (column {@code 8(k+1)}), or -1. */
        private final int[] eastDoorRow;
        /** Column of the door in room k's north wall, or -1. */
        private final int[] northDoorCol;
        private int r;

        RoomsRows(int width, int height, long seed) {
            this.width = width;
            this.height = height;
            this.seed = seed;
            this.roomCols = width >= 2 ? (width - 2) / PERIOD + 1 : 0;
            this.eastDoorRow = new int[roomCols];
            this.northDoorCol = new int[roomCols];
        }

        /** First and last column (inclusive) of room k, cut at the map's edge. */
        private int lastCol(int k) {
            return Math.min(PERIOD * k + PERIOD - 1, width - 1);
        }

        private int lastRow(int i) {
            return Math.min(PERIOD * i + PERIOD - 1, height - 1);
        }

        private void drawRoomRow(int i) {
            SplittableRandom rnd = new SplittableRandom(mix(seed, 1, i));
            int rows = lastRow(i) - PERIOD * i; // interior rows of this room row, >= 1
            boolean hasNorth = i > 0;
            int runStart = 0;
            Arrays.fill(eastDoorRow, -1);
            Arrays.fill(northDoorCol, -1);
            for (int k = 0; k < roomCols; k++) {
                boolean eastExists = k + 1 < roomCols;
                // sidewinder: the first row is one corridor of east doors; later rows end each run with a north door
                boolean carveEast = eastExists && (!hasNorth || rnd.nextBoolean());
                if (carveEast) {
                    eastDoorRow[k] = PERIOD * i + 1 + rnd.nextInt(rows);
                    continue;
                }
                if (hasNorth) {
                    int m = runStart + rnd.nextInt(k - runStart + 1);
                    northDoorCol[m] = PERIOD * m + 1 + rnd.nextInt(lastCol(m) - PERIOD * m);
                    runStart = k + 1;
                }
                if (eastExists && rnd.nextDouble() < EXTRA_DOORS) {
                    eastDoorRow[k] = PERIOD * i + 1 + rnd.nextInt(rows);
                }
            }
            if (hasNorth) {
                for (int k = 0; k < roomCols; k++) {
                    if (northDoorCol[k] < 0 && rnd.nextDouble() < EXTRA_DOORS) {
                        northDoorCol[k] = PERIOD * k + 1 + rnd.nextInt(lastCol(k) - PERIOD * k);
                    }
                }
            }
        }

        @Override
        public void next(byte[] row) {
            int y = r++;
            if (y % PERIOD == 0) {
                Arrays.fill(row, 0, width, (byte) '@');
                int i = y / PERIOD;
                if (y + 1 < height) {
                    drawRoomRow(i);
                    for (int k = 0; k < roomCols; k++) {
                        if (northDoorCol[k] >= 0) {
                            row[northDoorCol[k]] = '.';
                        }
                    }
                }
                return;
            }
            for (int c = 0; c < width; c++) {
                row[c] = c % PERIOD == 0 ? (byte) '@' : (byte) '.';
            }
            for (int k = 0; k < roomCols; k++) {
                if (eastDoorRow[k] == y) {
                    row[PERIOD * (k + 1)] = '.';
                }
            }
        }
    }

    /**
     * Streets and blocks. The column partition (street or block k) is drawn once for the whole width; the row
     * partition is drawn as rows advance, and a block row's buildings are drawn when it starts, from a stream seeded
     * by the seed, block row and block column.
     */
    static final class CitiesRows implements Rows {
        private final int width;
        private final int height;
        private final long seed;
        private final int[] blockX0;
        private final int[] blockX1;
        private final int blockCols;
        private final SplittableRandom rowPartition;
        /** Buildings of the current block row: x0, x1, y0, y1 (inclusive) per building. */
        private int[] rects = new int[64];
        private int rectCount;
        private int blockRow = -1;
        private int streetRowsLeft;
        private int blockRowsLeft;
        private int r;

        CitiesRows(int width, int height, long seed) {
            this.width = width;
            this.height = height;
            this.seed = seed;
            SplittableRandom cols = new SplittableRandom(mix(seed, 2, 0));
            int[] x0 = new int[width / 12 + 2];
            int[] x1 = new int[width / 12 + 2];
            int k = 0;
            int x = 0;
            while (x < width) {
                int street = 2 + cols.nextInt(4);
                x += street;
                int block = 12 + cols.nextInt(29);
                if (x >= width) {
                    break;
                }
                x0[k] = x;
                x = Math.min(x + block, width);
                x1[k] = x - 1;
                k++;
            }
            this.blockCols = k;
            this.blockX0 = x0;
            this.blockX1 = x1;
            this.rowPartition = new SplittableRandom(mix(seed, 3, 0));
            this.streetRowsLeft = 2 + rowPartition.nextInt(4);
        }

        private void startBlockRow(int y0, int y1) {
            blockRow++;
            rectCount = 0;
            for (int k = 0; k < blockCols; k++) {
                SplittableRandom rnd = new SplittableRandom(mix(seed, 4 + blockRow, k));
                if (rnd.nextDouble() < 0.08) {
                    continue; // park
                }
                int bw = blockX1[k] - blockX0[k] + 1;
                int bh = y1 - y0 + 1;
                int nx = Math.max(1, bw / (8 + rnd.nextInt(9)));
                int ny = Math.max(1, bh / (8 + rnd.nextInt(9)));
                for (int a = 0; a < nx; a++) {
                    int lx0 = blockX0[k] + a * bw / nx;
                    int lx1 = blockX0[k] + (a + 1) * bw / nx - 1;
                    for (int b = 0; b < ny; b++) {
                        int ly0 = y0 + b * bh / ny;
                        int ly1 = y0 + (b + 1) * bh / ny - 1;
                        int bx0 = lx0 + rnd.nextInt(3);
                        int bx1 = lx1 - rnd.nextInt(3);
                        int by0 = ly0 + rnd.nextInt(3);
                        int by1 = ly1 - rnd.nextInt(3);
                        if (bx1 - bx0 < 1 || by1 - by0 < 1) {
                            continue;
                        }
                        if (4 * rectCount + 4 > rects.length) {
                            rects = Arrays.copyOf(rects, 2 * rects.length);
                        }
                        rects[4 * rectCount] = bx0;
                        rects[4 * rectCount + 1] = bx1;
                        rects[4 * rectCount + 2] = by0;
                        rects[4 * rectCount + 3] = by1;
                        rectCount++;
                    }
                }
            }
        }

        @Override
        public void next(byte[] row) {
            int y = r++;
            Arrays.fill(row, 0, width, (byte) '.');
            if (streetRowsLeft > 0) {
                streetRowsLeft--;
                if (streetRowsLeft == 0) {
                    blockRowsLeft = 12 + rowPartition.nextInt(29);
                    int y0 = y + 1;
                    startBlockRow(y0, Math.min(y0 + blockRowsLeft - 1, height - 1));
                }
                return;
            }
            for (int i = 0; i < rectCount; i++) {
                if (rects[4 * i + 2] <= y && y <= rects[4 * i + 3]) {
                    Arrays.fill(row, rects[4 * i], rects[4 * i + 1] + 1, (byte) '@');
                }
            }
            if (--blockRowsLeft == 0) {
                streetRowsLeft = 2 + rowPartition.nextInt(4);
            }
        }
    }

    /**
     * Cellular-automaton caves computed as a pipeline of {@value #ROUNDS} + 1 levels, each keeping only its last
     * three rows: level 0 is the random fill (each row from its own seeded stream), level L + 1's row y is computed
     * from level L's rows y - 1 .. y + 1 as soon as they exist.
     */
    static final class CavesRows implements Rows {
        static final int ROUNDS = 5;
        static final double FILL = 0.45;
        private final int width;
        private final int height;
        private final long seed;
        /** ring[level][y % 3] = row y of that level; 1 = wall. */
        private final byte[][][] ring;
        private final int[] produced;
        private final int[] colSum;

        CavesRows(int width, int height, long seed) {
            this.width = width;
            this.height = height;
            this.seed = seed;
            this.ring = new byte[ROUNDS + 1][3][width];
            this.produced = new int[ROUNDS + 1];
            this.colSum = new int[width + 2];
        }

        private void produce(int level) {
            int y = produced[level];
            byte[] out = ring[level][y % 3];
            if (level == 0) {
                SplittableRandom rnd = new SplittableRandom(mix(seed, 5, y));
                for (int c = 0; c < width; c++) {
                    out[c] = rnd.nextDouble() < FILL ? (byte) 1 : 0;
                }
            } else {
                int need = Math.min(y + 1, height - 1);
                while (produced[level - 1] <= need) {
                    produce(level - 1);
                }
                byte[][] prev = ring[level - 1];
                // column sums of walls over rows y-1..y+1, outside the map = wall; colSum[0] and [width+1] = outside
                colSum[0] = 3;
                colSum[width + 1] = 3;
                for (int c = 0; c < width; c++) {
                    int s = prev[y % 3][c];
                    s += y > 0 ? prev[(y + 2) % 3][c] : 1;
                    s += y + 1 < height ? prev[(y + 1) % 3][c] : 1;
                    colSum[c + 1] = s;
                }
                for (int c = 0; c < width; c++) {
                    out[c] = colSum[c] + colSum[c + 1] + colSum[c + 2] >= 5 ? (byte) 1 : 0;
                }
            }
            produced[level]++;
        }

        @Override
        public void next(byte[] row) {
            produce(ROUNDS);
            byte[] out = ring[ROUNDS][(produced[ROUNDS] - 1) % 3];
            for (int c = 0; c < width; c++) {
                row[c] = out[c] == 1 ? (byte) '@' : (byte) '.';
            }
        }
    }
}
