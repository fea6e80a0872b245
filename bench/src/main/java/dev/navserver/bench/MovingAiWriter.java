package dev.navserver.bench;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.zip.GZIPOutputStream;

/**
 * Writes a generated map as a Moving AI {@code .map} file ({@code type octile} header, {@code \n} line ends), one row
 * at a time as {@link MapGenerator.Rows} produces them. Stateless; thread-safe.
 */
final class MovingAiWriter {
    private MovingAiWriter() {
    }

    /** Writes header and rows to {@code out}; flushed, not closed. */
    static void write(MapGenerator.Rows rows, int width, int height, OutputStream out) throws IOException {
        out.write(("type octile\nheight " + height + "\nwidth " + width + "\nmap\n").getBytes(StandardCharsets.US_ASCII));
        byte[] row = new byte[width + 1];
        row[width] = '\n';
        for (int r = 0; r < height; r++) {
            rows.next(row);
            out.write(row);
        }
        out.flush();
    }

    /** Writes the map to a file, gzip-compressed when its name ends in {@code .gz}. */
    static void write(MapGenerator.Rows rows, int width, int height, Path file) throws IOException {
        boolean gz = file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".gz");
        try (OutputStream raw = Files.newOutputStream(file);
                OutputStream out = gz ? new GZIPOutputStream(raw, 1 << 16) : new BufferedOutputStream(raw, 1 << 16)) {
            write(rows, width, height, gz ? new BufferedOutputStream(out, 1 << 16) : out);
        }
    }
}
