package dev.navserver.nav;

import dev.navserver.nav.grid.NavGrid;
import java.util.Arrays;
import java.util.PriorityQueue;

/**
 * The tests' oracle: a plain Dijkstra over every cell of a {@link NavGrid} under the search's move rules (straight
 * moves of length 1; with diagonals, length sqrt(2) and only when both orthogonal neighbours are standable; each
 * move costs its length times the entered cell's cost when weighted). Slow and obviously right.
 */
public final class Dijkstra {
    private static final double SQRT2 = Math.sqrt(2.0);

    private Dijkstra() {
    }

    /**
     * Distances from map cell {@code from} to every map cell; {@code +inf} where unreachable.
     *
     * @param diagonals whether diagonal moves are allowed (8-connected) or not (4-connected)
     * @param weighted  whether moves cost the entered cell's {@link NavGrid#cost}, or 1 per unit of length
     */
    public static double[] distances(NavGrid grid, int from, boolean diagonals, boolean weighted) {
        int w = grid.width();
        double[] dist = new double[w * grid.height()];
        Arrays.fill(dist, Double.POSITIVE_INFINITY);
        dist[from] = 0;
        PriorityQueue<double[]> pq = new PriorityQueue<>((a, b) -> Double.compare(a[0], b[0]));
        pq.add(new double[] {0, from});
        while (!pq.isEmpty()) {
            double[] e = pq.poll();
            int c = (int) e[1];
            if (e[0] > dist[c]) {
                continue;
            }
            int col = c % w;
            int row = c / w;
            for (int dr = -1; dr <= 1; dr++) {
                for (int dc = -1; dc <= 1; dc++) {
                    boolean diagonal = dr != 0 && dc != 0;
                    if ((dr == 0 && dc == 0) || (diagonal && !diagonals)) {
                        continue;
                    }
                    if (!grid.open(col + dc, row + dr)
                            || (diagonal && !(grid.open(col + dc, row) && grid.open(col, row + dr)))) {
                        continue;
                    }
                    int n = (row + dr) * w + col + dc;
                    double nd = dist[c] + (diagonal ? SQRT2 : 1.0) * (weighted ? grid.cost(n) : 1.0);
                    if (nd < dist[n]) {
                        dist[n] = nd;
                        pq.add(new double[] {nd, n});
                    }
                }
            }
        }
        return dist;
    }
}
