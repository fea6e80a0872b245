package dev.navserver.nav.search;

import dev.navserver.nav.search.core.IntPages;
import java.util.Arrays;

/**
 * The open and closed sets of one search over node ids {@code 0 .. capacity - 1}: an indexed 4-ary min-heap with
 * decrease-key, ordered by {@code f} ascending and, on equal {@code f}, by {@code g} descending; plus a 16-byte
 * record per touched id. Keys are finite, non-negative doubles (never NaN or -0.0), compared with {@code <}.
 *
 * <p><b>Records</b> live in pages of {@value #PAGE_IDS} ids ({@link IntPages}): id q's record is the four ints
 * from {@code at(q)} of {@code pages[q >>> PAGE_SHIFT]}, and a page is allocated the first time one of its ids is
 * opened; an absent page means all its ids are unseen. {@code page[at]} is a stamp: {@link #openStamp} while q is
 * on the heap, {@code openStamp + 1} once popped (closed), anything else means unseen in this search.
 * {@code page[at + 1]} is q's heap slot while open. {@code page[at + 2]} and {@code page[at + 3]} are the
 * search's links of q (its predecessor and turning cell, see {@link #link}); the heap never reads them, they share
 * the record so that a visit touches one cache line. A node's {@code g} lives in its heap key while it is open and
 * is not kept once closed.
 *
 * <p><b>Memory.</b> 16 bytes per id of every page touched (1,040 bytes per page of 64 ids), 4 bytes per 64 ids
 * of capacity for the page table, and 20 bytes per heap slot, the heap growing by doubling with the open list's
 * largest size. So a search holds what it touched, not the grid.
 *
 * <p><b>Reuse.</b> {@link #begin} starts a new generation: it empties the heap and makes every id unseen by moving
 * the stamp on, so a repeat search over ids already paged in allocates nothing. The stamp wraps by zeroing the
 * held pages once every ~10^9 searches. When the scratch held at {@link #begin} exceeds
 * {@link IntPages#RETAINED_BYTES} (64 MiB, e.g. after a search across most of a 2000 x 2000 map), the pages and
 * the heap are dropped first, so one huge search does not pin its memory.
 *
 * <p>Not thread-safe: one instance per search context.
 */
final class OpenList {
    /** Ints per record. */
    static final int RECORD = 4;
    /** log2 of the ids per page. */
    static final int PAGE_SHIFT = 6;
    /** Ids per page. */
    static final int PAGE_IDS = 1 << PAGE_SHIFT;
    /** Mask of an id's position in its page. */
    static final int PAGE_MASK = PAGE_IDS - 1;
    /** Heap slots allocated up front and after a drop. */
    private static final int INITIAL_SLOTS = 256;

    private final IntPages records = new IntPages(PAGE_SHIFT, RECORD * PAGE_IDS);
    /** Record pages by {@code id >>> PAGE_SHIFT}, {@code null} when untouched; layout in the class comment. */
    int[][] pages = records.pages;
    /** Stamp of open records in the current generation; {@code openStamp + 1} marks closed ones. Even, >= 2. */
    int openStamp;

    // heap[i] = id in slot i; key[2i] = its f, key[2i + 1] = its g
    private int[] heap = new int[INITIAL_SLOTS];
    private double[] key = new double[2 * INITIAL_SLOTS];
    private int size;
    private int capacity;
    /** Scratch bytes kept between searches; more is dropped at {@link #begin}. */
    private final long retainedBytes;

    OpenList() {
        this(IntPages.RETAINED_BYTES);
    }

    /** An open list that keeps at most {@code retainedBytes} of scratch between searches (tests use small bounds). */
    OpenList(long retainedBytes) {
        this.retainedBytes = retainedBytes;
    }

    /** Offset of id q's record in its page. */
    static int at(int q) {
        return (q & PAGE_MASK) * RECORD;
    }

    /**
     * Starts a search over ids {@code 0 .. capacity - 1}: empty heap, every id unseen, links undefined.
     *
     * @param capacity number of ids, {@code >= 0}; grows the page table when larger than any before
     */
    void begin(int capacity) {
        if (scratchBytes() > retainedBytes) {
            records.drop(capacity);
            heap = new int[INITIAL_SLOTS];
            key = new double[2 * INITIAL_SLOTS];
        }
        records.cover(capacity);
        pages = records.pages;
        this.capacity = Math.max(this.capacity, capacity);
        openStamp += 2;
        if (openStamp >= Integer.MAX_VALUE - 2) {
            records.clear();
            openStamp = 2;
        }
        size = 0;
    }

    /** Ids the page table covers without growing. */
    int capacity() {
        return capacity;
    }

    /**
     * Bytes this open list holds now: record pages, page table and heap arrays, array headers included. Between
     * {@link #begin} calls it only grows; {@link #begin} may drop it (see the class comment).
     */
    long scratchBytes() {
        return records.bytes() + IntPages.ARRAY_HEADER + 4L * heap.length + IntPages.ARRAY_HEADER + 8L * key.length;
    }

