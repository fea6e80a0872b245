package dev.navserver.bots;

import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * Where the run's players stand, coarsely: a count of players per block of {@value #BLOCK} × {@value #BLOCK} cells,
 * which the editing bot reads to keep its walls away from the players. Player bots move their count from block to
 * block as they walk. Thread-safe (atomic counters); a reader sees each count as of some recent moment.
 */
final class Occupancy {
    /** Side of a block, cells. */
    static final int BLOCK = 8;

    private final int blocksX;
    private final int blocksY;
    private final AtomicIntegerArray counts;

    /** @param width map columns, @param height map rows */
    Occupancy(int width, int height) {
        this.blocksX = (width + BLOCK - 1) / BLOCK;
        this.blocksY = (height + BLOCK - 1) / BLOCK;
        this.counts = new AtomicIntegerArray(blocksX * blocksY);
    }

    /** The block of a cell (column, row on the map). */
    int block(int col, int row) {
        return (row / BLOCK) * blocksX + col / BLOCK;
    }

    /**
     * Moves one player from block {@code from} to block {@code to}; -1 for none (arriving, leaving).
     */
    void move(int from, int to) {
        if (from == to) {
            return;
        }
        if (from >= 0) {
            counts.decrementAndGet(from);
        }
        if (to >= 0) {
            counts.incrementAndGet(to);
        }
    }

    /**
     * Whether any player stands in a block touching the cell rectangle {@code [col0, col1] × [row0, row1]}
     * (inclusive, clamped to the map) grown by {@code margin} cells on every side.
     */
    boolean anyNear(int col0, int row0, int col1, int row1, int margin) {
        int bx0 = Math.max(0, (col0 - margin) / BLOCK);
        int by0 = Math.max(0, (row0 - margin) / BLOCK);
        int bx1 = Math.min(blocksX - 1, Math.max(0, col1 + margin) / BLOCK);
        int by1 = Math.min(blocksY - 1, Math.max(0, row1 + margin) / BLOCK);
        for (int by = by0; by <= by1; by++) {
            for (int bx = bx0; bx <= bx1; bx++) {
                if (counts.get(by * blocksX + bx) > 0) {
                    return true;
                }
            }
        }
        return false;
    }
}
