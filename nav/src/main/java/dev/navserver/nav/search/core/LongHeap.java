package dev.navserver.nav.search.core;

import java.util.Arrays;

/** A binary min-heap of longs, growing by doubling. Not thread-safe. */
public final class LongHeap {
    private long[] a;
    private int size;

    public LongHeap(int capacity) {
        a = new long[capacity];
    }

    public boolean isEmpty() {
        return size == 0;
    }

    public long peek() {
        return a[0];
    }

    public void push(long v) {
        if (size == a.length) {
            a = Arrays.copyOf(a, 2 * size);
        }
        int i = size++;
        while (i > 0) {
            int p = (i - 1) >>> 1;
            if (a[p] <= v) {
                break;
            }
            a[i] = a[p];
            i = p;
        }
        a[i] = v;
    }

    public long pop() {
        long top = a[0];
        int last = --size;
        if (last > 0) {
            long v = a[last];
            int i = 0;
            while (true) {
                int c = 2 * i + 1;
                if (c >= last) {
                    break;
                }
                if (c + 1 < last && a[c + 1] < a[c]) {
                    c++;
                }
                if (a[c] >= v) {
                    break;
                }
                a[i] = a[c];
                i = c;
            }
            a[i] = v;
        }
        return top;
    }
}
