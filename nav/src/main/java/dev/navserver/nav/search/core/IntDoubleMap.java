package dev.navserver.nav.search.core;

import java.util.Arrays;

/**
 * A map from non-negative {@code int} keys to {@code double} values: open addressing with linear probing
 * (Fibonacci hash, load at most 1/2), deletion by backward shift, so no tombstones. {@code IntegrationField} keeps
 * the values of its open cells and of its settled sources here, so the memory follows the frontier, not the field.
 *
 * <p><b>Memory.</b> 12 bytes per slot ({@code int} key, {@code double} value), between 2 and 4 slots per entry at
 * the map's largest; the arrays grow by doubling and only shrink by {@link #drop}. {@link #clear} keeps them, so a
 * warm map allocates nothing.
 *
 * <p>Not thread-safe: part of one search context.
 */
public final class IntDoubleMap {
    private static final int INITIAL_SLOTS = 64;

    /** {@code key + 1} per slot, 0 when the slot is empty. */
    private int[] keys = new int[INITIAL_SLOTS];
    private double[] values = new double[INITIAL_SLOTS];
    private int size;
    private int mask = INITIAL_SLOTS - 1;
    /** {@code 32 - log2(slots)}: the hash keeps the top bits. */
    private int shift = 32 - Integer.numberOfTrailingZeros(INITIAL_SLOTS);

    /** Entries held. */
    public int size() {
        return size;
    }

    private int home(int stored) {
        return (stored * 0x9E3779B9) >>> shift;
    }

    /** Slot holding {@code key}, which must be present. */
    public int slotOf(int key) {
        int stored = key + 1;
        int i = home(stored);
        while (keys[i] != stored) {
            i = (i + 1) & mask;
        }
        return i;
    }

    /** Slot holding {@code key}, or -1 when absent. */
    public int find(int key) {
        int stored = key + 1;
        int i = home(stored);
        while (true) {
            int k = keys[i];
            if (k == stored) {
                return i;
            }
            if (k == 0) {
                return -1;
            }
            i = (i + 1) & mask;
        }
    }

    public double valueAt(int slot) {
        return values[slot];
    }

    public void setValueAt(int slot, double value) {
        values[slot] = value;
    }

    /** Adds {@code key}, which must be absent ({@code key >= 0}), with {@code value}. */
    public void insert(int key, double value) {
        if (2 * (size + 1) > keys.length) {
            grow();
        }
        int stored = key + 1;
        int i = home(stored);
        while (keys[i] != 0) {
            i = (i + 1) & mask;
        }
        keys[i] = stored;
        values[i] = value;
        size++;
    }

    /** Removes {@code key}, which must be present, and returns its value. */
    public double remove(int key) {
        int i = slotOf(key);
        double value = values[i];
        // backward shift: move later entries of the cluster whose home is not in (i, j] into the hole
        int j = i;
        while (true) {
            j = (j + 1) & mask;
            int k = keys[j];
            if (k == 0) {
                break;
            }
            int h = home(k);
            boolean stays = i <= j ? i < h && h <= j : i < h || h <= j;
            if (!stays) {
                keys[i] = k;
                values[i] = values[j];
                i = j;
            }
        }
        keys[i] = 0;
        size--;
        return value;
    }

    /** Empties the map, keeping its arrays. */
    public void clear() {
        if (size > 0) {
            Arrays.fill(keys, 0);
            size = 0;
        }
    }

    /** Empties the map and goes back to the initial arrays. */
    public void drop() {
        keys = new int[INITIAL_SLOTS];
        values = new double[INITIAL_SLOTS];
        size = 0;
        mask = INITIAL_SLOTS - 1;
        shift = 32 - Integer.numberOfTrailingZeros(INITIAL_SLOTS);
    }

    private void grow() {
        int[] oldKeys = keys;
        double[] oldValues = values;
        int n = 2 * oldKeys.length;
        keys = new int[n];
        values = new double[n];
        mask = n - 1;
        shift = 32 - Integer.numberOfTrailingZeros(n);
        for (int j = 0; j < oldKeys.length; j++) {
            int k = oldKeys[j];
            if (k != 0) {
                int i = home(k);
                while (keys[i] != 0) {
                    i = (i + 1) & mask;
                }
                keys[i] = k;
                values[i] = oldValues[j];
            }
        }
    }

    /** Bytes held: both arrays, headers included. */
    public long bytes() {
        return 2L * IntPages.ARRAY_HEADER + 12L * keys.length;
    }
}
