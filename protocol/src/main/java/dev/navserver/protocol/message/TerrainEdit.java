package dev.navserver.protocol.message;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import java.util.Objects;

/**
 * One edit of a {@code map_edit} or {@code map_patch}: give every cell of an area one terrain. The area is either
 * {@code cells}, a {@link CellRect}, or {@code rect}, a world-space box given by two opposite corners (Unity world
 * metres) that covers every cell whose centre lies inside it, borders included; exactly one of the two is set.
 * {@code map_patch} edits always use {@code cells}. Immutable.
 *
 * @param cells   cell rectangle, or {@code null} when {@code rect} is set
 * @param rect    two opposite corners {@code [[x0,y0,z0],[x1,y1,z1]]}, or {@code null} when {@code cells} is set
 * @param terrain one of {@link dev.navserver.protocol.TerrainNames}: an engine terrain name, or {@code original} in
 *                a {@code map_edit}
 */
@JsonPropertyOrder({"cells", "rect", "terrain"})
public record TerrainEdit(CellRect cells, List<Vec3> rect, String terrain) {
    public TerrainEdit {
        if ((cells == null) == (rect == null)) {
            throw new IllegalArgumentException("exactly one of cells and rect must be set");
        }
        if (rect != null) {
            rect = List.copyOf(rect);
            if (rect.size() != 2) {
                throw new IllegalArgumentException("rect must have 2 corners, got " + rect.size());
            }
        }
        Objects.requireNonNull(terrain, "terrain");
    }

    /** A cell-rectangle edit. */
    public static TerrainEdit cells(CellRect cells, String terrain) {
        return new TerrainEdit(Objects.requireNonNull(cells, "cells"), null, terrain);
    }

    /** A world-box edit with two opposite corners. */
    public static TerrainEdit rect(Vec3 corner0, Vec3 corner1, String terrain) {
        return new TerrainEdit(null, List.of(corner0, corner1), terrain);
    }
}
