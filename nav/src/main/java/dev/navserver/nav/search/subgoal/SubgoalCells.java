package dev.navserver.nav.search.subgoal;

import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.search.core.IntBuffer;
import java.util.Arrays;

/**
 * The subgoals of one {@link NavGrid} (standable cells with a blocked diagonal neighbour whose two cells beside
 * that corner are standable) and the direct-h-reachable scan between cells that a subgoal graph is made of
 * ({@link #scan}; an edge's cells: {@link SubgoalWalks}). Cells are padded ids ({@code y * stride + x}); packed
 * cells are {@code x | y << 16}. A repaired version ({@link SubgoalRepair}) shares the full build's ids and arrays:
 * subgoals it removed keep their ids unused, subgoals it added get ids from the full build's count on.
 *
 * <p><b>Memory.</b> A bit per padded cell marking subgoals, an int per 64 padded cells (rank) and 12 bytes per
 * subgoal (padded cell, packed cell, id by rank). Subgoal ids go block by block (32 x 32 cells), so the subgoals
 * one search touches lie close together in memory. A repaired version adds its changed bit rows, 8 bytes per added
 * subgoal and a page of 16 KiB per 4096 padded cells holding an added one.
 *
 * <p>Immutable and thread-safe; {@link #scan} writes only to the caller's buffer. Keeps
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

    /** Side of the pages of {@link #idOverrides}, in padded cells (a power of 2). */
    private static final int OVERRIDE_SHIFT = 12;
    private static final int OVERRIDE_MASK = (1 << OVERRIDE_SHIFT) - 1;

    private final int stride;
    private final int rowWords;
    private final long[][] rows;
    /** Subgoal bit of padded (x, y) at {@code bitRows[y][x >>> 6]}, bit {@code x & 63}. */
    private final long[][] bitRows;
    /** The subgoal bits of the full build the ids were numbered in ({@link #bitRows} there; shared since). */
    private final long[][] baseRows;
    /** Subgoals of the full build in the words before each word, {@code y * rowWords + (x >>> 6)}. */
    private final int[] rank;
    /** Id of the subgoal of each row-major rank (ids go block by block, see {@link #BLOCK}). */
    private final int[] byRank;
    /** Padded cell of each subgoal of the full build. */
    private final int[] cells;
    /** Padded x | y << 16 of each subgoal of the full build ({@link #xy(int)}). */
    private final int[] xy;
    /** Padded cells and packed cells of the subgoals added by repairs since (ids from {@code cells.length}). */
    private final int[] extraCells;
    private final int[] extraXy;
    /**
     * Ids of the subgoals added by repairs, by padded cell: pages of {@code 1 << OVERRIDE_SHIFT} cells, entry id + 1,
     * 0 for "the full build's id"; null pages and a null table when none.
     */
    private final int[][] idOverrides;

    /** Finds the subgoals of {@code grid}'s standable cells and numbers them block by block. */
    public SubgoalCells(NavGrid grid) {
        int stride = grid.stride();
        int rowWords = grid.rowWords();
        long[][] rows = grid.openRows();
        int height = rows.length;
        long[][] bitRows = new long[height][];
        bitRows[0] = new long[rowWords];
        bitRows[height - 1] = bitRows[0];
        for (int y = 1; y < height - 1; y++) {
            long[] up = rows[y - 1];
            long[] row = rows[y];
            long[] down = rows[y + 1];
            long[] bits = new long[rowWords];
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
                bits[w] = o & corner;
            }
            bitRows[y] = bits;
        }
        int[] rank = new int[height * rowWords];
        int n = 0;
        for (int i = 0; i < rank.length; i++) {
            rank[i] = n;
            n += Long.bitCount(bitRows[i / rowWords][i % rowWords]);
        }
        // subgoals numbered block by block (32 x 32 cells, row-major within), so that a search's nearby subgoals
        // share pages and cache lines; ordered by block, then by row-major rank
        int blocksPerRow = (stride + BLOCK - 1) / BLOCK;
        long[] order = new long[n];
        int k = 0;
        for (int i = 0; i < rank.length; i++) {
            long b = bitRows[i / rowWords][i % rowWords];
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
        for (int i = 0; i < rank.length; i++) {
            long b = bitRows[i / rowWords][i % rowWords];
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
        this.bitRows = bitRows;
        this.baseRows = bitRows;
        this.rank = rank;
        this.byRank = byRank;
        this.cells = cells;
        this.xy = new int[cells.length];
        for (int u = 0; u < cells.length; u++) {
            xy[u] = packed(cells[u]);
        }
        this.extraCells = new int[0];
        this.extraXy = extraCells;
        this.idOverrides = null;
    }

    /**
     * The subgoals of a later version of {@code from}'s grid ({@link SubgoalRepair}): the full build's ids and
     * arrays shared, {@code extraCells} added after them (ids from the full build's count on).
     *
     * @param rows        the later grid's bit rows
     * @param bitRows     the later grid's subgoal bits (rows not changed shared with {@code from})
     * @param extraCells  padded cells of every subgoal added since the full build, by id
     * @param idOverrides ids + 1 of those cells by padded cell (see {@link #idOverrides}), or null
     */
    SubgoalCells(SubgoalCells from, long[][] rows, long[][] bitRows, int[] extraCells, int[][] idOverrides) {
        this.stride = from.stride;
        this.rowWords = from.rowWords;
        this.rows = rows;
        this.bitRows = bitRows;
        this.baseRows = from.baseRows;
        this.rank = from.rank;
        this.byRank = from.byRank;
        this.cells = from.cells;
        this.xy = from.xy;
        this.extraCells = extraCells;
        this.extraXy = new int[extraCells.length];
        for (int i = 0; i < extraCells.length; i++) {
            extraXy[i] = packed(extraCells[i]);
        }
        this.idOverrides = idOverrides;
    }

    /** The subgoal bit rows ({@link #bitRows}; shared: read, never write). */
    long[][] bitRows() {
        return bitRows;
    }

    /** The id table of added subgoals ({@link #idOverrides}; shared: read, never write), or null. */
    int[][] idOverrides() {
        return idOverrides;
    }

    /** Padded cells of the subgoals added since the full build ({@link #extraCells}; shared: read, never write). */
    int[] extraCells() {
        return extraCells;
    }

    /** Number of subgoals the full build numbered (ids below it are the full build's). */
    int baseCount() {
        return cells.length;
    }

    /** The shift of an {@link #idOverrides} page. */
    static int overrideShift() {
        return OVERRIDE_SHIFT;
    }

    /** Bits of row words {@code w} shifted so that bit x holds cell x + 1. */
    private static long east(long[] r, int w) {
        return (r[w] >>> 1) | (w + 1 < r.length ? r[w + 1] << 63 : 0);
    }

    /** Bits of row words {@code w} shifted so that bit x holds cell x - 1. */
    private static long west(long[] r, int w) {
        return (r[w] << 1) | (w > 0 ? r[w - 1] >>> 63 : 0);
    }

    /** Number of subgoal ids (ids of subgoals removed by repairs since the full build stay unused). */
    public int count() {
        return cells.length + extraCells.length;
    }

    /** Bytes the subgoal arrays hold, with 128 bytes of headers (not the shared bit rows). */
    public long bytes() {
        return 16L * 8 + 8L * rank.length + 4L * rank.length + 12L * cells.length + 8L * extraCells.length;
    }

    /** Whether these subgoals were found in exactly these bit rows (a grid's rows, shared). */
    public boolean builtFrom(NavGrid grid) {
        return grid.openRows() == rows;
    }

    /** Padded cell of subgoal {@code u}. */
    public int cell(int u) {
        return u < cells.length ? cells[u] : extraCells[u - cells.length];
    }

    /** Padded x | y << 16 of subgoal {@code u}. */
    public int xy(int u) {
        return u < xy.length ? xy[u] : extraXy[u - xy.length];
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
        if ((bitRows[y][x >>> 6] & (1L << x)) == 0) {
            return -1;
        }
        if (idOverrides != null) {
            int[] page = idOverrides[p >>> OVERRIDE_SHIFT];
            if (page != null && page[p & OVERRIDE_MASK] != 0) {
                return page[p & OVERRIDE_MASK] - 1;
            }
        }
        long b = baseRows[y][x >>> 6];
        return byRank[rank[y * rowWords + (x >>> 6)] + Long.bitCount(b & ((1L << x) - 1))];
    }

    /** Row stride of the padded cells. */
    public int stride() {
        return stride;
    }

    /** Whether padded (x, y) is standable. */
    boolean open(int x, int y) {
        return (rows[y][x >>> 6] & (1L << x)) != 0;
    }

    private boolean subgoalOrExtra(int x, int y, int extra) {
        return y * stride + x == extra || (bitRows[y][x >>> 6] & (1L << x)) != 0;
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

    /** Whether padded (x, y) is a subgoal. */
    boolean subgoal(int x, int y) {
        return (bitRows[y][x >>> 6] & (1L << x)) != 0;
    }

    private void report(int x, int y, int extra, IntBuffer out) {
        int p = y * stride + x;
        out.add(p == extra ? EXTRA : node(p));
    }
}
