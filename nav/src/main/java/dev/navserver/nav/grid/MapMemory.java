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
 *       clearance): row and column bitsets 2 bits per padded cell; the chunk graph's border entries
 *       ({@link ChunkBorders}, 512 bytes per 64x64 chunk) 1 bit per cell, counted per padded cell; island labels in chunks, written chunk by chunk
 *       while labelling, counted as 1 per cell: a chunk whose cells are all of one island costs nothing once
 *       labelled, a chunk of several islands 4 per cell (maps of many small islands, e.g. random noise, can need
 *       up to 3 more per cell than counted);</li>
 *   <li>on grids of at most {@link #JUMP_TABLE_MAX_PADDED_CELLS} padded cells, the JPS jump tables built by the
 *       first search, {@value #JUMP_TABLE_BYTES_PER_PADDED_CELL} per padded cell (at most 17 MiB);</li>
 *   <li>per planner thread, the search scratch of {@code dev.navserver.nav.search.PathSearch}: pages allocated
 *       as a search touches cells, so it grows with the area searched, not with the map. Counted: the page tables
 *       (a reference per 64 padded cells each for the open list, the 4-connected search and a flow field's lists,
 *       together a quarter byte per padded cell) and an allowance of {@value #SEARCH_SCRATCH_BYTES} bytes for the pages — what a search of
 *       the server's default node budget needs many times over; a longer search (the command line has no budget)
 *       takes what it touches, 16 bytes per touched cell, and keeps at most 64 MiB between searches;</li>
 *   <li>where a planner thread may also build flow fields ({@code dev.navserver.nav.search.IntegrationField}, e.g.
 *       the server's shared chase fields and group queries), another page table and allowance,
 *       {@value #FIELD_SCRATCH_BYTES} bytes (a field's pages cost about 1.4 bytes per cell of its region, plus its
 *       frontier's values).</li>
 * </ul>
 * Together about {@code 3.4} bytes per cell at the peak of loading plus, per planner thread, 1/4 byte per cell
 * and the allowance (after loading, a rooms-like map holds about 1.4 bytes per cell). Other layers, agent sizes
 * (clearance: 1 per cell per layer, bit rows 1/4) and live-viewer tiles cost more and are not counted.
 *
 * <p>Stateless and thread-safe.
 */
public final class MapMemory {
    /** Bytes per cell at the peak of loading: parsed terrain 1, its copy 1, label chunks 1. */
    public static final int GRID_BYTES_PER_CELL = 1 + 1 + 1;
    /** Eighths of a byte per padded cell: row and column bits 1 + 1, chunk-graph borders 1. */
    public static final int GRID_EIGHTHS_PER_PADDED_CELL = 3;
    /** Eighths of a byte per padded cell and planner thread for the scratch page tables. */
    public static final int THREAD_EIGHTHS_PER_PADDED_CELL = 2;
    /**
     * Most padded cells a grid may have and still get JPS jump tables ({@code dev.navserver.nav.search.JumpTable}):
     * 1 Mi, e.g. 1022 x 1022; larger grids scan their bit rows instead.
     */
    public static final long JUMP_TABLE_MAX_PADDED_CELLS = 1L << 20;
    /**
     * Bytes per padded cell of the JPS jump tables, rounded up: a {@code short} per direction and eight directions
     * (16), two bit rows of stops (1/4), array headers.
     */
    public static final int JUMP_TABLE_BYTES_PER_PADDED_CELL = 17;
    /** Allowance for the pages of a planner thread's search scratch, bytes (32 MiB). */
    public static final long SEARCH_SCRATCH_BYTES = 32L << 20;
    /** Allowance for the pages of a planner thread's flow-field scratch, bytes (32 MiB). */
    public static final long FIELD_SCRATCH_BYTES = 32L << 20;
    /**
     * Most padded cells ({@code (width + 2) * (height + 2)}) a map may have: padded indices are {@code int}s, and
     * this bound (kept from the flat layout, far above 16384²) leaves room for the searches' packed entries.
     */
    public static final long MAX_PADDED_CELLS = Integer.MAX_VALUE / 4;

    private MapMemory() {
    }

    /**
     * Estimated heap, in bytes, that loading a {@code width x height} map and searching it from
     * {@code plannerThreads} threads that only search takes with today's layout (see the class comment).
     *
     * @param width          columns, {@code >= 1}
     * @param height         rows, {@code >= 1}
     * @param plannerThreads threads that search the map, each with its own scratch space, {@code >= 0}
     */
    public static long estimateBytes(int width, int height, int plannerThreads) {
        return estimateBytes(width, height, plannerThreads, SEARCH_SCRATCH_BYTES);
    }

    /**
     * As {@link #estimateBytes(int, int, int)} with an explicit scratch allowance per planner thread, e.g.
     * {@code SEARCH_SCRATCH_BYTES + FIELD_SCRATCH_BYTES} for planners that also build flow fields.
     *
     * @param threadScratchBytes scratch allowance per planner thread, bytes, {@code >= 0}, on top of the page
     *                           tables
     */
    public static long estimateBytes(int width, int height, int plannerThreads, long threadScratchBytes) {
        long cells = (long) width * height;
        long padded = (long) (width + 2) * (height + 2);
        long grid = GRID_BYTES_PER_CELL * cells + (GRID_EIGHTHS_PER_PADDED_CELL * padded + 7) / 8
                + (padded <= JUMP_TABLE_MAX_PADDED_CELLS ? JUMP_TABLE_BYTES_PER_PADDED_CELL * padded : 0);
        long thread = threadScratchBytes + (THREAD_EIGHTHS_PER_PADDED_CELL * padded + 7) / 8;
        return grid + plannerThreads * thread;
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
