package dev.navserver.nav.grid;

/**
 * Connectivity of a grid's standable cells inside each 64x64 chunk, kept where chunks meet: the chunk graph an edit
 * uses to find out whether an island split without flooding the island ({@link GridEdit}).
 *
 * <p>Within a chunk, standable cells fall into <em>local components</em> (4-connected, moving only inside the
 * chunk), numbered from 0 in row-major order of their first cell. A chunk stores the local component of each of
 * its border cells: {@value #ENTRIES} entries, its top row at {@link #TOP}{@code + i}, bottom row at
 * {@link #BOTTOM}{@code + i}, left column at {@link #LEFT}{@code + i}, right column at {@link #RIGHT}{@code + i}, and
 * -1 for cells that are not standable or beyond a partial chunk's edge. The nodes of the chunk graph are the pairs
 * (chunk, local component), coded {@code chunk << 12 | component}; two nodes are adjacent when a border cell of one
 * faces a border cell of the other across the chunks' common side. Two standable cells are connected on the grid
 * exactly when their nodes are connected in this graph. Memory: 512 bytes per chunk with both standable and blocked
 * cells; chunks entirely blocked or entirely open share one array.
 *
 * <p>Once published (after {@link #freeze}) it is never written and may be read from any thread. While editable it
 * belongs to the one thread deriving an edited map.
 */
final class ChunkBorders {
    static final int SHIFT = 6;
    static final int SIZE = 1 << SHIFT;
    static final int TOP = 0;
    static final int BOTTOM = SIZE;
    static final int LEFT = 2 * SIZE;
    static final int RIGHT = 3 * SIZE;
    static final int ENTRIES = 4 * SIZE;
    /** Bits of a node code that hold the local component (a 64x64 chunk has at most 2,048 components). */
    static final int COMPONENT_BITS = 12;

    private final int width;
    private final int height;
    private final int chunksX;
    private final int chunksY;
    private final short[][] borders;

    private ChunkBorders(int width, int height, short[][] borders) {
        this.width = width;
        this.height = height;
        this.chunksX = (width + SIZE - 1) >>> SHIFT;
        this.chunksY = (height + SIZE - 1) >>> SHIFT;
        this.borders = borders;
    }

    /** Labels every chunk of a grid from its standability bit rows ({@link NavGrid#openRows()}). */
    static ChunkBorders build(long[][] rows, int width, int height) {
        ChunkBorders b = new ChunkBorders(width, height,
                new short[((width + SIZE - 1) >>> SHIFT) * ((height + SIZE - 1) >>> SHIFT)][]);
        Labelling scratch = new Labelling();
        for (int ci = 0; ci < b.borders.length; ci++) {
            b.borders[ci] = scratch.label(rows, b, ci).stored();
        }
        return b;
    }

    int chunksX() {
        return chunksX;
    }

    int chunksY() {
        return chunksY;
    }

    /** Chunk index of map cell (col, row). */
    int chunkOf(int col, int row) {
        return (row >>> SHIFT) * chunksX + (col >>> SHIFT);
    }

    /** Border entries of chunk {@code ci} (shared: read only). */
    short[] of(int ci) {
        return borders[ci];
    }

    /** Columns of chunk {@code ci} (64 except in the last chunk column). */
    int chunkWidth(int ci) {
        return Math.min(SIZE, width - (ci % chunksX) * SIZE);
    }

    /** Rows of chunk {@code ci} (64 except in the last chunk row). */
    int chunkHeight(int ci) {
        return Math.min(SIZE, height - (ci / chunksX) * SIZE);
    }

    /**
     * A copy sharing every chunk's entries until {@link #relabel} replaces them (entries are never written in
     * place). O(number of chunks).
     */
    ChunkBorders editableCopy() {
        return new ChunkBorders(width, height, borders.clone());
    }

    /**
     * Re-labels chunk {@code ci} from the (edited) bit rows and stores its new border entries. Only on a copy from
     * {@link #editableCopy}, by the one thread deriving an edited map, before it is published.
     *
     * @param into the labelling to fill (its result stays readable until its next use)
     */
    Labelling relabel(long[][] rows, int ci, Labelling into) {
        into.label(rows, this, ci);
        if (!java.util.Arrays.equals(borders[ci], into.border)) {
            borders[ci] = into.stored();
        }
        return into;
    }

