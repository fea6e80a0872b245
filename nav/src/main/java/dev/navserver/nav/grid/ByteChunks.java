package dev.navserver.nav.grid;

/**
 * A {@code width x height} grid of {@code byte}s in 64x64 copy-on-write chunks; the byte twin of
 * {@link IntChunks} (same layout and editing contract), used for the terrain.
 */
final class ByteChunks {
    private static final int SHIFT = 6;
    private static final int MASK = (1 << SHIFT) - 1;
    private static final int CHUNK_CELLS = 1 << (2 * SHIFT);

    private final int width;
    private final int height;
    private final int chunksX;
    private final byte[][] chunks;
    private boolean[] owned;

    private ByteChunks(int width, int height, byte[][] chunks) {
        this.width = width;
        this.height = height;
        this.chunksX = (width + MASK) >>> SHIFT;
        this.chunks = chunks;
    }

    /** Chunks holding a row-major {@code width * height} array's values. */
    static ByteChunks of(int width, int height, byte[] flat) {
        int cx = (width + MASK) >>> SHIFT;
        int cy = (height + MASK) >>> SHIFT;
        byte[][] chunks = new byte[cx * cy][];
        for (int i = 0; i < chunks.length; i++) {
            chunks[i] = new byte[CHUNK_CELLS];
        }
        for (int r = 0; r < height; r++) {
            for (int c0 = 0; c0 < width; c0 += 1 << SHIFT) {
                int n = Math.min(1 << SHIFT, width - c0);
                System.arraycopy(flat, r * width + c0, chunks[(r >>> SHIFT) * cx + (c0 >>> SHIFT)], (r & MASK) << SHIFT,
                        n);
            }
        }
        return new ByteChunks(width, height, chunks);
    }

    /** The values as a new row-major {@code width * height} array. */
    byte[] toFlat() {
        byte[] flat = new byte[width * height];
        for (int r = 0; r < height; r++) {
            for (int c0 = 0; c0 < width; c0 += 1 << SHIFT) {
                int n = Math.min(1 << SHIFT, width - c0);
                System.arraycopy(chunks[(r >>> SHIFT) * chunksX + (c0 >>> SHIFT)], (r & MASK) << SHIFT, flat,
                        r * width + c0, n);
            }
        }
        return flat;
    }

    /** The value at (col, row); the caller checks bounds. */
    byte get(int col, int row) {
        return chunks[(row >>> SHIFT) * chunksX + (col >>> SHIFT)][((row & MASK) << SHIFT) | (col & MASK)];
    }

    /** A copy sharing every chunk until {@link #set} writes into it. */
    ByteChunks editableCopy() {
        ByteChunks c = new ByteChunks(width, height, chunks.clone());
        c.owned = new boolean[chunks.length];
        return c;
    }

    /** Writes (col, row), copying its chunk first if it is still shared. Only on an editable copy. */
    void set(int col, int row, byte value) {
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
}
