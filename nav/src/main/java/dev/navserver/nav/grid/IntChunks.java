package dev.navserver.nav.grid;

/**
 * A {@code width x height} grid of {@code int}s stored in 64x64 chunks (row-major inside a chunk, chunks row-major),
 * so that an edited copy shares every chunk it does not write ({@link #editableCopy}: copy-on-write per chunk).
 *
 * <p>Once published (after {@link #freeze}) it is never written and may be read from any thread. While editable it
 * belongs to the one thread deriving an edited map.
 */
final class IntChunks {
    private static final int SHIFT = 6;
    private static final int MASK = (1 << SHIFT) - 1;
    private static final int CHUNK_CELLS = 1 << (2 * SHIFT);

    private final int width;
    private final int height;
    private final int chunksX;
    private final int[][] chunks;
    /** Chunks this copy owns and may write in place; null when frozen or built from scratch. */
    private boolean[] owned;

    private IntChunks(int width, int height, int[][] chunks) {
        this.width = width;
        this.height = height;
        this.chunksX = (width + MASK) >>> SHIFT;
        this.chunks = chunks;
    }

    /** Chunks holding a row-major {@code width * height} array's values. */
    static IntChunks of(int width, int height, int[] flat) {
        int cx = (width + MASK) >>> SHIFT;
        int cy = (height + MASK) >>> SHIFT;
        int[][] chunks = new int[cx * cy][];
        for (int i = 0; i < chunks.length; i++) {
            chunks[i] = new int[CHUNK_CELLS];
        }
        IntChunks c = new IntChunks(width, height, chunks);
        for (int r = 0; r < height; r++) {
            int[] row = null;
            for (int col = 0; col < width; col++) {
                if ((col & MASK) == 0) {
                    row = chunks[(r >>> SHIFT) * cx + (col >>> SHIFT)];
                }
                row[((r & MASK) << SHIFT) | (col & MASK)] = flat[r * width + col];
            }
        }
        return c;
    }

    /**
     * Chunks holding island labels of a row-major {@code width * height} array in which 0 means "no label" and is
     * a don't-care: a chunk whose non-zero values are all one label {@code L} (or all 0) is stored as one array of
     * {@code L}s shared by every such chunk of that label, so an island covering many chunks costs one array. Reads
     * of a cell that held 0 may then return a label: the reader must mask them (the grid's standability says
     * which cells have no label).
     */
    static IntChunks ofLabels(int width, int height, int[] flat) {
        int cx = (width + MASK) >>> SHIFT;
        int cy = (height + MASK) >>> SHIFT;
        int[][] chunks = new int[cx * cy][];
        java.util.Map<Integer, int[]> shared = new java.util.HashMap<>();
        for (int ci = 0; ci < chunks.length; ci++) {
            int c0 = (ci % cx) << SHIFT;
            int r0 = (ci / cx) << SHIFT;
            int c1 = Math.min(width, c0 + (1 << SHIFT));
            int r1 = Math.min(height, r0 + (1 << SHIFT));
            int label = 0;
            boolean uniform = true;
            for (int r = r0; r < r1 && uniform; r++) {
                for (int i = r * width + c0, end = r * width + c1; i < end; i++) {
                    int v = flat[i];
                    if (v != 0 && v != label) {
                        if (label != 0) {
                            uniform = false;
                            break;
                        }
                        label = v;
                    }
                }
            }
            if (uniform) {
                int l = label;
                chunks[ci] = shared.computeIfAbsent(l, k -> {
                    int[] filled = new int[CHUNK_CELLS];
                    java.util.Arrays.fill(filled, l);
                    return filled;
                });
            } else {
                int[] ch = new int[CHUNK_CELLS];
                for (int r = r0; r < r1; r++) {
                    System.arraycopy(flat, r * width + c0, ch, (r - r0) << SHIFT, c1 - c0);
                }
                chunks[ci] = ch;
            }
        }
        return new IntChunks(width, height, chunks);
    }

    /** Distinct chunk arrays held (shared chunks count once): the storage this grid references, in bytes. */
    long storedBytes() {
        java.util.Set<int[]> seen = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        long bytes = 4L * chunks.length;
        for (int[] ch : chunks) {
            if (seen.add(ch)) {
                bytes += 4L * ch.length + 16;
            }
        }
        return bytes;
    }

    /** The value at (col, row); the caller checks bounds. */
    int get(int col, int row) {
        return chunks[(row >>> SHIFT) * chunksX + (col >>> SHIFT)][((row & MASK) << SHIFT) | (col & MASK)];
    }

    /** A copy sharing every chunk until {@link #set} writes into it. O(number of chunks). */
    IntChunks editableCopy() {
        IntChunks c = new IntChunks(width, height, chunks.clone());
        c.owned = new boolean[chunks.length];
        return c;
    }

    /** Writes (col, row), copying its chunk first if it is still shared. Only on an editable copy. */
    void set(int col, int row, int value) {
        int ci = (row >>> SHIFT) * chunksX + (col >>> SHIFT);
        if (!owned[ci]) {
            chunks[ci] = chunks[ci].clone();
            owned[ci] = true;
        }
        chunks[ci][((row & MASK) << SHIFT) | (col & MASK)] = value;
    }

    /** Ends editing: no more writes. */
    void freeze() {
        owned = null;
    }

    /** Number of chunks this copy has written (its own, unshared storage). */
    int ownedChunks() {
        int n = 0;
        if (owned != null) {
            for (boolean o : owned) {
                n += o ? 1 : 0;
            }
        }
        return n;
    }
}
