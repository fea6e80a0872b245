package dev.navserver.nav.io;

import dev.navserver.nav.grid.GridMap;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Loads a map in either supported format, recognised by content whatever the file's extension: a first non-blank
 * line {@code type ...} is {@link MapFormat#MOVING_AI}, {@code startpos=...} (or another NavExport header key) is
 * {@link MapFormat#NAV_EXPORT}. Files are read as UTF-8; bytes that are not UTF-8 become {@code U+FFFD} and are
 * reported as unknown symbols.
 *
 * <p>Stateless and thread-safe. A malformed file fails with {@link MapFormatException} and yields no map.
 */
public final class MapLoader {
    private MapLoader() {
    }

    /**
     * Loads a map file. The map is named after the file without its extension ({@code maps/arena.txt} is
     * {@code arena}); error messages name the file as {@code file.toString()}.
     *
     * @throws MapFormatException when the file is in neither format or malformed
     * @throws IOException        when the file cannot be read
     */
    public static GridMap load(Path file) throws IOException {
        try (Reader in = new InputStreamReader(Files.newInputStream(file), StandardCharsets.UTF_8)) {
            return parse(mapName(file), file.toString(), in);
        }
    }

    /**
     * Parses a map from text in either format.
     *
     * @param name       the map's name
     * @param sourceName file name used in error messages
     * @param in         the text; read to the end, not closed
     * @throws MapFormatException when the text is in neither format or malformed
     * @throws IOException        when reading fails
     */
    public static GridMap parse(String name, String sourceName, Reader in) throws IOException {
        LineReader lines = new LineReader(in, (line, problem) -> new MapFormatException(sourceName, line, problem));
        String first = lines.nextNonBlank(Text.MAX_HEADER_CHARS);
        if (first == null) {
            throw new MapFormatException(sourceName, 1, "empty file, not a map");
        }
        MapFormat format = MapFormat.ofFirstLine(first);
        if (format == null) {
            throw new MapFormatException(sourceName, lines.lineNumber(), "not a map: expected 'type octile' "
                    + "(Moving AI) or 'startpos=(x, y, z)' (NavExport), got " + Text.quote(first.strip()));
        }
        lines.pushBack();
        return switch (format) {
            case MOVING_AI -> MovingAiFormat.parse(name, lines, sourceName);
            case NAV_EXPORT -> NavExportFormat.parse(name, lines, sourceName);
        };
    }

    /**
     * The format a file announces on its first non-blank line, without parsing the rest; empty when it announces
     * neither (e.g. a README next to the maps).
     *
     * @throws IOException when the file cannot be read
     */
    public static Optional<MapFormat> detect(Path file) throws IOException {
        try (Reader in = new InputStreamReader(Files.newInputStream(file), StandardCharsets.UTF_8)) {
            LineReader lines = new LineReader(in, (line, problem) -> new MapFormatException(file.toString(), line,
                    problem));
            String first;
            try {
                first = lines.nextNonBlank(Text.MAX_HEADER_CHARS);
            } catch (MapFormatException e) {
                return Optional.empty();
            }
            return first == null ? Optional.empty() : Optional.ofNullable(MapFormat.ofFirstLine(first));
        }
    }

    /** A map's name: the file name without its last extension ({@code arena.txt} is {@code arena}). */
    public static String mapName(Path file) {
        Path fn = file.getFileName();
        String s = fn == null ? file.toString() : fn.toString();
        int dot = s.lastIndexOf('.');
        return dot > 0 ? s.substring(0, dot) : s;
    }
}
