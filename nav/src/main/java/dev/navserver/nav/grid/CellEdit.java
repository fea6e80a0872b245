package dev.navserver.nav.grid;

import java.util.Objects;

/**
 * One edit of a {@link GridMap}: a cell rectangle and what terrain it gets, either one class for every cell
 * ({@link #fill}) or each cell's class in another map of the same size ({@link #copy}, e.g. the map file's original
 * terrain). Immutable.
 *
 * @param col    left column, {@code >= 0}
 * @param row    top row, {@code >= 0}
 * @param width  columns, {@code >= 1}
 * @param height rows, {@code >= 1}
 * @param terrain the class written by a fill, in {@code [0, Terrain.COUNT)}; ignored when {@code source} is set
 * @param source  the map whose terrain a copy takes, or null for a fill
 */
public record CellEdit(int col, int row, int width, int height, int terrain, GridMap source) {
    public CellEdit {
        if (col < 0 || row < 0 || width < 1 || height < 1) {
            throw new IllegalArgumentException("bad cell rectangle " + col + "," + row + " " + width + "x" + height);
        }
        if (source == null && (terrain < 0 || terrain >= Terrain.COUNT)) {
            throw new IllegalArgumentException("terrain class " + terrain + " outside [0," + Terrain.COUNT + ")");
        }
    }

    /** Every cell of the rectangle gets terrain class {@code terrain}. */
    public static CellEdit fill(int col, int row, int width, int height, int terrain) {
        return new CellEdit(col, row, width, height, terrain, null);
    }

    /** Every cell of the rectangle gets the class the same cell has in {@code source}. */
    public static CellEdit copy(int col, int row, int width, int height, GridMap source) {
        return new CellEdit(col, row, width, height, 0, Objects.requireNonNull(source, "source"));
    }

    /** The class this edit writes at (c, r), a cell inside the rectangle. */
    int terrainAt(int c, int r) {
        return source != null ? source.terrain(c, r) : terrain;
    }
}
