package dev.navserver.bots;

import java.util.Map;
import java.util.function.IntConsumer;

/**
 * One {@code monsters} snapshot of the world authority bot, indexed for the view checks: every monster's id and XZ
 * position in primitive arrays, an id lookup and a spatial hash of square cells, so that a check visits only the
 * monsters near its player instead of all of them. Immutable after construction; safe to read from any thread.
 */
final class TruthSnapshot {
    private final double serverTime;
    private final int size;
    private final String[] ids;
    private final double[] xs;
    private final double[] zs;
    /** Open addressing over {@link #ids}: index + 1, 0 = empty. Length a power of two, at least twice the size. */
    private final int[] idTable;
    private final double cellMeters;
    private final int bucketShift;
    /** Monster indices grouped by bucket: bucket b holds order[start[b] .. start[b + 1]). */
    private final int[] start;
    private final int[] order;

    /**
     * @param serverTime the snapshot's {@code serverTime}, seconds
     * @param ids        monster ids; only the first {@code size} are read, the array is kept (not copied)
     * @param xs         their X, world metres (kept)
     * @param zs         their Z, world metres (kept)
     * @param size       monsters in the snapshot
     * @param cellMeters side of the spatial hash's cells, metres, > 0
     */
    TruthSnapshot(double serverTime, String[] ids, double[] xs, double[] zs, int size, double cellMeters) {
        if (!(cellMeters > 0)) {
            throw new IllegalArgumentException("cellMeters must be > 0, got " + cellMeters);
        }
        this.serverTime = serverTime;
        this.ids = ids;
        this.xs = xs;
        this.zs = zs;
        this.size = size;
        this.cellMeters = cellMeters;
        this.idTable = new int[Integer.highestOneBit(Math.max(8, size * 2)) << 1];
        for (int i = 0; i < size; i++) {
            int mask = idTable.length - 1;
            int slot = mix(ids[i].hashCode()) & mask;
            while (idTable[slot] != 0 && !ids[idTable[slot] - 1].equals(ids[i])) {
                slot = (slot + 1) & mask;
            }
            idTable[slot] = i + 1; // a repeated id: the last entry wins
        }
        int buckets = Integer.highestOneBit(Math.max(16, size / 2)) << 1;
        this.bucketShift = 64 - Integer.numberOfTrailingZeros(buckets);
        this.start = new int[buckets + 1];
        this.order = new int[size];
        int[] bucketOf = new int[size];
        for (int i = 0; i < size; i++) {
            bucketOf[i] = bucket(cell(xs[i]), cell(zs[i]));
            start[bucketOf[i] + 1]++;
        }
        for (int b = 0; b < buckets; b++) {
            start[b + 1] += start[b];
        }
        int[] fill = java.util.Arrays.copyOf(start, buckets);
        for (int i = 0; i < size; i++) {
            order[fill[bucketOf[i]]++] = i;
        }
    }

    /** A snapshot from a map of id → {x, z} (tests, and the decoded fallback path). */
    static TruthSnapshot of(double serverTime, Map<String, double[]> positions, double cellMeters) {
        int n = positions.size();
        String[] ids = new String[n];
        double[] xs = new double[n];
        double[] zs = new double[n];
        int i = 0;
        for (Map.Entry<String, double[]> e : positions.entrySet()) {
            ids[i] = e.getKey();
            xs[i] = e.getValue()[0];
            zs[i] = e.getValue()[1];
            i++;
        }
        return new TruthSnapshot(serverTime, ids, xs, zs, n, cellMeters);
    }

    double serverTime() {
        return serverTime;
    }

    int size() {
        return size;
    }

    String id(int i) {
        return ids[i];
    }

    double x(int i) {
        return xs[i];
    }

    double z(int i) {
        return zs[i];
    }

    /** The index of monster {@code id}, or -1 when the snapshot does not list it. */
    int indexOf(String id) {
        int mask = idTable.length - 1;
        int slot = mix(id.hashCode()) & mask;
        while (idTable[slot] != 0) {
            int i = idTable[slot] - 1;
            if (ids[i] == id || ids[i].equals(id)) {
                return i;
            }
            slot = (slot + 1) & mask;
        }
        return -1;
    }

    /** Distance in XZ from monster {@code i} to ({@code x}, {@code z}), metres. */
    double distance(int i, double x, double z) {
        return Math.hypot(xs[i] - x, zs[i] - z);
    }

    /**
     * Calls {@code action} once with the index of every monster within {@code radius} metres (XZ, inclusive) of
     * ({@code x}, {@code z}), in no particular order.
     */
    void forEachWithin(double x, double z, double radius, IntConsumer action) {
        long cx0 = cell(x - radius);
        long cx1 = cell(x + radius);
        long cz0 = cell(z - radius);
        long cz1 = cell(z + radius);
        long cells = (cx1 - cx0 + 1) * (cz1 - cz0 + 1);
        if (cells > 16 || cells >= start.length - 1) {
            for (int i = 0; i < size; i++) {
                if (distance(i, x, z) <= radius) {
                    action.accept(i);
                }
            }
            return;
        }
        int[] seen = new int[(int) cells];
        int seenCount = 0;
        for (long cx = cx0; cx <= cx1; cx++) {
            for (long cz = cz0; cz <= cz1; cz++) {
                int b = bucket(cx, cz);
                boolean again = false;
                for (int k = 0; k < seenCount && !again; k++) {
                    again = seen[k] == b; // two cells in one bucket: visit it once
                }
                if (again) {
                    continue;
                }
                seen[seenCount++] = b;
                for (int k = start[b]; k < start[b + 1]; k++) {
                    int i = order[k];
                    if (distance(i, x, z) <= radius) {
                        action.accept(i);
                    }
                }
            }
        }
    }

    private long cell(double v) {
        return (long) Math.floor(v / cellMeters);
    }

    private int bucket(long cx, long cz) {
        long h = ((cx << 32) ^ (cz & 0xffffffffL)) * 0x9E3779B97F4A7C15L;
        return (int) (h >>> bucketShift);
    }

    private static int mix(int h) {
        return h ^ (h >>> 16);
    }
}
