package dev.navserver.nav.smooth;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.grid.WorldTransform;

/**
 * Turns a cell path into waypoints a client can walk: turning points only, or string-pulled with
 * {@link LineOfSight}. The first and last waypoints are the exact world start and goal; the others are cell
 * centres. World points are {@code [x, y, z]} in metres with {@code y = originY} of the map's transform.
 *
 * <p><b>Cell paths</b> are map cell ids ({@code row * width + col}) from start cell to goal cell, each step a
 * 4- or 8-connected move. The start point must lie in the closed square of the first cell and the goal point in
 * that of the last cell (for a partial search result, pass the last cell's centre as the goal).
 *
 * <p><b>Validity.</b> When every move of the cell path is walkable under the search's rule (a diagonal only when
 * both orthogonal neighbours are open) and the start and goal lie strictly inside their cells, every segment of
 * the smoothed path is {@link SegmentCheck#CLEAR}: the chain start, turning centres, goal is clear, and a
 * waypoint is removed only when the segment replacing it is clear.
 *
 * <p><b>Threads.</b> The static methods are stateless and thread-safe. An instance holds a scratch buffer reused
 * across calls and is not thread-safe: use one per thread. Besides the returned {@link WorldPath}, an instance
 * allocates only when a path longer than any before it arrives.
 */
public final class PathSmoother {
    /** Chain of grid points, packed {@code [col0, row0, col1, row1, ...]}. */
    private double[] chain = new double[64];

    /**
     * Copies to {@code out} the cells of a path at which the direction changes, plus the first and last cells.
     * {@code out} may be {@code cells} itself (the path is then compacted in place).
     *
     * @param cells map cell ids, the first {@code count} used
     * @param out   receives the kept cell ids; at least {@code count} long
     * @return the number of cells written to {@code out}
     */
    public static int turningCells(GridMap map, int[] cells, int count, int[] out) {
        checkCells(map, cells, count);
        int w = map.width();
        int k = 0;
        for (int i = 0; i < count; i++) {
            if (isTurning(cells, count, i, w)) {
                out[k++] = cells[i];
            }
        }
        return k;
    }

    /**
     * String pulling in grid coordinates, in place: from each kept point (the anchor), the following points are
     * dropped as long as the segment from the anchor to the point after them is {@link LineOfSight#clear}; the
     * first point that cannot be skipped becomes the next anchor. The first and last points are always kept.
     *
     * @param xy    grid points packed {@code [col0, row0, col1, row1, ...]}, cells; the first {@code count} points
     *              used and overwritten by the result
     * @param count number of points
     * @return the number of points kept, at the front of {@code xy}
     */
    public static int pull(NavGrid grid, double[] xy, int count) {
        if (count <= 2) {
            return count;
        }
        int k = 1;
        int j = 1;
        while (j < count - 1) {
            double ax = xy[2 * k - 2];
            double ay = xy[2 * k - 1];
            if (!LineOfSight.clear(grid, ax, ay, xy[2 * j + 2], xy[2 * j + 3])) {
                xy[2 * k] = xy[2 * j];
                xy[2 * k + 1] = xy[2 * j + 1];
                k++;
            }
            j++;
        }
        xy[2 * k] = xy[2 * count - 2];
        xy[2 * k + 1] = xy[2 * count - 1];
        return k + 1;
    }

    /**
     * The un-smoothed waypoints: exact start, centres of the turning cells, exact goal. A centre equal to the
     * start or goal point is dropped; the result always has at least two points.
     *
     * @param startX world x of the start, metres; {@code startZ} likewise, both inside the first cell
     * @param goalX  world x of the goal, metres; {@code goalZ} likewise, both inside the last cell
     * @param cells  map cell ids from start cell to goal cell, the first {@code count >= 1} used
     * @throws IllegalArgumentException when the path is empty, holds a cell outside the map or a step that is not
     *                                  a move to one of the 8 neighbours, or start/goal lie outside their cells
     */
    public WorldPath turningPath(GridMap map, double startX, double startZ, double goalX, double goalZ,
                                 int[] cells, int count) {
        int n = buildChain(map, startX, startZ, goalX, goalZ, cells, count);
        return toWorld(map.transform(), startX, startZ, goalX, goalZ, n);
    }

    /**
     * The smoothed waypoints: {@link #turningPath} string-pulled with {@link #pull} on {@code grid}, which should
     * be the grid the cell path was searched on (it decides the layer and agent size).
     *
     * @see #turningPath for the parameters and exceptions
     */
    public WorldPath smooth(NavGrid grid, double startX, double startZ, double goalX, double goalZ,
                            int[] cells, int count) {
        GridMap map = grid.map();
        int n = buildChain(map, startX, startZ, goalX, goalZ, cells, count);
        n = pull(grid, chain, n);
        return toWorld(map.transform(), startX, startZ, goalX, goalZ, n);
    }

