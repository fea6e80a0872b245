package dev.navserver.nav.scen;

import dev.navserver.nav.search.SearchMode;

/**
 * One problem of a Moving AI scenario file. Cells are given as x = column, y = row, (0, 0) top-left.
 *
 * @param line          1-based line of the file it came from
 * @param bucket        the file's bucket number (difficulty group)
 * @param mapPath       the map column as written (e.g. {@code maps/dao/arena2.map})
 * @param mapWidth      map width the file declares, columns
 * @param mapHeight     map height the file declares, rows
 * @param startX        start column
 * @param startY        start row
 * @param goalX         goal column
 * @param goalY         goal row
 * @param optimalLength optimal octile path length (straight move 1, diagonal sqrt(2)), as written
 * @param decimals      number of digits written after the decimal point of {@code optimalLength} (0 when none)
 */
public record ScenarioQuery(int line, int bucket, String mapPath, int mapWidth, int mapHeight, int startX, int startY,
        int goalX, int goalY, double optimalLength, int decimals) {
    /** Relative allowance for floating-point noise on top of the written precision. */
    private static final double NOISE = 1e-9;

    /**
     * Whether a computed length agrees with {@link #optimalLength()} to the precision the file gives: within one
     * unit of its last written digit, {@code |got - optimalLength| <= 10^-decimals}, plus a relative
     * {@code 1e-9} for floating-point noise. False for NaN and infinities.
     */
    public boolean matches(double got) {
        if (!Double.isFinite(got)) {
            return false;
        }
        double allowed = tolerance() + NOISE * Math.max(1.0, Math.abs(optimalLength));
        return Math.abs(got - optimalLength) <= allowed;
    }

    /**
     * Whether a computed length is what a search in {@code mode} must return: {@link #matches} for
     * {@link SearchMode#OPTIMAL}; otherwise no shorter than {@link #optimalLength()} and at most
     * {@link SearchMode#weight()} times it, each to the precision of {@link #matches}. False for NaN and infinities.
     */
    public boolean accepts(double got, SearchMode mode) {
        if (mode == SearchMode.OPTIMAL) {
            return matches(got);
        }
        if (!Double.isFinite(got)) {
            return false;
        }
        double allowed = tolerance() + NOISE * Math.max(1.0, Math.abs(optimalLength));
        return got >= optimalLength - allowed && got <= mode.weight() * optimalLength + allowed;
    }

    /** One unit of the last written digit: {@code 10^-decimals}. */
    public double tolerance() {
        return Math.pow(10, -decimals);
    }
}
