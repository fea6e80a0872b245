package dev.navserver.nav.search.field;

import dev.navserver.nav.search.core.IntPages;
import java.util.Arrays;

/**
 * Dial's bucket queue of width 1 for a uniform-cost Dijkstra: bucket {@code k & 3} holds the ids pushed with key
 * floor {@code k}. Every move costs at least 1 and at most sqrt(2), so at most four consecutive keys are live at a
 * time. A cell pushed again after a decrease leaves a stale entry behind, which its owner skips when popped.
 *
 * <p>Not thread-safe: part of one {@link RegionDijkstra}.
 */
final class DialQueue {
    private static final int INITIAL_BUCKET = 256;

    private final int[][] buckets = {new int[INITIAL_BUCKET], new int[INITIAL_BUCKET], new int[INITIAL_BUCKET],
        new int[INITIAL_BUCKET]};
    private final int[] bucketSize = new int[4];

    /** Empties every bucket. */
    void clear() {
        Arrays.fill(bucketSize, 0);
    }

    /** Whether the bucket of key floor {@code k} is empty. */
    boolean isEmpty(long k) {
        return bucketSize[(int) (k & 3)] == 0;
    }

    /** Removes and returns the last id pushed to the bucket of key floor {@code k}, which must not be empty. */
    int pop(long k) {
        int b = (int) (k & 3);
        return buckets[b][--bucketSize[b]];
    }

    /** Pushes id l to the bucket of key floor {@code k}. */
    void push(long k, int l) {
        int b = (int) (k & 3);
        int size = bucketSize[b];
        int[] bucket = buckets[b];
        if (size == bucket.length) {
            bucket = Arrays.copyOf(bucket, 2 * size);
            buckets[b] = bucket;
        }
        bucket[size] = l;
        bucketSize[b] = size + 1;
    }

    /** Shrinks the buckets back to their initial size. */
    void drop() {
        for (int b = 0; b < 4; b++) {
            buckets[b] = new int[INITIAL_BUCKET];
        }
    }

    /** Bytes of the buckets, array headers included. */
    long bytes() {
        long bytes = 0;
        for (int[] b : buckets) {
            bytes += IntPages.ARRAY_HEADER + 4L * b.length;
        }
        return bytes;
    }
}
