package dev.navserver.nav.grid;

/**
 * An open-addressing map from non-negative {@code int} keys to {@code int} values; absent keys read as
 * {@code -1} by {@link #get} (for edit bookkeeping). Not thread-safe.
 */
final class IntIntMap {
    private int[] keys;
    private int[] values;
    private int size;
    private int mask;

    IntIntMap() {
        this(16);
    }

    IntIntMap(int expected) {
        int cap = Integer.highestOneBit(Math.max(4, expected * 2 - 1)) << 1;
        keys = new int[cap];
        values = new int[cap];
        java.util.Arrays.fill(keys, -1);
        mask = cap - 1;
    }

    private int slot(int key) {
        int h = key * 0x9E3779B9;
        int i = (h ^ (h >>> 16)) & mask;
        while (keys[i] != -1 && keys[i] != key) {
            i = (i + 1) & mask;
        }
        return i;
    }

    /** The value of {@code key}, or -1 when absent. */
    int get(int key) {
        int i = slot(key);
        return keys[i] == key ? values[i] : -1;
    }

    boolean containsKey(int key) {
        return keys[slot(key)] == key;
    }

    void put(int key, int value) {
        int i = slot(key);
        if (keys[i] != key) {
            keys[i] = key;
            if (++size * 2 > keys.length) {
                values[i] = value;
                grow();
                return;
            }
        }
        values[i] = value;
    }

    /** Adds {@code delta} to the value of {@code key}, an absent key counting as 0. */
    void addTo(int key, int delta) {
        int i = slot(key);
        if (keys[i] == key) {
            values[i] += delta;
        } else {
            put(key, delta);
        }
    }

    int size() {
        return size;
    }

    /** Keys in no particular order. */
    IntList keys() {
        IntList out = new IntList(size);
        for (int k : keys) {
            if (k != -1) {
                out.add(k);
            }
        }
        return out;
    }

    private void grow() {
        int[] ok = keys;
        int[] ov = values;
        keys = new int[ok.length * 2];
        values = new int[ok.length * 2];
        java.util.Arrays.fill(keys, -1);
        mask = keys.length - 1;
        for (int j = 0; j < ok.length; j++) {
            if (ok[j] != -1) {
                int i = slot(ok[j]);
                keys[i] = ok[j];
                values[i] = ov[j];
            }
        }
    }
}
