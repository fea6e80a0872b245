package dev.navserver.nav.crowd;

import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.smooth.LineOfSight;

/**
 * Clamps an agent's straight move against the grid: the centre never enters a blocked or off-map cell and a move
 * never cuts a blocked cell's corner. Positions in grid units (cells, centre of cell (c, r) at (c, r)). Stateless;
 * thread-safe.
 */
final class WallClamp {
    /** How far inside an open cell a clamped centre stops, in cells. */
    private static final double WALL_MARGIN = 1e-4;

    private WallClamp() {
    }

    /**
     * Fast path of the common short move: both ends strictly inside one open cell (farther than
     * {@link LineOfSight#EPS} from its border), so the segment touches no other cell.
     */
    static boolean insideOneOpenCell(NavGrid grid, double gx0, double gy0, double gx1, double gy1) {
        double c = Math.floor(gx0 + 0.5);
        double r = Math.floor(gy0 + 0.5);
        double lim = 0.5 - 1e-6;
        return Math.abs(gx0 - c) < lim && Math.abs(gx1 - c) < lim && Math.abs(gy0 - r) < lim
                && Math.abs(gy1 - r) < lim && inOpenCell(grid, gx0, gy0);
    }

    static boolean inOpenCell(NavGrid grid, double gx, double gy) {
        long c = (long) Math.floor(gx + 0.5);
        long r = (long) Math.floor(gy + 0.5);
        return c >= 0 && r >= 0 && c < grid.width() && r < grid.height() && grid.open((int) c, (int) r);
    }

    /** Moves along x from gx towards tx in row round(gy), stopping {@link #WALL_MARGIN} short of a blocked cell. */
    static double clampX(NavGrid grid, double gx, double gy, double tx) {
        return clamp(grid, gx, gy, tx, true);
    }

    /** Moves along y (rows) from gy towards ty in column round(gx), stopping short of a blocked cell. */
    static double clampY(NavGrid grid, double gx, double gy, double ty) {
        return clamp(grid, gy, gx, ty, false);
    }

    /**
     * Moves along one axis from {@code from} towards {@code to} in the line round({@code across}) of the other
     * axis, stopping {@link #WALL_MARGIN} short of a blocked cell.
     */
    private static double clamp(NavGrid grid, double from, double across, double to, boolean alongX) {
        int line = (int) Math.floor(across + 0.5);
        int start = (int) Math.floor(from + 0.5);
        int target = (int) Math.floor(to + 0.5);
        if (to > from) {
            for (int c = start + 1; c <= target; c++) {
                if (!open(grid, alongX, c, line)) {
                    return Math.max(from, Math.min(to, c - 0.5 - WALL_MARGIN));
                }
            }
        } else {
            for (int c = start - 1; c >= target; c--) {
                if (!open(grid, alongX, c, line)) {
                    return Math.min(from, Math.max(to, c + 0.5 + WALL_MARGIN));
                }
            }
        }
        return to;
    }

    private static boolean open(NavGrid grid, boolean alongX, int along, int line) {
        return alongX ? grid.open(along, line) : grid.open(line, along);
    }
}
