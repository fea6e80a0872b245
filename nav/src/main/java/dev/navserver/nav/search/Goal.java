package dev.navserver.nav.search;

/**
 * Where the current search is going, in padded coordinates ({@code p = y * stride + x}): the goal node, the
 * heuristic toward it and the arrival disc around it.
 *
 * <p><b>Heuristic.</b> Octile distance for 8-connected moves, Manhattan distance for 4-connected moves, in cells.
 *
 * <p><b>Arrival disc.</b> The cells (x, y) with {@code |y - y0| <= discRadius} and
 * {@code |x - x0| <= discHalf[|y - y0|]}: those whose Euclidean distance from the goal is at most the arrival
 * radius. A radius below 1 leaves the goal cell alone in the disc ({@code discRadius == 0}).
 *
 * <p>Not thread-safe: part of one search context; {@link #set} reuses the arrays.
 */
final class Goal {
    private static final double OCTILE_DIAGONAL = Math.sqrt(2.0) - 1.0;

    /** Padded index of the goal. */
    int p;
    /** Padded column of the goal. */
    int x;
    /** Padded row of the goal. */
    int y;
    /** Half widths of the arrival disc per row offset {@code 0 .. discRadius}; longer arrays are reused. */
    int[] discHalf = new int[1];
    /** Rows of the disc on either side of the goal's row; 0 when the disc is the goal cell alone. */
    int discRadius;
    private int stride;
    private boolean four;

    /**
     * Aims at padded node {@code goalP}.
     *
     * @param stride       row stride of the padded grid
     * @param four         true for 4-connected moves (Manhattan heuristic), false for 8 (octile)
     * @param radiusCells  arrival radius in cells, {@code >= 0}
     * @param maxDim       clamp for the disc's extent, in cells: radii and half widths beyond it are cut to it
     */
    void set(int goalP, int stride, boolean four, double radiusCells, int maxDim) {
        this.p = goalP;
        this.stride = stride;
        this.x = goalP % stride;
        this.y = goalP / stride;
        this.four = four;
        prepareDisc(radiusCells, maxDim);
    }

    /** Lower bound of the cost from padded (x, y) to the goal, in cells. */
    double heuristic(int x, int y) {
        int dx = Math.abs(x - this.x);
        int dy = Math.abs(y - this.y);
        if (four) {
            return dx + dy;
        }
        return dx > dy ? dx + OCTILE_DIAGONAL * dy : dy + OCTILE_DIAGONAL * dx;
    }

    /** Whether padded (x, y) lies in the arrival disc (the goal cell always does). */
    boolean inDisc(int x, int y) {
        int dy = Math.abs(y - this.y);
        return dy <= discRadius && Math.abs(x - this.x) <= discHalf[dy];
    }

    /** Whether reaching padded node {@code q} ends the search: it is the goal or lies in the disc. */
    boolean arrived(int q) {
        return q == p || (discRadius > 0 && inDisc(q % stride, q / stride));
    }

    private void prepareDisc(double radius, int maxDim) {
        int rad = (int) Math.min(Math.floor(radius), maxDim);
        if (discHalf.length < rad + 1) {
            discHalf = new int[rad + 1];
        }
        discRadius = rad;
        for (int dy = 0; dy <= rad; dy++) {
            int w = (int) Math.min(Math.floor(Math.sqrt(Math.max(0.0, radius * radius - (double) dy * dy))), maxDim);
            while (w < maxDim && within(w + 1, dy, radius)) {
                w++;
            }
            while (w > 0 && !within(w, dy, radius)) {
                w--;
            }
            discHalf[dy] = w;
        }
    }

    private static boolean within(int dx, int dy, double radius) {
        return Math.sqrt((double) dx * dx + (double) dy * dy) <= radius;
    }
}
