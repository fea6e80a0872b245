package dev.navserver.server.view;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.grid.Terrain;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The viewer's map tiles: 256×256 bytes per tile, row-major, one byte per pixel; see docs/viewer.md. Level 0 reads
 * the map directly; level {@code Z > 0} pixels are reduced from their four level {@code Z − 1} children (most
 * frequent value; a tie goes to the blocking value — wall for terrain, 0 for islands — else to the smallest value;
 * children beyond the map's edge do not count). Reduced levels are built on first use, one level from the one
 * below, and cached per map snapshot and layer; the cache holds at most {@link #MAX_CACHED} pyramids, least
 * recently used dropped first, so replaced map versions fall out.
 *
 * <p>Memory: the reduced levels of one pyramid take about a third of the map's cell count in bytes (a 10,000²
 * map: ~33 MB per layer). Thread-safe (synchronized); the admin server runs it on one dedicated thread so that a
 * large reduction never blocks the admin event loop.
 */
public final class ViewTiles {
    /** Tile side, pixels. */
    public static final int TILE_SIZE = 256;
    /** Bytes of one tile. */
    public static final int TILE_BYTES = TILE_SIZE * TILE_SIZE;
    /** Pixel value beyond the map's edge. */
    public static final int EDGE = 255;
    /** Pyramids cached at most (map snapshot × layer). */
    static final int MAX_CACHED = 4;

    /** A tile layer. */
    public enum Layer {
        /** Terrain code of the cell (0 open, 1 wall, …). */
        TERRAIN(Terrain.WALL),
        /** 0 when not walkable, else {@code 1 + island mod 250}. */
        ISLANDS(0);

        private final int blocking;

        Layer(int blocking) {
            this.blocking = blocking;
        }

        /** The value that wins ties in a reduction. */
        public int blocking() {
            return blocking;
        }

        /** The layer of a wire name ({@code terrain}, {@code islands}), or null. */
        public static Layer of(String wire) {
            if ("terrain".equals(wire)) {
                return TERRAIN;
            }
            if ("islands".equals(wire)) {
                return ISLANDS;
            }
            return null;
        }
    }

    private record Key(GridMap map, Layer layer) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && k.map == map && k.layer == layer;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(map) * 31 + layer.hashCode();
        }
    }

    private final Map<Key, byte[][]> cache = new LinkedHashMap<>(8, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Key, byte[][]> eldest) {
            return size() > MAX_CACHED;
        }
    };

    /** Levels of a map: {@code max(1, ceil(log2(max(w, h) / 256)) + 1)}; the top level fits the map in one tile. */
    public static int levels(int width, int height) {
        int side = Math.max(width, height);
        int levels = 1;
        while ((long) TILE_SIZE << (levels - 1) < side) {
            levels++;
        }
        return levels;
    }

    /** Pixels per side of level {@code z} for a map side of {@code cells}: {@code ceil(cells / 2^z)}. */
    static int levelSide(int cells, int z) {
        return (int) (((long) cells + (1L << z) - 1) >> z);
    }

    /** Tiles per side of level {@code z} for a map side of {@code cells}. */
    public static int tiles(int cells, int z) {
        return (levelSide(cells, z) + TILE_SIZE - 1) / TILE_SIZE;
    }

    /** The level-0 value of a map cell in a layer. */
    static int cellValue(GridMap map, Layer layer, int cell) {
        if (layer == Layer.TERRAIN) {
            return map.terrain(cell);
        }
        int island = map.navGrid().island(cell);
        return island == 0 ? 0 : 1 + island % 250;
    }

    /**
     * The value of a reduced pixel from its children; {@code -1} marks a child beyond the map's edge. At least one
     * child is inside the map.
     */
    static int reduce(int a, int b, int c, int d, int blocking) {
        int best = -1;
        int bestCount = 0;
        int[] v = {a, b, c, d};
        for (int i = 0; i < 4; i++) {
            int x = v[i];
            if (x < 0) {
                continue;
            }
            int count = 0;
            for (int k = 0; k < 4; k++) {
                if (v[k] == x) {
                    count++;
                }
            }
            if (count > bestCount || (count == bestCount && better(x, best, blocking))) {
                best = x;
                bestCount = count;
            }
        }
        return best;
    }

    private static boolean better(int x, int current, int blocking) {
        if (x == current) {
            return false;
        }
        if (x == blocking) {
            return true;
        }
        return current != blocking && x < current;
    }

    /**
     * One tile. The caller has checked {@code 0 <= level < levels(...)} and the tile indices against
     * {@link #tiles}.
     *
     * @return {@link #TILE_BYTES} bytes, row-major from the tile's top-left pixel
     */
    public synchronized byte[] tile(GridMap map, Layer layer, int level, int tx, int ty) {
        int lw = levelSide(map.width(), level);
        int lh = levelSide(map.height(), level);
        byte[] levelData = level == 0 ? null : level(map, layer, level);
        byte[] out = new byte[TILE_BYTES];
        int x0 = tx * TILE_SIZE;
        int y0 = ty * TILE_SIZE;
        NavGrid grid = map.navGrid();
        for (int py = 0; py < TILE_SIZE; py++) {
            int y = y0 + py;
            int o = py * TILE_SIZE;
            for (int px = 0; px < TILE_SIZE; px++) {
                int x = x0 + px;
                int v;
                if (x >= lw || y >= lh) {
                    v = EDGE;
                } else if (levelData != null) {
                    v = levelData[y * lw + x] & 0xff;
                } else if (layer == Layer.TERRAIN) {
                    v = map.terrain(x, y);
                } else {
                    int island = grid.island(y * lw + x);
                    v = island == 0 ? 0 : 1 + island % 250;
                }
                out[o + px] = (byte) v;
            }
        }
        return out;
    }

    /** Reduced level {@code z >= 1}, built (with the levels below it) on first use. */
    private byte[] level(GridMap map, Layer layer, int z) {
        byte[][] levels = cache.computeIfAbsent(new Key(map, layer), k -> new byte[levels(map.width(),
                map.height())][]);
        for (int l = 1; l <= z; l++) {
            if (levels[l] == null) {
                levels[l] = reduceLevel(map, layer, l, levels[l - 1]);
            }
        }
        return levels[z];
    }

    /** Builds level {@code z} from level {@code z − 1} ({@code below}, or the map itself when {@code z == 1}). */
    static byte[] reduceLevel(GridMap map, Layer layer, int z, byte[] below) {
        int bw = levelSide(map.width(), z - 1);
        int bh = levelSide(map.height(), z - 1);
        int w = levelSide(map.width(), z);
        int h = levelSide(map.height(), z);
        byte[] out = new byte[w * h];
        int blocking = layer.blocking();
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                int cx = 2 * x;
                int cy = 2 * y;
                int a = child(map, layer, below, bw, bh, cx, cy);
                int b = child(map, layer, below, bw, bh, cx + 1, cy);
                int c = child(map, layer, below, bw, bh, cx, cy + 1);
                int d = child(map, layer, below, bw, bh, cx + 1, cy + 1);
                out[y * w + x] = (byte) reduce(a, b, c, d, blocking);
            }
        }
        return out;
    }

    private static int child(GridMap map, Layer layer, byte[] below, int bw, int bh, int x, int y) {
        if (x >= bw || y >= bh) {
            return -1;
        }
        if (below == null) {
            return cellValue(map, layer, y * bw + x);
        }
        return below[y * bw + x] & 0xff;
    }
}
