package dev.navserver.protocol.message;

import java.util.Objects;

/**
 * The map a session plays on, inside {@code welcome}. Cell {@code (col,row)} has its centre at
 * {@code x = origin.x + col * cellSize}, {@code z = origin.z - row * cellSize}, {@code y = origin.y}.
 *
 * @param name     map name
 * @param origin   world position of the centre of cell (0,0), metres
 * @param cellSize side of a cell, metres, finite and {@code > 0}
 * @param width    number of columns, {@code > 0}
 * @param height   number of rows, {@code > 0}
 */
public record MapInfo(String name, Vec3 origin, double cellSize, int width, int height) {
    public MapInfo {
        Require.nonNull(name, "name");
        Objects.requireNonNull(origin, "origin");
        Require.finite(cellSize, "cellSize");
    }
}