    /** Record pages held. */
    int heldPages() {
        return records.heldPages();
    }

    /** The page of id q, allocated when absent. */
    int[] pageOf(int q) {
        int[] page = pages[q >>> PAGE_SHIFT];
        return page != null ? page : records.allocate(q >>> PAGE_SHIFT);
    }

    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** Whether id q is on the heap. */
    boolean isOpen(int q) {
        int[] page = pages[q >>> PAGE_SHIFT];
        return page != null && page[at(q)] == openStamp;
    }

    /** Whether id q was popped in this generation. */
    boolean isClosed(int q) {
        int[] page = pages[q >>> PAGE_SHIFT];
        return page != null && page[at(q)] == openStamp + 1;
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
        return key[2 * pages[q >>> PAGE_SHIFT][at(q) + 1] + 1];
    }

    /** g of the open id in heap slot {@code slot}. */
    double gAt(int slot) {
        return key[2 * slot + 1];
    }

    /** Sets the links of q: its predecessor and the turning cell of the move from it ({@code -1} for none). */
    void link(int q, int parent, int via) {
        int[] page = pageOf(q);
        int a = at(q);
        page[a + 2] = parent;
        page[a + 3] = via;
    }

    /** Predecessor of q as set by {@link #link}. */
    int parent(int q) {
        return pages[q >>> PAGE_SHIFT][at(q) + 2];
    }

    /** Turning cell of q as set by {@link #link}. */
    int via(int q) {
        return pages[q >>> PAGE_SHIFT][at(q) + 3];
    }

    /** Opens id q (unseen or closed, not open) with key (f, g). */
    void push(int q, double f, double g) {
        push(pageOf(q), q, f, g);
    }

    /** {@link #push} with q's page, {@code page == pageOf(q)}, already at hand. */
    void push(int[] page, int q, double f, double g) {
        page[at(q)] = openStamp;
        if (size == heap.length) {
            grow();
        }
        siftUp(size++, page, q, f, g);
    }

    /** Allocates the absent page of id q, links q ({@link #link}) and opens it with key (f, g). */
    void pushFirst(int q, int parent, int via, double f, double g) {
        int[] page = records.allocate(q >>> PAGE_SHIFT);
        int a = at(q);
        page[a + 2] = parent;
        page[a + 3] = via;
        push(page, q, f, g);
    }

    /** Doubles the heap (a cold path, kept out of {@link #push} so that it stays small enough to inline). */
    private void grow() {
        heap = Arrays.copyOf(heap, 2 * size);
        key = Arrays.copyOf(key, 4 * size);
    }

    /** Gives open id q the key (f, g), which must not order after its current key. */
    void decrease(int q, double f, double g) {
        int[] page = pages[q >>> PAGE_SHIFT];
        siftUp(page[at(q) + 1], page, q, f, g);
    }

    /** {@link #decrease} of the open id q, whose page is {@code page}, in heap slot {@code slot}. */
    void decreaseAt(int slot, int[] page, int q, double f, double g) {
        siftUp(slot, page, q, f, g);
    }

    /**
     * Removes the root and closes it; the heap must not be empty.
     *
     * @return the removed id
     */
    int pop() {
        int[] hp = heap;
        double[] k = key;
        int[][] pg = pages;
        int root = hp[0];
        pg[root >>> PAGE_SHIFT][at(root)] = openStamp + 1;
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
            pg[moved >>> PAGE_SHIFT][at(moved) + 1] = i;
            i = best;
        }
        place(i, pg[q >>> PAGE_SHIFT], q, f, gq);
        return root;
    }

    /** Heap order: smaller f first, then larger g. */
    private static boolean before(double f1, double g1, double f2, double g2) {
        // keys are finite and non-negative (no NaN, no -0.0), so the primitive comparisons order them as
        // Double.compare does
        return f1 < f2 || (f1 == f2 && g1 > g2);
    }

    /** Moves id q, whose page is {@code qPage}, with key (f, g) from heap slot i toward the root. */
    private void siftUp(int i, int[] qPage, int q, double f, double g) {
        int[] hp = heap;
        double[] k = key;
        int[][] pg = pages;
        while (i > 0) {
            int up = (i - 1) >>> 2;
            if (!before(f, g, k[2 * up], k[2 * up + 1])) {
                break;
            }
            int moved = hp[up];
            hp[i] = moved;
            k[2 * i] = k[2 * up];
            k[2 * i + 1] = k[2 * up + 1];
            pg[moved >>> PAGE_SHIFT][at(moved) + 1] = i;
            i = up;
        }
        place(i, qPage, q, f, g);
    }

    /** Puts id q, whose page is {@code qPage}, with key (f, g) into heap slot i. */
    private void place(int i, int[] qPage, int q, double f, double g) {
        heap[i] = q;
        key[2 * i] = f;
        key[2 * i + 1] = g;
        qPage[at(q) + 1] = i;
    }
}
