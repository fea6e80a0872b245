package dev.navserver.nav.search;

import static dev.navserver.nav.search.core.LegalMoves.E;
import static dev.navserver.nav.search.core.LegalMoves.N;
import static dev.navserver.nav.search.core.LegalMoves.NE;
import static dev.navserver.nav.search.core.LegalMoves.NW;
import static dev.navserver.nav.search.core.LegalMoves.S;
import static dev.navserver.nav.search.core.LegalMoves.SE;
import static dev.navserver.nav.search.core.LegalMoves.SW;
import static dev.navserver.nav.search.core.LegalMoves.W;

import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.search.core.LegalMoves;

/**
 * A* neighbour expansion on a {@link NavGrid}: offers every legal single move from a node to the {@link Frontier}.
 *
 * <p>8-connected: straight moves of length 1 and diagonal moves of length sqrt(2), a diagonal only when both
 * orthogonal neighbours are standable (no corner cutting). 4-connected: straight moves of length 1. Entering a
 * cell costs the move's length times the cell's cost multiplier ({@link NavGrid#costRows()}, {@code >= 1}) on
 * non-uniform grids. The order in which neighbours are offered decides ties (between equal keys on the open list
 * and between equal-cost predecessors), so it is part of the result: change it and paths may change.
 *
 * <p>Not thread-safe: part of one search context. {@link #bind} holds the grid's arrays until {@link #release}.
 */
final class AStarExpander {
    private static final double SQRT2 = Math.sqrt(2.0);

    private final Frontier frontier;
    private long[][] rows;
    private float[][] cost;
    private int stride;
    private boolean four;

    AStarExpander(Frontier frontier) {
        this.frontier = frontier;
    }

    /** Expands on {@code grid} with 4-connected ({@code four}) or 8-connected moves until {@link #release}. */
    void bind(NavGrid grid, boolean four) {
        this.rows = grid.openRows();
        this.cost = grid.costRows();
        this.stride = grid.stride();
        this.four = four;
    }

    /** Drops the references to the grid's arrays. */
    void release() {
        rows = null;
        cost = null;
    }

    /** Offers the neighbours of padded node {@code p}, whose cost from the start is {@code gp}. */
    void expand(int p, double gp) {
        if (four) {
            expandFour(p, gp);
        } else if (cost != null) {
            expandEightWeighted(p, gp);
        } else {
            expandEight(p, gp);
        }
    }

    private void expandEight(int p, double gp) {
        Frontier f = frontier;
        int s = stride;
        int x = p % s;
        int y = p / s;
        double gs = gp + 1.0;
        double gd = gp + SQRT2;
        int m = LegalMoves.eight(rows[y - 1], rows[y], rows[y + 1], x);
        if ((m & N) != 0) {
            f.relax(p - s, x, y - 1, gs, p, Frontier.NONE);
        }
        if ((m & NW) != 0) {
            f.relax(p - s - 1, x - 1, y - 1, gd, p, Frontier.NONE);
        }
        if ((m & NE) != 0) {
            f.relax(p - s + 1, x + 1, y - 1, gd, p, Frontier.NONE);
        }
        if ((m & S) != 0) {
            f.relax(p + s, x, y + 1, gs, p, Frontier.NONE);
        }
        if ((m & SW) != 0) {
            f.relax(p + s - 1, x - 1, y + 1, gd, p, Frontier.NONE);
        }
        if ((m & SE) != 0) {
            f.relax(p + s + 1, x + 1, y + 1, gd, p, Frontier.NONE);
        }
        if ((m & W) != 0) {
            f.relax(p - 1, x - 1, y, gs, p, Frontier.NONE);
        }
        if ((m & E) != 0) {
            f.relax(p + 1, x + 1, y, gs, p, Frontier.NONE);
        }
    }

    /** {@link #expandEight} with cell costs, offering the straight moves first. */
    private void expandEightWeighted(int p, double gp) {
        Frontier f = frontier;
        int s = stride;
        int x = p % s;
        int y = p / s;
        float[] cu = cost[y - 1];
        float[] cm = cost[y];
        float[] cd = cost[y + 1];
        int m = LegalMoves.eight(rows[y - 1], rows[y], rows[y + 1], x);
        if ((m & N) != 0) {
            f.relax(p - s, x, y - 1, gp + cu[x], p, Frontier.NONE);
        }
        if ((m & S) != 0) {
            f.relax(p + s, x, y + 1, gp + cd[x], p, Frontier.NONE);
        }
        if ((m & W) != 0) {
            f.relax(p - 1, x - 1, y, gp + cm[x - 1], p, Frontier.NONE);
        }
        if ((m & E) != 0) {
            f.relax(p + 1, x + 1, y, gp + cm[x + 1], p, Frontier.NONE);
        }
        if ((m & NW) != 0) {
            f.relax(p - s - 1, x - 1, y - 1, gp + SQRT2 * cu[x - 1], p, Frontier.NONE);
        }
        if ((m & NE) != 0) {
            f.relax(p - s + 1, x + 1, y - 1, gp + SQRT2 * cu[x + 1], p, Frontier.NONE);
        }
        if ((m & SW) != 0) {
            f.relax(p + s - 1, x - 1, y + 1, gp + SQRT2 * cd[x - 1], p, Frontier.NONE);
        }
        if ((m & SE) != 0) {
            f.relax(p + s + 1, x + 1, y + 1, gp + SQRT2 * cd[x + 1], p, Frontier.NONE);
        }
    }

    private void expandFour(int p, double gp) {
        Frontier f = frontier;
        int s = stride;
        int x = p % s;
        int y = p / s;
        long[] mid = rows[y];
        if (NavGrid.bit(rows[y - 1], x)) {
            f.relax(p - s, x, y - 1, gp + stepCost(x, y - 1), p, Frontier.NONE);
        }
        if (NavGrid.bit(rows[y + 1], x)) {
            f.relax(p + s, x, y + 1, gp + stepCost(x, y + 1), p, Frontier.NONE);
        }
        if (NavGrid.bit(mid, x - 1)) {
            f.relax(p - 1, x - 1, y, gp + stepCost(x - 1, y), p, Frontier.NONE);
        }
        if (NavGrid.bit(mid, x + 1)) {
            f.relax(p + 1, x + 1, y, gp + stepCost(x + 1, y), p, Frontier.NONE);
        }
    }

    /** Cost of a straight move into padded cell (x, y). */
    private double stepCost(int x, int y) {
        return cost == null ? 1.0 : 1.0 * cost[y][x];
    }
}
