package dev.navserver.nav.search.subgoal;

import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.search.core.IntBuffer;
import java.util.Arrays;

/**
 * The subgoals of one {@link NavGrid} (standable cells with a blocked diagonal neighbour whose two cells beside
 * that corner are standable) and the walks between cells that a subgoal graph is made of: the direct-h-reachable
 * scan ({@link #scan}) and an edge's cells ({@link #appendSegment}). Cells are padded ids ({@code y * stride + x});
 * packed cells are {@code x | y << 16}.
 *
 * <p><b>Memory.</b> A bit per padded cell marking subgoals, an int per 64 padded cells (rank) and 12 bytes per
 * subgoal (padded cell, packed cell, id by rank). Subgoal ids go block by block (32 x 32 cells), so the subgoals
 * one search touches lie close together in memory.
 *
 * <p>Immutable and thread-safe; {@link #scan} and {@link #appendSegment} write only to the caller's buffers. Keeps
 * the grid's bit rows (shared, never written), not the grid.
 */
public final class SubgoalCells {
    private static final double SQRT2 = Math.sqrt(2.0);
    /** Cardinal and diagonal directions, x then y. */
    private static final int[] CARD_X = {1, -1, 0, 0};
    private static final int[] CARD_Y = {0, 0, 1, -1};
    private static final int[] DIAG_X = {1, 1, -1, -1};
    private static final int[] DIAG_Y = {1, -1, 1, -1};
    /** Token {@link #scan} reports for the extra cell it was asked to treat as a subgoal. */
    public static final int EXTRA = -1;
    /** Side of the square blocks of cells whose subgoals get consecutive ids. */
    private static final int BLOCK = 32;

    private final int stride;
    private final int rowWords;
    private final long[][] rows;
    /** Subgoal bit of padded (x, y) at word {@code y * rowWords + (x >>> 6)}, bit {@code x & 63}. */
    private final long[] subgoalBits;
    /** Subgoals in the words before each word of {@link #subgoalBits}. */
    private final int[] rank;
    /** Id of the subgoal of each row-major rank (ids go block by block, see {@link #BLOCK}). */
    private final int[] byRank;
    /** Padded cell of each subgoal. */
    private final int[] cells;
    /** Padded x | y << 16 of each subgoal ({@link #xy(int)}). */
    private final int[] xy;

    /** Finds the subgoals of {@code grid}'s standable cells and numbers them block by block. */
    public SubgoalCells(NavGrid grid) {
        int stride = grid.stride();
        int rowWords = grid.rowWords();
        long[][] rows = grid.openRows();
        int height = rows.length;
        long[] bits = new long[height * rowWords];
        for (int y = 1; y < height - 1; y++) {
            long[] up = rows[y - 1];
            long[] row = rows[y];
            long[] down = rows[y + 1];
            for (int w = 0; w < rowWords; w++) {
                long o = row[w];
                if (o == 0) {
                    continue;
                }
                long oe = east(row, w);
                long ow = west(row, w);
                long u = up[w];
                long d = down[w];
                long corner = (~east(up, w) & oe & u) | (~east(down, w) & oe & d)
                        | (~west(up, w) & ow & u) | (~west(down, w) & ow & d);
                bits[y * rowWords + w] = o & corner;
            }
        }
        int[] rank = new int[bits.length];
        int n = 0;
        for (int i = 0; i < bits.length; i++) {
            rank[i] = n;
            n += Long.bitCount(bits[i]);
        }
        // subgoals numbered block by block (32 x 32 cells, row-major within), so that a search's nearby subgoals
        // share pages and cache lines; ordered by block, then by row-major rank
        int blocksPerRow = (stride + BLOCK - 1) / BLOCK;
        long[] order = new long[n];
        int k = 0;
        for (int i = 0; i < bits.length; i++) {
            long b = bits[i];
            int y = i / rowWords;
            int x0 = (i % rowWords) << 6;
            while (b != 0) {
                int x = x0 + Long.numberOfTrailingZeros(b);
                long block = (long) (y / BLOCK) * blocksPerRow + x / BLOCK;
                order[k] = (block << 32) | k;
                k++;
                b &= b - 1;
            }
        }
        Arrays.sort(order);
        int[] byRank = new int[n];
        for (int id = 0; id < n; id++) {
            byRank[(int) order[id]] = id;
        }
        order = null;
        int[] cells = new int[n];
        k = 0;
        for (int i = 0; i < bits.length; i++) {
            long b = bits[i];
            int y = i / rowWords;
            int x0 = (i % rowWords) << 6;
            while (b != 0) {
                cells[byRank[k++]] = y * stride + x0 + Long.numberOfTrailingZeros(b);
                b &= b - 1;
            }
        }
        this.stride = stride;
        this.rowWords = rowWords;
        this.rows = rows;
        this.subgoalBits = bits;
        this.rank = rank;
        this.byRank = byRank;
        this.cells = cells;
        this.xy = new int[cells.length];
        for (int u = 0; u < cells.length; u++) {
            xy[u] = packed(cells[u]);
        }
    }

