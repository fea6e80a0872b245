package dev.navserver.nav.grid;

import java.util.Arrays;

/** A growable list of {@code int}s (for edit bookkeeping). Not thread-safe. */
final class IntList {
    private int[] a;
    private int size;

    IntList() {
        this(8);
    }

    IntList(int capacity) {
        a = new int[Math.max(capacity, 1)];
    }

    void add(int v) {
        if (size == a.length) {
            a = Arrays.copyOf(a, a.length * 2);
        }
        a[size++] = v;
    }

    int get(int i) {
        return a[i];
    }

    void set(int i, int v) {
        a[i] = v;
    }

    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** Removes the last value; the list must not be empty. */
    void removeLast() {
        size--;
    }

    void clear() {
        size = 0;
    }
}
