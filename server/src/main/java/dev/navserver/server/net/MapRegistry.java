package dev.navserver.server.net;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.io.MapFormat;
import dev.navserver.nav.io.MapFormatException;
import dev.navserver.nav.io.MapLimits;
import dev.navserver.nav.io.MapLoader;
import dev.navserver.server.editlog.MapIdentity;
import java.io.IOException;
import java.io.UncheckedIOException;
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
 * loaded is kept as the name's {@link #original} ({@code "terrain":"original"}); a reload of a changed file drops
 * every edit, a load of the same bytes changes nothing. With a {@link FileJournal} the first load of a name comes
 * back with its journaled edits and version.
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
    /** Identity of the file each name was last loaded from ({@code MapIdentity}). */
    private final Map<String, String> identities = new ConcurrentHashMap<>();
    /** Keeps edits across restarts and reloads; null for none. */
    private volatile FileJournal journal;
    /** Told of each reload of a known name, under this registry's monitor; null for none. */
    private volatile BiConsumer<GridMap, Long> reloadListener;
    /** Told of every map version published (load, reload, edit), with its version; null for none. */
    private volatile BiConsumer<GridMap, Long> publishListener;
    /** The limits each file load is checked against, read at every load (so a config reload applies). */
    private volatile Supplier<MapLimits> limits = () -> MapLimits.DEFAULT;

    /**
     * The durable record of a map's edits, consulted whenever a file is published ({@link #put}), under this
     * registry's monitor.
     */
    public interface FileJournal {
        /**
         * A map and the version to publish it at.
         *
         * @param map     the map to publish
         * @param version its version
         */
        record Restored(GridMap map, long version) {
        }

        /**
         * The first load of a name since start: the map its edits make of the file's map, and its version.
         *
         * @param original the file's map
         * @param identity the file's identity
         * @param version  the version the registry would give {@code original}
         * @throws IOException when the edits cannot be read back; the map is then not loaded
         */
        Restored opened(GridMap original, String identity, long version) throws IOException;

        /** A changed file replaced a loaded map at {@code version}: its edits are gone, a new record starts. */
        void replaced(GridMap original, String identity, long version);
    }

    /** Sets the journal consulted when files are published; null for none. Set before the first load. */
    public void journal(FileJournal journal) {
        this.journal = journal;
    }

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
     * Sets who hears of every published map version (first load, reload, restored edits, each edit), e.g. to start
     * the builds of its derived data. Called right after the version is published, under this registry's monitor,
     * on the publishing thread (also the tick thread, for edits): the listener must not block. Set before the first
     * load.
     */
    public void onPublish(BiConsumer<GridMap, Long> listener) {
        this.publishListener = listener;
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
                    load(file);
                    loaded++;
                } catch (MapFormatException e) {
                    LOG.warn("map rejected: {}", e.getMessage());
                } catch (IOException e) {
                    LOG.warn("map rejected: {}: {}", file, e.getMessage());
                }
            }
        }
        return loaded;
    }

    /**
     * Loads one map file, validated in full and checked against the {@link #limits limits} before it replaces a map
     * of the same name; a failing or refused file leaves the current map in force. A file whose bytes are those
     * the loaded map came from changes nothing: the map keeps its version and edits.
     *
     * @return the file's map, or null when the file was unchanged and nothing was published
     */
    public GridMap load(Path file) throws IOException {
        for (int attempt = 1; ; attempt++) {
            String before = MapIdentity.ofFile(file);
            GridMap map = MapLoader.load(file, limits.get());
            String after = MapIdentity.ofFile(file);
            if (before.equals(after) || attempt == 3) { // else the file changed while loading: load it again
                return put(map, MapLoader.detect(file).orElse(null), after) ? map : null;
            }
        }
    }

    /**
     * Publishes a map under its name, replacing any map of that name and every edit of it; it becomes the name's
     * {@link #original}. Its identity is its content's ({@link MapIdentity#ofContent}).
     */
    public void put(GridMap map) {
        try {
            put(map, null, MapIdentity.ofContent(map));
        } catch (IOException e) {
            throw new UncheckedIOException("map " + map.name() + ": its edits cannot be restored", e);
        }
    }

    /**
     * Publishes a map read from a file under its name, remembering the file's format ({@link #sourceFormat}). The
     * first map of a name is published as the {@link FileJournal journal} restores it (edits and version); a map
     * whose file identity differs from the loaded one replaces it and every edit; a map of the same identity as the
     * loaded one is not published.
     *
     * @param format   the file's format, or null when unknown
     * @param identity the file's identity ({@link MapIdentity})
     * @return whether the map was published
     * @throws IOException when the journal cannot restore a first load; nothing was published
     */
    public synchronized boolean put(GridMap map, MapFormat format, String identity) throws IOException {
        FileJournal j = journal;
        GridMap loaded = maps.get(map.name());
        if (loaded != null && identity.equals(identities.get(map.name()))) {
            LOG.info("map {}: file unchanged, keeping version {} with its edits", map.name(), version(loaded));
            return false;
        }
        FileJournal.Restored restored = null;
        if (j != null && loaded == null) {
            restored = j.opened(map, identity, peekVersion(map.name()));
        }
        identities.put(map.name(), identity);
        if (format == null) {
            formats.remove(map.name());
        } else {
            formats.put(map.name(), format);
        }
        long v = assignVersion(map);
        originals.put(map.name(), map);
        GridMap old = maps.put(map.name(), map);
        if (restored != null && restored.map() != map) {
            restore(restored.map(), restored.version());
        } else if (restored != null) {
            restore(map, restored.version());
        } else if (j != null) {
            j.replaced(map, identity, v);
        }
        BiConsumer<GridMap, Long> listener = reloadListener;
        if (old != null && listener != null) {
            listener.accept(map, v);
        }
        GridMap current = maps.get(map.name());
        firePublished(current, version(current));
        LOG.info("map {} {}: {}x{} cells, cell {} m, origin ({}, {}, {}), {} islands", old == null ? "loaded" : "reloaded",
                map.name(), map.width(), map.height(), map.transform().cellSize(), map.transform().originX(),
                map.transform().originY(), map.transform().originZ(), map.navGrid().islandCount());
        return true;
    }

    /**
     * Forgets the map of that name, its file and its edits (not its last version), so that the next load of its
     * file goes through the {@link FileJournal journal} again: a cluster node reloads a map it claims anew. Sessions
     * must no longer use the map.
     */
    public synchronized void remove(String name) {
        maps.remove(name);
        originals.remove(name);
        formats.remove(name);
        identities.remove(name);
    }

    /** Publishes {@code map} as its name's current map at exactly {@code version}; the caller holds the monitor. */
    private void restore(GridMap map, long version) {
        synchronized (versions) {
            lastVersion.put(map.name(), version);
            versions.put(map, version);
        }
        maps.put(map.name(), map);
    }

    /** The version the next map of that name would get. */
    private long peekVersion(String name) {
        synchronized (versions) {
            return lastVersion.getOrDefault(name, 0L) + 1;
        }
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
        firePublished(edited, v);
        return v;
    }

    private void firePublished(GridMap map, long version) {
        BiConsumer<GridMap, Long> listener = publishListener;
        if (listener != null) {
            listener.accept(map, version);
        }
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
