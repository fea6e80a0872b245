package dev.navserver.nav.search.subgoal;

/**
 * Edges of a subgoal graph as cells: the octile walk between two padded cells that see each other (diagonal moves
 * first, or straight moves first when that is blocked) over the standable cells of a {@link SubgoalCells}. Cells are
 * padded ids ({@code y * stride + x}).
 *
 * <p>Stateless and thread-safe; writes only to the caller's buffers.
 */
public final class SubgoalWalks {
    private SubgoalWalks() {
    }

    /**
     * Map cell ids of the walk through padded {@code waypoints[0 .. n - 1]}, {@code n >= 1}, each consecutive pair an
     * edge of the subgoal graph (or equal): the first waypoint's cell, then each segment's cells
     * ({@link #appendSegment}).
     *
     * @param width the map's width
     * @return the cells, or null when a pair is not an edge (no free octile path between them)
     */
    public static int[] cellsAlong(SubgoalCells sc, int[] waypoints, int n, int width) {
        int count = 1;
        for (int i = 1; i < n; i++) {
            int a = sc.packed(waypoints[i - 1]);
            int b = sc.packed(waypoints[i]);
            count += Math.max(Math.abs((a & 0xFFFF) - (b & 0xFFFF)), Math.abs((a >>> 16) - (b >>> 16)));
        }
        int[] cells = new int[count];
        int s = sc.stride();
        int first = waypoints[0];
        cells[0] = (first / s - 1) * width + first % s - 1;
        int pos = 1;
        for (int i = 1; i < n; i++) {
            pos = appendSegment(sc, waypoints[i - 1], waypoints[i], width, cells, pos);
            if (pos < 0) {
                return null;
            }
        }
        return cells;
    }

    /**
     * The octile length of the walk through padded {@code waypoints[0 .. n - 1]}, cells: from its counts of straight
     * and diagonal moves, so without summation error.
     */
    public static double lengthAlong(SubgoalCells sc, int[] waypoints, int n) {
        int straight = 0;
        int diagonal = 0;
        for (int i = 1; i < n; i++) {
            int a = sc.packed(waypoints[i - 1]);
            int b = sc.packed(waypoints[i]);
            int dx = Math.abs((a & 0xFFFF) - (b & 0xFFFF));
            int dy = Math.abs((a >>> 16) - (b >>> 16));
            int lo = Math.min(dx, dy);
            diagonal += lo;
            straight += Math.max(dx, dy) - lo;
        }
        return straight + diagonal * Math.sqrt(2.0);
    }

    /**
     * Writes the cells after padded {@code a} up to and including padded {@code b} as map cell ids into
     * {@code out} from {@code pos}, along a shortest path of octile length: diagonal moves first, or straight
     * moves first when that is blocked.
     *
     * @param width the map's width, to turn padded cells into map cell ids
     * @return the index after the last cell written, or -1 when neither path is free (not an edge of this graph)
     */
    public static int appendSegment(SubgoalCells sc, int a, int b, int width, int[] out, int pos) {
        int stride = sc.stride();
        int ay = a / stride;
        int ax = a - ay * stride;
        int by = b / stride;
        int bx = b - by * stride;
        int dx = Math.abs(bx - ax);
        int dy = Math.abs(by - ay);
        int sx = Integer.signum(bx - ax);
        int sy = Integer.signum(by - ay);
        int diag = Math.min(dx, dy);
        int straight = Math.max(dx, dy) - diag;
        int tx = dx > dy ? sx : 0;
        int ty = dx > dy ? 0 : sy;
        for (int order = 0; order < 2; order++) {
            boolean diagonalFirst = order == 0;
            int end = walk(sc, ax, ay, sx, sy, tx, ty, diag, straight, diagonalFirst, width, out, pos);
            if (end >= 0) {
                return end;
            }
        }
        return -1;
    }

    /**
     * Writes the two-phase path from padded (x, y) into {@code out} from {@code pos} while its moves are legal.
     *
     * @return the index after the last cell, or -1 at the first illegal move (what was written is garbage)
     */
    private static int walk(SubgoalCells sc, int x, int y, int sx, int sy, int tx, int ty, int diag, int straight, boolean diagonalFirst,
                     int width, int[] out, int pos) {
        int i = pos;
        for (int phase = 0; phase < 2; phase++) {
            boolean diagonal = (phase == 0) == diagonalFirst;
            int steps = diagonal ? diag : straight;
            int mx = diagonal ? sx : tx;
            int my = diagonal ? sy : ty;
            for (int s = 0; s < steps; s++) {
                if (!sc.open(x + mx, y + my) || (diagonal && (!sc.open(x + mx, y) || !sc.open(x, y + my)))) {
                    return -1;
                }
                x += mx;
                y += my;
                out[i++] = (y - 1) * width + x - 1;
            }
        }
        return i;
    }
}
