package dev.navserver.server.net;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.io.MapFormatException;
import dev.navserver.nav.io.MapLoader;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The loaded maps by name (file name without extension). Maps are immutable; replacing one publishes a new
 * {@link GridMap} atomically. Every published map gets a <em>version</em>: 1 for the first map of a name, +1 for
 * each reload of that name (the live viewer's map version). Thread-safe.
 */
public final class MapRegistry {
    private static final Logger LOG = LoggerFactory.getLogger(MapRegistry.class);

    private final Map<String, GridMap> maps = new ConcurrentHashMap<>();
    /** Version of each published map (identity keys; replaced maps are forgotten once unreachable). */
    private final Map<GridMap, Long> versions = new WeakHashMap<>();
    /** Last version given per name; guarded by {@link #versions}. */
    private final Map<String, Long> lastVersion = new HashMap<>();

    /**
     * Loads every NavExport layout or Moving AI {@code .map} file directly in {@code dir} (not sub-directories).
     * A file that fails to load is logged and skipped; the others load.
     *
     * @return the number of maps loaded
     * @throws IOException when the directory cannot be listed
     */
    public int loadDirectory(Path dir) throws IOException {
        int loaded = 0;
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
            for (Path file : files) {
                if (!Files.isRegularFile(file) || !dev.navserver.server.config.MapWatcher.isMapFile(file)) {
                    continue;
                }
                try {
                    put(MapLoader.load(file));
                    loaded++;
                } catch (MapFormatException e) {
                    LOG.warn("map rejected: {}", e.getMessage());
                }
            }
        }
        return loaded;
    }

    /** Loads one map file, validated in full before it replaces a map of the same name. */
    public GridMap load(Path file) throws IOException {
        GridMap map = MapLoader.load(file);
        put(map);
        return map;
    }

    /** Publishes a map under its name, replacing any map of that name. */
    public void put(GridMap map) {
        synchronized (versions) {
            long v = lastVersion.merge(map.name(), 1L, Long::sum);
            versions.put(map, v);
        }
        GridMap old = maps.put(map.name(), map);
        LOG.info("map {} {}: {}x{} cells, cell {} m, origin ({}, {}, {}), {} islands", old == null ? "loaded" : "reloaded",
                map.name(), map.width(), map.height(), map.transform().cellSize(), map.transform().originX(),
                map.transform().originY(), map.transform().originZ(), map.navGrid().islandCount());
    }

    /** The map of that name, or null. */
    public GridMap get(String name) {
        return maps.get(name);
    }

    /**
     * Version of a published map: 1 for the first map of its name, +1 per reload. A map this registry never
     * published (tests that build worlds by hand) is version 1.
     */
    public long version(GridMap map) {
        synchronized (versions) {
            Long v = versions.get(map);
            return v == null ? 1 : v;
        }
    }

    /** The current maps, sorted by name. */
    public List<GridMap> all() {
        List<GridMap> out = new ArrayList<>(maps.values());
        out.sort(Comparator.comparing(GridMap::name));
        return out;
    }

    /** Names and sizes, sorted by name, for status pages. */
    public Map<String, String> describe() {
        Map<String, String> out = new TreeMap<>();
        maps.forEach((name, m) -> out.put(name, m.width() + "x" + m.height()));
        return out;
    }

    public int size() {
        return maps.size();
    }
}
