package dev.navserver.nav.search;

import dev.navserver.nav.grid.GridMap;
import java.util.Arrays;

/**
 * Result of one search: a status, the path's cells, its cost-weighted length and the number of expanded nodes.
 * Immutable value; safe to share between threads.
 */
public final class PathResult {
    private static final int[] NO_CELLS = new int[0];
    private static final PathResult UNREACHABLE_NO_EXPANSION = new PathResult(SearchStatus.UNREACHABLE, NO_CELLS, 0, 0);
    private static final PathResult START_BLOCKED = new PathResult(SearchStatus.START_BLOCKED, NO_CELLS, 0, 0);
    private static final PathResult GOAL_BLOCKED = new PathResult(SearchStatus.GOAL_BLOCKED, NO_CELLS, 0, 0);
    private static final PathResult OUT_OF_BOUNDS = new PathResult(SearchStatus.OUT_OF_BOUNDS, NO_CELLS, 0, 0);

    private final SearchStatus status;
    private final int[] cells;
    private final double length;
    private final int expanded;

    private PathResult(SearchStatus status, int[] cells, double length, int expanded) {
        this.status = status;
        this.cells = cells;
        this.length = length;
        this.expanded = expanded;
    }

    /**
     * A path to the goal (or to a cell within the arrival radius).
     *
     * @param cells    map cell ids from start to end, at least one; taken over, not copied
     * @param length   cost-weighted length in cells, finite and {@code >= 0}
     * @param expanded nodes expanded, {@code >= 0}
     */
    public static PathResult found(int[] cells, double length, int expanded) {
        return withPath(SearchStatus.FOUND, cells, length, expanded);
    }

    /** A path toward the goal: budget exhausted or substitute goal. Arguments as in {@link #found}. */
    public static PathResult partial(int[] cells, double length, int expanded) {
        return withPath(SearchStatus.PARTIAL, cells, length, expanded);
    }

    /** The goal is not reachable from the start; no path. */
    public static PathResult unreachable(int expanded) {
        if (expanded < 0) {
            throw new IllegalArgumentException("expanded must be >= 0, got " + expanded);
        }
        return expanded == 0 ? UNREACHABLE_NO_EXPANSION : new PathResult(SearchStatus.UNREACHABLE, NO_CELLS, 0, expanded);
    }

    public static PathResult startBlocked() {
        return START_BLOCKED;
    }

    public static PathResult goalBlocked() {
        return GOAL_BLOCKED;
    }

    public static PathResult outOfBounds() {
        return OUT_OF_BOUNDS;
    }

    private static PathResult withPath(SearchStatus status, int[] cells, double length, int expanded) {
        if (cells.length == 0) {
            throw new IllegalArgumentException(status + " needs at least one cell");
        }
        if (!(length >= 0) || !Double.isFinite(length)) {
            throw new IllegalArgumentException("length must be finite and >= 0, got " + length);
        }
        if (expanded < 0) {
            throw new IllegalArgumentException("expanded must be >= 0, got " + expanded);
        }
        return new PathResult(status, cells, length, expanded);
    }

    public SearchStatus status() {
        return status;
    }

    /** Whether the result carries a path ({@link SearchStatus#FOUND} or {@link SearchStatus#PARTIAL}). */
    public boolean hasPath() {
        return cells.length > 0;
    }

    /** Map cell ids ({@code row * width + col}) from the start to {@link #endCell()}; a fresh copy, empty when no path. */
    public int[] cells() {
        return cells.clone();
    }

    /** Number of cells in the path; 0 when no path. */
    public int cellCount() {
        return cells.length;
    }

    /** The {@code i}-th cell of the path, {@code 0 <= i < cellCount()}. */
    public int cell(int i) {
        return cells[i];
    }

    /**
     * Cost-weighted length in cells: the sum over moves of the move's geometric length (1 straight, sqrt(2)
     * diagonal) times the layer cost of the entered cell. 0 when no path.
     */
    public double length() {
        return length;
    }

    /** Nodes expanded by the search (jump points for JPS, cells for A* and the 4-connected two-stack A*). */
    public int expanded() {
        return expanded;
    }

    /** Last cell of the path (the goal, the substitute goal, or the budget's best node); {@link GridMap#NO_CELL} if none. */
    public int endCell() {
        return cells.length == 0 ? GridMap.NO_CELL : cells[cells.length - 1];
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PathResult r && status == r.status && Double.compare(length, r.length) == 0
                && expanded == r.expanded && Arrays.equals(cells, r.cells);
    }

    @Override
    public int hashCode() {
        return ((status.hashCode() * 31 + Arrays.hashCode(cells)) * 31 + Double.hashCode(length)) * 31 + expanded;
    }

    @Override
    public String toString() {
        return "PathResult[" + status + " length=" + length + " expanded=" + expanded + " cells=" + cells.length + "]";
    }
}
