package dev.navserver.server.net;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.io.MapFormat;
import dev.navserver.nav.io.MapFormatException;
import dev.navserver.nav.io.MapLimits;
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
import java.util.Objects;
import java.util.TreeMap;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The loaded maps by name (file name without extension). Maps are immutable; replacing one publishes a new
 * {@link GridMap} atomically. Every published map gets a <em>version</em>: 1 for the first map of a name, +1 for
 * each reload of that name and +1 for each applied {@code map_edit} ({@link #publishEdit}). The map a file last
 * loaded is kept as the name's {@link #original} ({@code "terrain":"original"}); a reload drops every edit.
 *
 * <p>Thread-safe. Publishing holds this registry's monitor; so do {@code hello}s while they read the map and
 * register their session, so a session is either welcomed on the new version or present to receive its
 * {@code map_patch} (see {@link #onReload}).
 */
public final class MapRegistry {
    private static final Logger LOG = LoggerFactory.getLogger(MapRegistry.class);

    private final Map<String, GridMap> maps = new ConcurrentHashMap<>();
    /** Version of each published map (identity keys; replaced maps are forgotten once unreachable). */
    private final Map<GridMap, Long> versions = new WeakHashMap<>();
    /** Last version given per name; guarded by {@link #versions}. */
    private final Map<String, Long> lastVersion = new HashMap<>();
    /** The map each name's file last loaded: the terrain "original" restores. */
    private final Map<String, GridMap> originals = new ConcurrentHashMap<>();
    /** The format each name's file was last loaded from; absent for maps put without a file. */
    private final Map<String, MapFormat> formats = new ConcurrentHashMap<>();
    /** Told of each reload of a known name, under this registry's monitor; null for none. */
    private volatile BiConsumer<GridMap, Long> reloadListener;
    /** The limits each file load is checked against, read at every load (so a config reload applies). */
    private volatile Supplier<MapLimits> limits = () -> MapLimits.DEFAULT;

    /**
     * Sets the limits map files are loaded under ({@code maps.maxCells}, planner threads, free heap), read anew for
     * every file. Default {@link MapLimits#DEFAULT}.
     */
    public void limits(Supplier<MapLimits> source) {
        this.limits = Objects.requireNonNull(source, "source");
    }

    /**
     * Sets who hears of reloads (a file replacing a loaded map), e.g. to send {@code map_patch reset}. Called under
     * this registry's monitor right after the new map is published, on the reloading thread, with the map and its
     * version.
     */
    public void onReload(BiConsumer<GridMap, Long> listener) {
        this.reloadListener = listener;
    }

    /**
     * Loads every NavExport layout or Moving AI {@code .map} file, plain or gzip-compressed, directly in {@code dir}
     * (not sub-directories). A file that fails to load or is refused by the {@link #limits limits} is logged and
     * skipped; the others load.
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
                    put(MapLoader.load(file, limits.get()), MapLoader.detect(file).orElse(null));
                    loaded++;
                } catch (MapFormatException e) {
                    LOG.warn("map rejected: {}", e.getMessage());
                }
            }
        }
        return loaded;
    }

    /**
     * Loads one map file, validated in full and checked against the {@link #limits limits} before it replaces a map
     * of the same name; a failing or refused file leaves the current map in force.
     */
    public GridMap load(Path file) throws IOException {
        GridMap map = MapLoader.load(file, limits.get());
        put(map, MapLoader.detect(file).orElse(null));
        return map;
    }

    /**
     * Publishes a map read from its file under its name, replacing any map of that name and every edit of it; it
     * becomes the name's {@link #original}.
     */
    public synchronized void put(GridMap map) {
        put(map, null);
    }

    /**
     * {@link #put(GridMap)} remembering the format of the file the map was read from ({@link #sourceFormat}).
     *
     * @param format the file's format, or null when unknown
     */
    public synchronized void put(GridMap map, MapFormat format) {
        if (format == null) {
            formats.remove(map.name());
        } else {
            formats.put(map.name(), format);
        }
        long v = assignVersion(map);
        originals.put(map.name(), map);
        GridMap old = maps.put(map.name(), map);
        BiConsumer<GridMap, Long> listener = reloadListener;
        if (old != null && listener != null) {
            listener.accept(map, v);
        }
        LOG.info("map {} {}: {}x{} cells, cell {} m, origin ({}, {}, {}), {} islands", old == null ? "loaded" : "reloaded",
                map.name(), map.width(), map.height(), map.transform().cellSize(), map.transform().originX(),
                map.transform().originY(), map.transform().originZ(), map.navGrid().islandCount());
    }

    /**
     * Publishes an edited map, one version after {@code base}, if {@code base} is still the current map of its name.
     * The caller holds this registry's monitor from reading {@code base} until it has told the sessions, so that no
     * reload or {@code hello} falls in between.
     *
     * @param edited a map of the same name, size and transform as {@code base}
     * @return the new version
     * @throws IllegalStateException when {@code base} is no longer current or the caller does not hold the monitor
     */
    public long publishEdit(GridMap base, GridMap edited) {
        if (!Thread.holdsLock(this)) {
            throw new IllegalStateException("publishEdit needs the registry's monitor");
        }
        if (maps.get(base.name()) != base || !base.name().equals(edited.name())) {
            throw new IllegalStateException("map " + base.name() + " changed since it was read");
        }
        long v = assignVersion(edited);
        maps.put(edited.name(), edited);
        return v;
    }

    private long assignVersion(GridMap map) {
        synchronized (versions) {
            long v = lastVersion.merge(map.name(), 1L, Long::sum);
            versions.put(map, v);
            return v;
        }
    }

    /**
     * The format of the file the map of that name was last loaded from, or null when unknown (a map put without a
     * file). Edits keep it.
     */
    public MapFormat sourceFormat(String name) {
        return formats.get(name);
    }

    /** The map the file of that name last loaded (before any edit), or null. */
    public GridMap original(String name) {
        return originals.get(name);
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
