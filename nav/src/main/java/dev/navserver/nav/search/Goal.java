package dev.navserver.nav.search;

/**
 * Where the current search is going, in padded coordinates ({@code p = y * stride + x}): the goal node, the
 * heuristic toward it and the arrival disc around it.
 *
 * <p><b>Heuristic.</b> Octile distance for 8-connected moves, Manhattan distance for 4-connected moves, in cells.
 * With a {@link LandmarkTable} (8-connected only) it is the larger of the octile distance and the table's
 * differential bound over {@code k} of its landmarks, those whose bound between start and goal is largest (all of
 * them when {@code k >= count()}); each landmark's term and the octile distance are consistent, so their maximum
 * over any subset is.
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
    /**
     * Factor {@code w >= 1} on the heuristic where {@link Frontier} forms {@code f = g + w * h}
     * ({@link SearchMode#weight()}); 1 keeps the search optimal. Set per search by {@link PathSearch}.
     */
    double weight = 1.0;
    private int stride;
    private boolean four;
    /** Landmark codes of the bound table ({@link LandmarkTable#codes()}), or null for the plain heuristic. */
    private int[] codes;
    /** Landmarks stored per cell in {@link #codes}. */
    private int codeStride;
    /** Landmarks used, {@code <= codeStride}. */
    private int landmarks;
    /** Cells per code unit ({@link LandmarkTable#unit()}). */
    private double unit;
    /** Indices (within a cell's codes) of the landmarks used. */
    private final int[] active = new int[LandmarkTable.MAX_LANDMARKS];
    /** The goal's codes of the landmarks used, in the order of {@link #active}. */
    private final int[] goalCodes = new int[LandmarkTable.MAX_LANDMARKS];
    /** The bounds between start and goal of the landmarks in {@link #active}, while choosing ({@link #set}). */
    private final int[] startBound = new int[LandmarkTable.MAX_LANDMARKS];

    /**
     * Aims at padded node {@code goalP}.
     *
     * @param stride       row stride of the padded grid
     * @param four         true for 4-connected moves (Manhattan heuristic), false for 8 (octile)
     * @param radiusCells  arrival radius in cells, {@code >= 0}
     * @param maxDim       clamp for the disc's extent, in cells: radii and half widths beyond it are cut to it
     * @param table        landmark distances of the grid searched, or null; ignored for 4-connected moves
     * @param k            landmarks of {@code table} to use, {@code >= 1} when a table is given: the {@code k} with
     *                     the largest bound between {@code startP} and the goal (ties to the earlier landmark)
     * @param startP       padded start node (for choosing landmarks)
     */
    void set(int goalP, int stride, boolean four, double radiusCells, int maxDim, LandmarkTable table, int k,
             int startP) {
        this.p = goalP;
        this.stride = stride;
        this.x = goalP % stride;
        this.y = goalP / stride;
        this.four = four;
        prepareDisc(radiusCells, maxDim);
        if (table == null || four) {
            codes = null;
            landmarks = 0;
            return;
        }
        int[] c = table.codes();
        int n = table.count();
        codes = c;
        codeStride = n;
        unit = table.unit();
        int goalBase = goalP * n;
        int startBase = startP * n;
        int used = Math.min(k, n);
        landmarks = used;
        if (used == n) {
            for (int i = 0; i < n; i++) {
                active[i] = i;
            }
        } else {
            // insertion into a descending top-k list: stable, so ties keep the earlier landmark
            int size = 0;
            for (int i = 0; i < n; i++) {
                int bound = Math.abs(c[goalBase + i] - c[startBase + i]);
                if (size == used && bound <= startBound[size - 1]) {
                    continue;
                }
                int at = size < used ? size++ : size - 1;
                while (at > 0 && startBound[at - 1] < bound) {
                    startBound[at] = startBound[at - 1];
                    active[at] = active[at - 1];
                    at--;
                }
                startBound[at] = bound;
                active[at] = i;
            }
        }
        for (int j = 0; j < used; j++) {
            goalCodes[j] = c[goalBase + active[j]];
        }
    }

    /** Drops the reference to the landmark table (end of a search). */
    void release() {
        codes = null;
    }

    /** Lower bound of the cost from padded node {@code q} = (x, y) to the goal, in cells. */
    double heuristic(int q, int x, int y) {
        int dx = Math.abs(x - this.x);
        int dy = Math.abs(y - this.y);
        if (four) {
            return dx + dy;
        }
        double octile = dx > dy ? dx + OCTILE_DIAGONAL * dy : dy + OCTILE_DIAGONAL * dx;
        int[] c = codes;
        if (c == null) {
            return octile;
        }
        int base = q * codeStride;
        int[] g = goalCodes;
        int[] a = active;
        int best = 0;
        for (int i = 0; i < landmarks; i++) {
            int d = Math.abs(g[i] - c[base + a[i]]);
            best = Math.max(best, d);
        }
        double alt = best * unit;
        return alt > octile ? alt : octile;
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
