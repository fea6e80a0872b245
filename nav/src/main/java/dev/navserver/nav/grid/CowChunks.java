package dev.navserver.nav.grid;

/**
 * What {@link ByteChunks} and {@link IntChunks} share: a {@code width x height} grid in 64x64 chunks (row-major
 * inside a chunk, chunks row-major) and copy-on-write per chunk while editable. A subclass holds the typed chunk
 * arrays and copies one when {@link #own} asks it to.
 *
 * <p>Once frozen, never written and readable from any thread; while editable, owned by one thread.
 */
abstract class CowChunks {
    static final int SHIFT = 6;
    static final int MASK = (1 << SHIFT) - 1;
    static final int CHUNK_CELLS = 1 << (2 * SHIFT);

    final int width;
    final int height;
    /** Chunks per row of chunks. */
    final int chunksX;
    /** Chunks this copy owns and may write in place; null when frozen or built from scratch. */
    private boolean[] owned;

    CowChunks(int width, int height) {
        this.width = width;
        this.height = height;
        this.chunksX = (width + MASK) >>> SHIFT;
    }

    /** Index of the chunk holding (col, row). */
    final int index(int col, int row) {
        return (row >>> SHIFT) * chunksX + (col >>> SHIFT);
    }

    /** Index of (col, row) within its chunk. */
    static int offset(int col, int row) {
        return ((row & MASK) << SHIFT) | (col & MASK);
    }

    /** Makes this copy editable: every one of its {@code chunkCount} chunks shared until written. */
    final void startEditing(int chunkCount) {
        owned = new boolean[chunkCount];
    }

    /** Makes chunk {@code ci} this copy's own, copying it ({@link #copyChunk}) when still shared. Editable only. */
    final void own(int ci) {
        if (!owned[ci]) {
            copyChunk(ci);
            owned[ci] = true;
        }
    }

    /** Whether this editable copy owns chunk {@code ci}. */
    final boolean owns(int ci) {
        return owned[ci];
    }

    /** Marks chunk {@code ci} shared again (it was replaced by a shared array). */
    final void disown(int ci) {
        owned[ci] = false;
    }

    /** Replaces chunk {@code ci} by a private copy. */
    abstract void copyChunk(int ci);

    /** Ends editing: no more writes. */
    final void freeze() {
        owned = null;
    }
}