    /** Bits of row words {@code w} shifted so that bit x holds cell x + 1. */
    private static long east(long[] r, int w) {
        return (r[w] >>> 1) | (w + 1 < r.length ? r[w + 1] << 63 : 0);
    }

    /** Bits of row words {@code w} shifted so that bit x holds cell x - 1. */
    private static long west(long[] r, int w) {
        return (r[w] << 1) | (w > 0 ? r[w - 1] >>> 63 : 0);
    }

    /** Number of subgoals. */
    public int count() {
        return cells.length;
    }

    /** Bytes the subgoal arrays hold, with 128 bytes of headers (not the shared bit rows). */
    public long bytes() {
        return 16L * 8 + 8L * subgoalBits.length + 4L * rank.length + 12L * cells.length;
    }

    /** Whether these subgoals were found in exactly these bit rows (a grid's rows, shared). */
    public boolean builtFrom(NavGrid grid) {
        return grid.openRows() == rows;
    }

    /** Padded cell of subgoal {@code u}. */
    public int cell(int u) {
        return cells[u];
    }

    /** Padded x | y << 16 of subgoal {@code u}. */
    public int xy(int u) {
        return xy[u];
    }

    /** Padded x | y << 16 of padded cell {@code p}. */
    public int packed(int p) {
        int y = p / stride;
        return (p - y * stride) | (y << 16);
    }

    /** The octile distance between two packed cells ({@link #xy(int)}). */
    public static double octileXY(int a, int b) {
        int dx = Math.abs((a & 0xFFFF) - (b & 0xFFFF));
        int dy = Math.abs((a >>> 16) - (b >>> 16));
        int lo = Math.min(dx, dy);
        return (Math.max(dx, dy) - lo) + lo * SQRT2;
    }

    /** The subgoal at padded {@code p}, or -1. */
    public int node(int p) {
        int y = p / stride;
        int x = p - y * stride;
        int w = y * rowWords + (x >>> 6);
        long b = subgoalBits[w];
        if ((b & (1L << x)) == 0) {
            return -1;
        }
        return byRank[rank[w] + Long.bitCount(b & ((1L << x) - 1))];
    }

    /** Row stride of the padded cells. */
    public int stride() {
        return stride;
    }

    private boolean open(int x, int y) {
        return (rows[y][x >>> 6] & (1L << x)) != 0;
    }

    private boolean subgoalOrExtra(int x, int y, int extra) {
        return y * stride + x == extra || (subgoalBits[y * rowWords + (x >>> 6)] & (1L << x)) != 0;
    }

    /**
     * Adds to {@code out} the subgoals direct-h-reachable from standable padded cell {@code from} (itself excluded),
     * treating padded {@code extra} as a subgoal too (reported as {@link #EXTRA}; -1 for none). Each is reached by
     * straight moves, by diagonal moves, or by diagonal then straight moves in one quadrant, through standable cells
     * that are not subgoals; a quadrant's straight sweeps never reach past the previous sweep's extent (the scan's
     * area is a staircase). Reports each at most once, in no particular order.
     */
    public void scan(int from, int extra, IntBuffer out) {
        int y0 = from / stride;
        int x0 = from - y0 * stride;
        // straight clearances: +x, -x, +y, -y (locals, so that a scan allocates nothing)
        int clearPx = 0;
        int clearNx = 0;
        int clearPy = 0;
        int clearNy = 0;
        for (int c = 0; c < 4; c++) {
            int cx = CARD_X[c];
            int cy = CARD_Y[c];
            int x = x0 + cx;
            int y = y0 + cy;
            int n = 0;
            while (open(x, y) && !subgoalOrExtra(x, y, extra)) {
                x += cx;
                y += cy;
                n++;
            }
            if (open(x, y)) {
                report(x, y, extra, out);
            }
            switch (c) {
                case 0 -> clearPx = n;
                case 1 -> clearNx = n;
                case 2 -> clearPy = n;
                default -> clearNy = n;
            }
        }
        for (int d = 0; d < 4; d++) {
            int dx = DIAG_X[d];
            int dy = DIAG_Y[d];
            int x = x0 + dx;
            int y = y0 + dy;
            int n = 0;
            while (open(x, y) && open(x - dx, y) && open(x, y - dy) && !subgoalOrExtra(x, y, extra)) {
                x += dx;
                y += dy;
                n++;
            }
            if (open(x, y) && open(x - dx, y) && open(x, y - dy)) {
                report(x, y, extra, out);
            }
            // the two straight sweeps of the quadrant: along x (card dx) and along y (card dy)
            for (int side = 0; side < 2; side++) {
                int cx = side == 0 ? dx : 0;
                int cy = side == 0 ? 0 : dy;
                int max = side == 0 ? (dx > 0 ? clearPx : clearNx) : (dy > 0 ? clearPy : clearNy);
                for (int i = 1; i <= n && max > 0; i++) {
                    int sx = x0 + i * dx + cx;
                    int sy = y0 + i * dy + cy;
                    int ext = 0;
                    while (ext < max && open(sx, sy) && !subgoalOrExtra(sx, sy, extra)) {
                        sx += cx;
                        sy += cy;
                        ext++;
                    }
                    if (ext < max) {
                        if (open(sx, sy)) {
                            report(sx, sy, extra, out);
                        }
                        max = ext;
                    }
                }
            }
        }
    }

