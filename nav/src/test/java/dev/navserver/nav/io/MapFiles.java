package dev.navserver.nav.io;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** What the map-file tests share: one small map in both text formats, limits that refuse nothing, a file writer. */
final class MapFiles {
    /** A 3 x 2 map with a wall at (2, 0), Moving AI format. */
    static final String MOVING_AI = "type octile\nheight 2\nwidth 3\nmap\n..@\n...\n";
    /** The same map in the navigation-export format, cells of 0.5 m from world (-1, 1). */
    static final String NAV_EXPORT = "startpos=(-1.0, 0.0, 1.0)\nheight=2\nwide=3\naccuracy=0.5\n"
            + "{1,1,0,},\n{1,1,1,},\n";
    /** The default cell limit with a heap too large to refuse anything: size errors stay independent of -Xmx. */
    static final MapLimits ROOMY = MapLimits.DEFAULT.withMemory(MapLimits.FreeMemory.fixed(Long.MAX_VALUE));

    private MapFiles() {
    }

    /** Writes {@code bytes} to {@code dir/fileName}. */
    static Path write(Path dir, String fileName, byte[] bytes) throws IOException {
        return Files.write(dir.resolve(fileName), bytes);
    }

    /** Writes {@code text} in UTF-8 to {@code dir/fileName}. */
    static Path write(Path dir, String fileName, String text) throws IOException {
        return write(dir, fileName, text.getBytes(StandardCharsets.UTF_8));
    }
}
