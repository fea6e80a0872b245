package dev.navserver.nav.io;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.Terrain;
import dev.navserver.nav.grid.WorldTransform;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.util.Arrays;

/**
 * The Moving AI benchmark {@code .map} format:
 * <pre>
 * type octile
 * height H
 * width W
 * map
 * (H rows of W symbols)
 * </pre>
 * {@code height} and {@code width} may come in either order after {@code type}. Symbols: {@code . G} open,
 * {@code S} swamp, {@code T} trees, {@code W} water, {@code @ O} wall (see {@link Terrain}). Maps load with
 * {@link WorldTransform#UNIT}. Tolerated: CRLF or CR line ends, a UTF-8 byte order mark, blank lines, trailing
 * whitespace on any line. Rows and columns in error messages count from 1, as in the file.
 *
 * <p>Stateless and thread-safe.
 */
public final class MovingAiFormat {
    private static final byte[] SYMBOL_TERRAIN = new byte[128];
    private static final char[] TERRAIN_SYMBOL = new char[Terrain.COUNT];

    static {
        Arrays.fill(SYMBOL_TERRAIN, (byte) -1);
        SYMBOL_TERRAIN['.'] = Terrain.OPEN;
        SYMBOL_TERRAIN['G'] = Terrain.OPEN;
        SYMBOL_TERRAIN['S'] = Terrain.SWAMP;
        SYMBOL_TERRAIN['T'] = Terrain.TREES;
        SYMBOL_TERRAIN['W'] = Terrain.WATER;
        SYMBOL_TERRAIN['@'] = Terrain.WALL;
        SYMBOL_TERRAIN['O'] = Terrain.WALL;
        TERRAIN_SYMBOL[Terrain.OPEN] = '.';
        TERRAIN_SYMBOL[Terrain.SWAMP] = 'S';
        TERRAIN_SYMBOL[Terrain.TREES] = 'T';
        TERRAIN_SYMBOL[Terrain.WATER] = 'W';
        TERRAIN_SYMBOL[Terrain.WALL] = '@';
    }

    private MovingAiFormat() {
    }

