package dev.navserver.nav.search.core;

import java.util.Arrays;

/**
 * A 4-ary min-heap of (node, key, cost) entries, ordered by key with ties to the larger cost (the deeper node);
 * duplicates of a node are allowed (lazy deletion by the owner). The top entry is {@code nodes[0]},
 * {@code keys[0]}, {@code costs[0]} while {@link #size} {@code > 0}; read directly, never written by the owner.
 * Grows by doubling. Not thread-safe.
 */
public final class NodeHeap {
    public int[] nodes = new int[256];
    public double[] keys = new double[256];
    public double[] costs = new double[256];
    public int size;

    /** Removes every entry. */
    public void clear() {
        size = 0;
    }

    /** Bytes of the three arrays (without headers). */
    public long bytes() {
        return 20L * nodes.length;
    }

    /** Adds node {@code v} with {@code key} and cost {@code g}. */
    public void push(int v, double key, double g) {
        if (size == nodes.length) {
            nodes = Arrays.copyOf(nodes, 2 * size);
            keys = Arrays.copyOf(keys, 2 * size);
            costs = Arrays.copyOf(costs, 2 * size);
        }
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >>> 2;
            if (!before(key, g, keys[parent], costs[parent])) {
                break;
            }
            move(parent, i);
            i = parent;
        }
        put(i, v, key, g);
    }

    /** Key order: smaller key first, ties to the larger cost (deeper node). */
    private static boolean before(double k1, double g1, double k2, double g2) {
        return k1 < k2 || (k1 == k2 && g1 > g2);
    }

    /** Removes the top entry; the heap must not be empty. */
    public void pop() {
        int last = --size;
        if (last == 0) {
            return;
        }
        int v = nodes[last];
        double key = keys[last];
        double g = costs[last];
        int i = 0;
        while (true) {
            int first = 4 * i + 1;
            if (first >= last) {
                break;
            }
            int c = first;
            int end = Math.min(first + 4, last);
            for (int j = first + 1; j < end; j++) {
                if (before(keys[j], costs[j], keys[c], costs[c])) {
                    c = j;
                }
            }
            if (!before(keys[c], costs[c], key, g)) {
                break;
            }
            move(c, i);
            i = c;
        }
        put(i, v, key, g);
    }

    /** Copies the entry at slot {@code from} to slot {@code to}. */
    private void move(int from, int to) {
        put(to, nodes[from], keys[from], costs[from]);
    }

    private void put(int i, int v, double key, double g) {
        nodes[i] = v;
        keys[i] = key;
        costs[i] = g;
    }
}
