package dev.navserver.nav.search.core;

import java.util.Arrays;

/**
 * A growable int list for scan results and edge lists: {@link #data}{@code [0 .. size - 1]}, read and reset
 * ({@code size = 0}) directly by its owner. Grows by half, never shrinks. Not thread-safe.
 */
public final class IntBuffer {
    public int[] data;
    public int size;

    /** @param capacity initial capacity, {@code >= 0} */
    public IntBuffer(int capacity) {
        data = new int[capacity];
    }

    /** Appends {@code v}. */
    public void add(int v) {
        if (size == data.length) {
            data = Arrays.copyOf(data, Math.max(16, data.length + (data.length >> 1)));
        }
        data[size++] = v;
    }

    /** Reverses the order of the entries. */
    public void reverse() {
        for (int i = 0, j = size - 1; i < j; i++, j--) {
            int x = data[i];
            data[i] = data[j];
            data[j] = x;
        }
    }
}
