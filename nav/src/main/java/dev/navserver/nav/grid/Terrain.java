package dev.navserver.nav.grid;

/**
 * Terrain classes stored per cell of a {@link GridMap}. A class is a small integer in {@code [0, COUNT)}; what
 * it costs to enter is decided by a {@link MoveLayer}, not by the map.
 *
 * <p>Map formats map their symbols onto these classes: NavExport {@code 1} is {@link #OPEN}, {@code 0} is
 * {@link #WALL}; Moving AI {@code . G} are {@link #OPEN}, {@code S} {@link #SWAMP}, {@code T} {@link #TREES},
 * {@code W} {@link #WATER}, {@code @ O} {@link #WALL}.
 */
public final class Terrain {
    /** Open ground. */
    public static final byte OPEN = 0;
    /** Solid wall or outside the navigable area. */
    public static final byte WALL = 1;
    /** Trees (Moving AI {@code T}). */
    public static final byte TREES = 2;
    /** Water (Moving AI {@code W}). */
    public static final byte WATER = 3;
    /** Swamp (Moving AI {@code S}). */
    public static final byte SWAMP = 4;
    /** Hills: slow ground for land units. */
    public static final byte HILL = 5;
    /** Number of terrain classes; classes {@code 6..COUNT-1} are free for game-specific use. */
    public static final int COUNT = 16;

    private Terrain() {
    }

    /** Returns a short lower-case name of a terrain class, e.g. {@code "open"}, or {@code "class7"}. */
    public static String name(int terrain) {
        return switch (terrain) {
            case OPEN -> "open";
            case WALL -> "wall";
            case TREES -> "trees";
            case WATER -> "water";
            case SWAMP -> "swamp";
            case HILL -> "hill";
            default -> "class" + terrain;
        };
    }
}
