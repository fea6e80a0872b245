package dev.navserver.nav.smooth;

import dev.navserver.nav.grid.NavGrid;
import java.util.ArrayDeque;
import java.util.Arrays;

/**
 * Breadth-first cell paths for tests, standing in for the search module: 8-connected with a diagonal only when
 * both orthogonal neighbours are open, or 4-connected. Paths have the fewest moves, not the least length.
 */
final class GridBfs {
    private static final int[][] MOVES_8 = {
        {1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

    private GridBfs() {
    }

    /** Map cell ids from {@code start} to {@code goal}, or null when unreachable or either is not open. */
    static int[] path(NavGrid g, int start, int goal, boolean diagonal) {
        int w = g.width();
        int n = w * g.height();
        if (!g.openCell(start) || !g.openCell(goal)) {
            return null;
        }
        int[] parent = new int[n];
        Arrays.fill(parent, -2);
        parent[start] = -1;
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        queue.add(start);
        while (!queue.isEmpty()) {
            int cell = queue.poll();
            if (cell == goal) {
                break;
            }
            int c = cell % w;
            int r = cell / w;
            for (int m = 0; m < (diagonal ? 8 : 4); m++) {
                int nc = c + MOVES_8[m][0];
                int nr = r + MOVES_8[m][1];
                if (!g.open(nc, nr)) {
                    continue;
                }
                if (m >= 4 && (!g.open(nc, r) || !g.open(c, nr))) {
                    continue;
                }
                int next = nr * w + nc;
                if (parent[next] == -2) {
                    parent[next] = cell;
                    queue.add(next);
                }
            }
        }
        if (parent[goal] == -2) {
            return null;
        }
        int len = 0;
        for (int cell = goal; cell != -1; cell = parent[cell]) {
            len++;
        }
        int[] out = new int[len];
        for (int cell = goal, i = len - 1; cell != -1; cell = parent[cell], i--) {
            out[i] = cell;
        }
        return out;
    }
}
