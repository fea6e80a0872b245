package dev.navserver.nav.search.subgoal;

import dev.navserver.nav.search.core.IntBuffer;

/**
 * The subgoals whose direct-h-reachable scan ({@link SubgoalCells#scan}) may read a cell of a box: a superset of
 * those, found by walking the scans backwards from the box instead of scanning every subgoal.
 *
 * <p><b>Why it is enough.</b> A scan from subgoal u reads the cells of its walks (four straight rays; four diagonal
 * runs; straight sweeps from each diagonal run's cells), each walk's stopping cell, and the two side cells of each
 * diagonal step, which are 8-neighbours of the step's cell. So if it reads a cell of box B1, a walk cell lies in B2
 * (B1 grown by 1). Take the first such cell in scan order: either u is beside it (u in B3, B2 grown by 1), or the
 * walk cell before it is a free cell (standable, not a subgoal) of the ring B3 \ B2, one straight or diagonal step
 * from B2. From there, the walk back to u is straight moves through free cells (a ray from u, or a sweep from a
 * diagonal run cell) and then diagonal moves through free cells whose side cells are standable, ending at u. These
 * walks run away from B2 (their coordinates move away from it along the step's axis), so they read only cells that
 * the change left alone.
 *
 * <p>Stateless and thread-safe.
 */
final class DirtySubgoals {
    private DirtySubgoals() {
    }

    /**
     * Adds to {@code out} (with repeats) the ids of the subgoals of {@code cells} whose scans may read a cell of
     * padded box [x0, x1] x [y0, y1] (inside the padding), judged on the version {@code cells} was found on.
     *
     * @param maxSteps cells the backward walks may visit before giving up
     * @return false when the walks visited more than {@code maxSteps} cells ({@code out} is then incomplete)
     */
    static boolean find(SubgoalCells cells, int x0, int y0, int x1, int y1, int height, long maxSteps,
                        IntBuffer out) {
        int stride = cells.stride();
        // B2 and B3, clamped to the padded grid (its border is blocked)
        int bx0 = Math.max(0, x0 - 1);
        int by0 = Math.max(0, y0 - 1);
        int bx1 = Math.min(stride - 1, x1 + 1);
        int by1 = Math.min(height - 1, y1 + 1);
        int rx0 = Math.max(0, bx0 - 1);
        int ry0 = Math.max(0, by0 - 1);
        int rx1 = Math.min(stride - 1, bx1 + 1);
        int ry1 = Math.min(height - 1, by1 + 1);
        long[] steps = {0};
        Visited seen = new Visited();
        for (int y = ry0; y <= ry1; y++) {
            for (int x = rx0; x <= rx1; x++) {
                if (cells.subgoal(x, y)) {
                    out.add(cells.node(y * stride + x));
                    continue;
                }
                boolean ring = x < bx0 || x > bx1 || y < by0 || y > by1;
                if (!ring || !cells.open(x, y)) {
                    continue;
                }
                for (int dy = -1; dy <= 1; dy++) {
                    for (int dx = -1; dx <= 1; dx++) {
                        int qx = x + dx;
                        int qy = y + dy;
                        if ((dx == 0 && dy == 0) || qx < bx0 || qx > bx1 || qy < by0 || qy > by1) {
                            continue;
                        }
                        if (dx != 0 && dy != 0) {
                            diagonalBack(cells, x, y, dx, dy, steps, seen, out);
                        } else {
                            straightBack(cells, x, y, dx, dy, steps, seen, out);
                        }
                    }
                }
                if (steps[0] > maxSteps) {
                    return false;
                }
            }
        }
        return steps[0] <= maxSteps;
    }

    /**
     * From free (x, y), reached by a straight move (dx, dy): back along the move through free cells to the subgoal
     * of a ray, trying at each cell the diagonal runs a sweep along (dx, dy) may have started from.
     */
    private static void straightBack(SubgoalCells cells, int x, int y, int dx, int dy, long[] steps, Visited seen,
                                     IntBuffer out) {
        while (seen.add(cells.stride(), x, y, dx, dy)) {
            steps[0]++;
            if (dx != 0) {
                diagonalBack(cells, x, y, dx, 1, steps, seen, out);
                diagonalBack(cells, x, y, dx, -1, steps, seen, out);
            } else {
                diagonalBack(cells, x, y, 1, dy, steps, seen, out);
                diagonalBack(cells, x, y, -1, dy, steps, seen, out);
            }
            x -= dx;
            y -= dy;
            if (!passes(cells, x, y, out)) {
                return;
            }
        }
    }

    /** From free (x, y), reached by a diagonal move (dx, dy): back along the run to the subgoal it started from. */
    private static void diagonalBack(SubgoalCells cells, int x, int y, int dx, int dy, long[] steps, Visited seen,
                                     IntBuffer out) {
        while (seen.add(cells.stride(), x, y, dx, dy)) {
            steps[0]++;
            if (!cells.open(x - dx, y) || !cells.open(x, y - dy)) {
                return;
            }
            x -= dx;
            y -= dy;
            if (!passes(cells, x, y, out)) {
                return;
            }
        }
    }

    /** Whether a backward walk goes on past padded (x, y): false at a blocked cell, or at a subgoal (added to out). */
    private static boolean passes(SubgoalCells cells, int x, int y, IntBuffer out) {
        if (!cells.open(x, y)) {
            return false;
        }
        if (cells.subgoal(x, y)) {
            out.add(cells.node(y * cells.stride() + x));
            return false;
        }
        return true;
    }

    /**
     * The (cell, direction) pairs the backward walks have passed: a walk's rest depends only on its cell and
     * direction, so a walk that reaches a pair already passed stops there. An open-addressing set of longs
     * ({@code cell << 4 | direction}, 0 for empty). Not thread-safe.
     */
    private static final class Visited {
        private long[] keys = new long[1 << 12];
        private int size;

        /** Adds padded (x, y) walked in direction (dx, dy); false when it was there already. */
        boolean add(int stride, int x, int y, int dx, int dy) {
            long key = ((long) (y * stride + x) << 4 | (dx + 1) * 3 + dy + 1) + 1;
            int mask = keys.length - 1;
            int i = (int) (key * 0x9E3779B97F4A7C15L >>> 40) & mask;
            while (keys[i] != 0) {
                if (keys[i] == key) {
                    return false;
                }
                i = (i + 1) & mask;
            }
            keys[i] = key;
            if (++size * 2 > keys.length) {
                grow();
            }
            return true;
        }

        private void grow() {
            long[] old = keys;
            keys = new long[old.length * 2];
            int mask = keys.length - 1;
            for (long k : old) {
                if (k != 0) {
                    int i = (int) (k * 0x9E3779B97F4A7C15L >>> 40) & mask;
                    while (keys[i] != 0) {
                        i = (i + 1) & mask;
                    }
                    keys[i] = k;
                }
            }
        }
    }
}
