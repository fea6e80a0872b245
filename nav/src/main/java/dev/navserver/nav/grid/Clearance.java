package dev.navserver.nav.grid;

/** Clearance of a layer's cells: the side of the largest square of passable cells below-right of each. Stateless. */
final class Clearance {
    private Clearance() {
    }

    /**
     * Clearance of every map cell under {@code layer}: the side of the largest square of passable cells whose
     * top-left is the cell, capped at {@link NavGrid#MAX_CLEARANCE}; 0 on impassable cells. Row-major, {@code width *
     * height} entries.
     */
    static ByteChunks build(GridMap map, MoveLayer layer) {
        int width = map.width();
        int height = map.height();
        // two rolling rows instead of a map-sized array: this row and the one below it
        int[] below = new int[width + 1];
        int[] here = new int[width + 1];
        ByteChunks clearance = ByteChunks.zeros(width, height);
        for (int r = height - 1; r >= 0; r--) {
            for (int c = width - 1; c >= 0; c--) {
                int v = 0;
                if (layer.passable(map.terrain(c, r))) {
                    int smallest = Math.min(here[c + 1], Math.min(below[c], below[c + 1]));
                    v = Math.min(NavGrid.MAX_CLEARANCE, 1 + smallest);
                    clearance.set(c, r, (byte) v);
                }
                here[c] = v;
            }
            int[] t = below;
            below = here;
            here = t;
        }
        clearance.compact();
        clearance.freeze();
        return clearance;
    }

    /** The clearance recurrence at (c, r), given correct values right of and below it. */
    static int at(ByteChunks terrain, int width, int height, MoveLayer layer, ByteChunks clearance, int c,
                           int r) {
        if (!layer.passable(terrain.get(c, r))) {
            return 0;
        }
        int right = c + 1 < width ? clearance.get(c + 1, r) : 0;
        int down = r + 1 < height ? clearance.get(c, r + 1) : 0;
        int diag = c + 1 < width && r + 1 < height ? clearance.get(c + 1, r + 1) : 0;
        return Math.min(NavGrid.MAX_CLEARANCE, 1 + Math.min(right, Math.min(down, diag)));
    }
}
