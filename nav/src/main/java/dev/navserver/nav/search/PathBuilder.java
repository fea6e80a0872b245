package dev.navserver.nav.search;

import dev.navserver.nav.grid.NavGrid;

/**
 * Rebuilds the cell path of a search from the {@link Frontier}'s links: follows predecessors back from the end
 * node and expands each jump (a straight or diagonal segment, or a diagonal segment then a straight one through the
 * turning cell) into single moves.
 *
 * <p>The length is counted from the moves on uniform-cost grids ({@code straight + diagonal * sqrt(2)}, so that
 * long paths carry no summation error) and taken from the end node's cost on weighted grids.
 *
 * <p>Not thread-safe: part of one search context. Allocates only the result and its cell array.
 */
final class PathBuilder {
    private static final double SQRT2 = Math.sqrt(2.0);

    private final Frontier frontier;
    private int stride;
    private int width;
    private boolean weighted;

    PathBuilder(Frontier frontier) {
        this.frontier = frontier;
    }

    /** Builds paths on {@code grid} (its padded layout and whether its costs are uniform). */
    void bind(NavGrid grid) {
        stride = grid.stride();
        width = grid.width();
        weighted = !grid.uniformCost();
    }

    /**
     * The result for the path from the start to padded node {@code end}.
     *
     * @param status   {@link SearchStatus#FOUND} or {@link SearchStatus#PARTIAL}
     * @param gEnd     cost of {@code end} from the start (the length on weighted grids)
     * @param expanded nodes expanded, reported in the result
     * @return the result with map cell ids from start to end
     */
    PathResult build(SearchStatus status, int end, double gEnd, int expanded) {
        Frontier f = frontier;
        int s = stride;
        int count = 1;
        for (int q = end; f.parent(q) != Frontier.NONE; q = f.parent(q)) {
            int from = f.parent(q);
            int via = f.via(q);
            if (via != Frontier.NONE) {
                count += chebyshev(q, via) + chebyshev(via, from);
            } else {
                count += chebyshev(q, from);
            }
        }
        int[] cells = new int[count];
        int i = count - 1;
        int q = end;
        int cell = (q / s - 1) * width + q % s - 1;
        cells[i] = cell;
        int straight = 0;
        int diagonal = 0;
        while (f.parent(q) != Frontier.NONE) {
            int from = f.parent(q);
            int via = f.via(q);
            int last = q;
            if (via != Frontier.NONE) {
                int k = chebyshev(q, via);
                cell = walk(cells, i, cell, q, via, k);
                i -= k;
                straight += k;
                last = via;
            }
            int k = chebyshev(last, from);
            cell = walk(cells, i, cell, last, from, k);
            i -= k;
            if (last % s != from % s && last / s != from / s) {
                diagonal += k;
            } else {
                straight += k;
            }
            q = from;
        }
        double length = weighted ? gEnd : straight + diagonal * SQRT2;
        return status == SearchStatus.FOUND
                ? PathResult.found(cells, length, expanded)
                : PathResult.partial(cells, length, expanded);
    }

    private int chebyshev(int a, int b) {
        int s = stride;
        int ay = a / s;
        int by = b / s;
        return Math.max(Math.abs(a - ay * s - (b - by * s)), Math.abs(ay - by));
    }

    /**
     * Writes the {@code k} cells of the segment from padded {@code a} (whose cell is {@code cell}, already at
     * {@code cells[i]}) back to padded {@code b} into {@code cells[i - 1]} down to {@code cells[i - k]}.
     *
     * @return the cell of {@code b}
     */
    private int walk(int[] cells, int i, int cell, int a, int b, int k) {
        int s = stride;
        int ay = a / s;
        int by = b / s;
        int cellStep = Integer.signum(by - ay) * width + Integer.signum(b - by * s - (a - ay * s));
        for (int j = 0; j < k; j++) {
            cell += cellStep;
            cells[--i] = cell;
        }
        return cell;
    }
}
