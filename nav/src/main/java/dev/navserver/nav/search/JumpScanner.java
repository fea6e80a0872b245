package dev.navserver.nav.search;

import dev.navserver.nav.grid.NavGrid;
import java.lang.ref.WeakReference;

/**
 * Jump Point Search expansion (8-connected moves, uniform cost, no corner cutting) on a {@link NavGrid}: offers the
 * jump points reachable from a node to the {@link Frontier}.
 *
 * <p>Directions are pruned by the move into the node (from its predecessor, or from the turning cell when it was
 * reached by a diagonal-then-straight jump); the start node jumps in all eight. Straight jumps scan the grid's bit
 * rows and columns ({@link NavGrid#openRows()}, {@link NavGrid#openColumns()}) a 64-cell word at a time and stop at
 * the first cell with a forced neighbour or in the arrival disc ({@link Goal}). Diagonal jumps prune intermediate
 * jump points (Harabor and Grastien 2014): a diagonal cell whose only reason to be a jump point is a straight jump
 * starting at it is not offered; the straight jumps' ends are offered as successors of the diagonal jump's origin
 * turning at that cell, and the diagonal jump goes on. A diagonal jump stops at the first cell of the arrival disc,
 * at a blocked cell, or where the next diagonal move would cut a corner.
 *
 * <p>Where the grid has a {@link JumpTable} (grids of at most {@link JumpTable#MAX_PADDED_CELLS} padded cells, once
 * settled), a straight scan is one read of the precomputed stop followed by the same arrival-disc test, and a
 * diagonal jump skips the cells that hold no jump point and lie off the disc's rows and columns: the same successors
 * in the same order.
 *
 * <p>Not thread-safe: part of one search context. {@link #bind} holds the grid's arrays until {@link #release}.
 */
final class JumpScanner {
    private static final double SQRT2 = Math.sqrt(2.0);

    private final Frontier frontier;
    private final Goal goal;
    private final long tableSettleNanos;
    private int stride;
    private long[][] rows;
    private long[][] cols;
    // the goal and its arrival disc, copied from Goal by aim(): read on every scan step, kept one load away
    private int goalX;
    private int goalY;
    private int discRadius;
    private int[] discHalf;
    // the grid's JumpTable, or null: scans and diagonal jumps read it instead of the bit lines
    // (weakly: a search context must not keep an old map version alive; the table lives as long as its grid)
    private WeakReference<NavGrid> tableGrid = new WeakReference<>(null);
    private WeakReference<JumpTable> table = new WeakReference<>(null);
    private short[][] east;
    private short[][] west;
    private short[][] south;
    private short[][] north;
    private JumpTable jumpTable;

    JumpScanner(Frontier frontier) {
        this(frontier, JumpTable.SETTLE_NANOS);
    }

    /**
     * A scanner that reads a grid's {@link JumpTable} once the grid has settled for {@code tableSettleNanos}
     * ({@link JumpTable#forGrid(NavGrid, long, long)}; 0: from the first search), or, with a negative value, always
     * the bits (tests).
     */
    JumpScanner(Frontier frontier, long tableSettleNanos) {
        this.frontier = frontier;
        this.goal = frontier.goal;
        this.tableSettleNanos = tableSettleNanos;
    }

    /** Scans {@code grid} until {@link #release}. */
    void bind(NavGrid grid) {
        stride = grid.stride();
        rows = grid.openRows();
        cols = grid.openColumns();
        JumpTable t = table.get();
        if (tableSettleNanos >= 0 && tableGrid.get() != grid) {
            // looked up in the shared cache, which takes a lock, until the grid's table is known (built, or too large)
            t = JumpTable.forGrid(grid, System.nanoTime(), tableSettleNanos);
            if (t != null || !JumpTable.fits(grid)) {
                table = new WeakReference<>(t);
                tableGrid = new WeakReference<>(grid);
            }
        }
        jumpTable = t;
        east = t == null ? null : t.east();
        west = t == null ? null : t.west();
        south = t == null ? null : t.south();
        north = t == null ? null : t.north();
    }

    /** Takes the goal and arrival disc of the search about to run; call after {@link Goal#set}. */
    void aim() {
        goalX = goal.x;
        goalY = goal.y;
        discRadius = goal.discRadius;
        discHalf = goal.discHalf;
    }

