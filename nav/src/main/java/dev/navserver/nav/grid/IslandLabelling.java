package dev.navserver.nav.grid;

/**
 * Island labels of a grid built from scratch: a breadth-first flood per island over the standable cells
 * (4-connected: with diagonals only where both orthogonal neighbours are standable, the components are the same),
 * labels 1, 2, ... in row-major order of each island's first cell, written straight into chunks
 * ({@link IntChunks.LabelWriter}): no int per cell while it runs. Not thread-safe; used once per build.
 */
final class IslandLabelling {
    /** Label of each map cell, 0 where not standable. */
    final IntChunks island;
    /** Islands found (labels {@code 1 .. count}). */
    final int count;
    /** Cells per label, {@code count + 1} entries (entry 0 unused). */
    final int[] sizes;

    /**
     * Labels the standable cells of padded bit rows {@code rows} of a {@code width x height} map.
     *
     * @param standablePerChunk standable cells per label chunk ({@link IntChunks.LabelWriter#chunkOf})
     */
    IslandLabelling(long[][] rows, int width, int height, int[] standablePerChunk) {
        // breadth-first labelling straight into chunks: no int per cell while it runs (see LabelWriter)
        IntChunks.LabelWriter labels = new IntChunks.LabelWriter(width, height, standablePerChunk);
        int[] queue = new int[1024]; // a ring: the breadth-first frontier, not the island
        int[] sizes = new int[16];
        int label = 0;
        for (int start = 0; start < width * height; start++) {
            if (!open(rows, start % width + 1, start / width + 1) || labels.get(start % width, start / width) != 0) {
                continue;
            }
            label++;
            int size = 0;
            long head = 0;
            long tail = 0;
            queue[(int) (tail++ & (queue.length - 1))] = start;
            labels.label(start % width, start / width, label);
            while (head < tail) {
                int q = queue[(int) (head++ & (queue.length - 1))];
                size++;
                if (tail - head + 4 > queue.length) {
                    queue = grow(queue, head, tail);
                    tail -= head;
                    head = 0;
                }
                int qc = q % width;
                int qr = q / width;
                if (qc > 0 && open(rows, qc, qr + 1) && labels.get(qc - 1, qr) == 0) {
                    labels.label(qc - 1, qr, label);
                    queue[(int) (tail++ & (queue.length - 1))] = q - 1;
                }
                if (qc + 1 < width && open(rows, qc + 2, qr + 1) && labels.get(qc + 1, qr) == 0) {
                    labels.label(qc + 1, qr, label);
                    queue[(int) (tail++ & (queue.length - 1))] = q + 1;
                }
                if (qr > 0 && open(rows, qc + 1, qr) && labels.get(qc, qr - 1) == 0) {
                    labels.label(qc, qr - 1, label);
                    queue[(int) (tail++ & (queue.length - 1))] = q - width;
                }
                if (qr + 1 < height && open(rows, qc + 1, qr + 2) && labels.get(qc, qr + 1) == 0) {
                    labels.label(qc, qr + 1, label);
                    queue[(int) (tail++ & (queue.length - 1))] = q + width;
                }
            }
            if (label >= sizes.length) {
                sizes = java.util.Arrays.copyOf(sizes, sizes.length * 2);
            }
            sizes[label] = size;
        }
        this.island = labels.build();
        this.count = label;
        this.sizes = java.util.Arrays.copyOf(sizes, label + 1);
    }

    private static boolean open(long[][] rows, int x, int y) {
        return NavGrid.bit(rows[y], x);
    }

    /** The ring {@code queue} holding entries {@code head..tail-1}, copied to a ring twice as large from index 0. */
    private static int[] grow(int[] queue, long head, long tail) {
        int[] bigger = new int[queue.length * 2];
        for (long i = head; i < tail; i++) {
            bigger[(int) (i - head)] = queue[(int) (i & (queue.length - 1))];
        }
        return bigger;
    }
}
