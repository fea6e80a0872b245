package dev.navserver.server.cluster;

import dev.navserver.nav.io.MapLoader;
import dev.navserver.server.config.MapWatcher;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The map files of a {@code maps.dir} by map name, listed again at most once per {@link #RESCAN_NANOS}: every
 * cluster node and the directory know the same names. Thread-safe.
 */
public final class MapFiles {
    private static final Logger LOG = LoggerFactory.getLogger(MapFiles.class);
    static final long RESCAN_NANOS = 1_000_000_000L;

    private final Path dir;
    private volatile Map<String, Path> files = Map.of();
    private volatile long listedNanos;
    private volatile boolean listed;

    public MapFiles(Path dir) {
        this.dir = dir;
    }

    /** Map name to file, sorted by name; the last good listing when the directory cannot be read. */
    public synchronized Map<String, Path> files() {
        long now = System.nanoTime();
        if (listed && now - listedNanos < RESCAN_NANOS) {
            return files;
        }
        Map<String, Path> out = new TreeMap<>();
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir)) {
            for (Path f : s) {
                if (Files.isRegularFile(f) && MapWatcher.isMapFile(f)) {
                    out.putIfAbsent(MapLoader.mapName(f), f);
                }
            }
            files = java.util.Collections.unmodifiableMap(out);
        } catch (IOException e) {
            LOG.warn("cannot list the maps directory {}: {}", dir, e.getMessage());
        }
        listed = true;
        listedNanos = now;
        return files;
    }
}
