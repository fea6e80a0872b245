package dev.navserver.nav.grid;

/**
 * A {@code width x height} grid of {@code byte}s in 64x64 copy-on-write chunks; the byte twin of
 * {@link IntChunks} (same layout and editing contract), used for the terrain and clearance.
 *
 * <p><b>Uniform chunks.</b> A chunk whose cells all hold one value {@code v} in {@code [0, UNIFORM_VALUES)} is
 * stored as a shared read-only array of {@code v}s (one per value for the whole process), so it costs one reference
 * ({@link #of} and {@link #compact} find them). Writes copy it first like any shared chunk.
 */
final class ByteChunks extends CowChunks<byte[]> {
    /** Values with a shared uniform chunk: terrain classes and capped clearances. */
    static final int UNIFORM_VALUES = Math.max(Terrain.COUNT, NavGrid.MAX_CLEARANCE + 1);
    private static final byte[][] UNIFORM = new byte[UNIFORM_VALUES][];

    static {
        for (int v = 0; v < UNIFORM_VALUES; v++) {
            UNIFORM[v] = new byte[CHUNK_CELLS];
            java.util.Arrays.fill(UNIFORM[v], (byte) v);
        }
    }

    private ByteChunks(int width, int height, byte[][] chunks, boolean editable) {
        super(width, height, chunks, editable);
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
        ByteChunks out = new ByteChunks(width, height, chunks, false);
        out.compactAll();
        return out;
    }

    /**
     * An editable grid of zeros whose chunks are allocated on first write ({@link #set}); {@link #compact} and
     * {@link #freeze} it when done.
     */
    static ByteChunks zeros(int width, int height) {
        int cx = (width + MASK) >>> SHIFT;
        int cy = (height + MASK) >>> SHIFT;
        byte[][] chunks = new byte[cx * cy][];
        java.util.Arrays.fill(chunks, UNIFORM[0]);
        return new ByteChunks(width, height, chunks, true);
    }

    /** Replaces every chunk this copy owns that holds one value by the shared uniform chunk of that value. */
    void compact() {
        for (int ci = 0; ci < chunks.length; ci++) {
            if (owns(ci) && replaceIfUniform(ci)) {
                disown(ci);
            }
        }
    }

    private void compactAll() {
        for (int ci = 0; ci < chunks.length; ci++) {
            replaceIfUniform(ci);
        }
    }

    private boolean replaceIfUniform(int ci) {
        byte[] ch = chunks[ci];
        byte v = ch[0];
        if (v < 0 || v >= UNIFORM_VALUES) {
            return false;
        }
        for (byte b : ch) {
            if (b != v) {
                return false;
            }
        }
        chunks[ci] = UNIFORM[v];
        return true;
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
        return chunk(col, row)[offset(col, row)];
    }

    /** A copy sharing every chunk until {@link #set} writes into it. */
    ByteChunks editableCopy() {
        return new ByteChunks(width, height, chunks.clone(), true);
    }

    /** Writes (col, row), copying its chunk first if it is still shared. Only on an editable copy. */
    void set(int col, int row, byte value) {
        ownChunk(col, row)[offset(col, row)] = value;
    }

    @Override
    byte[] copy(byte[] chunk) {
        return chunk.clone();
    }
}