    /** Whether padded (x, y) lies in the arrival disc; the same test as {@link Goal#inDisc}. */
    private boolean inDisc(int x, int y) {
        int dy = Math.abs(y - goalY);
        return dy <= discRadius && Math.abs(x - goalX) <= discHalf[dy];
    }

    /** Drops the references to the grid's arrays. */
    void release() {
        rows = null;
        cols = null;
        discHalf = null;
        jumpTable = null;
        east = null;
        west = null;
        south = null;
        north = null;
    }

    /** Offers the jump points from padded node {@code p}, whose cost from the start is {@code gp}. */
    void expand(int p, double gp) {
        int s = stride;
        int y = p / s;
        int x = p - y * s;
        long[] up = rows[y - 1];
        long[] mid = rows[y];
        long[] down = rows[y + 1];
        int from = frontier.parent(p);
        int via = frontier.via(p);
        if (via != Frontier.NONE) {
            from = via;
        }
        if (from == Frontier.NONE) {
            for (int d = -1; d <= 1; d += 2) {
                if (NavGrid.bit(mid, x + d)) {
                    jumpHorizontal(p, gp, x, y, d);
                }
                if (NavGrid.bit(d < 0 ? up : down, x)) {
                    jumpVertical(p, gp, x, y, d);
                }
            }
            for (int dy = -1; dy <= 1; dy += 2) {
                long[] next = dy < 0 ? up : down;
                for (int dx = -1; dx <= 1; dx += 2) {
                    if (diagonalOpen(mid, next, x, dx)) {
                        jumpDiagonal(p, gp, x, y, dx, dy);
                    }
                }
            }
            return;
        }
        int fromY = from / s;
        int dx = Integer.signum(x - (from - fromY * s));
        int dy = Integer.signum(y - fromY);
        if (dx != 0 && dy != 0) {
            long[] next = dy < 0 ? up : down;
            boolean hOpen = NavGrid.bit(mid, x + dx);
            boolean vOpen = NavGrid.bit(next, x);
            if (hOpen) {
                jumpHorizontal(p, gp, x, y, dx);
            }
            if (vOpen) {
                jumpVertical(p, gp, x, y, dy);
            }
            if (hOpen && vOpen && NavGrid.bit(next, x + dx)) {
                jumpDiagonal(p, gp, x, y, dx, dy);
            }
        } else if (dx != 0) {
            boolean ahead = NavGrid.bit(mid, x + dx);
            if (ahead) {
                jumpHorizontal(p, gp, x, y, dx);
            }
            for (int v = -1; v <= 1; v += 2) {
                long[] side = v < 0 ? up : down;
                if (NavGrid.bit(side, x) && !NavGrid.bit(side, x - dx)) {
                    jumpVertical(p, gp, x, y, v);
                    if (ahead && NavGrid.bit(side, x + dx)) {
                        jumpDiagonal(p, gp, x, y, dx, v);
                    }
                }
            }
        } else {
            long[] ahead = dy < 0 ? up : down;
            boolean aheadOpen = NavGrid.bit(ahead, x);
            if (aheadOpen) {
                jumpVertical(p, gp, x, y, dy);
            }
            long[] behind = dy < 0 ? down : up;
            for (int u = -1; u <= 1; u += 2) {
                if (NavGrid.bit(mid, x + u) && !NavGrid.bit(behind, x + u)) {
                    jumpHorizontal(p, gp, x, y, u);
                    if (aheadOpen && NavGrid.bit(ahead, x + u)) {
                        jumpDiagonal(p, gp, x, y, u, dy);
                    }
                }
            }
        }
    }

    private void jumpHorizontal(int p, double gp, int x, int y, int dx) {
        int jx = scanRow(y, x, dx);
        if (jx >= 0) {
            frontier.relax(y * stride + jx, jx, y, gp + Math.abs(jx - x), p, Frontier.NONE);
        }
    }

    private void jumpVertical(int p, double gp, int x, int y, int dy) {
        int jy = scanColumn(x, y, dy);
        if (jy >= 0) {
            frontier.relax(jy * stride + x, x, jy, gp + Math.abs(jy - y), p, Frontier.NONE);
        }
    }

