package dev.navserver.protocol.message;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * A rectangle of grid cells, on the wire {@code [col,row,width,height]}: columns {@code col..col+width-1}, rows
 * {@code row..row+height-1} (row 0 is the map file's top row). A client may send one that is not on the map (the
 * server answers {@code out_of_bounds}); the server only sends rectangles on the map. Immutable.
 *
 * @param col    first column, any int
 * @param row    first row, any int
 * @param width  columns, {@code >= 1}
 * @param height rows, {@code >= 1}
 */
@JsonFormat(shape = JsonFormat.Shape.ARRAY)
@JsonPropertyOrder({"col", "row", "width", "height"})
public record CellRect(int col, int row, int width, int height) {
    public CellRect {
        if (width < 1 || height < 1) {
            throw new IllegalArgumentException("width and height must be >= 1, got " + width + "x" + height);
        }
    }

    /** Number of cells, {@code width * height}. */
    public long cellCount() {
        return (long) width * height;
    }
}