    private void report(int x, int y, int extra, IntBuffer out) {
        int p = y * stride + x;
        out.add(p == extra ? EXTRA : node(p));
    }

    /**
     * Map cell ids of the walk through padded {@code waypoints[0 .. n - 1]}, {@code n >= 1}, each consecutive pair an
     * edge of the subgoal graph (or equal): the first waypoint's cell, then each segment's cells
     * ({@link #appendSegment}).
     *
     * @param width the map's width
     * @return the cells, or null when a pair is not an edge (no free octile path between them)
     */
    public int[] cellsAlong(int[] waypoints, int n, int width) {
        int count = 1;
        for (int i = 1; i < n; i++) {
            int a = packed(waypoints[i - 1]);
            int b = packed(waypoints[i]);
            count += Math.max(Math.abs((a & 0xFFFF) - (b & 0xFFFF)), Math.abs((a >>> 16) - (b >>> 16)));
        }
        int[] cells = new int[count];
        int s = stride;
        int first = waypoints[0];
        cells[0] = (first / s - 1) * width + first % s - 1;
        int pos = 1;
        for (int i = 1; i < n; i++) {
            pos = appendSegment(waypoints[i - 1], waypoints[i], width, cells, pos);
            if (pos < 0) {
                return null;
            }
        }
        return cells;
    }

    /**
     * The octile length of the walk through padded {@code waypoints[0 .. n - 1]}, cells: from its counts of straight
     * and diagonal moves, so without summation error.
     */
    public double lengthAlong(int[] waypoints, int n) {
        int straight = 0;
        int diagonal = 0;
        for (int i = 1; i < n; i++) {
            int a = packed(waypoints[i - 1]);
            int b = packed(waypoints[i]);
            int dx = Math.abs((a & 0xFFFF) - (b & 0xFFFF));
            int dy = Math.abs((a >>> 16) - (b >>> 16));
            int lo = Math.min(dx, dy);
            diagonal += lo;
            straight += Math.max(dx, dy) - lo;
        }
        return straight + diagonal * SQRT2;
    }

    /**
     * Writes the cells after padded {@code a} up to and including padded {@code b} as map cell ids into
     * {@code out} from {@code pos}, along a shortest path of octile length: diagonal moves first, or straight
     * moves first when that is blocked.
     *
     * @param width the map's width, to turn padded cells into map cell ids
     * @return the index after the last cell written, or -1 when neither path is free (not an edge of this graph)
     */
    public int appendSegment(int a, int b, int width, int[] out, int pos) {
        int ay = a / stride;
        int ax = a - ay * stride;
        int by = b / stride;
        int bx = b - by * stride;
        int dx = Math.abs(bx - ax);
        int dy = Math.abs(by - ay);
        int sx = Integer.signum(bx - ax);
        int sy = Integer.signum(by - ay);
        int diag = Math.min(dx, dy);
        int straight = Math.max(dx, dy) - diag;
        int tx = dx > dy ? sx : 0;
        int ty = dx > dy ? 0 : sy;
        for (int order = 0; order < 2; order++) {
            boolean diagonalFirst = order == 0;
            int end = walk(ax, ay, sx, sy, tx, ty, diag, straight, diagonalFirst, width, out, pos);
            if (end >= 0) {
                return end;
            }
        }
        return -1;
    }

    /**
     * Writes the two-phase path from padded (x, y) into {@code out} from {@code pos} while its moves are legal.
     *
     * @return the index after the last cell, or -1 at the first illegal move (what was written is garbage)
     */
    private int walk(int x, int y, int sx, int sy, int tx, int ty, int diag, int straight, boolean diagonalFirst,
                     int width, int[] out, int pos) {
        int i = pos;
        for (int phase = 0; phase < 2; phase++) {
            boolean diagonal = (phase == 0) == diagonalFirst;
            int steps = diagonal ? diag : straight;
            int mx = diagonal ? sx : tx;
            int my = diagonal ? sy : ty;
            for (int s = 0; s < steps; s++) {
                if (!open(x + mx, y + my) || (diagonal && (!open(x + mx, y) || !open(x, y + my)))) {
                    return -1;
                }
                x += mx;
                y += my;
                out[i++] = (y - 1) * width + x - 1;
            }
        }
        return i;
    }
}