    /** Diagonal jump from p = (x, y); the caller has checked that the first move is legal. */
    private void jumpDiagonal(int p, double gp, int x, int y, int dx, int dy) {
        if (east != null) {
            jumpDiagonalTabled(p, gp, x, y, dx, dy);
            return;
        }
        long[][] r = rows;
        long[][] cl = cols;
        int cx = x;
        int cy = y;
        // the bit rows cy-1, cy, cy+1 and columns cx-1, cx, cx+1 around the current cell, shifted one per step
        long[] rowBehind = r[y];
        long[] rowHere = r[y + dy];
        long[] colBehind = cl[x];
        long[] colHere = cl[x + dx];
        while (true) {
            cx += dx;
            cy += dy;
            long[] rowAhead = r[cy + dy];
            long[] colAhead = cl[cx + dx];
            if (inDisc(cx, cy)) {
                arriveDiagonal(p, gp, x, cx, cy);
                return;
            }
            // c would be a jump point only for the straight jumps it starts: make them successors of p turning
            // at c and carry on diagonally (Harabor & Grastien 2014, pruning intermediate jump points)
            int jx = dy > 0 ? scan(rowBehind, rowHere, rowAhead, cx, dx, cy, goalY, goalX)
                    : scan(rowAhead, rowHere, rowBehind, cx, dx, cy, goalY, goalX);
            int jy = dx > 0 ? scan(colBehind, colHere, colAhead, cy, dy, cx, goalX, goalY)
                    : scan(colAhead, colHere, colBehind, cy, dy, cx, goalX, goalY);
            offerTurns(p, gp, x, cx, cy, jx, jy);
            if (!diagonalOpen(rowHere, rowAhead, cx, dx)) {
                return;
            }
            rowBehind = rowHere;
            rowHere = rowAhead;
            colBehind = colHere;
            colHere = colAhead;
        }
    }

    /**
     * {@link #jumpDiagonal} reading the straight jumps from the {@link JumpTable}, and with its diagonal table
     * skipping the stretches that hold no jump point and lie off the arrival disc's rows and columns: the same
     * successors.
     */
    private void jumpDiagonalTabled(int p, double gp, int x, int y, int dx, int dy) {
        long[][] r = rows;
        short[][] rowJumps = dx > 0 ? east : west;
        short[][] colJumps = dy > 0 ? south : north;
        short[][] diagonal = jumpTable.diagonal(dx, dy);
        int cx = x;
        int cy = y;
        long[] rowHere = r[y + dy];
        while (true) {
            // the cells before min(a, band) moves ahead are off the disc's rows and columns and hold no jump point,
            // and the moves up to cell a are legal: go to the one before it, then step
            int v = diagonal[cy][cx];
            int a = v < 0 ? -v : v;
            int band = Math.min(JumpTable.stepsToBand(cy, dy, goalY, discRadius),
                    JumpTable.stepsToBand(cx, dx, goalX, discRadius));
            if (a < band && v <= 0) {
                return;
            }
            int skip = Math.min(a, band) - 1;
            if (skip > 0) {
                cx += skip * dx;
                cy += skip * dy;
                rowHere = r[cy + dy];
            }
            cx += dx;
            cy += dy;
            long[] rowAhead = r[cy + dy];
            if (inDisc(cx, cy)) {
                arriveDiagonal(p, gp, x, cx, cy);
                return;
            }
            offerTurns(p, gp, x, cx, cy, arriveTabled(rowJumps[cy][cx], cx, dx, cy, goalY, goalX),
                    arriveTabled(colJumps[cx][cy], cy, dy, cx, goalX, goalY));
            if (!diagonalOpen(rowHere, rowAhead, cx, dx)) {
                return;
            }
            rowHere = rowAhead;
        }
    }

    /** Whether the diagonal move from column {@code x} of bit row {@code here} to row {@code ahead} is legal. */
    private static boolean diagonalOpen(long[] here, long[] ahead, int x, int dx) {
        return NavGrid.bit(here, x + dx) && NavGrid.bit(ahead, x) && NavGrid.bit(ahead, x + dx);
    }

    /** Cost from the start of padded cell (cx, cy), a diagonal jump from p = (x, .) of cost {@code gp}. */
    private static double diagonalCost(double gp, int x, int cx) {
        return gp + Math.abs(cx - x) * SQRT2;
    }

