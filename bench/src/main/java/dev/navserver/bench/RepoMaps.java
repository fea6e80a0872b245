package dev.navserver.bench;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.io.MapLoader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Loads the repository's bundled maps for benchmarks run from the repository or any folder below it. */
final class RepoMaps {
    private RepoMaps() {
    }

    /**
     * Loads {@code relative} (e.g. {@code maps/rooms512.map}) from the first of the working directory and its parents
     * that holds it.
     *
     * @throws IllegalStateException when none holds it
     * @throws UncheckedIOException  when the file cannot be read or parsed
     */
    static GridMap load(String relative) {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !Files.isRegularFile(dir.resolve(relative))) {
            dir = dir.getParent();
        }
        if (dir == null) {
            throw new IllegalStateException(relative + " not found from " + Path.of("").toAbsolutePath()
                    + " or its parents");
        }
        try {
            return MapLoader.load(dir.resolve(relative));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
