package dev.navserver.nav.grid;

/**
 * Maps Unity world coordinates (metres) to grid cells and back. Columns advance toward +x from
 * {@code originX}; rows advance toward -z from {@code originZ}; every cell centre has {@code y = originY}.
 *
 * <p>{@code col = round((x - originX) / cellSize)}, {@code row = round((originZ - z) / cellSize)} with half-up
 * rounding ({@code floor(v + 0.5)}), identical for negative values. The inverse returns cell centres exactly.
 * Immutable.
 *
 * @param originX  world x of column 0's centre, metres
 * @param originY  world y given to every grid point, metres
 * @param originZ  world z of row 0's centre, metres
 * @param cellSize side of a cell, metres, finite and {@code > 0}
 */
public record WorldTransform(double originX, double originY, double originZ, double cellSize) {
    /** Origin (0, 0, 0), cell size 1: the transform of Moving AI maps. */
    public static final WorldTransform UNIT = new WorldTransform(0, 0, 0, 1);

    public WorldTransform {
        if (!Double.isFinite(originX) || !Double.isFinite(originY) || !Double.isFinite(originZ)) {
            throw new IllegalArgumentException("origin must be finite");
        }
        if (!(cellSize > 0) || !Double.isFinite(cellSize)) {
            throw new IllegalArgumentException("cellSize must be finite and > 0, got " + cellSize);
        }
    }

    /** Fractional column of world x (cell centres at integers). */
    public double gridX(double x) {
        return (x - originX) / cellSize;
    }

    /** Fractional row of world z (cell centres at integers). */
    public double gridY(double z) {
        return (originZ - z) / cellSize;
    }

    /**
     * Column containing world x, rounded half-up and saturated; {@link Long#MIN_VALUE} for NaN. Returned as a long
     * so that absurd coordinates (1e308) are reported out of range rather than wrapped.
     */
    public long col(double x) {
        return roundHalfUp(gridX(x));
    }

    /** Row containing world z, rounded half-up and saturated; {@link Long#MIN_VALUE} for NaN. */
    public long row(double z) {
        return roundHalfUp(gridY(z));
    }

    /** World x of a column's centre. */
    public double x(double col) {
        return originX + col * cellSize;
    }

    /** World z of a row's centre. */
    public double z(double row) {
        return originZ - row * cellSize;
    }

    /** Half-up rounding that saturates (infinities included) instead of overflowing; {@link Long#MIN_VALUE} for NaN. */
    static long roundHalfUp(double v) {
        if (Double.isNaN(v)) {
            return Long.MIN_VALUE;
        }
        double r = Math.floor(v + 0.5);
        if (r >= 0x1p62) {
            return Long.MAX_VALUE;
        }
        if (r <= -0x1p62) {
            return Long.MIN_VALUE;
        }
        return (long) r;
    }
}