    /** Offers (cx, cy), the arrival disc's cell that ends the diagonal jump from p = (x, .). */
    private void arriveDiagonal(int p, double gp, int x, int cx, int cy) {
        frontier.relax(cy * stride + cx, cx, cy, diagonalCost(gp, x, cx), p, Frontier.NONE);
    }

    /**
     * Offers the ends of the straight jumps turning at (cx, cy) on the diagonal jump from p = (x, .): padded column
     * {@code jx} of row cy and padded row {@code jy} of column cx, each -1 for none; their cost runs through the
     * turning cell.
     */
    private void offerTurns(int p, double gp, int x, int cx, int cy, int jx, int jy) {
        if (jx < 0 && jy < 0) {
            return;
        }
        int s = stride;
        int c = cy * s + cx;
        double gc = diagonalCost(gp, x, cx);
        if (jx >= 0) {
            frontier.relax(cy * s + jx, jx, cy, gc + Math.abs(jx - cx), p, c);
        }
        if (jy >= 0) {
            frontier.relax(jy * s + cx, cx, jy, gc + Math.abs(jy - cy), p, c);
        }
    }

    /**
     * Straight jump along padded row {@code y} from column {@code x} (exclusive) in direction {@code dx}.
     *
     * @return the padded column of the jump point, or -1 when a blocked cell comes first
     */
    int scanRow(int y, int x, int dx) {
        return scanLine(east, west, rows, y, x, dx, goalY, goalX);
    }

    /**
     * Straight jump along padded column {@code x} from row {@code y} (exclusive) in direction {@code dy}.
     *
     * @return the padded row of the jump point, or -1 when a blocked cell comes first
     */
    int scanColumn(int x, int y, int dy) {
        return scanLine(south, north, cols, x, y, dy, goalX, goalY);
    }

    /**
     * Straight jump along bit line {@code line} of {@code lines} from {@code pos} (exclusive) in direction
     * {@code dir}: one read of the {@link JumpTable}'s stops ({@code plus} for {@code dir > 0}, else {@code minus})
     * when the grid has one, else a scan of the bits.
     */
    private int scanLine(short[][] plus, short[][] minus, long[][] lines, int line, int pos, int dir,
                         int targetLine, int targetPos) {
        if (plus != null) {
            return arriveTabled((dir > 0 ? plus : minus)[line][pos], pos, dir, line, targetLine, targetPos);
        }
        return scan(lines[line - 1], lines[line], lines[line + 1], pos, dir, line, targetLine, targetPos);
    }

    /** {@link #arrive} for a straight jump from {@code pos} whose {@link JumpTable} entry is {@code t}. */
    private int arriveTabled(int t, int pos, int dir, int line, int targetLine, int targetPos) {
        return arrive(pos + dir, pos + (t < 0 ? -t : t) * dir, t < 0, dir, line, targetLine, targetPos);
    }

    /** {@link BitLineScan#stop} ended by {@link #arrive}: the jump's end on the line, or -1 when blocked first. */
    private int scan(long[] before, long[] here, long[] after, int pos, int dir, int line, int targetLine,
                     int targetPos) {
        int r = BitLineScan.stop(before, here, after, pos, dir);
        boolean blocked = r < 0;
        return arrive(pos + dir, blocked ? ~r : r, blocked, dir, line, targetLine, targetPos);
    }

    /**
     * The end of a straight jump that started at {@code start} and stopped at {@code stop} (blocked: a blocked cell,
     * else a cell with a forced neighbour): the first cell of the arrival disc in the open run before it when the
     * disc crosses that run, else {@code stop}, or -1 when blocked.
     */
    private int arrive(int start, int stop, boolean blocked, int dir, int line, int targetLine, int targetPos) {
        // the arrival disc on this line, if it crosses the open run [start, last]
        int dl = Math.abs(line - targetLine);
        if (dl <= discRadius) {
            int half = discHalf[dl];
            int last = blocked ? stop - dir : stop;
            if (dir > 0) {
                int first = Math.max(start, targetPos - half);
                if (first <= last && first <= targetPos + half) {
                    return first;
                }
            } else {
                int first = Math.min(start, targetPos + half);
                if (first >= last && first >= targetPos - half) {
                    return first;
                }
            }
        }
        return blocked ? -1 : stop;
    }
}
