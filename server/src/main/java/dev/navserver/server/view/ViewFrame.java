package dev.navserver.server.view;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.server.world.World;
import dev.navserver.server.world.WorldView;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.ToLongFunction;

/**
 * One map's state for the live viewer at one tick: what a {@code full} message shows, and what a {@code delta} is
 * computed against. Captured on the tick thread ({@link #capture}), encoded on the admin event loop. Immutable and
 * thread-safe (the id index is built lazily, idempotently).
 */
public final class ViewFrame {
    private final String map;
    private final long version;
    private final long frame;
    private final double time;
    private final ViewStats stats;
    private final double localNavDistanceMeters;
    private final double stoppingDistanceMeters;
    private final WorldView world;
    private final List<ViewEdit> edits;
    private volatile Map<String, Integer> monsterIndex;
    private volatile Map<String, Integer> playerIndex;

    /**
     * @param map     map name
     * @param version map version (see {@code MapRegistry#version})
     * @param frame   frame number of this map, +1 per frame
     * @param time    world time, seconds
     * @param edits   recent edits, newest last (copied)
     */
    public ViewFrame(String map, long version, long frame, double time, ViewStats stats,
            double localNavDistanceMeters, double stoppingDistanceMeters, WorldView world, List<ViewEdit> edits) {
        this.map = Objects.requireNonNull(map);
        this.version = version;
        this.frame = frame;
        this.time = time;
        this.stats = Objects.requireNonNull(stats);
        this.localNavDistanceMeters = localNavDistanceMeters;
        this.stoppingDistanceMeters = stoppingDistanceMeters;
        this.world = Objects.requireNonNull(world);
        this.edits = List.copyOf(edits);
    }

    /**
     * Captures a world. Tick thread only; copies the players' and monsters' fields into arrays (paths by
     * reference), nothing else.
     *
     * @param mapVersion version of a map snapshot
     * @param edits      the map's recent runtime edits, newest last
     */
    public static ViewFrame capture(World w, ToLongFunction<GridMap> mapVersion, long frame,
            double time, ViewStats stats, List<ViewEdit> edits) {
        return new ViewFrame(w.name(), mapVersion.applyAsLong(w.map()), frame, time, stats,
                w.settings().localNavDistanceMeters(), w.settings().stoppingDistanceMeters(), w.view(mapVersion),
                edits);
    }

    public String map() {
        return map;
    }

    public long version() {
        return version;
    }

    public long frame() {
        return frame;
    }

    /** World time, seconds. */
    public double time() {
        return time;
    }

    public ViewStats stats() {
        return stats;
    }

    public double localNavDistanceMeters() {
        return localNavDistanceMeters;
    }

    public double stoppingDistanceMeters() {
        return stoppingDistanceMeters;
    }

    public WorldView world() {
        return world;
    }

    /** Recent edits, newest last. */
    public List<ViewEdit> edits() {
        return edits;
    }

    /** Index of a monster in {@link #world()}, or -1. */
    int monsterIndex(String id) {
        Map<String, Integer> idx = monsterIndex;
        if (idx == null) {
            idx = new HashMap<>(world.monsterCount() * 2);
            for (int i = 0; i < world.monsterCount(); i++) {
                idx.put(world.monsterId(i), i);
            }
            monsterIndex = idx;
        }
        Integer i = idx.get(id);
        return i == null ? -1 : i;
    }

    /** Index of a player in {@link #world()}, or -1. */
    int playerIndex(String id) {
        Map<String, Integer> idx = playerIndex;
        if (idx == null) {
            idx = new HashMap<>(world.playerCount() * 2);
            for (int i = 0; i < world.playerCount(); i++) {
                idx.put(world.playerId(i), i);
            }
            playerIndex = idx;
        }
        Integer i = idx.get(id);
        return i == null ? -1 : i;
    }
}