    /** The stored entries, for comparison with a rebuild (tests): equal chunk by chunk. */
    boolean sameAs(ChunkBorders other) {
        if (other.borders.length != borders.length) {
            return false;
        }
        for (int ci = 0; ci < borders.length; ci++) {
            if (!java.util.Arrays.equals(borders[ci], other.borders[ci])) {
                return false;
            }
        }
        return true;
    }

    /**
     * The local component of border cell (col, row) of chunk {@code ci}, which faces another chunk across side
     * {@code side} ({@link #TOP}, {@link #BOTTOM}, {@link #LEFT} or {@link #RIGHT}); -1 when not standable.
     */
    int componentAt(int ci, int side, int col, int row) {
        int i = side == TOP || side == BOTTOM ? col - (ci % chunksX) * SIZE : row - (ci / chunksX) * SIZE;
        return borders[ci][side + i];
    }

    /**
     * Appends to {@code out} the node codes adjacent to node {@code (ci, component)}, possibly more than once.
     */
    void neighbours(int ci, int component, IntList out) {
        short[] mine = borders[ci];
        int cx = ci % chunksX;
        int cy = ci / chunksX;
        int cw = chunkWidth(ci);
        int chh = chunkHeight(ci);
        if (cy > 0) {
            facing(mine, TOP, ci - chunksX, BOTTOM, cw, component, out);
        }
        if (cy + 1 < chunksY) {
            facing(mine, BOTTOM, ci + chunksX, TOP, cw, component, out);
        }
        if (cx > 0) {
            facing(mine, LEFT, ci - 1, RIGHT, chh, component, out);
        }
        if (cx + 1 < chunksX) {
            facing(mine, RIGHT, ci + 1, LEFT, chh, component, out);
        }
    }

    private void facing(short[] mine, int side, int other, int otherSide, int n, int component, IntList out) {
        short[] theirs = borders[other];
        int last = -1;
        for (int i = 0; i < n; i++) {
            if (mine[side + i] == component) {
                int t = theirs[otherSide + i];
                if (t >= 0 && t != last) {
                    out.add(other << COMPONENT_BITS | t);
                    last = t;
                }
            }
        }
    }

    /**
     * Scratch for labelling one chunk by runs of set bits (union-find over the runs of consecutive rows), and its
     * result: the border entries, the number of components, and each cell's component ({@link #componentOf}). Reused across chunks; one thread.
     */
    static final class Labelling {
        private static final short[] CLOSED = filled((short) -1, SIZE, SIZE);
        private static final short[] OPEN = filled((short) 0, SIZE, SIZE);
        /** Runs a chunk holds at first; grown (doubled) when a chunk has more (at most 2,048). */
        private static final int INITIAL_RUNS = 256;

        final short[] border = new short[ENTRIES];
        /** Per run: its bits within the chunk row. */
        private long[] runMask = new long[INITIAL_RUNS];
        /** Per run: union-find parent (a root is the smallest run of its set). */
        private int[] runParent = new int[INITIAL_RUNS];
        /** Per run: its component. */
        private int[] runComp = new int[INITIAL_RUNS];
        /** Runs of chunk row i are {@code rowStart[i] .. rowStart[i+1]-1}, left to right. */
        private final int[] rowStart = new int[SIZE + 1];
        private int components;
        private int col0;
        private int row0;
        private boolean full;

        /** Number of local components of the chunk last labelled. */
        int components() {
            return components;
        }

        /** The component of standable map cell (col, row) of the chunk last labelled; -1 when not standable. */
        int componentOf(int col, int row) {
            int i = row - row0;
            long bit = 1L << (col - col0);
            for (int r = rowStart[i]; r < rowStart[i + 1]; r++) {
                if ((runMask[r] & bit) != 0) {
                    return runComp[r];
                }
            }
            return -1;
        }

        private int find(int x) {
            while (runParent[x] != x) {
                runParent[x] = runParent[runParent[x]];
                x = runParent[x];
            }
            return x;
        }

