package dev.navserver.protocol;

import java.util.List;

/**
 * Values of a {@code map_edit} edit's {@code terrain}: the engine's terrain names (as
 * {@code dev.navserver.nav.grid.Terrain#name}) and {@link #ORIGINAL}. A {@code map_patch} uses the engine names
 * only, including {@code classN} for a game-specific class a map file may hold.
 */
public final class TerrainNames {
    /** The terrain the map file had: the cell's state before any edit since the last file load. */
    public static final String ORIGINAL = "original";

    /** Names a client may send, in engine class order ({@code open} = class 0), then {@link #ORIGINAL}. */
    public static final List<String> EDITABLE = List.of("open", "wall", "trees", "water", "swamp", "hill", ORIGINAL);

    private TerrainNames() {
    }
}
