package dev.navserver.nav.io;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.Terrain;
import dev.navserver.nav.grid.WorldTransform;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;

/**
 * The Unity NavExport layout format (what a Unity editor script exports from a baked NavMesh):
 * <pre>
 * startpos=(-30.0, 0.0, 30.0)
 * height=60
 * wide=60
 * accuracy=1
 * {1,1,0,1,...,},
 * </pre>
 * The four header keys are required, once each, in any order, before the first row. {@code startpos} is the world
 * position (metres) of row 0, column 0's centre; {@code height} is the number of rows, {@code wide} the number of
 * columns, {@code accuracy} the cell side in metres (finite, {@code > 0}). Row 0 lies at {@code startpos.z} and
 * rows advance toward -z; columns advance toward +x; the map's transform is
 * {@code new WorldTransform(x, y, z, accuracy)}. Each row is an opening brace, comma-separated values and a closing
 * brace, as in {@code {1,0,1,},}; the trailing commas inside and after the braces are optional. {@code 1} is
 * {@link Terrain#OPEN}, {@code 0}
 * {@link Terrain#WALL}. Tolerated: spaces around keys, values and commas, CRLF or CR line ends, a UTF-8 byte order
 * mark, blank lines. Rows and values in error messages count from 1, as in the file.
 *
 * <p>Stateless and thread-safe.
 */
public final class NavExportFormat {
    private static final String[] KEYS = {"startpos", "height", "wide", "accuracy"};

    private NavExportFormat() {
    }

    /** Whether {@code key} is one of this format's header keys. */
    static boolean isHeaderKey(String key) {
        return keyIndex(key) >= 0;
    }

    /**
     * Parses a whole map from {@code lines} ({@link MapFormat#parse(String, String, Reader, MapLimits)}).
     *
     * @param sourceBytes size of the uncompressed file in bytes, or -1 when unknown: a header promising more rows
     *                    than that many bytes can hold is refused before the map is allocated
     */
    static GridMap parse(String name, LineReader lines, String sourceName, MapLimits limits, long sourceBytes)
            throws IOException {
        int[] keyLine = new int[KEYS.length];
        double[] start = null;
        int height = -1;
        int width = -1;
        double accuracy = Double.NaN;
        String[] problem = new String[1];
        String line;
        while (true) {
            // once all four keys are in, the next line must be the first row: allow a row's length
            boolean headerDone = keyLine[0] != 0 && keyLine[1] != 0 && keyLine[2] != 0 && keyLine[3] != 0;
            line = lines.nextNonBlank(headerDone ? rowChars(width) : Text.MAX_HEADER_CHARS);
            int ln = lines.lineNumber();
            if (line == null) {
                boolean empty = keyLine[0] + keyLine[1] + keyLine[2] + keyLine[3] == 0;
                throw empty ? fail(sourceName, 1, "empty file, expected 'startpos=(x, y, z)'")
                        : fail(sourceName, ln + 1, "file ends before the first row");
            }
            String s = line.strip();
            if (s.startsWith("{")) {
                break;
            }
            int eq = s.indexOf('=');
            if (eq < 0) {
                throw fail(sourceName, ln, "expected a 'key=value' header line or a '{' row, got " + Text.quote(s));
            }
            String key = s.substring(0, eq).strip();
            String value = s.substring(eq + 1).strip();
            int k = keyIndex(key);
            if (k < 0) {
                throw fail(sourceName, ln, "unknown header key " + Text.quote(key)
                        + ", expected startpos, height, wide or accuracy");
            }
            if (keyLine[k] != 0) {
                throw fail(sourceName, ln, "duplicate header key '" + key + "' (first on line " + keyLine[k] + ")");
            }
            keyLine[k] = ln;
            switch (k) {
                case 0 -> {
                    start = startpos(value);
                    if (start == null) {
                        throw fail(sourceName, ln, "startpos must be (x, y, z) with three finite numbers, got "
                                + Text.quote(value));
                    }
                }
                case 1, 2 -> {
                    int v = Text.dimension(key, value, limits.maxCells(), problem);
                    if (v < 0) {
                        throw fail(sourceName, ln, problem[0]);
                    }
                    if (k == 1) {
                        height = v;
                    } else {
                        width = v;
                    }
                }
                default -> {
                    accuracy = Text.finiteDecimal(value);
                    if (!(accuracy > 0)) {
                        throw fail(sourceName, ln, "accuracy must be a finite number > 0, got " + Text.quote(value));
                    }
                }
            }
        }
        int firstRowLine = lines.lineNumber();
        for (int k = 0; k < KEYS.length; k++) {
            if (keyLine[k] == 0) {
                throw fail(sourceName, firstRowLine, "missing header key '" + KEYS[k] + "' before the first row");
            }
        }
        String tooBig = limits.problem(width, height);
        if (tooBig != null) {
            throw fail(sourceName, Math.max(keyLine[1], keyLine[2]), tooBig);
        }
        long minRowBytes = (long) height * (2L * width + 1) + height - 1;
        if (sourceBytes >= 0 && minRowBytes > sourceBytes) {
            throw fail(sourceName, Math.max(keyLine[1], keyLine[2]), "map of " + width + " x " + height
                    + " needs at least " + minRowBytes + " bytes of rows, the file has only " + sourceBytes
                    + " bytes (truncated?)");
        }

        byte[] terrain = new byte[width * height];
        int maxChars = rowChars(width);
        for (int r = 0; r < height; r++) {
            if (r > 0) {
                line = lines.nextNonBlank(maxChars);
                if (line == null) {
                    throw fail(sourceName, lines.lineNumber() + 1, "file ends after " + r + " of " + height + " rows");
                }
            }
            String err = row(line.strip(), r, width, terrain);
            if (err != null) {
                throw fail(sourceName, lines.lineNumber(), err);
            }
        }
        line = lines.nextNonBlank(maxChars);
        if (line != null) {
            throw fail(sourceName, lines.lineNumber(), "too many rows: expected " + height);
        }
        return new GridMap(name, width, height, new WorldTransform(start[0], start[1], start[2], accuracy), terrain);
    }

