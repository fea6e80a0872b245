package dev.navserver.bots;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.smooth.LineOfSight;

/**
 * Routes for the bots' own walk: a breadth-first search over 8-connected cells (a diagonal step only when both
 * orthogonal neighbours are open, the engine's corner rule) from one cell to another, reduced to turning points
 * such that each straight leg between consecutive cell centres is {@link LineOfSight#clearWorld clear}.
 *
 * <p>Search scratch space lives in one context per thread, reused across searches (the bots call this from their
 * event-loop threads); the methods are safe to call from any number of threads.
 */
public final class CellRoutes {
    private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);

    private CellRoutes() {
    }

    private static final int[] NONE = new int[0];

    /**
     * Finds a route from {@code from} to {@code to} (map cell ids).
     *
     * @return the turning points as cell ids, {@code from} first and {@code to} last ({@code [from]} when
     *         {@code from == to}); an empty array when either cell is not open or {@code to} is unreachable. A
     *         new array per call: routes are rare next to the bots' other work.
     */
    public static int[] route(NavGrid grid, int from, int to) {
        if (!grid.openCell(from) || !grid.openCell(to) || grid.island(from) != grid.island(to)) {
            return NONE;
        }
        if (from == to) {
            return new int[] {from};
        }
        Scratch s = SCRATCH.get();
        s.ensure(grid.paddedSize(), grid.width() * grid.height());
        if (++s.generation < 0) {
            java.util.Arrays.fill(s.stamp, 0);
            s.generation = 1;
        }
        int gen = s.generation;
        int stride = grid.stride();
        int start = grid.pad(from);
        int goal = grid.pad(to);
        int[] queue = s.queue;
        int head = 0;
        int tail = 0;
        queue[tail++] = start;
        s.stamp[start] = gen;
        s.parent[start] = -1;
        boolean found = false;
        while (head < tail && !found) {
            int p = queue[head++];
            for (int dy = -1; dy <= 1 && !found; dy++) {
                for (int dx = -1; dx <= 1; dx++) {
                    if (dx == 0 && dy == 0) {
                        continue;
                    }
                    int q = p + dy * stride + dx;
                    if (s.stamp[q] == gen || !grid.openPadded(q)) {
                        continue;
                    }
                    if (dx != 0 && dy != 0 && (!grid.openPadded(p + dx) || !grid.openPadded(p + dy * stride))) {
                        continue;
                    }
                    s.stamp[q] = gen;
                    s.parent[q] = p;
                    queue[tail++] = q;
                    if (q == goal) {
                        found = true;
                        break;
                    }
                }
            }
        }
        if (!found) {
            return NONE;
        }
        // cell path, goal first, into the queue array (no longer needed)
        int n = 0;
        for (int p = goal; p != -1; p = s.parent[p]) {
            queue[n++] = grid.unpad(p);
        }
        GridMap map = grid.map();
        // string-pull: keep a cell only when the leg from the last kept point to the next cell is not clear
        int[] out = s.out;
        int k = 0;
        out[k++] = queue[n - 1];
        for (int i = n - 2; i > 0; i--) {
            int anchor = out[k - 1];
            int next = queue[i - 1];
            if (!LineOfSight.clearWorld(grid, map.worldX(anchor), map.worldZ(anchor), map.worldX(next),
                    map.worldZ(next))) {
                out[k++] = queue[i];
            }
        }
        out[k++] = queue[0];
        return java.util.Arrays.copyOf(out, k);
    }

    private static final class Scratch {
        int[] stamp = new int[0];
        int[] parent = new int[0];
        int[] queue = new int[0];
        int[] out = new int[0];
        int generation;

        void ensure(int padded, int cells) {
            if (stamp.length < padded) {
                stamp = new int[padded];
                parent = new int[padded];
                generation = 0;
            }
            if (queue.length < Math.max(padded, cells)) {
                queue = new int[Math.max(padded, cells)];
                out = new int[Math.max(padded, cells)];
            }
        }
    }
}
