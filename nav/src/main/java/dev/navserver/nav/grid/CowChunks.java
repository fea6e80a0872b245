package dev.navserver.nav.grid;

/**
 * What {@link ByteChunks} and {@link IntChunks} share: a {@code width x height} grid in 64x64 chunks (row-major
 * inside a chunk, chunks row-major) and copy-on-write per chunk while editable. A subclass reads and writes the
 * cells of its primitive chunk type {@code A} ({@code byte[]}, {@code int[]}) and copies one chunk when
 * {@link #ownChunk} asks it to.
 *
 * <p>Once frozen, never written and readable from any thread; while editable, owned by one thread.
 */
abstract class CowChunks<A> {
    static final int SHIFT = 6;
    static final int MASK = (1 << SHIFT) - 1;
    static final int CHUNK_CELLS = 1 << (2 * SHIFT);

    final int width;
    final int height;
    /** Chunks per row of chunks. */
    final int chunksX;
    /** The chunks, row-major; {@code CHUNK_CELLS} cells each. */
    final A[] chunks;
    /** Chunks this copy owns and may write in place; null when frozen or built from scratch. */
    private boolean[] owned;

    /**
     * @param chunks   the chunks, {@code ceil(width / 64) * ceil(height / 64)} of them, row-major; kept, not copied
     * @param editable whether this copy is editable, every chunk shared until written ({@link #ownChunk})
     */
    CowChunks(int width, int height, A[] chunks, boolean editable) {
        this.width = width;
        this.height = height;
        this.chunksX = (width + MASK) >>> SHIFT;
        this.chunks = chunks;
        this.owned = editable ? new boolean[chunks.length] : null;
    }

    /** Index of the chunk holding (col, row). */
    final int index(int col, int row) {
        return (row >>> SHIFT) * chunksX + (col >>> SHIFT);
    }

    /** Index of (col, row) within its chunk. */
    static int offset(int col, int row) {
        return ((row & MASK) << SHIFT) | (col & MASK);
    }

    /** The chunk holding (col, row); the caller checks bounds. */
    final A chunk(int col, int row) {
        return chunks[index(col, row)];
    }

    /**
     * The chunk holding (col, row), made this copy's own first: replaced by a copy ({@link #copy}) while still
     * shared. Editable only; the caller checks bounds.
     */
    final A ownChunk(int col, int row) {
        int ci = index(col, row);
        if (!owned[ci]) {
            chunks[ci] = copy(chunks[ci]);
            owned[ci] = true;
        }
        return chunks[ci];
    }

    /** Whether this editable copy owns chunk {@code ci}. */
    final boolean owns(int ci) {
        return owned[ci];
    }

    /** Marks chunk {@code ci} shared again (it was replaced by a shared array). */
    final void disown(int ci) {
        owned[ci] = false;
    }

    /** A private copy of {@code chunk}. */
    abstract A copy(A chunk);

    /** Ends editing: no more writes. */
    final void freeze() {
        owned = null;
    }
}
