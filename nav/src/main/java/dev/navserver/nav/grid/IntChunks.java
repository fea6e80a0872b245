package dev.navserver.nav.grid;

/**
 * A {@code width x height} grid of {@code int}s stored in 64x64 chunks (row-major inside a chunk, chunks row-major),
 * so that an edited copy shares every chunk it does not write ({@link #editableCopy}: copy-on-write per chunk).
 *
 * <p>Once published (after {@link #freeze}) it is never written and may be read from any thread. While editable it
 * belongs to the one thread deriving an edited map.
 */
final class IntChunks extends CowChunks<int[]> {

    private IntChunks(int width, int height, int[][] chunks, boolean editable) {
        super(width, height, chunks, editable);
    }

    /** The value at (col, row); the caller checks bounds. */
    int get(int col, int row) {
        return chunk(col, row)[offset(col, row)];
    }

    /** A copy sharing every chunk until {@link #set} writes into it. O(number of chunks). */
    IntChunks editableCopy() {
        return new IntChunks(width, height, chunks.clone(), true);
    }

    /** Writes (col, row), copying its chunk first if it is still shared. Only on an editable copy. */
    void set(int col, int row, int value) {
        ownChunk(col, row)[offset(col, row)] = value;
    }

    @Override
    int[] copy(int[] chunk) {
        return chunk.clone();
    }

    /**
     * Writes island labels chunk by chunk while a labelling runs, holding only what it must: a chunk is allocated on
     * its first label and, once every standable cell in it is labelled, replaced by the shared array of its one
     * label when it has one. A flood over a map therefore holds the chunks its
     * wavefront crosses plus the chunks of several islands, not an {@code int} per cell. Unlabelled cells read 0.
     *
     * <p>Labels of cells that are not standable are don't-cares: a shared one-label chunk reads that label on its
     * cells that are not standable, so readers mask labels with standability ({@link NavGrid#island}).
     * One thread; {@link #build} once at the end.
     */
    static final class LabelWriter {
        private final int width;
        private final int height;
        private final int chunksX;
        private final int[][] chunks;
        private final int[] unlabelled;
        private final java.util.Map<Integer, int[]> shared = new java.util.HashMap<>();

        /** @param standable standable cells per chunk (chunks row-major), the labels each chunk will receive */
        LabelWriter(int width, int height, int[] standable) {
            this.width = width;
            this.height = height;
            this.chunksX = (width + MASK) >>> SHIFT;
            this.chunks = new int[chunksX * ((height + MASK) >>> SHIFT)][];
            this.unlabelled = standable.clone();
        }

        /** Chunk index of (col, row). */
        static int chunkOf(int width, int col, int row) {
            return (row >>> SHIFT) * ((width + MASK) >>> SHIFT) + (col >>> SHIFT);
        }

        /** Number of chunks of a {@code width x height} grid. */
        static int chunkCount(int width, int height) {
            return ((width + MASK) >>> SHIFT) * ((height + MASK) >>> SHIFT);
        }

        /** The label written at (col, row), 0 when none yet; cells of a completed one-label chunk read its label. */
        int get(int col, int row) {
            int[] ch = chunks[(row >>> SHIFT) * chunksX + (col >>> SHIFT)];
            return ch == null ? 0 : ch[((row & MASK) << SHIFT) | (col & MASK)];
        }

        /** Labels standable cell (col, row), which has no label yet; {@code label >= 1}. */
        void label(int col, int row, int label) {
            int ci = (row >>> SHIFT) * chunksX + (col >>> SHIFT);
            int[] ch = chunks[ci];
            if (ch == null) {
                ch = new int[CHUNK_CELLS];
                chunks[ci] = ch;
            }
            ch[((row & MASK) << SHIFT) | (col & MASK)] = label;
            if (--unlabelled[ci] == 0) {
                int only = 0;
                for (int v : ch) {
                    if (v != 0 && v != only) {
                        if (only != 0) {
                            return;
                        }
                        only = v;
                    }
                }
                chunks[ci] = sharedOf(only);
            }
        }

        private int[] sharedOf(int label) {
            return shared.computeIfAbsent(label, k -> {
                int[] filled = new int[CHUNK_CELLS];
                java.util.Arrays.fill(filled, label);
                return filled;
            });
        }

        /** The labels as chunks (chunks without standable cells share one array of zeros). */
        IntChunks build() {
            for (int ci = 0; ci < chunks.length; ci++) {
                if (chunks[ci] == null) {
                    chunks[ci] = sharedOf(0);
                }
            }
            return new IntChunks(width, height, chunks, false);
        }
    }
}
