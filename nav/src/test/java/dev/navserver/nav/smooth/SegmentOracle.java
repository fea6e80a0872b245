package dev.navserver.nav.smooth;

import dev.navserver.nav.grid.NavGrid;

/**
 * An obviously-right, slow segment classifier for property tests: for every cell in and around the map, an exact
 * segment-versus-square test in integer arithmetic (separating axes: x, y and the segment's normal).
 *
 * <p>Coordinates must be multiples of {@code 1/1024} cell so that scaling by {@link #SCALE} is exact; cell
 * (c, r) then spans {@code [(2c-1)*1024, (2c+1)*1024]} on each axis. Endpoints must lie within
 * {@code [-1.5, width + 0.5] x [-1.5, height + 0.5]}: the ring of two cells around the map is examined as blocked.
 */
final class SegmentOracle {
    static final double SCALE = 2048;

    private SegmentOracle() {
    }

    static SegmentCheck classify(NavGrid g, double x0, double y0, double x1, double y1) {
        long ax = exact(x0);
        long ay = exact(y0);
        long bx = exact(x1);
        long by = exact(y1);
        boolean off = false;
        boolean blocked = false;
        boolean corner = false;
        for (int r = -2; r <= g.height() + 1; r++) {
            for (int c = -2; c <= g.width() + 1; c++) {
                boolean inMap = c >= 0 && r >= 0 && c < g.width() && r < g.height();
                if (inMap && g.open(c, r)) {
                    continue;
                }
                long xl = (2L * c - 1) * 1024;
                long xh = (2L * c + 1) * 1024;
                long yl = (2L * r - 1) * 1024;
                long yh = (2L * r + 1) * 1024;
                if (!touchesClosed(ax, ay, bx, by, xl, xh, yl, yh)) {
                    continue;
                }
                if (!inMap) {
                    off = true;
                } else if (entersOpen(ax, ay, bx, by, xl, xh, yl, yh)) {
                    blocked = true;
                } else {
                    corner = true;
                }
            }
        }
        return off ? SegmentCheck.OFF_MAP
                : blocked ? SegmentCheck.BLOCKED
                : corner ? SegmentCheck.CORNER
                : SegmentCheck.CLEAR;
    }

    /** Whether segment a-b meets the closed box [xl, xh] x [yl, yh]. */
    static boolean touchesClosed(long ax, long ay, long bx, long by, long xl, long xh, long yl, long yh) {
        if (Math.max(ax, bx) < xl || Math.min(ax, bx) > xh || Math.max(ay, by) < yl || Math.min(ay, by) > yh) {
            return false;
        }
        int pos = 0;
        int neg = 0;
        long[][] corners = {{xl, yl}, {xl, yh}, {xh, yl}, {xh, yh}};
        for (long[] k : corners) {
            long side = cross(ax, ay, bx, by, k[0], k[1]);
            if (side > 0) {
                pos++;
            } else if (side < 0) {
                neg++;
            }
        }
        return pos != 4 && neg != 4;
    }

    /** Whether segment a-b meets the open box (xl, xh) x (yl, yh). */
    static boolean entersOpen(long ax, long ay, long bx, long by, long xl, long xh, long yl, long yh) {
        if (Math.max(ax, bx) <= xl || Math.min(ax, bx) >= xh || Math.max(ay, by) <= yl || Math.min(ay, by) >= yh) {
            return false;
        }
        if (ax == bx && ay == by) {
            return true; // a point strictly inside on both axes
        }
        int nonNeg = 0;
        int nonPos = 0;
        long[][] corners = {{xl, yl}, {xl, yh}, {xh, yl}, {xh, yh}};
        for (long[] k : corners) {
            long side = cross(ax, ay, bx, by, k[0], k[1]);
            if (side >= 0) {
                nonNeg++;
            }
            if (side <= 0) {
                nonPos++;
            }
        }
        // the open box lies strictly on one side of the segment's line iff every corner is on one closed side
        return nonNeg != 4 && nonPos != 4;
    }

    private static long cross(long ax, long ay, long bx, long by, long px, long py) {
        return (bx - ax) * (py - ay) - (by - ay) * (px - ax);
    }

    static long exact(double v) {
        double scaled = v * SCALE;
        long l = (long) scaled;
        if (l != scaled) {
            throw new IllegalArgumentException(v + " is not a multiple of 1/" + (long) SCALE);
        }
        return l;
    }
}
