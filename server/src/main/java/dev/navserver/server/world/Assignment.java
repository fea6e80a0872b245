package dev.navserver.server.world;

import java.util.Arrays;

/** Minimum-cost assignment (Hungarian method with potentials, O(rows² × cols)). Stateless. */
final class Assignment {
    private Assignment() {
    }

    /**
     * Assigns every row to a distinct column so that the summed cost is minimal.
     *
     * @param cost {@code cost[row][col]}, finite, {@code rows <= cols}, every row of the same length
     * @return for each row, its column
     */
    static int[] minCost(double[][] cost) {
        int n = cost.length;
        int m = n == 0 ? 0 : cost[0].length;
        if (n > m) {
            throw new IllegalArgumentException("more rows (" + n + ") than columns (" + m + ")");
        }
        double[] u = new double[n + 1];
        double[] v = new double[m + 1];
        int[] p = new int[m + 1]; // p[col] = row (1-based) matched to col, 0 = none
        int[] way = new int[m + 1];
        double[] minv = new double[m + 1];
        boolean[] used = new boolean[m + 1];
        for (int i = 1; i <= n; i++) {
            p[0] = i;
            int j0 = 0;
            Arrays.fill(minv, Double.POSITIVE_INFINITY);
            Arrays.fill(used, false);
            do {
                used[j0] = true;
                int i0 = p[j0];
                double delta = Double.POSITIVE_INFINITY;
                int j1 = 0;
                for (int j = 1; j <= m; j++) {
                    if (!used[j]) {
                        double cur = cost[i0 - 1][j - 1] - u[i0] - v[j];
                        if (cur < minv[j]) {
                            minv[j] = cur;
                            way[j] = j0;
                        }
                        if (minv[j] < delta) {
                            delta = minv[j];
                            j1 = j;
                        }
                    }
                }
                for (int j = 0; j <= m; j++) {
                    if (used[j]) {
                        u[p[j]] += delta;
                        v[j] -= delta;
                    } else {
                        minv[j] -= delta;
                    }
                }
                j0 = j1;
            } while (p[j0] != 0);
            do {
                int j1 = way[j0];
                p[j0] = p[j1];
                j0 = j1;
            } while (j0 != 0);
        }
        int[] rowToCol = new int[n];
        for (int j = 1; j <= m; j++) {
            if (p[j] != 0) {
                rowToCol[p[j] - 1] = j - 1;
            }
        }
        return rowToCol;
    }
}
