package dev.navserver.nav.search;

import java.util.Arrays;

/**
 * The open and closed sets of one search over node ids {@code 0 .. capacity - 1}: an indexed 4-ary min-heap with
 * decrease-key, ordered by {@code f} ascending and, on equal {@code f}, by {@code g} descending; plus a 16-byte
 * record per id. Keys are finite, non-negative doubles compared with {@link Double#compare}.
 *
 * <p><b>Records.</b> {@code record[4q]} is a stamp: {@link #openStamp} while q is on the heap,
 * {@code openStamp + 1} once popped (closed), anything else means unseen in this search. {@code record[4q + 1]} is
 * q's heap slot while open. {@code record[4q + 2]} and {@code record[4q + 3]} are the search's links of q (its
 * predecessor and turning cell, see {@link #link}); the heap never reads them, they share the record so that a
 * visit touches one cache line. A node's {@code g} lives in its heap key while it is open and is not kept once
 * closed.
 *
 * <p><b>Reuse.</b> {@link #begin} starts a new generation: it empties the heap and makes every id unseen by moving
 * the stamp on, so nothing is cleared or allocated unless the capacity grows (arrays never shrink). The stamp wraps
 * by clearing the records once every ~10^9 searches.
 *
 * <p>Not thread-safe: one instance per search context.
 */
final class OpenList {
    /** Ints per record. */
    static final int RECORD = 4;

    /** Per-id records, {@code 4 * capacity} ints; layout in the class comment. */
    int[] record = new int[0];
    /** Stamp of open records in the current generation; {@code openStamp + 1} marks closed ones. Even, >= 2. */
    int openStamp;

    // heap[i] = id in slot i; key[2i] = its f, key[2i + 1] = its g
    private int[] heap = new int[0];
    private double[] key = new double[0];
    private int size;

    /**
     * Starts a new search over ids {@code 0 .. capacity - 1}: empty heap, every id unseen, links undefined.
     *
     * @param capacity number of ids, {@code >= 0}; grows the arrays when larger than any before
     */
    void begin(int capacity) {
        if (heap.length < capacity) {
            record = new int[RECORD * capacity];
            heap = new int[capacity];
            key = new double[2 * capacity];
            openStamp = 0;
        }
        openStamp += 2;
        if (openStamp >= Integer.MAX_VALUE - 2) {
            Arrays.fill(record, 0);
            openStamp = 2;
        }
        size = 0;
    }

    /** Ids the arrays hold without growing. */
    int capacity() {
        return heap.length;
    }

    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** Whether id q is on the heap. */
    boolean isOpen(int q) {
        return record[RECORD * q] == openStamp;
    }

    /** Whether id q was popped in this generation. */
    boolean isClosed(int q) {
        return record[RECORD * q] == openStamp + 1;
    }

    /** The id at the root (least f, then greatest g); the heap must not be empty. */
    int peek() {
        return heap[0];
    }

    /** f of the root; the heap must not be empty. */
    double peekF() {
        return key[0];
    }

    /** g of the root; the heap must not be empty. */
    double peekG() {
        return key[1];
    }

    /** g of open id q. */
    double g(int q) {
        return key[2 * record[RECORD * q + 1] + 1];
    }

    /** Sets the links of q: its predecessor and the turning cell of the move from it ({@code -1} for none). */
    void link(int q, int parent, int via) {
        int[] r = record;
        r[RECORD * q + 2] = parent;
        r[RECORD * q + 3] = via;
    }

    /** Predecessor of q as set by {@link #link}. */
    int parent(int q) {
        return record[RECORD * q + 2];
    }

    /** Turning cell of q as set by {@link #link}. */
    int via(int q) {
        return record[RECORD * q + 3];
    }

    /** Opens id q (unseen or closed, not open) with key (f, g). */
    void push(int q, double f, double g) {
        record[RECORD * q] = openStamp;
        siftUp(size++, q, f, g);
    }

    /** Gives open id q the key (f, g), which must not order after its current key. */
    void decrease(int q, double f, double g) {
        siftUp(record[RECORD * q + 1], q, f, g);
    }

    /**
     * Removes the root and closes it; the heap must not be empty.
     *
     * @return the removed id
     */
    int pop() {
        int[] hp = heap;
        double[] k = key;
        int[] r = record;
        int root = hp[0];
        r[RECORD * root] = openStamp + 1;
        int n = --size;
        if (n == 0) {
            return root;
        }
        int q = hp[n];
        double f = k[2 * n];
        double gq = k[2 * n + 1];
        int i = 0;
        while (true) {
            int first = 4 * i + 1;
            if (first >= n) {
                break;
            }
            int best = first;
            double bf = k[2 * first];
            double bg = k[2 * first + 1];
            int end = Math.min(first + 4, n);
            for (int c = first + 1; c < end; c++) {
                double cf = k[2 * c];
                double cg = k[2 * c + 1];
                if (before(cf, cg, bf, bg)) {
                    best = c;
                    bf = cf;
                    bg = cg;
                }
            }
            if (!before(bf, bg, f, gq)) {
                break;
            }
            int moved = hp[best];
            hp[i] = moved;
            k[2 * i] = bf;
            k[2 * i + 1] = bg;
            r[RECORD * moved + 1] = i;
            i = best;
        }
        place(i, q, f, gq);
        return root;
    }

    /** Heap order: smaller f first, then larger g. */
    private static boolean before(double f1, double g1, double f2, double g2) {
        int c = Double.compare(f1, f2);
        return c < 0 || (c == 0 && Double.compare(g1, g2) > 0);
    }

    /** Moves id q with key (f, g) from heap slot i toward the root. */
    private void siftUp(int i, int q, double f, double g) {
        int[] hp = heap;
        double[] k = key;
        int[] r = record;
        while (i > 0) {
            int up = (i - 1) >>> 2;
            if (!before(f, g, k[2 * up], k[2 * up + 1])) {
                break;
            }
            int moved = hp[up];
            hp[i] = moved;
            k[2 * i] = k[2 * up];
            k[2 * i + 1] = k[2 * up + 1];
            r[RECORD * moved + 1] = i;
            i = up;
        }
        place(i, q, f, g);
    }

    /** Puts id q with key (f, g) into heap slot i. */
    private void place(int i, int q, double f, double g) {
        heap[i] = q;
        key[2 * i] = f;
        key[2 * i + 1] = g;
        record[RECORD * q + 1] = i;
    }
}
