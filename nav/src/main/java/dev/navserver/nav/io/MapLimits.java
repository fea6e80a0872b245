package dev.navserver.nav.io;

import dev.navserver.nav.grid.MapMemory;
import java.util.Objects;

/**
 * What the map loaders accept, checked on the header before the map's arrays are allocated: at most
 * {@code maxCells} cells, a padded grid the search arrays can index, and an estimated heap cost
 * ({@link MapMemory#estimateBytes}) that fits the heap still free.
 *
 * <p>Immutable and thread-safe (as far as {@code memory} is).
 *
 * @param maxCells       most cells ({@code width * height}) a map may have, {@code 1 .. }{@link #MAX_CELLS}
 * @param plannerThreads threads that will search the map, each with its own scratch space, {@code >= 1}
 * @param threadScratchBytes scratch allowance of each planner thread, bytes ({@code >= 0}):
 *                       {@link MapMemory#SEARCH_SCRATCH_BYTES} for threads that only search, plus
 *                       {@link MapMemory#FIELD_SCRATCH_BYTES} when they also build flow fields
 * @param memory         how much heap is free; {@link FreeMemory#HEAP} in production, a fixed amount in tests
 */
public record MapLimits(long maxCells, int plannerThreads, long threadScratchBytes, FreeMemory memory) {
    /** Largest {@code maxCells}: 16384 x 16384 = 268,435,456 cells, also the default. */
    public static final long MAX_CELLS = 1L << 28;
    /** The default: {@link #MAX_CELLS} cells, one planner thread that only searches, the real heap. */
    public static final MapLimits DEFAULT = new MapLimits(MAX_CELLS, 1, MapMemory.SEARCH_SCRATCH_BYTES,
            FreeMemory.HEAP);

    /** Where the loader reads how much heap it may still use. */
    @FunctionalInterface
    public interface FreeMemory {
        /** The JVM heap, via {@link MapMemory#heapAvailableBytes(long)} (collects garbage before a refusal). */
        FreeMemory HEAP = MapMemory::heapAvailableBytes;

        /**
         * Bytes that can still be allocated.
         *
         * @param neededBytes what the map is estimated to need; an implementation may work harder (collect
         *                    garbage) when its first answer is less
         */
        long availableBytes(long neededBytes);

        /** A fixed amount, for tests. */
        static FreeMemory fixed(long bytes) {
            return needed -> bytes;
        }
    }

    public MapLimits {
        if (maxCells < 1 || maxCells > MAX_CELLS) {
            throw new IllegalArgumentException("maxCells " + maxCells + " is out of range (1.." + MAX_CELLS + ")");
        }
        if (plannerThreads < 1) {
            throw new IllegalArgumentException("plannerThreads must be >= 1, got " + plannerThreads);
        }
        if (threadScratchBytes < 0) {
            throw new IllegalArgumentException("threadScratchBytes must be >= 0, got " + threadScratchBytes);
        }
        Objects.requireNonNull(memory, "memory");
    }

    /** These limits with another cell limit. */
    public MapLimits withMaxCells(long cells) {
        return new MapLimits(cells, plannerThreads, threadScratchBytes, memory);
    }

    /** These limits with another number of planner threads. */
    public MapLimits withPlannerThreads(int threads) {
        return new MapLimits(maxCells, threads, threadScratchBytes, memory);
    }

    /** These limits with another free-memory source. */
    public MapLimits withMemory(FreeMemory m) {
        return new MapLimits(maxCells, plannerThreads, threadScratchBytes, m);
    }

    /** These limits with another scratch allowance per planner thread. */
    public MapLimits withThreadScratchBytes(long bytes) {
        return new MapLimits(maxCells, plannerThreads, bytes, memory);
    }

    /**
     * Why a {@code width x height} map is refused, or null when it is accepted. Reads free memory only when the
     * size itself is acceptable.
     */
    public String problem(int width, int height) {
        long cells = (long) width * height;
        if (cells > maxCells) {
            return "map of " + width + " x " + height + " = " + cells + " cells exceeds the limit of " + maxCells
                    + " (maps.maxCells)";
        }
        long padded = (long) (width + 2) * (height + 2);
        if (padded > MapMemory.MAX_PADDED_CELLS) {
            return "map of " + width + " x " + height + " is too thin: with its one-cell border it has " + padded
                    + " cells, a search holds at most " + MapMemory.MAX_PADDED_CELLS;
        }
        long need = MapMemory.estimateBytes(width, height, plannerThreads, threadScratchBytes);
        long free = memory.availableBytes(need);
        if (need > free) {
            return "map of " + width + " x " + height + " needs about " + mib(need) + " MiB (" + plannerThreads
                    + " planner thread" + (plannerThreads == 1 ? "" : "s") + "), the heap has " + (Math.max(0, free) >> 20)
                    + " MiB free; raise -Xmx or lower the map size";
        }
        return null;
    }

    /** Bytes in MiB, rounded up. */
    private static long mib(long bytes) {
        return (bytes + (1 << 20) - 1) >> 20;
    }
}
