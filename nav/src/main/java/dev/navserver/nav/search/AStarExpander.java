package dev.navserver.nav.search;

import dev.navserver.nav.grid.NavGrid;

/**
 * A* neighbour expansion on a {@link NavGrid}: offers every legal single move from a node to the {@link Frontier}.
 *
 * <p>8-connected: straight moves of length 1 and diagonal moves of length sqrt(2), a diagonal only when both
 * orthogonal neighbours are standable (no corner cutting). 4-connected: straight moves of length 1. Entering a
 * cell costs the move's length times the cell's cost multiplier ({@link NavGrid#costArray()}, {@code >= 1}) on
 * non-uniform grids. The order in which neighbours are offered decides ties (between equal keys on the open list
 * and between equal-cost predecessors), so it is part of the result: change it and paths may change.
 *
 * <p>Not thread-safe: part of one search context. {@link #bind} holds the grid's arrays until {@link #release}.
 */
final class AStarExpander {
    private static final double SQRT2 = Math.sqrt(2.0);

    private final Frontier frontier;
    private boolean[] open;
    private float[] cost;
    private int stride;
    private boolean four;

    AStarExpander(Frontier frontier) {
        this.frontier = frontier;
    }

    /** Expands on {@code grid} with 4-connected ({@code four}) or 8-connected moves until {@link #release}. */
    void bind(NavGrid grid, boolean four) {
        this.open = grid.openArray();
        this.cost = grid.costArray();
        this.stride = grid.stride();
        this.four = four;
    }

    /** Drops the references to the grid's arrays. */
    void release() {
        open = null;
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
        boolean[] o = open;
        boolean n = o[p - s];
        boolean so = o[p + s];
        boolean w = o[p - 1];
        boolean e = o[p + 1];
        if (n) {
            f.relax(p - s, x, y - 1, gs, p, Frontier.NONE);
            if (w && o[p - s - 1]) {
                f.relax(p - s - 1, x - 1, y - 1, gd, p, Frontier.NONE);
            }
            if (e && o[p - s + 1]) {
                f.relax(p - s + 1, x + 1, y - 1, gd, p, Frontier.NONE);
            }
        }
        if (so) {
            f.relax(p + s, x, y + 1, gs, p, Frontier.NONE);
            if (w && o[p + s - 1]) {
                f.relax(p + s - 1, x - 1, y + 1, gd, p, Frontier.NONE);
            }
            if (e && o[p + s + 1]) {
                f.relax(p + s + 1, x + 1, y + 1, gd, p, Frontier.NONE);
            }
        }
        if (w) {
            f.relax(p - 1, x - 1, y, gs, p, Frontier.NONE);
        }
        if (e) {
            f.relax(p + 1, x + 1, y, gs, p, Frontier.NONE);
        }
    }

    private void expandEightWeighted(int p, double gp) {
        Frontier f = frontier;
        int s = stride;
        int x = p % s;
        int y = p / s;
        boolean[] o = open;
        float[] c = cost;
        boolean n = o[p - s];
        boolean so = o[p + s];
        boolean w = o[p - 1];
        boolean e = o[p + 1];
        if (n) {
            f.relax(p - s, x, y - 1, gp + c[p - s], p, Frontier.NONE);
        }
        if (so) {
            f.relax(p + s, x, y + 1, gp + c[p + s], p, Frontier.NONE);
        }
        if (w) {
            f.relax(p - 1, x - 1, y, gp + c[p - 1], p, Frontier.NONE);
        }
        if (e) {
            f.relax(p + 1, x + 1, y, gp + c[p + 1], p, Frontier.NONE);
        }
        if (n && w && o[p - s - 1]) {
            f.relax(p - s - 1, x - 1, y - 1, gp + SQRT2 * c[p - s - 1], p, Frontier.NONE);
        }
        if (n && e && o[p - s + 1]) {
            f.relax(p - s + 1, x + 1, y - 1, gp + SQRT2 * c[p - s + 1], p, Frontier.NONE);
        }
        if (so && w && o[p + s - 1]) {
            f.relax(p + s - 1, x - 1, y + 1, gp + SQRT2 * c[p + s - 1], p, Frontier.NONE);
        }
        if (so && e && o[p + s + 1]) {
            f.relax(p + s + 1, x + 1, y + 1, gp + SQRT2 * c[p + s + 1], p, Frontier.NONE);
        }
    }

    private void expandFour(int p, double gp) {
        Frontier f = frontier;
        int s = stride;
        int x = p % s;
        int y = p / s;
        boolean[] o = open;
        if (o[p - s]) {
            f.relax(p - s, x, y - 1, gp + stepCost(p - s), p, Frontier.NONE);
        }
        if (o[p + s]) {
            f.relax(p + s, x, y + 1, gp + stepCost(p + s), p, Frontier.NONE);
        }
        if (o[p - 1]) {
            f.relax(p - 1, x - 1, y, gp + stepCost(p - 1), p, Frontier.NONE);
        }
        if (o[p + 1]) {
            f.relax(p + 1, x + 1, y, gp + stepCost(p + 1), p, Frontier.NONE);
        }
    }

    /** Cost of a straight move into padded node q. */
    private double stepCost(int q) {
        return cost == null ? 1.0 : 1.0 * cost[q];
    }
}
