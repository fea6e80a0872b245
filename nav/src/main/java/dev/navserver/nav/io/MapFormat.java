package dev.navserver.nav.io;

import dev.navserver.nav.grid.GridMap;
import java.io.IOException;
import java.io.Reader;

/** The map file formats {@link MapLoader} reads, told apart by content. */
public enum MapFormat {
    /** Moving AI benchmark {@code .map}: first line {@code type octile}. */
    MOVING_AI,
    /** Unity NavExport layout: {@code key=value} header ({@code startpos=...}) then {@code {0,1,...},} rows. */
    NAV_EXPORT;

    /**
     * The format a file's first non-blank line announces: {@code type ...} is Moving AI; {@code startpos=},
     * {@code height=}, {@code wide=} or {@code accuracy=} is NavExport. Leading and trailing whitespace is ignored.
     *
     * @return the format, or null when the line announces neither
     */
    public static MapFormat ofFirstLine(String line) {
        String s = line.strip();
        if (s.equals("type") || s.startsWith("type ") || s.startsWith("type\t")) {
            return MOVING_AI;
        }
        int eq = s.indexOf('=');
        if (eq > 0) {
            String key = s.substring(0, eq).strip();
            if (NavExportFormat.isHeaderKey(key)) {
                return NAV_EXPORT;
            }
        }
        return null;
    }

    /**
     * Parses a whole map in this format.
     *
     * @param name       the map's name
     * @param sourceName file name used in error messages
     * @param in         the text; read to the end, not closed
     * @throws MapFormatException when the text is not a well-formed map of this format
     * @throws IOException        when reading fails
     */
    public GridMap parse(String name, String sourceName, Reader in) throws IOException {
        return parse(name, sourceName, in, MapLimits.DEFAULT);
    }

    /**
     * Parses a whole map in this format, refusing it on its header when {@code limits} do not admit its size.
     *
     * @param name       the map's name
     * @param sourceName file name used in error messages
     * @param in         the text; read to the end, not closed
     * @param limits     largest map accepted and the heap it may take
     * @throws MapFormatException when the text is malformed or the map is refused by {@code limits}
     * @throws IOException        when reading fails
     */
    public GridMap parse(String name, String sourceName, Reader in, MapLimits limits) throws IOException {
        return parse(name, new LineReader(in, (line, problem) -> new MapFormatException(sourceName, line, problem)),
                sourceName, limits, -1);
    }

    /**
     * @param sourceBytes size of the uncompressed file in bytes, or -1 when unknown: a header promising more rows
     *                    than that many bytes can hold is refused before the map is allocated
     */
    GridMap parse(String name, LineReader lines, String sourceName, MapLimits limits, long sourceBytes)
            throws IOException {
        return switch (this) {
            case MOVING_AI -> MovingAiFormat.parse(name, lines, sourceName, limits, sourceBytes);
            case NAV_EXPORT -> NavExportFormat.parse(name, lines, sourceName, limits, sourceBytes);
        };
    }
}
