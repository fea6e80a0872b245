package dev.navserver.nav.search.core;

import java.util.Arrays;

/**
 * A binary min-heap of int ids by {@code double} key, without decrease-key: a caller that lowers an id's key pushes
 * it again and skips the stale entry when it pops it (lazy deletion). Keys compare by {@link Double#compare}. Grows
 * by doubling, never shrinks; {@link #clear} keeps the arrays for the next use.
 *
 * <p>Not thread-safe: part of one search or build.
 */
public final class IntDoubleHeap {
    private int[] ids;
    private double[] keys;
    private int size;

    /** @param capacity initial entries, {@code >= 1} */
    public IntDoubleHeap(int capacity) {
        ids = new int[capacity];
        keys = new double[capacity];
    }

    public boolean isEmpty() {
        return size == 0;
    }

    /** Removes every entry. */
    public void clear() {
        size = 0;
    }

    /** The id of least key; the heap must not be empty. */
    public int topId() {
        return ids[0];
    }

    /** The least key; the heap must not be empty. */
    public double topKey() {
        return keys[0];
    }

    public void push(int id, double key) {
        if (size == ids.length) {
            ids = Arrays.copyOf(ids, 2 * size);
            keys = Arrays.copyOf(keys, 2 * size);
        }
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (Double.compare(keys[parent], key) <= 0) {
                break;
            }
            move(parent, i);
            i = parent;
        }
        put(i, id, key);
    }

    /** Removes the entry of least key; the heap must not be empty. */
    public void pop() {
        int n = --size;
        if (n == 0) {
            return;
        }
        double[] ks = keys;
        int id = ids[n];
        double key = ks[n];
        int i = 0;
        while (true) {
            int child = 2 * i + 1;
            if (child >= n) {
                break;
            }
            if (child + 1 < n && Double.compare(ks[child + 1], ks[child]) < 0) {
                child++;
            }
            if (Double.compare(ks[child], key) >= 0) {
                break;
            }
            move(child, i);
            i = child;
        }
        put(i, id, key);
    }

    /** Copies the entry at slot {@code from} to slot {@code to}. */
    private void move(int from, int to) {
        put(to, ids[from], keys[from]);
    }

    private void put(int i, int id, double key) {
        ids[i] = id;
        keys[i] = key;
    }

    /** Bytes of the two arrays, headers included. */
    public long bytes() {
        return 2L * IntPages.ARRAY_HEADER + 4L * ids.length + 8L * keys.length;
    }
}
