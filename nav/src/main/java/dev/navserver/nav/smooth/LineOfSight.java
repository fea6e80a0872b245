package dev.navserver.nav.smooth;

import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.grid.WorldTransform;

/**
 * The engine's segment test: may an agent walk the straight segment between two points of a {@link NavGrid}?
 *
 * <p>Points are in <em>grid coordinates</em>: fractional (col, row) with cell centres at integers; cell (c, r) is
 * the closed square {@code [c-0.5, c+0.5] x [r-0.5, r+0.5]}. A segment is {@link SegmentCheck#CLEAR} iff every
 * cell whose closed square it touches is inside the map and open in the grid (the "supercover" of the segment).
 * A segment through a grid vertex therefore touches all four cells there, which is the no-corner-cutting rule of
 * diagonal moves: a diagonal step between two cell centres is clear iff both orthogonal neighbours are open.
 *
 * <p>The test is an exact walk over the column strips the segment crosses, O(cells touched), without allocation.
 * Under floating-point noise it is conservative: a cell within {@value #EPS} cell of the segment counts as touched,
 * and BLOCKED versus CORNER is decided with the same tolerance.
 *
 * <p>Stateless and thread-safe; the grid is only read.
 */
public final class LineOfSight {
    /** Tolerance in cells: closer than this counts as touching; a deeper entry than this counts as interior. */
    public static final double EPS = 1e-9;

    private LineOfSight() {
    }

    /**
     * Classifies the segment (x0, y0) to (x1, y1), in grid coordinates (cells). A zero-length segment is a point:
     * BLOCKED inside a blocked cell, CORNER on its border. Non-finite coordinates are OFF_MAP.
     */
    public static SegmentCheck check(NavGrid grid, double x0, double y0, double x1, double y1) {
        return scan(grid, x0, y0, x1, y1, false);
    }

    /** Whether {@link #check} would return {@link SegmentCheck#CLEAR}; stops at the first blocked cell touched. */
    public static boolean clear(NavGrid grid, double x0, double y0, double x1, double y1) {
        return scan(grid, x0, y0, x1, y1, true) == SegmentCheck.CLEAR;
    }

    /**
     * {@link #check} for world points: (x0, z0) to (x1, z1) in metres, converted with the grid map's
     * {@link WorldTransform}; world y is ignored.
     */
    public static SegmentCheck checkWorld(NavGrid grid, double x0, double z0, double x1, double z1) {
        WorldTransform t = grid.map().transform();
        return check(grid, t.gridX(x0), t.gridY(z0), t.gridX(x1), t.gridY(z1));
    }

    /** Whether {@link #checkWorld} would return {@link SegmentCheck#CLEAR}. */
    public static boolean clearWorld(NavGrid grid, double x0, double z0, double x1, double z1) {
        WorldTransform t = grid.map().transform();
        return clear(grid, t.gridX(x0), t.gridY(z0), t.gridX(x1), t.gridY(z1));
    }

    private static SegmentCheck scan(NavGrid grid, double x0, double y0, double x1, double y1, boolean anyStops) {
        // Shift by half a cell so that cell c spans [c, c+1] in u (and row r spans [r, r+1] in v).
        double u0 = x0 + 0.5;
        double v0 = y0 + 0.5;
        double u1 = x1 + 0.5;
        double v1 = y1 + 0.5;
        int w = grid.width();
        int h = grid.height();
        // The off-map cells' squares cover everything outside the open box (0, w) x (0, h); the box is convex, so
        // the segment touches them iff an endpoint lies outside it. The negated tests also catch NaN.
        if (!(inside(u0, w) && inside(u1, w) && inside(v0, h) && inside(v1, h))) {
            return SegmentCheck.OFF_MAP;
        }
        if (u0 > u1) {
            double t = u0;
            u0 = u1;
            u1 = t;
            t = v0;
            v0 = v1;
            v1 = t;
        }
        long[][] rows = grid.openRows();
        boolean vertical = u1 - u0 <= EPS;
        double dvdu = vertical ? 0 : (v1 - v0) / (u1 - u0);
        double um = 0.5 * (u0 + u1);
        double vMin = Math.min(v0, v1);
        double vMax = Math.max(v0, v1);
        int cFirst = (int) Math.ceil(u0 - EPS) - 1;
        int cLast = (int) Math.floor(u1 + EPS);
        boolean corner = false;
        for (int c = cFirst; c <= cLast; c++) {
            double va;
            double vb;
            boolean interior;
            if (vertical) {
                va = v0;
                vb = v1;
                interior = c + EPS < um && um < c + 1 - EPS;
            } else {
                // the part of the segment inside the closed strip [c, c+1]
                double ua = Math.max(u0, Math.min(c, u1));
                double ub = Math.max(u0, Math.min(c + 1, u1));
                va = ua == u0 ? v0 : ua == u1 ? v1 : v0 + (ua - u0) * dvdu;
                vb = ub == u1 ? v1 : ub == u0 ? v0 : v0 + (ub - u0) * dvdu;
                interior = ub - ua > EPS;
            }
            // clamped to the segment's own range, which interpolation may overshoot by rounding
            double lo = Math.max(vMin, Math.min(va, vb));
            double hi = Math.min(vMax, Math.max(va, vb));
            // rows whose closed square meets [lo, hi] (inclusive boundaries, widened by EPS)
            int rFirst = (int) Math.ceil(lo - EPS) - 1;
            int rLast = (int) Math.floor(hi + EPS);
            // rows whose open square the segment enters (narrowed by EPS); empty when the strip is only grazed
            int iFirst = interior ? (int) Math.floor(lo + EPS) : 1;
            int iLast = interior ? (int) Math.ceil(hi - EPS) - 1 : 0;
            for (int r = rFirst; r <= rLast; r++) {
                if (!NavGrid.bit(rows[r + 1], c + 1)) {
                    if (anyStops) {
                        return SegmentCheck.CORNER;
                    }
                    if (r >= iFirst && r <= iLast) {
                        return SegmentCheck.BLOCKED;
                    }
                    corner = true;
                }
            }
        }
        return corner ? SegmentCheck.CORNER : SegmentCheck.CLEAR;
    }

    private static boolean inside(double a, int n) {
        return a > EPS && a < n - EPS;
    }
}