    /** {@link #smooth(NavGrid, double, double, double, double, int[], int)} on the map's default grid. */
    public WorldPath smooth(GridMap map, double startX, double startZ, double goalX, double goalZ,
                            int[] cells, int count) {
        return smooth(map.navGrid(), startX, startZ, goalX, goalZ, cells, count);
    }

    /** Fills {@link #chain} with start, turning centres, goal in grid coordinates; returns the point count. */
    private int buildChain(GridMap map, double startX, double startZ, double goalX, double goalZ,
                           int[] cells, int count) {
        checkCells(map, cells, count);
        WorldTransform t = map.transform();
        int w = map.width();
        checkInside(t, startX, startZ, map.col(cells[0]), map.row(cells[0]), "start");
        checkInside(t, goalX, goalZ, map.col(cells[count - 1]), map.row(cells[count - 1]), "goal");
        if (chain.length < 2 * (count + 2)) {
            chain = new double[Math.max(2 * (count + 2), 2 * chain.length)];
        }
        double[] xy = chain;
        xy[0] = t.gridX(startX);
        xy[1] = t.gridY(startZ);
        int n = 1;
        boolean lastIsCentre = false;
        for (int i = 0; i < count; i++) {
            if (!isTurning(cells, count, i, w)) {
                continue;
            }
            int col = cells[i] % w;
            int row = cells[i] / w;
            if (i == 0 && t.x(col) == startX && t.z(row) == startZ) {
                continue;
            }
            xy[2 * n] = col;
            xy[2 * n + 1] = row;
            n++;
            lastIsCentre = true;
        }
        if (lastIsCentre && t.x(xy[2 * n - 2]) == goalX && t.z(xy[2 * n - 1]) == goalZ) {
            n--;
        }
        xy[2 * n] = t.gridX(goalX);
        xy[2 * n + 1] = t.gridY(goalZ);
        return n + 1;
    }

    /** World path of the first {@code n} chain points, with the exact start and goal at the ends. */
    private WorldPath toWorld(WorldTransform t, double startX, double startZ, double goalX, double goalZ, int n) {
        double y = t.originY();
        double[] out = new double[3 * n];
        out[0] = startX;
        out[1] = y;
        out[2] = startZ;
        for (int i = 1; i < n - 1; i++) {
            out[3 * i] = t.x(chain[2 * i]);
            out[3 * i + 1] = y;
            out[3 * i + 2] = t.z(chain[2 * i + 1]);
        }
        out[3 * n - 3] = goalX;
        out[3 * n - 2] = y;
        out[3 * n - 1] = goalZ;
        return WorldPath.wrap(out);
    }

    /** First and last cells are kept; an inner cell is kept when the step into it differs from the step out. */
    private static boolean isTurning(int[] cells, int count, int i, int w) {
        if (i == 0 || i == count - 1) {
            return true;
        }
        int a = cells[i - 1];
        int b = cells[i];
        int c = cells[i + 1];
        return b % w - a % w != c % w - b % w || b / w - a / w != c / w - b / w;
    }

    private static void checkCells(GridMap map, int[] cells, int count) {
        if (count < 1 || count > cells.length) {
            throw new IllegalArgumentException("path must hold 1.." + cells.length + " cells, got " + count);
        }
        int w = map.width();
        int size = w * map.height();
        for (int i = 0; i < count; i++) {
            if (cells[i] < 0 || cells[i] >= size) {
                throw new IllegalArgumentException("cell " + cells[i] + " at index " + i + " is outside " + map);
            }
            if (i > 0) {
                int dc = Math.abs(cells[i] % w - cells[i - 1] % w);
                int dr = Math.abs(cells[i] / w - cells[i - 1] / w);
                if (Math.max(dc, dr) != 1) {
                    throw new IllegalArgumentException("step " + (i - 1) + "->" + i + " from cell " + cells[i - 1]
                            + " to " + cells[i] + " is not a move to a neighbour");
                }
            }
        }
    }

    private static void checkInside(WorldTransform t, double x, double z, int col, int row, String what) {
        double dc = Math.abs(t.gridX(x) - col);
        double dr = Math.abs(t.gridY(z) - row);
        if (!(dc <= 0.5 + LineOfSight.EPS && dr <= 0.5 + LineOfSight.EPS)) {
            throw new IllegalArgumentException(what + " (" + x + ", " + z + ") is not inside cell (" + col + ", "
                    + row + ")");
        }
    }
}
