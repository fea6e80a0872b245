package dev.navserver.nav;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.Terrain;
import dev.navserver.nav.grid.WorldTransform;

/**
 * Builds maps from ASCII drawings for tests. One string per row, all the same length. Symbols: {@code .} open,
 * {@code #} or {@code @} wall, {@code T} trees, {@code W} water, {@code S} swamp, {@code H} hill, and the letters
 * {@code s} / {@code g} (open cells whose positions {@link #find} returns).
 */
public final class AsciiMaps {
    private AsciiMaps() {
    }

    public static GridMap map(String... rows) {
        return map(WorldTransform.UNIT, rows);
    }

    public static GridMap map(WorldTransform transform, String... rows) {
        int h = rows.length;
        int w = rows[0].length();
        byte[] t = new byte[w * h];
        for (int r = 0; r < h; r++) {
            if (rows[r].length() != w) {
                throw new IllegalArgumentException("row " + r + " has length " + rows[r].length() + ", expected " + w);
            }
            for (int c = 0; c < w; c++) {
                t[r * w + c] = switch (rows[r].charAt(c)) {
                    case '.', 's', 'g', 'a', 'b' -> Terrain.OPEN;
                    case '#', '@' -> Terrain.WALL;
                    case 'T' -> Terrain.TREES;
                    case 'W' -> Terrain.WATER;
                    case 'S' -> Terrain.SWAMP;
                    case 'H' -> Terrain.HILL;
                    default -> throw new IllegalArgumentException("unknown symbol '" + rows[r].charAt(c) + "'");
                };
            }
        }
        return new GridMap("ascii", w, h, transform, t);
    }

    /** Returns {col, row} of the first occurrence of {@code symbol}. */
    public static int[] find(char symbol, String... rows) {
        for (int r = 0; r < rows.length; r++) {
            int c = rows[r].indexOf(symbol);
            if (c >= 0) {
                return new int[] {c, r};
            }
        }
        throw new IllegalArgumentException("no '" + symbol + "' in map");
    }
}
