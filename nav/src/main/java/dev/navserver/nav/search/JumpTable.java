package dev.navserver.nav.search;

import dev.navserver.nav.grid.MapMemory;
import dev.navserver.nav.grid.NavGrid;
import java.lang.ref.SoftReference;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * Precomputed jumps of one {@link NavGrid} (JPS+'s jump distances, Rabin 2015): for every padded cell and each of
 * the four straight directions, where {@link JumpScanner}'s straight scan from that cell stops when no goal is
 * involved, so a scan becomes one array read; and for each of the four diagonals, how many diagonal moves lead to
 * the next cell whose straight jumps find a jump point ({@link #diagonal}), so a diagonal jump skips the cells in
 * between. The goal is applied by the scanner: it skips only stretches off the arrival disc's rows and columns.
 *
 * <p><b>Values.</b> {@code east()[y][x] = +k} when the first cell after (x, y) going east with a forced neighbour
 * (a standable cell beside it on row y - 1 or y + 1 whose western neighbour on that row is blocked) is
 * (x + k, y); {@code -k} when (x + k, y) is blocked and comes first. {@code west} mirrors it; {@code south} (growing
 * y) and {@code north} are the same on columns, indexed {@code [x][y]}. Exactly the stop and blocked flag of the bit
 * scan, so searches with and without a table return the same paths.
 *
 * <p><b>Storage and sharing.</b> One {@code short} per padded cell and direction, one array per padded row
 * (east, west, diagonals) or column (south, north), plus two bit rows of column stops: about 16 bytes per padded
 * cell, so tables are built only for grids of at most {@link #MAX_PADDED_CELLS} padded cells (17 MiB; e.g.
 * 1022 x 1022, all Moving AI benchmark maps) and larger grids scan their bits. A straight line's arrays depend only
 * on the bit lines beside it, a diagonal row's on its own and the next bit row, the next row's straight stops and
 * the next row's diagonal values. Edited grids share unchanged bit rows and columns with their parent
 * (copy-on-write), so a new grid's table is built from the last table built for a grid of its lineage (map name,
 * layer, agent size, padded size): a line whose inputs are the same arrays is taken over, the others are computed,
 * and a computed line equal to the donor's is replaced by it, so the diagonal rows an edit leaves unchanged stop
 * the recomputation. After a small edit this touches the changed lines and the diagonal rows whose runs reach the
 * edit.
 *
 * <p><b>When.</b> A grid gets its table only after it has been searched for {@link #SETTLE_NANOS} ({@link #forGrid}),
 * so map versions that live shorter than that cost no build.
 *
 * <p>Immutable and thread-safe once built.
 */
final class JumpTable {
    /** Largest grid {@link #forGrid} builds a table for, in padded cells (1 Mi). */
    static final long MAX_PADDED_CELLS = MapMemory.JUMP_TABLE_MAX_PADDED_CELLS;

    /**
     * How long a grid is searched without a table before one is built, in nanoseconds (0.5 s): longer than a map
     * version lives in a world edited several times a second.
     */
    static final long SETTLE_NANOS = 500_000_000L;

    /** Per grid, its table, {@link #NONE}, or a {@link PendingBuild} note; by identity, weakly. */
    private static final Map<NavGrid, Object> TABLES = Collections.synchronizedMap(new WeakHashMap<>());
    /**
     * The last table built per {@link GridLineage}, the donor of the next one's lines: softly held, so that it
     * outlives its own grid (a map edited many times a second may drop a version before any search ran on it) until
     * the heap runs short.
     */
    private static final Map<GridLineage, SoftReference<JumpTable>> LAST = new HashMap<>();
    private static final JumpTable NONE = new JumpTable(new long[0][], new long[0][], new short[0][], new short[0][],
            new short[0][], new short[0][], null, null);

    private final long[][] rows;
    private final long[][] columns;
    private final short[][] east;
    private final short[][] west;
    private final short[][] south;
    private final short[][] north;
    /** Per column direction (0 north, 1 south), the cells whose column jump ends at a jump point, as bit rows. */
    private final long[][][] stops;
    /** Diagonal jumps per direction ({@link #diagonal}), each per padded row {@code [y][x]}. */
    private final short[][][] diagonals;

    private JumpTable(long[][] rows, long[][] columns, short[][] east, short[][] west, short[][] south,
                      short[][] north, long[][][] stops, short[][][] diagonals) {
        this.rows = rows;
        this.columns = columns;
        this.east = east;
        this.west = west;
        this.south = south;
        this.north = north;
        this.stops = stops;
        this.diagonals = diagonals;
    }

    /**
     * The shared table of {@code grid} once it has settled: the first call on a grid only notes the time, and the
     * first call at least {@link #SETTLE_NANOS} later builds the table (linear in the padded size, less with a donor
     * of its lineage); calls before that, and other threads' calls while it is built, answer null, and the search
     * scans the bits. So a map version that is replaced within the settle time (a living world edited many times a
     * second) costs no build at all, and a settled one gets its table after a fraction of a second of searching.
     *
     * @return the table, or null when the grid has none yet or never will ({@link #fits})
     */
    static JumpTable forGrid(NavGrid grid) {
        return forGrid(grid, System.nanoTime(), SETTLE_NANOS);
    }

    /**
     * {@link #forGrid(NavGrid)} at time {@code nowNanos} ({@link System#nanoTime}) with the given settle time; 0
     * builds on the first call.
     */
    static JumpTable forGrid(NavGrid grid, long nowNanos, long settleNanos) {
        Object entry = TABLES.get(grid);
        if (entry instanceof JumpTable t) {
            return t == NONE ? null : t;
        }
        if (!fits(grid)) {
            TABLES.put(grid, NONE);
            return null;
        }
        PendingBuild pending;
        synchronized (TABLES) {
            entry = TABLES.get(grid);
            if (entry == null) {
                entry = new PendingBuild(nowNanos);
                TABLES.put(grid, entry);
            }
            if (!(entry instanceof PendingBuild p) || !p.claim(nowNanos, settleNanos)) {
                return entry instanceof JumpTable t && t != NONE ? t : null;
            }
            pending = p;
        }
        JumpTable built = null;
        try {
            built = build(grid, donor(grid));
        } finally {
            synchronized (TABLES) {
                if (built != null) {
                    TABLES.put(grid, built);
                    LAST.put(GridLineage.of(grid), new SoftReference<>(built));
                } else {
                    pending.building = false;
                }
            }
        }
        return built;
    }

    /** Whether {@code grid} is small enough for a table (at most {@link #MAX_PADDED_CELLS}, sides within a short). */
    static boolean fits(NavGrid grid) {
        int lines = grid.openRows().length;
        return grid.paddedSize() <= MAX_PADDED_CELLS && grid.stride() <= Short.MAX_VALUE
                && lines <= Short.MAX_VALUE;
    }

    private static JumpTable donor(NavGrid grid) {
        synchronized (TABLES) {
            SoftReference<JumpTable> ref = LAST.get(GridLineage.of(grid));
            return ref == null ? null : ref.get();
        }
    }

    /**
     * Builds the table of {@code grid}, taking from {@code donor} (a table of a grid of the same padded size, or
     * null) every line whose inputs are the same arrays, and the donor's array for every computed line equal to it.
     * The grid must satisfy the size limits of {@link #forGrid} apart from {@link #MAX_PADDED_CELLS}.
     */
    static JumpTable build(NavGrid grid, JumpTable donor) {
        long[][] rows = grid.openRows();
        long[][] cols = grid.openColumns();
        JumpTable d = donor != null && donor.rows.length == rows.length && donor.columns.length == cols.length
                ? donor : null;
        short[] scratchUp = new short[Math.max(grid.stride(), rows.length)];
        short[] scratchDown = new short[scratchUp.length];
        short[][] east = new short[rows.length][];
        short[][] west = new short[rows.length][];
        lines(rows, grid.stride(), d == null ? null : d.rows, d == null ? null : d.east, d == null ? null : d.west,
                east, west, scratchUp, scratchDown);
        short[][] south = new short[cols.length][];
        short[][] north = new short[cols.length][];
        lines(cols, rows.length, d == null ? null : d.columns, d == null ? null : d.south,
                d == null ? null : d.north, south, north, scratchUp, scratchDown);
        long[][][] stops = new long[2][][];
        short[][][] diagonals = new short[4][][];
        for (int dy = -1; dy <= 1; dy += 2) {
            int v = dy > 0 ? 1 : 0;
            short[][] colJumps = dy > 0 ? south : north;
            stops[v] = d == null ? stopsByRow(colJumps, rows.length, grid.rowWords())
                    : stopsByRow(colJumps, d.stops[v], dy > 0 ? d.south : d.north);
            for (int dx = -1; dx <= 1; dx += 2) {
                int i = index(dx, dy);
                diagonals[i] = diagonal(rows, grid.stride(), dx > 0 ? east : west, stops[v], dx, dy, d,
                        d == null ? null : (dx > 0 ? d.east : d.west), d == null ? null : d.stops[v],
                        d == null ? null : d.diagonals[i], scratchUp);
            }
        }
        return new JumpTable(rows, cols, east, west, south, north, stops, diagonals);
    }

    private static int index(int dx, int dy) {
        return (dx > 0 ? 1 : 0) | (dy > 0 ? 2 : 0);
    }

    /**
     * The cells whose column jump ends at a jump point, as bit rows in the layout of {@link NavGrid#openRows()}: the
     * column tables read once in their own order, so that the diagonal build reads rows only.
     */
    private static long[][] stopsByRow(short[][] colJumps, int lines, int words) {
        long[][] out = new long[lines][words];
        for (int x = 0; x < colJumps.length; x++) {
            short[] col = colJumps[x];
            long bit = 1L << x;
            int word = x >>> 6;
            for (int y = 0; y < lines; y++) {
                if (col[y] > 0) {
                    out[y][word] |= bit;
                }
            }
        }
        return out;
    }

    /**
     * {@link #stopsByRow(short[][], int, int)} from the donor's: only the columns whose arrays differ from the
     * donor's are read, and a bit row is copied only when one of its bits changes.
     */
    private static long[][] stopsByRow(short[][] colJumps, long[][] donorStops, short[][] donorColJumps) {
        long[][] out = null;
        boolean[] owned = null;
        for (int x = 0; x < colJumps.length; x++) {
            short[] col = colJumps[x];
            if (col == donorColJumps[x]) {
                continue;
            }
            if (out == null) {
                out = donorStops.clone();
                owned = new boolean[out.length];
            }
            long bit = 1L << x;
            int word = x >>> 6;
            for (int y = 0; y < col.length; y++) {
                if ((col[y] > 0) != ((out[y][word] & bit) != 0)) {
                    if (!owned[y]) {
                        out[y] = out[y].clone();
                        owned[y] = true;
                    }
                    out[y][word] ^= bit;
                }
            }
        }
        return out == null ? donorStops : out;
    }

    /**
     * One diagonal direction's table, from the far rows back: a cell's value follows from the next cell's (see
     * {@link #diagonal(int, int)}). {@code columnStops} is {@link #stopsByRow} of the column direction dy; the
     * donor arguments are null when there is no donor.
     */
    private static short[][] diagonal(long[][] rows, int stride, short[][] rowJumps, long[][] columnStops, int dx,
                                      int dy, JumpTable donor, short[][] donorRowJumps, long[][] donorStops,
                                      short[][] donorDiagonal, short[] scratch) {
        int lines = rows.length;
        short[][] out = new short[lines][];
        int first = dy > 0 ? lines - 1 : 0;
        out[first] = donor != null ? donorDiagonal[first] : new short[stride];
        for (int y = first - dy; y >= 0 && y < lines; y -= dy) {
            int ny = y + dy;
            if (donor != null && rows[y] == donor.rows[y] && rows[ny] == donor.rows[ny]
                    && rowJumps[ny] == donorRowJumps[ny] && out[ny] == donorDiagonal[ny]
                    && columnStops[ny] == donorStops[ny]) {
                // every input of this row is the donor's: so is the row
                out[y] = donorDiagonal[y];
                continue;
            }
            short[] next = out[ny];
            long[] rowHere = rows[y];
            long[] rowNext = rows[ny];
            short[] nextRowJumps = rowJumps[ny];
            long[] nextColumnStops = columnStops[ny];
            for (int x = 0; x < stride; x++) {
                int n = x + dx;
                int v = 0;
                if (n >= 0 && n < stride && NavGrid.bit(rowHere, n) && NavGrid.bit(rowNext, x)
                        && NavGrid.bit(rowNext, n)) {
                    if (nextRowJumps[n] > 0 || NavGrid.bit(nextColumnStops, n)) {
                        v = 1;
                    } else {
                        int w = next[n];
                        v = w <= 0 ? w - 1 : w + 1;
                    }
                }
                scratch[x] = (short) v;
            }
            out[y] = keep(scratch, stride, donor == null ? null : donorDiagonal[y]);
        }
        return out;
    }

    /** The donor's line when it equals the first {@code length} values of {@code scratch}, else a copy of them. */
    private static short[] keep(short[] scratch, int length, short[] donorLine) {
        if (donorLine != null && Arrays.equals(scratch, 0, length, donorLine, 0, length)) {
            return donorLine;
        }
        return Arrays.copyOf(scratch, length);
    }

    /** Fills {@code up}/{@code down} (the growing and shrinking direction) for every line of {@code bits}. */
    private static void lines(long[][] bits, int length, long[][] donorBits, short[][] donorUp,
                              short[][] donorDown, short[][] up, short[][] down, short[] scratchUp,
                              short[] scratchDown) {
        int last = bits.length - 1;
        for (int i = 0; i <= last; i++) {
            long[] before = i > 0 ? bits[i - 1] : null;
            long[] here = bits[i];
            long[] after = i < last ? bits[i + 1] : null;
            if (donorBits != null && donorBits[i] == here && (i == 0 || donorBits[i - 1] == before)
                    && (i == last || donorBits[i + 1] == after)) {
                up[i] = donorUp[i];
                down[i] = donorDown[i];
                continue;
            }
            line(before, here, after, length, scratchUp, scratchDown);
            // an edit changes a line's runs only up to their stops: keep the donor's arrays when equal
            up[i] = keep(scratchUp, length, donorBits == null ? null : donorUp[i]);
            down[i] = keep(scratchDown, length, donorBits == null ? null : donorDown[i]);
        }
    }

    /**
     * One line's jumps in both directions, into the first {@code length} entries of {@code up} and {@code down}.
     * Positions past the line's ends count as blocked; a missing neighbouring line (the grid's outer border) as all
     * blocked.
     */
    private static void line(long[] before, long[] here, long[] after, int length, short[] up, short[] down) {
        run(before, here, after, length, up, 1);
        run(before, here, after, length, down, -1);
    }

    /** One direction of {@link #line}: from the far end back, each value follows from the next cell's. */
    private static void run(long[] before, long[] here, long[] after, int length, short[] out, int dir) {
        int first = dir > 0 ? length - 1 : 0;
        int v = -1;
        out[first] = -1;
        for (int x = first - dir; x >= 0 && x < length; x -= dir) {
            int c = x + dir;
            if (!NavGrid.bit(here, c)) {
                v = -1;
            } else if (forced(before, c, x) || forced(after, c, x)) {
                v = 1;
            } else {
                v = v < 0 ? v - 1 : v + 1;
            }
            out[x] = (short) v;
        }
    }

    /** Whether {@code side} has position {@code c} standable and {@code behind} blocked. */
    private static boolean forced(long[] side, int c, int behind) {
        return side != null && NavGrid.bit(side, c) && !NavGrid.bit(side, behind);
    }

    /** East jumps per padded row: {@code [y][x]} (see the class comment for the values). */
    short[][] east() {
        return east;
    }

    /** West jumps per padded row: {@code [y][x]}. */
    short[][] west() {
        return west;
    }

    /** South (growing y) jumps per padded column: {@code [x][y]}. */
    short[][] south() {
        return south;
    }

    /**
     * Diagonal jumps in direction ({@code dx}, {@code dy}) (each -1 or 1) per padded row, {@code [y][x]}. From
     * (x, y), with no goal involved, {@code +k}: the moves to (x + k dx, y + k dy) are legal (no corner cut) and that
     * cell is the first on the way whose straight jump in dx along its row or in dy along its column ends at a jump
     * point; {@code -k} (or 0): no such cell, and the diagonal can go no further than k moves.
     */
    short[][] diagonal(int dx, int dy) {
        return diagonals[index(dx, dy)];
    }

    /** North jumps per padded column: {@code [x][y]}. */
    short[][] north() {
        return north;
    }

    /**
     * Diagonal moves from line {@code from} in direction {@code dir} until the first line within the arrival disc's
     * radius {@code r} of {@code target} (at least 1), or {@link Integer#MAX_VALUE} when the moves lead away from it.
     */
    static int stepsToBand(int from, int dir, int target, int r) {
        if (dir > 0) {
            return from + 1 > target + r ? Integer.MAX_VALUE : Math.max(1, target - r - from);
        }
        return from - 1 < target - r ? Integer.MAX_VALUE : Math.max(1, from - (target + r));
    }
}
