package dev.navserver.nav.grid;

/**
 * A map from keys in {@code [0, capacity)} (padded cell indices) to non-negative {@code int} values, stored in
 * 1,024-key pages allocated on first write, so that its memory follows the keys written, not the capacity (plus one
 * reference per page of the key range). Absent keys read as {@code -1}. For edit bookkeeping over cells; not
 * thread-safe.
 */
final class PagedIntMap {
    private static final int SHIFT = 10;
    private static final int MASK = (1 << SHIFT) - 1;

    /** {@code pages[k >>> SHIFT][k & MASK]} holds value + 1 for key k; 0 means absent. */
    private final int[][] pages;

    /** @param capacity one more than the largest key, {@code >= 0} */
    PagedIntMap(int capacity) {
        pages = new int[(capacity + MASK) >>> SHIFT][];
    }

    /** The value of {@code key}, or -1 when absent. */
    int get(int key) {
        int[] page = pages[key >>> SHIFT];
        return page == null ? -1 : page[key & MASK] - 1;
    }

    /** Sets the value of {@code key}; {@code value >= 0}. */
    void put(int key, int value) {
        int[] page = pages[key >>> SHIFT];
        if (page == null) {
            page = new int[1 << SHIFT];
            pages[key >>> SHIFT] = page;
        }
        page[key & MASK] = value + 1;
    }
}
