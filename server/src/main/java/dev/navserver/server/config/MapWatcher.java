package dev.navserver.server.config;

import dev.navserver.nav.io.MapLoader;
import dev.navserver.server.world.file.WorldFiles;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * Reports map files created or changed in {@code maps.dir}, on its own daemon thread, after a debounce; loading and
 * validating them is the listener's job. A map file is a regular, non-hidden file, not an editor backup or temporary
 * file, whose name ends in {@code .map} or {@code .map.gz} or whose first line (after gzip decompression when it
 * starts with the gzip magic bytes) is a map header ({@code startpos=...}, or {@code type ...} when compressed); see
 * {@link #isMapFile}. Deleted files are not reported: a loaded map stays loaded. Thread-safe to start and close.
 */
public final class MapWatcher implements AutoCloseable {
    /** Quiet time after the last write before a map file is reported; maps are larger and written in chunks. */
    public static final Duration DEFAULT_DEBOUNCE = Duration.ofMillis(500);

    private final DirectoryWatcher watcher;

    /**
     * @param mapsDir  the directory to watch (not recursive); must exist at {@link #start()}
     * @param listener receives the absolute path of each created or changed map file, on the watcher thread
     */
    public MapWatcher(Path mapsDir, Consumer<Path> listener) {
        this(mapsDir, listener, DEFAULT_DEBOUNCE, ConfigReloader.DEFAULT_RESCAN);
    }

    /** As {@link #MapWatcher(Path, Consumer)} with explicit debounce and fallback rescan periods. */
    public MapWatcher(Path mapsDir, Consumer<Path> listener, Duration debounce, Duration rescan) {
        this.watcher = new DirectoryWatcher(mapsDir, MapWatcher::isMapFile, debounce, rescan, listener,
                "navserver-map-watcher");
    }

    /**
     * Watches map files and world files ({@code <map>.world.yaml}, {@link WorldFiles#isWorldFile}) of one directory.
     *
     * @param worldFileListener receives the map name of each created or changed world file, on the watcher thread
     */
    public MapWatcher(Path mapsDir, Consumer<Path> listener, Consumer<String> worldFileListener) {
        this.watcher = new DirectoryWatcher(mapsDir, f -> WorldFiles.isWorldFile(f) || isMapFile(f), DEFAULT_DEBOUNCE,
                ConfigReloader.DEFAULT_RESCAN, f -> {
                    if (WorldFiles.isWorldFile(f)) {
                        worldFileListener.accept(WorldFiles.mapNameOf(f));
                    } else {
                        listener.accept(f);
                    }
                }, "navserver-map-watcher");
    }

    /**
     * Records the files present now as the baseline and starts watching.
     *
     * @throws IOException if the directory cannot be watched
     */
    public void start() throws IOException {
        watcher.start();
    }

    /** Stops watching. Idempotent. */
    @Override
    public void close() {
        watcher.close();
    }

    /**
     * Whether {@code file} looks like a map: regular, not hidden, not a backup ({@code ~}, {@code .bak}, {@code .swp},
     * {@code .tmp}, {@code .part}), and either named {@code *.map} or {@code *.map.gz}, or starting with
     * {@code startpos=} (NavExport), or gzip-compressed with a map header on its first line
     * ({@link MapLoader#detect}). Reads at most the first 64 bytes of a plain file.
     */
    public static boolean isMapFile(Path file) {
        String name = file.getFileName().toString();
        String lower = name.toLowerCase(Locale.ROOT);
        if (name.startsWith(".") || name.endsWith("~") || lower.endsWith(".bak") || lower.endsWith(".swp")
                || lower.endsWith(".tmp") || lower.endsWith(".part") || !Files.isRegularFile(file)) {
            return false;
        }
        if (lower.endsWith(".map") || lower.endsWith(".map.gz")) {
            return true;
        }
        try {
            if (MapLoader.isGzip(file)) {
                return MapLoader.detect(file).isPresent();
            }
        } catch (IOException e) {
            return false;
        }
        byte[] head = new byte[64];
        int n = 0;
        try (InputStream in = Files.newInputStream(file)) {
            for (int r; n < head.length && (r = in.read(head, n, head.length - n)) > 0; ) {
                n += r;
            }
        } catch (IOException e) {
            return false;
        }
        String text = new String(head, 0, n, StandardCharsets.UTF_8);
        if (text.startsWith("\uFEFF")) {
            text = text.substring(1);
        }
        return text.stripLeading().startsWith("startpos=");
    }
}
