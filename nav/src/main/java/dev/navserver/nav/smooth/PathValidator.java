package dev.navserver.nav.smooth;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.grid.WorldTransform;

/**
 * Checks a path of world points against one {@link NavGrid}: the test behind {@code validate_path} and behind the
 * bots' check of every {@code nav_path}.
 *
 * <p>The path is walked from its first point. For each point {@code i}, in order: it lies on the map
 * ({@link GridMap#cellAt}, else {@link PathCheck.Reason#OFF_MAP}); the agent may stand on its cell
 * ({@link NavGrid#openCell}, else {@link PathCheck.Reason#BLOCKED}); when the validator checks height, its y is the
 * map origin's y within the tolerance (else {@link PathCheck.Reason#WRONG_Y}); then, for {@code i > 0}, the segment
 * from point {@code i-1} is {@link SegmentCheck#CLEAR} by {@link LineOfSight#checkWorld} (else
 * {@code OFF_MAP}, {@code BLOCKED} or {@code CORNER} as that check says). The first failure is returned, with the
 * index convention of {@link PathCheck}. A point may lie anywhere inside its cell, not only on its centre.
 *
 * <p>Immutable and thread-safe: the grid is only read, and checking a valid path allocates nothing.
 */
public final class PathValidator {
    private final NavGrid grid;
    private final GridMap map;
    private final WorldTransform transform;
    private final boolean checksHeight;
    private final double heightToleranceMeters;

    private PathValidator(NavGrid grid, boolean checksHeight, double heightToleranceMeters) {
        this.grid = grid;
        this.map = grid.map();
        this.transform = map.transform();
        this.checksHeight = checksHeight;
        this.heightToleranceMeters = heightToleranceMeters;
    }

    /** A validator that ignores y: only x and z are checked (the server's {@code validate_path}). */
    public static PathValidator ignoringHeight(NavGrid grid) {
        return new PathValidator(grid, false, 0);
    }

    /**
     * A validator that also requires every point's y to equal the map origin's y.
     *
     * @param toleranceMeters largest accepted {@code |y - originY|}, metres, finite and {@code >= 0}
     * @throws IllegalArgumentException when the tolerance is negative or not finite
     */
    public static PathValidator checkingHeight(NavGrid grid, double toleranceMeters) {
        if (!(toleranceMeters >= 0) || !Double.isFinite(toleranceMeters)) {
            throw new IllegalArgumentException("toleranceMeters must be finite and >= 0, got " + toleranceMeters);
        }
        return new PathValidator(grid, true, toleranceMeters);
    }

    /** The grid paths are checked on. */
    public NavGrid grid() {
        return grid;
    }

    /** Whether points' y is checked. */
    public boolean checksHeight() {
        return checksHeight;
    }

    /**
     * Checks one path.
     *
     * @param xyz points in path order, packed {@code [x0, y0, z0, x1, y1, z1, ...]}, Unity world metres; only read
     * @return {@link PathCheck#OK} or the first problem
     * @throws IllegalArgumentException when {@code xyz.length} is not a multiple of 3
     */
    public PathCheck check(double[] xyz) {
        if (xyz.length % 3 != 0) {
            throw new IllegalArgumentException("need whole points (a multiple of 3 coordinates), got " + xyz.length);
        }
        int n = xyz.length / 3;
        if (n == 0) {
            return PathCheck.empty();
        }
        for (int i = 0; i < n; i++) {
            double x = xyz[3 * i];
            double y = xyz[3 * i + 1];
            double z = xyz[3 * i + 2];
            int pointSegment = Math.max(0, i - 1);
            int cell = map.cellAt(x, z);
            if (cell == GridMap.NO_CELL) {
                return PathCheck.failed(PathCheck.Reason.OFF_MAP, pointSegment);
            }
            if (!grid.openCell(cell)) {
                return PathCheck.failed(PathCheck.Reason.BLOCKED, pointSegment);
            }
            // negated so that a NaN y fails
            if (checksHeight && !(Math.abs(y - transform.originY()) <= heightToleranceMeters)) {
                return PathCheck.failed(PathCheck.Reason.WRONG_Y, pointSegment);
            }
            if (i > 0) {
                SegmentCheck segment = LineOfSight.checkWorld(grid, xyz[3 * i - 3], xyz[3 * i - 1], x, z);
                switch (segment) {
                    case CLEAR:
                        break;
                    case OFF_MAP:
                        return PathCheck.failed(PathCheck.Reason.OFF_MAP, i - 1);
                    case BLOCKED:
                        return PathCheck.failed(PathCheck.Reason.BLOCKED, i - 1);
                    case CORNER:
                        return PathCheck.failed(PathCheck.Reason.CORNER, i - 1);
                    default:
                        throw new IllegalStateException("unknown segment check " + segment);
                }
            }
        }
        return PathCheck.OK;
    }
}
