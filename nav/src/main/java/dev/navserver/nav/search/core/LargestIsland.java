package dev.navserver.nav.search.core;

import dev.navserver.nav.grid.NavGrid;

/** Where landmark builds start: a grid's largest island and a cell of it. Stateless; thread-safe. */
public final class LargestIsland {
    private LargestIsland() {
    }

    /** The label of {@code grid}'s largest island (the lowest label among equals), or 0 when it has none. */
    public static int label(NavGrid grid) {
        int best = 0;
        int bestSize = 0;
        for (int label = 1; label < grid.islandLabelBound(); label++) {
            if (grid.islandSize(label) > bestSize) {
                bestSize = grid.islandSize(label);
                best = label;
            }
        }
        return best;
    }

    /** Padded index of the first cell (row-major) of island {@code label}, which must have one. */
    public static int firstCell(NavGrid grid, int label) {
        int cells = grid.width() * grid.height();
        for (int c = 0; c < cells; c++) {
            if (grid.island(c) == label) {
                return grid.pad(c);
            }
        }
        throw new IllegalStateException("island " + label + " has no cell");
    }
}
