package dev.navserver.server.editlog;

import dev.navserver.nav.grid.CellEdit;
import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.Terrain;
import dev.navserver.protocol.message.CellRect;
import dev.navserver.protocol.message.TerrainEdit;
import dev.navserver.server.edit.EditPublisher;
import dev.navserver.server.edit.Patches;
import dev.navserver.server.metrics.ServerMetrics;
import dev.navserver.server.net.MapRegistry;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps every map's edits in an {@link EditLog}: restores a map's edits and version when its file is first loaded,
 * starts a new log when a changed file replaces a map, makes each published edit durable before it is answered
 * ({@link #append}, {@link #sync}) and compacts logs that grew past {@code maps.editLogCompactEdits}
 * ({@link #compactDue}).
 *
 * <p>Calls are serialised by the map registry's monitor: loads call in under it, the tick thread's publishing and
 * compaction hold it. Metrics are updated lock-free.
 */
public final class MapJournal implements MapRegistry.FileJournal, EditPublisher.Durability {
    private static final Logger LOG = LoggerFactory.getLogger(MapJournal.class);

    private final EditLog log;
    private final RouteStore routes;
    private final ServerMetrics metrics;
    private final IntSupplier compactEdits;
    /** Maps appended to since the last {@link #compactDue}. Guarded by the registry's monitor. */
    private final Set<String> appended = new LinkedHashSet<>();
    /** Per map, nanoseconds spent appending records not yet synced. Guarded by the registry's monitor. */
    private final Map<String, Long> pendingNanos = new HashMap<>();

    /**
     * @param compactEdits {@code maps.editLogCompactEdits}, read at each compaction check
     */
    public MapJournal(EditLog log, RouteStore routes, ServerMetrics metrics, IntSupplier compactEdits) {
        this.log = log;
        this.routes = routes;
        this.metrics = metrics;
        this.compactEdits = compactEdits;
    }

    /** Where the routes authorities define at run time are kept. */
    public RouteStore routes() {
        return routes;
    }

    @Override
    public Restored opened(GridMap original, String identity, long version) throws IOException {
        EditLog.Recovery r = log.open(original.name(), identity, version);
        metrics.editLogReplayedEdits.increment(r.records());
        if (r.edits().isEmpty()) {
            return new Restored(original, r.version());
        }
        long started = System.nanoTime();
        GridMap restored;
        try {
            restored = apply(original, r.edits());
        } catch (IllegalArgumentException e) {
            throw new EditLogException("map " + original.name() + ": its edit log does not fit its file: "
                    + e.getMessage(), e);
        }
        LOG.info("map {}: restored version {} from its edit log ({} records after the snapshot) in {} ms",
                original.name(), r.version(), r.records(), (System.nanoTime() - started) / 1_000_000);
        return new Restored(restored, r.version());
    }

    @Override
    public void replaced(GridMap original, String identity, long version) {
        try {
            log.reset(original.name(), identity, version);
            LOG.info("map {}: new file at version {}; its edit log starts anew (the old one is kept as {}.previous)",
                    original.name(), version, original.name());
        } catch (EditLogException e) {
            LOG.error("map {}: {}; its edits are refused until the log can be started", original.name(),
                    e.getMessage());
        }
    }

    /** Writes the record of a published-to-be edit; not durable before {@link #sync}. */
    @Override
    public void append(String map, long version, List<TerrainEdit> patch) throws EditLogException {
        long started = System.nanoTime();
        try {
            log.append(map, version, patch);
        } finally {
            pendingNanos.merge(map, System.nanoTime() - started, Long::sum);
        }
        metrics.editLogAppends.increment();
        appended.add(map);
    }

    /** Forces {@code map}'s appended records to disk, recording the append-to-durable time. */
    @Override
    public void sync(String map) throws EditLogException {
        long started = System.nanoTime();
        try {
            log.sync(map);
        } finally {
            Long pending = pendingNanos.remove(map);
            metrics.editLogAppendSeconds.record(System.nanoTime() - started + (pending == null ? 0 : pending),
                    TimeUnit.NANOSECONDS);
        }
    }

    /**
     * Compacts the log of every map appended to since the last call whose records reached
     * {@code maps.editLogCompactEdits}: the snapshot holds the cells where the current map differs from its file's.
     * Call on the tick thread after a pass's edits were synced; holds the registry's monitor while it works.
     */
    public void compactDue(MapRegistry maps) {
        synchronized (maps) {
            if (appended.isEmpty()) {
                return;
            }
            int every = compactEdits.getAsInt();
            for (String name : appended) {
                if (log.recordsSinceSnapshot(name) < every) {
                    continue;
                }
                GridMap current = maps.get(name);
                GridMap original = maps.original(name);
                if (current == null || original == null) {
                    continue;
                }
                long started = System.nanoTime();
                long version = maps.version(current);
                List<TerrainEdit> changes = changes(original, current);
                try {
                    log.compact(name, version, changes);
                    metrics.editLogCompactions.increment();
                    LOG.info("map {}: edit log compacted at version {} ({} rectangles) in {} ms", name, version,
                            changes.size(), (System.nanoTime() - started) / 1_000_000);
                } catch (EditLogException e) {
                    LOG.warn("map {}: {}; the log stays as it was and compaction is retried after the next edit",
                            name, e.getMessage());
                }
            }
            appended.clear();
        }
    }

    /** {@code base} with {@code edits} (cell rectangles with engine terrain names) applied in order. */
    static GridMap apply(GridMap base, List<TerrainEdit> edits) {
        List<CellEdit> cells = new ArrayList<>(edits.size());
        for (TerrainEdit e : edits) {
            CellRect c = e.cells();
            cells.add(CellEdit.fill(c.col(), c.row(), c.width(), c.height(), terrainClass(e.terrain())));
        }
        return base.edited(cells);
    }

    /**
     * Cell rectangles of one terrain each, covering exactly the cells whose terrain differs between the maps (same
     * size), with {@code after}'s terrain: runs per row, a run merged downward with the same run of the row above.
     */
    static List<TerrainEdit> changes(GridMap before, GridMap after) {
        List<int[]> open = new ArrayList<>(); // {col, row, width, height, terrain} still growing downward
        List<TerrainEdit> out = new ArrayList<>();
        int w = after.width();
        for (int row = 0; row < after.height(); row++) {
            List<int[]> next = new ArrayList<>();
            int col = 0;
            while (col < w) {
                int t = after.terrain(col, row);
                if (t == before.terrain(col, row)) {
                    col++;
                    continue;
                }
                int start = col;
                while (col < w && after.terrain(col, row) == t && before.terrain(col, row) != t) {
                    col++;
                }
                Patches.extendRun(open, next, start, row, col - start, t);
            }
            for (int[] r : open) {
                out.add(TerrainEdit.cells(new CellRect(r[0], r[1], r[2], r[3]), Terrain.name(r[4])));
            }
            open = next;
        }
        for (int[] r : open) {
            out.add(TerrainEdit.cells(new CellRect(r[0], r[1], r[2], r[3]), Terrain.name(r[4])));
        }
        return out;
    }

    private static int terrainClass(String name) {
        for (int t = 0; t < Terrain.COUNT; t++) {
            if (Terrain.name(t).equals(name)) {
                return t;
            }
        }
        throw new IllegalArgumentException("unknown terrain " + name + " in an edit log");
    }
}
