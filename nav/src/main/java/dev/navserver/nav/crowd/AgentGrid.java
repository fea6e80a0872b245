package dev.navserver.nav.crowd;

/**
 * A uniform spatial hash of agent positions, rebuilt from scratch each step by a counting sort (O(n), no
 * allocation once the arrays have grown to the agent count and the covered area). Cells are squares of side
 * {@code >= cellSize} metres laid over the agents' bounding box; the side is enlarged when the box would need more
 * than {@code 16n + 64} cells, so that memory stays proportional to the agent count however far apart agents are.
 *
 * <p>Queries without lambdas: {@link #col}/{@link #row} give the cells overlapping a square, and
 * {@link #start}/{@link #agents} list each cell's agent indices. Not thread-safe; one per solver.
 */
final class AgentGrid {
    private double minX;
    private double minZ;
    private double side;
    private double inv;
    private int cols;
    private int rows;
    private int[] cellStart = new int[2];
    private int[] cellOf = new int[0];
    private int[] sorted = new int[0];
    private double[] sortedX = new double[0];
    private double[] sortedZ = new double[0];
    private double[] sortedVx = new double[0];
    private double[] sortedVz = new double[0];
    private double[] sortedRadius = new double[0];

    /**
     * Sorts agents {@code 0..n-1} by cell and copies their position, velocity and radius in that order;
     * {@code cellSize} is the smallest cell side wanted, metres.
     */
    void build(double[] x, double[] z, double[] vx, double[] vz, double[] radius, int n, double cellSize) {
        if (cellOf.length < n) {
            cellOf = new int[Math.max(n, cellOf.length * 2)];
            sorted = new int[cellOf.length];
            sortedX = new double[cellOf.length];
            sortedZ = new double[cellOf.length];
            sortedVx = new double[cellOf.length];
            sortedVz = new double[cellOf.length];
            sortedRadius = new double[cellOf.length];
        }
        double x0 = Double.POSITIVE_INFINITY;
        double z0 = Double.POSITIVE_INFINITY;
        double x1 = Double.NEGATIVE_INFINITY;
        double z1 = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            x0 = Math.min(x0, x[i]);
            x1 = Math.max(x1, x[i]);
            z0 = Math.min(z0, z[i]);
            z1 = Math.max(z1, z[i]);
        }
        if (n == 0) {
            x0 = x1 = z0 = z1 = 0;
        }
        double s = cellSize;
        long maxCells = 16L * n + 64;
        while ((long) ((x1 - x0) / s + 1) * (long) ((z1 - z0) / s + 1) > maxCells) {
            s *= 2;
        }
        side = s;
        inv = 1 / s;
        minX = x0;
        minZ = z0;
        cols = (int) ((x1 - x0) * inv) + 1;
        rows = (int) ((z1 - z0) * inv) + 1;
        int cells = cols * rows;
        if (cellStart.length < cells + 1) {
            cellStart = new int[Math.max(cells + 1, cellStart.length * 2)];
        }
        java.util.Arrays.fill(cellStart, 0, cells + 1, 0);
        for (int i = 0; i < n; i++) {
            int c = cellIndex(x[i], z[i]);
            cellOf[i] = c;
            cellStart[c + 1]++;
        }
        for (int c = 0; c < cells; c++) {
            cellStart[c + 1] += cellStart[c];
        }
        // fill: use cellStart[c] as a cursor, then shift back
        for (int i = 0; i < n; i++) {
            int at = cellStart[cellOf[i]]++;
            sorted[at] = i;
            sortedX[at] = x[i];
            sortedZ[at] = z[i];
            sortedVx[at] = vx[i];
            sortedVz[at] = vz[i];
            sortedRadius[at] = radius[i];
        }
        for (int c = cells; c > 0; c--) {
            cellStart[c] = cellStart[c - 1];
        }
        cellStart[0] = 0;
    }

    private int cellIndex(double x, double z) {
        int c = (int) ((x - minX) * inv);
        int r = (int) ((z - minZ) * inv);
        c = Math.min(Math.max(c, 0), cols - 1);
        r = Math.min(Math.max(r, 0), rows - 1);
        return r * cols + c;
    }

    /** Side of a cell, metres ({@code >=} the requested cell size). */
    double side() {
        return side;
    }

    int cols() {
        return cols;
    }

    int rows() {
        return rows;
    }

    /** Column of world x, clamped to the grid (a truncating cast: equal to the floor once clamped at 0). */
    int col(double x) {
        return Math.min(Math.max((int) ((x - minX) * inv), 0), cols - 1);
    }

    /** Row of world z, clamped to the grid (truncating, like {@link #col}). */
    int row(double z) {
        return Math.min(Math.max((int) ((z - minZ) * inv), 0), rows - 1);
    }

    /** First position in {@link #agents()} of cell {@code c}; the cell ends at {@code start(c + 1)}. */
    int start(int c) {
        return cellStart[c];
    }

    /** {@link #start} of every cell (and the end of the last at index {@code cols * rows}); read only. */
    int[] starts() {
        return cellStart;
    }

    /** Agent indices grouped by cell; read only. */
    int[] agents() {
        return sorted;
    }

    /** World x of {@code agents()[k]} at index k (a copy in cell order, for sequential reads); read only. */
    double[] sortedX() {
        return sortedX;
    }

    /** World z in cell order, like {@link #sortedX()}; read only. */
    double[] sortedZ() {
        return sortedZ;
    }

    /** Velocity x in cell order, like {@link #sortedX()}; read only. */
    double[] sortedVx() {
        return sortedVx;
    }

    /** Velocity z in cell order; read only. */
    double[] sortedVz() {
        return sortedVz;
    }

    /** Radius in cell order; read only. */
    double[] sortedRadius() {
        return sortedRadius;
    }

    /** World x of the left edge of column 0. */
    double minX() {
        return minX;
    }

    /** World z of the edge of row 0. */
    double minZ() {
        return minZ;
    }
}
