package dev.navserver.nav.search.core;

import java.util.Arrays;

/**
 * Per-id scratch of a search in pages allocated on first touch: page {@code k} holds the ints of ids
 * {@code k << shift} to {@code ((k + 1) << shift) - 1} (with padded grid ids, a short run of one row), and a page
 * that was never touched is {@code null} in {@link #pages}. So the memory a search holds grows with the ids it
 * touched, not with the number of ids, plus one 4-byte reference per page of ids in the outer table.
 *
 * <p>Pages are kept for reuse between searches (their owner tells searches apart by generation stamps, so a warm
 * search allocates nothing); {@link #clear} zeroes the held pages (on a stamp wrap) and {@link #drop} forgets them,
 * which owners do at the start of a search when {@link #bytes()} with their other scratch exceeds
 * {@link #RETAINED_BYTES}, so that one huge search does not pin its memory for the thread's lifetime.
 *
 * <p>Not thread-safe: part of one search context.
 */
public final class IntPages {
    /**
     * Scratch bytes a search structure ({@code OpenList}, {@code TwoBucketAStar}, {@code IntegrationField}) keeps
     * between searches: when it holds more at the start of a search, it drops its pages and lists first.
     */
    public static final long RETAINED_BYTES = 64L << 20;
    /** Bytes of an array header, used by the estimates (compressed oops). */
    public static final int ARRAY_HEADER = 16;

    /** Outer table: {@code pages[id >>> shift]} is the page of id, or {@code null} when not yet touched. */
    public int[][] pages = new int[0][];
    private final int shift;
    private final int intsPerPage;
    /** Indices of the allocated pages, in allocation order. */
    private int[] held = new int[16];
    private int heldCount;

    /**
     * @param shift       log2 of the ids per page
     * @param intsPerPage ints of one page (ids per page times ints per id)
     */
    public IntPages(int shift, int intsPerPage) {
        this.shift = shift;
        this.intsPerPage = intsPerPage;
    }

    /** Grows the outer table to cover ids {@code 0 .. capacity - 1}; keeps the held pages. */
    public void cover(int capacity) {
        int need = (int) (((long) capacity + (1L << shift) - 1) >>> shift);
        if (pages.length < need) {
            pages = Arrays.copyOf(pages, need);
        }
    }

    /** Allocates (zeroed) page {@code index}, which must be absent, and returns it. */
    public int[] allocate(int index) {
        int[] page = new int[intsPerPage];
        pages[index] = page;
        if (heldCount == held.length) {
            held = Arrays.copyOf(held, 2 * heldCount);
        }
        held[heldCount++] = index;
        return page;
    }

    /** Zeroes every held page. */
    public void clear() {
        for (int i = 0; i < heldCount; i++) {
            Arrays.fill(pages[held[i]], 0);
        }
    }

    /** Forgets every page and shrinks the outer table to {@code capacity} ids; every id is untouched after. */
    public void drop(int capacity) {
        int need = (int) (((long) capacity + (1L << shift) - 1) >>> shift);
        if (pages.length > need) {
            pages = new int[need][];
        } else {
            for (int i = 0; i < heldCount; i++) {
                pages[held[i]] = null;
            }
        }
        heldCount = 0;
        held = new int[16];
    }

    /** Pages held. */
    public int heldPages() {
        return heldCount;
    }

    /** Bytes held: the pages, the outer table and the list of held pages (array headers included). */
    public long bytes() {
        return heldCount * (ARRAY_HEADER + 4L * intsPerPage)
                + ARRAY_HEADER + 4L * pages.length
                + ARRAY_HEADER + 4L * held.length;
    }
}
