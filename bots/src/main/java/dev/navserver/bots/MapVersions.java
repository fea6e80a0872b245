package dev.navserver.bots;

import dev.navserver.nav.grid.CellEdit;
import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.Terrain;
import dev.navserver.protocol.message.CellRect;
import dev.navserver.protocol.message.TerrainEdit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * The grids of the bots' map, one per map version, built from the {@code map_patch}es the bots receive: the edit log
 * of a run. Every bot follows its own chain of versions (see {@link BotSession}) but the grids themselves are the
 * same for every bot, so they are kept here once per run instead of once per bot: a version's terrain is the
 * previous version's terrain with the patch's cell rectangles applied in order, and its {@link GridMap} (with the
 * engine's derived grid) and {@link PathChecker} are built on first use.
 *
 * <p>The first bot to offer a version's patch stores it; every later offer of the same version is compared with it
 * ({@link Offer#MISMATCH} when the server sent two bots different edits for one version). A patch whose previous
 * version is not known yet (bots on different threads receive the same patches at different times) is kept and
 * applied as soon as the previous version arrives. A {@code reset} version is the map file re-read. Only the
 * {@value #RETAINED_VERSIONS} newest versions are kept, and built {@link GridMap}s only for the
 * {@value #BUILT_VERSIONS} newest; an older one is built again from its terrain when asked for.
 *
 * <p>Thread-safe: every method synchronises on this store; returned maps are immutable.
 */
public final class MapVersions {
    /** Versions whose terrain is kept, counted back from the newest known. */
    public static final int RETAINED_VERSIONS = 64;
    /** Versions whose built {@link GridMap} is kept, counted back from the newest known. */
    public static final int BUILT_VERSIONS = 8;

    /** Outcome of {@link #offer}. */
    public enum Offer {
        /** The first copy of this version's patch: stored. */
        STORED,
        /** This version was already known with exactly these edits. */
        MATCHED,
        /** This version was already known with other edits (or as a reset): the bot's grid would differ. */
        MISMATCH,
        /** The patch is not applicable to the map (a rectangle off the map or an unknown terrain name). */
        BAD_PATCH,
        /** The version is older than every retained version: nothing to compare with. */
        TOO_OLD
    }

    private final GridMap file;
    private final Supplier<GridMap> reload;
    private final TreeMap<Long, Entry> versions = new TreeMap<>();

    /** One version: how it was made and, once its predecessor is known, its terrain. */
    private static final class Entry {
        /** The patch's edits, or null for a base version (welcome or reset). */
        final List<TerrainEdit> edits;
        final boolean reset;
        /** Row-major terrain classes; null while the previous version is unknown. */
        byte[] terrain;
        PathChecker checker;

        Entry(List<TerrainEdit> edits, boolean reset, byte[] terrain) {
            this.edits = edits;
            this.reset = reset;
            this.terrain = terrain;
        }
    }

    /**
     * @param file   the map file as loaded at the start of the run
     * @param reload re-reads the map file for a {@code reset} patch; may return a map of another size (then the
     *               reset version stays unknown) or throw (the same)
     */
    public MapVersions(GridMap file, Supplier<GridMap> reload) {
        this.file = file;
        this.reload = reload;
    }

    /**
     * Declares that version {@code version} is the map file as loaded, when nothing is known yet: the version of
     * the first {@code welcome} of the run. Later calls (other bots' welcomes) change nothing.
     */
    public synchronized void base(long version) {
        if (versions.isEmpty()) {
            Entry e = new Entry(null, false, terrainOf(file));
            e.checker = new PathChecker(file);
            versions.put(version, e);
        }
    }

    /** The newest version known, or 0 before {@link #base}. */
    public synchronized long newest() {
        return versions.isEmpty() ? 0 : versions.lastKey();
    }

    /**
     * Offers one bot's {@code map_patch}.
     *
     * @param version the patch's version
     * @param edits   its cell-rectangle edits, or null for a {@code reset}
     */
    public synchronized Offer offer(long version, List<TerrainEdit> edits) {
        Entry known = versions.get(version);
        if (known != null) {
            if (edits == null) {
                return known.reset ? Offer.MATCHED : Offer.MISMATCH;
            }
            return edits.equals(known.edits) ? Offer.MATCHED : Offer.MISMATCH;
        }
        if (!versions.isEmpty() && version < versions.firstKey()) {
            return Offer.TOO_OLD;
        }
        if (edits != null && !applicable(edits)) {
            return Offer.BAD_PATCH;
        }
        Entry e;
        if (edits == null) {
            GridMap m;
            try {
                m = reload.get();
            } catch (RuntimeException ex) {
                m = null;
            }
            e = new Entry(null, true, m != null && m.width() == file.width() && m.height() == file.height()
                    ? terrainOf(m) : null);
        } else {
            e = new Entry(List.copyOf(edits), false, null);
        }
        versions.put(version, e);
        resolve();
        trim();
        return Offer.STORED;
    }

    /**
     * The map of {@code version}, built on first use.
     *
     * @return null when the version is unknown, not yet resolvable (a predecessor's patch has not arrived), older
     *         than every retained version, or a reset whose file could not be re-read
     */
    public GridMap map(long version) {
        PathChecker c = checker(version);
        return c == null ? null : c.map();
    }

    /** A checker on the map of {@code version}, built on first use; null as for {@link #map}. */
    public synchronized PathChecker checker(long version) {
        Entry e = versions.get(version);
        if (e == null || e.terrain == null) {
            return null;
        }
        if (e.checker == null) {
            long oldestBuilt = versions.lastKey() - BUILT_VERSIONS + 1;
            for (Map.Entry<Long, Entry> x : versions.headMap(oldestBuilt).entrySet()) {
                x.getValue().checker = null; // an old version asked for again is built again, and kept until then
            }
            e.checker = new PathChecker(build(version, e));
        }
        return e.checker;
    }

    /**
     * The map of version {@code version}: derived incrementally from the previous version's built map by its patch
     * when there is one ({@link GridMap#edited}: a fraction of a millisecond on {@code rooms512}), else built whole
     * from the terrain (about 10 ms there). Called under this object's monitor, on a bot's I/O thread: a whole build
     * per version held every other bot's {@code map_patch} behind it and stalled the run at 20 edits/s.
     */
    private GridMap build(long version, Entry e) {
        Entry prev = versions.get(version - 1);
        if (e.edits != null && prev != null && prev.checker != null) {
            List<CellEdit> cells = new ArrayList<>(e.edits.size());
            for (TerrainEdit t : e.edits) {
                int cls = terrainClass(t.terrain());
                if (cls < 0) {
                    cells = null;
                    break;
                }
                CellRect c = t.cells();
                cells.add(CellEdit.fill(c.col(), c.row(), c.width(), c.height(), cls));
            }
            if (cells != null) {
                return prev.checker.map().edited(cells);
            }
        }
        return new GridMap(file.name(), file.width(), file.height(), file.transform(), e.terrain);
    }

    /** Gives terrain to every entry whose predecessor's terrain is known, in version order. */
    private void resolve() {
        Entry prev = null;
        long prevVersion = Long.MIN_VALUE;
        for (Map.Entry<Long, Entry> x : versions.entrySet()) {
            Entry e = x.getValue();
            if (e.terrain == null && e.edits != null && prev != null && prev.terrain != null
                    && prevVersion == x.getKey() - 1) {
                e.terrain = applied(prev.terrain, e.edits);
            }
            prev = e;
            prevVersion = x.getKey();
        }
    }

    private void trim() {
        while (versions.size() > RETAINED_VERSIONS) {
            versions.pollFirstEntry();
        }
    }

    private boolean applicable(List<TerrainEdit> edits) {
        for (TerrainEdit e : edits) {
            CellRect c = e.cells();
            if (c == null || c.col() < 0 || c.row() < 0 || (long) c.col() + c.width() > file.width()
                    || (long) c.row() + c.height() > file.height() || terrainClass(e.terrain()) < 0) {
                return false;
            }
        }
        return true;
    }

    private byte[] applied(byte[] before, List<TerrainEdit> edits) {
        byte[] t = before.clone();
        int w = file.width();
        for (TerrainEdit e : edits) {
            CellRect c = e.cells();
            byte cls = (byte) terrainClass(e.terrain());
            for (int row = c.row(); row < c.row() + c.height(); row++) {
                java.util.Arrays.fill(t, row * w + c.col(), row * w + c.col() + c.width(), cls);
            }
        }
        return t;
    }

    /** The engine class of a {@code map_patch} terrain name ({@link Terrain#name}), or -1. */
    static int terrainClass(String name) {
        for (int t = 0; t < Terrain.COUNT; t++) {
            if (Terrain.name(t).equals(name)) {
                return t;
            }
        }
        return -1;
    }

    private static byte[] terrainOf(GridMap m) {
        byte[] t = new byte[m.width() * m.height()];
        for (int c = 0; c < t.length; c++) {
            t[c] = (byte) m.terrain(c);
        }
        return t;
    }
}
