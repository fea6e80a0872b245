package dev.navserver.nav.io;

import dev.navserver.nav.grid.GridMap;
import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/**
 * Loads a map in either supported format, recognised by content whatever the file's extension: a first non-blank
 * line {@code type ...} is {@link MapFormat#MOVING_AI}, {@code startpos=...} (or another NavExport header key) is
 * {@link MapFormat#NAV_EXPORT}. Files are read as UTF-8; bytes that are not UTF-8 become {@code U+FFFD} and are
 * reported as unknown symbols.
 *
 * <p><b>gzip.</b> A file starting with the gzip magic bytes {@code 1f 8b} is decompressed while it is parsed
 * (streaming: the decompressed text is never held whole), whatever its name ({@code .map.gz}, {@code .txt.gz} or
 * none). Truncated or corrupt compressed data fails with a {@link MapFormatException} reading
 * {@code file: gzip data ...}.
 *
 * <p><b>Limits.</b> The header's dimensions are checked against {@link MapLimits} (cell limit and estimated heap)
 * before the map's arrays are allocated; a refused map fails with a {@link MapFormatException} on the header line.
 * So does a plain file too short to hold the rows its header promises (a gzip file's size says nothing: a
 * truncated one fails where its text ends).
 *
 * <p>Stateless and thread-safe. A malformed or refused file fails with {@link MapFormatException} and yields no map.
 */
public final class MapLoader {
    private static final int GZIP_BUFFER_BYTES = 1 << 16;

    private MapLoader() {
    }

    /** {@link #load(Path, MapLimits)} with {@link MapLimits#DEFAULT}. */
    public static GridMap load(Path file) throws IOException {
        return load(file, MapLimits.DEFAULT);
    }

    /**
     * Loads a map file, plain or gzip-compressed. The map is named after the file without {@code .gz} and its
     * extension ({@code maps/arena.txt} and {@code maps/arena.map.gz} are {@code arena}); error messages name the
     * file as {@code file.toString()}.
     *
     * @param limits largest map accepted and the heap it may take
     * @throws MapFormatException when the file is in neither format, malformed, badly compressed or refused by
     *                            {@code limits}
     * @throws IOException        when the file cannot be read
     */
    public static GridMap load(Path file, MapLimits limits) throws IOException {
        long sourceBytes = isGzip(file) ? -1 : Files.size(file);
        try (Reader in = openText(file)) {
            return parse(mapName(file), file.toString(), in, limits, sourceBytes);
        }
    }

    /** {@link #parse(String, String, Reader, MapLimits)} with {@link MapLimits#DEFAULT}. */
    public static GridMap parse(String name, String sourceName, Reader in) throws IOException {
        return parse(name, sourceName, in, MapLimits.DEFAULT);
    }

    /**
     * Parses a map from text in either format.
     *
     * @param name       the map's name
     * @param sourceName file name used in error messages
     * @param in         the text; read to the end, not closed
     * @param limits     largest map accepted and the heap it may take
     * @throws MapFormatException when the text is in neither format, malformed or refused by {@code limits}
     * @throws IOException        when reading fails
     */
    public static GridMap parse(String name, String sourceName, Reader in, MapLimits limits) throws IOException {
        return parse(name, sourceName, in, limits, -1);
    }

    private static GridMap parse(String name, String sourceName, Reader in, MapLimits limits, long sourceBytes)
            throws IOException {
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
        return format.parse(name, lines, sourceName, limits, sourceBytes);
    }

    /**
     * The format a file announces on its first non-blank line, without parsing the rest; empty when it announces
     * neither (e.g. a README next to the maps) or when its compression is broken before that line. gzip-compressed
     * files are looked into.
     *
     * @throws IOException when the file cannot be read
     */
    public static Optional<MapFormat> detect(Path file) throws IOException {
        try (Reader in = openText(file)) {
            LineReader lines = new LineReader(in, (line, problem) -> new MapFormatException(file.toString(), line,
                    problem));
            String first;
            try {
                first = lines.nextNonBlank(Text.MAX_HEADER_CHARS);
            } catch (MapFormatException e) {
                return Optional.empty();
            }
            return first == null ? Optional.empty() : Optional.ofNullable(MapFormat.ofFirstLine(first));
        } catch (MapFormatException e) {
            return Optional.empty();
        }
    }

    /** Whether a file starts with the gzip magic bytes {@code 1f 8b}. */
    public static boolean isGzip(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return in.read() == 0x1f && in.read() == 0x8b;
        }
    }

    /**
     * A map's name: the file name without a trailing {@code .gz} and then without its last extension
     * ({@code arena.txt} and {@code arena.map.gz} are {@code arena}).
     */
    public static String mapName(Path file) {
        Path fn = file.getFileName();
        String s = fn == null ? file.toString() : fn.toString();
        if (s.length() > 3 && s.toLowerCase(Locale.ROOT).endsWith(".gz")) {
            s = s.substring(0, s.length() - 3);
        }
        int dot = s.lastIndexOf('.');
        return dot > 0 ? s.substring(0, dot) : s;
    }

    /**
     * The file's text as UTF-8, decompressed on the fly when it starts with the gzip magic bytes. Compression
     * errors surface from the reader as {@link MapFormatException} {@code file: gzip data ...}.
     *
     * @throws IOException when the file cannot be opened, or its gzip header is broken
     */
    public static Reader openText(Path file) throws IOException {
        BufferedInputStream raw = new BufferedInputStream(Files.newInputStream(file), GZIP_BUFFER_BYTES);
        try {
            raw.mark(2);
            boolean gzip = raw.read() == 0x1f && raw.read() == 0x8b;
            raw.reset();
            InputStream in = gzip ? new CheckedGzipInputStream(raw, file.toString()) : raw;
            return new InputStreamReader(in, StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            raw.close();
            throw e;
        }
    }

    /** Decompresses gzip, reporting truncated or corrupt data as a {@link MapFormatException} naming the file. */
    private static final class CheckedGzipInputStream extends InputStream {
        private final InputStream raw;
        private final String file;
        private final GZIPInputStream gzip;

        CheckedGzipInputStream(InputStream raw, String file) throws IOException {
            this.raw = raw;
            this.file = file;
            try {
                this.gzip = new GZIPInputStream(raw, GZIP_BUFFER_BYTES);
            } catch (IOException e) {
                throw translate(e);
            }
        }

        @Override
        public int read() throws IOException {
            try {
                return gzip.read();
            } catch (IOException e) {
                throw translate(e);
            }
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            try {
                return gzip.read(b, off, len);
            } catch (IOException e) {
                throw translate(e);
            }
        }

        @Override
        public void close() throws IOException {
            try {
                gzip.close();
            } finally {
                raw.close();
            }
        }

        private IOException translate(IOException e) {
            if (e instanceof EOFException) {
                return new MapFormatException(file, 0, "gzip data is truncated (the file ends inside the "
                        + "compressed stream)");
            }
            if (e instanceof ZipException) {
                return new MapFormatException(file, 0, "gzip data is corrupt: " + e.getMessage());
            }
            return e;
        }
    }
}
