package dev.navserver.server.world;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;

/**
 * Things bucketed on a square grid of the XZ plane, refilled once per use, for "who is near (x, z)" without a pass
 * over everything. Lists are reused between refills; buckets left empty are dropped when they outnumber the things
 * several times over. Tick thread only.
 *
 * @param <T> what is bucketed
 */
final class XzBuckets<T> {
    private final HashMap<Long, List<T>> buckets = new HashMap<>();
    private double cellMeters;

    /** @param cellMeters side of a bucket, metres, {@code > 0} */
    XzBuckets(double cellMeters) {
        setCellMeters(cellMeters);
    }

    /** A new bucket side, metres; refill (clear, add) before the next {@link #get}. */
    void setCellMeters(double cellMeters) {
        this.cellMeters = Math.max(1e-3, cellMeters);
    }

    /** Empties every bucket before a refill of {@code expected} things. */
    void clear(int expected) {
        if (buckets.size() > 4 * expected + 64) {
            buckets.clear(); // things moved on: drop the empty buckets they left behind
        }
        for (List<T> b : buckets.values()) {
            b.clear();
        }
    }

    void add(double x, double z, T thing) {
        buckets.computeIfAbsent(pack(cell(x), cell(z)), k -> new ArrayList<>()).add(thing);
    }

    /** The bucket column or row of a coordinate, metres. */
    long cell(double v) {
        return (long) Math.floor(v / cellMeters);
    }

    /** The things of bucket (cx, cz), or null when it has none. */
    List<T> get(long cx, long cz) {
        return buckets.get(pack(cx, cz));
    }

    private static long pack(long cx, long cz) {
        // Long.hashCode folds the halves together, so (cx << 32 | cz) would collide along every diagonal: mix first
        return cx * 0x9E3779B97F4A7C15L + cz * 0xC2B2AE3D27D4EB4FL;
    }
}