    /** Parses one stripped row line into {@code terrain[r * width ..]}; returns the problem, or null. */
    private static String row(String s, int r, int width, byte[] terrain) {
        String rowName = "row " + (r + 1);
        if (!s.startsWith("{")) {
            return rowName + " must start with '{', got " + Text.quote(s);
        }
        int close = s.lastIndexOf('}');
        if (close < 0) {
            return rowName + " is not closed with '}'";
        }
        String after = s.substring(close + 1).strip();
        if (!after.isEmpty() && !after.equals(",")) {
            return "unexpected " + Text.quote(after) + " after '}' in " + rowName;
        }
        int base = r * width;
        int count = 0;
        int i = 1;
        while (true) {
            while (i < close && isSpace(s.charAt(i))) {
                i++;
            }
            if (i == close) {
                break; // end of row, possibly after a trailing comma
            }
            int startOfValue = i;
            while (i < close && s.charAt(i) != ',' && !isSpace(s.charAt(i))) {
                i++;
            }
            String value = s.substring(startOfValue, i);
            while (i < close && isSpace(s.charAt(i))) {
                i++;
            }
            if (i < close && s.charAt(i) != ',') {
                return rowName + " value " + (count + 1) + " is " + Text.quote(s.substring(startOfValue, i + 1).strip())
                        + ", expected 0 or 1";
            }
            if (value.isEmpty()) {
                return rowName + " has an empty value at position " + (count + 1);
            }
            if (!value.equals("0") && !value.equals("1")) {
                return rowName + " value " + (count + 1) + " is " + Text.quote(value) + ", expected 0 or 1";
            }
            if (count < width) {
                terrain[base + count] = value.charAt(0) == '1' ? Terrain.OPEN : Terrain.WALL;
            }
            count++;
            if (i < close) {
                i++; // the comma
            }
        }
        if (count != width) {
            return rowName + " has " + count + " values, expected " + width;
        }
        return null;
    }

    /** Longest row line accepted: room for a value, a comma and spaces per column. */
    private static int rowChars(int width) {
        return (int) Math.min(8L * width + 1024, Integer.MAX_VALUE - 16);
    }

    private static boolean isSpace(char c) {
        return c == ' ' || c == '\t';
    }

    /** Parses "(x, y, z)" or "x, y, z"; null when malformed or not finite. */
    private static double[] startpos(String value) {
        String v = value;
        if (v.startsWith("(") || v.endsWith(")")) {
            if (!v.startsWith("(") || !v.endsWith(")") || v.length() < 2) {
                return null;
            }
            v = v.substring(1, v.length() - 1);
        }
        String[] parts = v.split(",", -1);
        if (parts.length != 3) {
            return null;
        }
        double[] p = new double[3];
        for (int i = 0; i < 3; i++) {
            p[i] = Text.finiteDecimal(parts[i].strip());
            if (Double.isNaN(p[i])) {
                return null;
            }
        }
        return p;
    }

    private static int keyIndex(String key) {
        for (int k = 0; k < KEYS.length; k++) {
            if (KEYS[k].equals(key)) {
                return k;
            }
        }
        return -1;
    }

    /**
     * Writes a map in this format with {@code \n} line ends. A cell is written {@code 1} when it is passable under
     * {@link dev.navserver.nav.grid.MoveLayer#DEFAULT} and {@code 0} otherwise, so terrain classes other than open
     * and wall are reduced to walkability. {@code startpos} and {@code accuracy} come from the map's transform and
     * are written so that they parse back to the same doubles.
     *
     * @throws IOException from the writer
     */
    public static void write(GridMap map, Writer out) throws IOException {
        WorldTransform t = map.transform();
        out.write("startpos=(" + t.originX() + ", " + t.originY() + ", " + t.originZ() + ")\n");
        out.write("height=" + map.height() + "\n");
        out.write("wide=" + map.width() + "\n");
        out.write("accuracy=" + Text.number(t.cellSize()) + "\n");
        int w = map.width();
        char[] row = new char[2 * w + 3];
        row[0] = '{';
        row[2 * w + 1] = '}';
        row[2 * w + 2] = ',';
        for (int r = 0; r < map.height(); r++) {
            for (int c = 0; c < w; c++) {
                row[1 + 2 * c] = map.walkable(c, r) ? '1' : '0';
                row[2 + 2 * c] = ',';
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