        Labelling label(long[][] rows, ChunkBorders grid, int ci) {
            int cx = ci % grid.chunksX;
            int cy = ci / grid.chunksX;
            col0 = cx * SIZE;
            row0 = cy * SIZE;
            int cw = grid.chunkWidth(ci);
            int ch = grid.chunkHeight(ci);
            long widthMask = cw == SIZE ? -1L : (1L << cw) - 1;
            int x = col0 + 1; // padded column of the chunk's first cell
            int word = x >>> 6;
            int shift = x & 63;
            int runs = 0;
            boolean allOpen = cw == SIZE && ch == SIZE;
            for (int i = 0; i < ch; i++) {
                long[] row = rows[row0 + i + 1];
                long w = row[word] >>> shift;
                if (shift != 0 && word + 1 < row.length) {
                    w |= row[word + 1] << (64 - shift);
                }
                w &= widthMask;
                allOpen &= w == -1L;
                rowStart[i] = runs;
                int prev = i > 0 ? rowStart[i - 1] : 0;
                int prevEnd = runs;
                while (w != 0) {
                    if (runs == runMask.length) {
                        grow();
                    }
                    long low = w & -w;
                    long rest = w + low;
                    long run = w & ~rest;
                    w &= rest;
                    runMask[runs] = run;
                    runParent[runs] = runs;
                    // union with the overlapping runs of the row above (both lists run left to right)
                    while (prev < prevEnd && Long.compareUnsigned(runMask[prev], low) < 0) {
                        prev++; // that run ends left of this one
                    }
                    int p = prev;
                    while (p < prevEnd && (runMask[p] & run) != 0) {
                        int a = find(p);
                        int b = find(runs);
                        if (a != b) {
                            runParent[Math.max(a, b)] = Math.min(a, b);
                        }
                        p++;
                    }
                    if (p > prev) {
                        prev = p - 1; // the last overlapping run may also overlap the next run of this row
                    }
                    runs++;
                }
            }
            rowStart[ch] = runs;
            full = allOpen;
            // components numbered by their first run, i.e. in row-major order of their first cells
            components = 0;
            for (int r = 0; r < runs; r++) {
                int root = find(r);
                if (root == r) { // a root is the smallest run of its set, so it comes first
                    runComp[r] = components++;
                } else {
                    runComp[r] = runComp[root];
                }
            }
            java.util.Arrays.fill(border, (short) -1);
            if (ch > 0) {
                spread(rowStart[0], rowStart[1], TOP);
                spread(rowStart[ch - 1], rowStart[ch], BOTTOM);
            }
            long rightBit = 1L << (cw - 1);
            for (int i = 0; i < ch; i++) {
                int s = rowStart[i];
                int e = rowStart[i + 1];
                if (s < e && (runMask[s] & 1L) != 0) {
                    border[LEFT + i] = (short) runComp[s];
                }
                if (s < e && (runMask[e - 1] & rightBit) != 0) {
                    border[RIGHT + i] = (short) runComp[e - 1];
                }
            }
            return this;
        }

        private void grow() {
            int n = runMask.length * 2;
            runMask = java.util.Arrays.copyOf(runMask, n);
            runParent = java.util.Arrays.copyOf(runParent, n);
            runComp = java.util.Arrays.copyOf(runComp, n);
        }

        private void spread(int s, int e, int side) {
            for (int r = s; r < e; r++) {
                long m = runMask[r];
                while (m != 0) {
                    border[side + Long.numberOfTrailingZeros(m)] = (short) runComp[r];
                    m &= m - 1;
                }
            }
        }

        /** The border entries to store: a shared array when they are a common pattern, else a copy. */
        short[] stored() {
            if (components == 0) {
                return CLOSED;
            }
            if (full) {
                return OPEN;
            }
            return border.clone();
        }

        private static short[] filled(short v, int w, int h) {
            short[] a = new short[ENTRIES];
            java.util.Arrays.fill(a, (short) -1);
            for (int i = 0; i < w; i++) {
                a[TOP + i] = v;
                a[BOTTOM + i] = v;
            }
            for (int i = 0; i < h; i++) {
                a[LEFT + i] = v;
                a[RIGHT + i] = v;
            }
            return a;
        }
    }
}
