package dev.navserver.nav.grid;

/**
 * The heap a map costs with today's memory layout, estimated from its dimensions before anything is allocated, so
 * that a loader can refuse a map that would not fit instead of failing with {@link OutOfMemoryError}.
 *
 * <p><b>What is counted</b> (bytes; {@code cells = width * height}, {@code padded = (width + 2) * (height + 2)}):
 * <ul>
 *   <li>loading: the parser's terrain array and {@link GridMap}'s chunked copy of it, 1 + 1 per cell (chunks of
 *       one terrain class are shared, so the copy is often less);</li>
 *   <li>the default {@link NavGrid} ({@link MoveLayer#DEFAULT}, agent size 1, uniform cost: no cost rows, no
 *       clearance): row and column bitsets 2 bits per padded cell; island labels ({@code int}) 4 per cell while
 *       labelling (garbage once built) and up to 4 per cell kept in chunks (a chunk of one island costs nothing,
 *       so on most maps far less);</li>
 *   <li>per planner thread, the search scratch of {@code dev.navserver.nav.search.PathSearch} sized to the padded
 *       grid on first use: a 16-byte record, a 4-byte heap slot and two 8-byte keys,
 *       {@value #SEARCH_BYTES_PER_CELL} per padded cell;</li>
 *   <li>where a planner thread may also build flow fields ({@code dev.navserver.nav.search.IntegrationField}, e.g.
 *       the server's group queries), the field's own open list (36), values (8) and marks (4),
 *       {@value #FIELD_BYTES_PER_CELL} more per padded cell.</li>
 * </ul>
 * Together about {@code 10.25 + 36 * plannerThreads} bytes per cell at the peak of loading (after it, about 1.3
 * bytes per cell for the map on a rooms-like map), e.g. 46 bytes per cell for one thread that only searches (the
 * command line), and {@code 10.25 + 84 * plannerThreads} for the server's planners. Other layers, agent sizes
 * (clearance: 1 per cell per layer) and live-viewer tiles cost more and are not counted.
 *
 * <p>Stateless and thread-safe.
 */
public final class MapMemory {
    /** Bytes per cell at the peak of loading: parsed terrain 1, its copy 1, labels while labelling 4, label chunks 4. */
    public static final int GRID_BYTES_PER_CELL = 1 + 1 + 4 + 4;
    /** Eighths of a byte per padded cell: row and column bits 1 + 1. */
    public static final int GRID_EIGHTHS_PER_PADDED_CELL = 2;
    /** Search scratch per padded cell and planner thread, in bytes: record 16, heap slot 4, keys 16. */
    public static final int SEARCH_BYTES_PER_CELL = 16 + 4 + 16;
    /** Flow-field scratch per padded cell and planner thread, in bytes: open list 36, values 8, marks 4. */
    public static final int FIELD_BYTES_PER_CELL = SEARCH_BYTES_PER_CELL + 8 + 4;
    /**
     * Most padded cells ({@code (width + 2) * (height + 2)}) a search can hold: its record array has 4 ints per
     * padded cell and a Java array holds at most {@link Integer#MAX_VALUE} entries.
     */
    public static final long MAX_PADDED_CELLS = Integer.MAX_VALUE / 4;

    private MapMemory() {
    }

    /**
     * Estimated heap, in bytes, that loading a {@code width x height} map and searching it from
     * {@code plannerThreads} threads takes with today's layout (see the class comment).
     *
     * @param width          columns, {@code >= 1}
     * @param height         rows, {@code >= 1}
     * @param plannerThreads threads that search the map, each with its own scratch space, {@code >= 0}
     */
    public static long estimateBytes(int width, int height, int plannerThreads) {
        return estimateBytes(width, height, plannerThreads, SEARCH_BYTES_PER_CELL);
    }

    /**
     * As {@link #estimateBytes(int, int, int)} with an explicit scratch cost per planner thread, e.g.
     * {@code SEARCH_BYTES_PER_CELL + FIELD_BYTES_PER_CELL} for planners that also build flow fields.
     *
     * @param threadBytesPerCell scratch bytes per padded cell and planner thread, {@code >= 0}
     */
    public static long estimateBytes(int width, int height, int plannerThreads, int threadBytesPerCell) {
        long cells = (long) width * height;
        long padded = (long) (width + 2) * (height + 2);
        long grid = GRID_BYTES_PER_CELL * cells + (GRID_EIGHTHS_PER_PADDED_CELL * padded + 7) / 8;
        return grid + (long) plannerThreads * threadBytesPerCell * padded;
    }

    /** Bytes to load the map and build its default grid, without search scratch. */
    public static long gridBytes(int width, int height) {
        return estimateBytes(width, height, 0);
    }

    /**
     * Heap that can still be allocated, in bytes: {@link Runtime#maxMemory()} minus what is in use. When that is
     * less than {@code neededBytes}, garbage is collected once ({@link System#gc()}) and the amount read again, so
     * that a refusal is not caused by garbage alone.
     */
    public static long heapAvailableBytes(long neededBytes) {
        long free = heapAvailableNow();
        if (free < neededBytes) {
            System.gc();
            free = heapAvailableNow();
        }
        return free;
    }

    private static long heapAvailableNow() {
        Runtime rt = Runtime.getRuntime();
        return rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
    }
}