    /**
     * Parses a whole map from {@code lines} ({@link MapFormat#parse(String, String, Reader, MapLimits)}).
     *
     * @param sourceBytes size of the uncompressed file in bytes, or -1 when unknown: a header promising more rows
     *                    than that many bytes can hold is refused before the map is allocated
     */
    static GridMap parse(String name, LineReader lines, String sourceName, MapLimits limits, long sourceBytes)
            throws IOException {
        String line = lines.nextNonBlank(Text.MAX_HEADER_CHARS);
        if (line == null) {
            throw fail(sourceName, 1, "empty file, expected 'type octile'");
        }
        String[] t = line.strip().split("\\s+");
        if (!t[0].equals("type")) {
            throw fail(sourceName, lines.lineNumber(), "expected 'type octile', got " + Text.quote(line.strip()));
        }
        if (t.length != 2 || !t[1].equals("octile")) {
            throw fail(sourceName, lines.lineNumber(), "unsupported map type " + Text.quote(line.strip())
                    + ", expected 'type octile'");
        }
        int height = -1;
        int width = -1;
        int heightLine = 0;
        int widthLine = 0;
        String[] problem = new String[1];
        while (true) {
            line = lines.nextNonBlank(Text.MAX_HEADER_CHARS);
            if (line == null) {
                throw fail(sourceName, lines.lineNumber() + 1, "file ends in the header, expected 'map'");
            }
            int ln = lines.lineNumber();
            t = line.strip().split("\\s+");
            String key = t[0];
            if (key.equals("map")) {
                if (t.length != 1) {
                    throw fail(sourceName, ln, "expected 'map' alone on its line, got " + Text.quote(line.strip()));
                }
                break;
            }
            switch (key) {
                case "type" -> throw fail(sourceName, ln, "duplicate header key 'type'");
                case "height", "width" -> {
                    int seen = key.equals("height") ? heightLine : widthLine;
                    if (seen != 0) {
                        throw fail(sourceName, ln, "duplicate header key '" + key + "' (first on line " + seen + ")");
                    }
                    if (t.length != 2) {
                        throw fail(sourceName, ln, "expected '" + key + " N', got " + Text.quote(line.strip()));
                    }
                    int v = Text.dimension(key, t[1], limits.maxCells(), problem);
                    if (v < 0) {
                        throw fail(sourceName, ln, problem[0]);
                    }
                    if (key.equals("height")) {
                        height = v;
                        heightLine = ln;
                    } else {
                        width = v;
                        widthLine = ln;
                    }
                }
                default -> throw fail(sourceName, ln, "unknown header key " + Text.quote(key)
                        + ", expected 'height', 'width' or 'map'");
            }
        }
        int mapLine = lines.lineNumber();
        if (heightLine == 0) {
            throw fail(sourceName, mapLine, "missing header key 'height' before 'map'");
        }
        if (widthLine == 0) {
            throw fail(sourceName, mapLine, "missing header key 'width' before 'map'");
        }
        String tooBig = limits.problem(width, height);
        if (tooBig != null) {
            throw fail(sourceName, Math.max(heightLine, widthLine), tooBig);
        }
        long minRowBytes = (long) width * height + height - 1;
        if (sourceBytes >= 0 && minRowBytes > sourceBytes) {
            throw fail(sourceName, Math.max(heightLine, widthLine), "map of " + width + " x " + height
                    + " needs at least " + minRowBytes + " bytes of rows, the file has only " + sourceBytes
                    + " bytes (truncated?)");
        }

        byte[] terrain = new byte[width * height];
        int maxChars = width + 1024;
        for (int r = 0; r < height; r++) {
            line = lines.nextNonBlank(maxChars);
            if (line == null) {
                throw fail(sourceName, lines.lineNumber() + 1, "file ends after " + r + " of " + height + " rows");
            }
            int ln = lines.lineNumber();
            String row = line.stripTrailing();
            for (int c = 0; c < row.length() && c < width; c++) {
                char ch = row.charAt(c);
                byte tc = ch < 128 ? SYMBOL_TERRAIN[ch] : -1;
                if (tc < 0) {
                    throw fail(sourceName, ln, "unknown symbol " + Text.quote(ch) + " at column " + (c + 1)
                            + " of row " + (r + 1));
                }
                terrain[r * width + c] = tc;
            }
            if (row.length() != width) {
                throw fail(sourceName, ln, "row " + (r + 1) + " has " + row.length() + " symbols, expected " + width);
            }
        }
        line = lines.nextNonBlank(maxChars);
        if (line != null) {
            throw fail(sourceName, lines.lineNumber(), "too many rows: expected " + height);
        }
        return new GridMap(name, width, height, WorldTransform.UNIT, terrain);
    }

    /**
     * Writes a map in this format with {@code \n} line ends. The world transform is not part of the format and is
     * not written.
     *
     * @throws IllegalArgumentException when the map holds a terrain class without a Moving AI symbol (e.g. hill)
     * @throws IOException              from the writer
     */
    public static void write(GridMap map, Writer out) throws IOException {
        int w = map.width();
        int h = map.height();
        char[] row = new char[w];
        for (int i = 0; i < w * h; i++) {
            if (TERRAIN_SYMBOL[map.terrain(i)] == 0) {
                throw new IllegalArgumentException("terrain " + Terrain.name(map.terrain(i)) + " at cell " + i
                        + " has no Moving AI symbol");
            }
        }
        out.write("type octile\nheight " + h + "\nwidth " + w + "\nmap\n");
        for (int r = 0; r < h; r++) {
            for (int c = 0; c < w; c++) {
                row[c] = TERRAIN_SYMBOL[map.terrain(c, r)];
            }
            out.write(row);
            out.write('\n');
        }
        out.flush();
    }

    private static MapFormatException fail(String sourceName, int line, String problem) {
        return new MapFormatException(sourceName, line, problem);
    }
}
