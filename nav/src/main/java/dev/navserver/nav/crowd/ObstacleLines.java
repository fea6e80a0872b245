package dev.navserver.nav.crowd;

import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.grid.WorldTransform;

/** The ORCA half-planes of the blocked and off-map cells near an agent. Stateless; thread-safe. */
final class ObstacleLines {
    private static final double EPS = 1e-9;

    private ObstacleLines() {
    }

    /**
     * Adds one half-plane per blocked or off-map cell near (px, pz) whose nearest point lies within reach this
     * obstacle horizon: {@code v . n <= max(0, (d - r) / tauObst)} with {@code n} the unit vector towards the
     * cell's nearest point at distance {@code d}. Cells hidden behind a blocked neighbour facing the agent are
     * skipped (their constraint is weaker in the same direction). Velocity 0 satisfies every such half-plane, so
     * they are always feasible together.
     *
     * @return the number of lines added (they come first)
     */
    static int add(OrcaLines lines, NavGrid grid, double px, double pz, double r, double vmax, double tauObst) {
        WorldTransform t = grid.map().transform();
        double cs = t.cellSize();
        double reach = (r + vmax * tauObst) / cs;
        double gx = t.gridX(px);
        double gy = t.gridY(pz);
        int c0 = (int) Math.ceil(gx - reach - 0.5);
        int c1 = (int) Math.floor(gx + reach + 0.5);
        int r0 = (int) Math.ceil(gy - reach - 0.5);
        int r1 = (int) Math.floor(gy + reach + 0.5);
        double reach2 = reach * reach;
        int w = grid.width();
        int h = grid.height();
        int span = c1 - c0 + 1;
        if (c0 >= -1 && r0 >= -1 && c1 <= w && r1 <= h && span < 64) {
            // the window lies within the padded bit rows (off-map cells read as blocked): one word per row, and
            // only its blocked cells are visited, in the same order as the general loop below
            long[][] rows = grid.openRows();
            long full = (1L << span) - 1;
            boolean allOpen = true;
            for (int row = r0; row <= r1 && allOpen; row++) {
                allOpen = (bits(rows[row + 1], c0 + 1) & full) == full;
            }
            if (allOpen) {
                return 0;
            }
            int added = 0;
            for (int row = r0; row <= r1; row++) {
                long blocked = ~bits(rows[row + 1], c0 + 1) & full;
                while (blocked != 0) {
                    int col = c0 + Long.numberOfTrailingZeros(blocked);
                    blocked &= blocked - 1;
                    // the cell between (round(gx), row) and this one lies in the padded range too
                    added += obstacleLine(lines, rows, gx, gy, col, row, reach2, cs, r, tauObst);
                }
            }
            return added;
        }
        int added = 0;
        for (int row = r0; row <= r1; row++) {
            for (int col = c0; col <= c1; col++) {
                if (grid.open(col, row)) {
                    continue;
                }
                // nearest point of the cell's square, in cells
                double nx = Math.min(Math.max(gx, col - 0.5), col + 0.5);
                double ny = Math.min(Math.max(gy, row - 0.5), row + 0.5);
                double ex = nx - gx;
                double ey = ny - gy;
                double d2 = ex * ex + ey * ey;
                if (d2 >= reach2) {
                    continue;
                }
                int sx = gx > col + 0.5 ? 1 : gx < col - 0.5 ? -1 : 0;
                int sy = gy > row + 0.5 ? 1 : gy < row - 0.5 ? -1 : 0;
                if ((sx != 0 && !grid.open(col + sx, row)) || (sy != 0 && !grid.open(col, row + sy))) {
                    continue;
                }
                added += addObstacleLine(lines, ex, ey, d2, cs, r, tauObst);
            }
        }
        return added;
    }

    /**
     * {@link #add}'s test and line for blocked cell (col, row) whose neighbours towards the agent lie
     * within the padded bit rows: the same arithmetic as the general loop (the clamps below equal
     * {@code Math.min/max} here: the bounds {@code col +- 0.5} are never zero nor NaN).
     */
    private static int obstacleLine(OrcaLines lines, long[][] rows, double gx, double gy, int col, int row, double reach2, double cs,
                             double r, double tauObst) {
        double lo = col - 0.5;
        double hi = col + 0.5;
        double nx = gx < lo ? lo : gx > hi ? hi : gx;
        double loY = row - 0.5;
        double hiY = row + 0.5;
        double ny = gy < loY ? loY : gy > hiY ? hiY : gy;
        double ex = nx - gx;
        double ey = ny - gy;
        double d2 = ex * ex + ey * ey;
        if (d2 >= reach2) {
            return 0;
        }
        int sx = gx > hi ? 1 : gx < lo ? -1 : 0;
        int sy = gy > hiY ? 1 : gy < loY ? -1 : 0;
        if ((sx != 0 && !NavGrid.bit(rows[row + 1], col + sx + 1))
                || (sy != 0 && !NavGrid.bit(rows[row + sy + 1], col + 1))) {
            return 0;
        }
        return addObstacleLine(lines, ex, ey, d2, cs, r, tauObst);
    }

    /** Appends the half-plane of a blocked cell whose nearest point is (ex, ey) cells from the agent. */
    private static int addObstacleLine(OrcaLines lines, double ex, double ey, double d2, double cs, double r, double tauObst) {
        double d = Math.sqrt(d2);
        if (d < EPS) {
            return 0; // centre on the cell's border: the move clamp handles it
        }
        // to world: x grows with col, z shrinks with row
        double wx = ex / d;
        double wz = -ey / d;
        double limit = Math.max(0, (d * cs - r) / tauObst);
        lines.add(wx * limit, wz * limit, -wz, wx);
        return 1;
    }

    /**
     * Bits {@code x0 .. x0 + 63} of a padded bit row as one word (bit 0 = padded column x0); bits past the row's
     * last word read as 0. The caller masks the span it needs.
     */
    private static long bits(long[] row, int x0) {
        int word = x0 >>> 6;
        int off = x0 & 63;
        long v = row[word] >>> off;
        if (off != 0 && word + 1 < row.length) {
            v |= row[word + 1] << (64 - off);
        }
        return v;
    }
}
