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
