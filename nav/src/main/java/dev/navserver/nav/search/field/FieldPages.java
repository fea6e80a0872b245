package dev.navserver.nav.search.field;

import dev.navserver.nav.search.core.IntPages;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * The cell bytes of an integration field, by region-local id, in pages of 64 cells (a run of one region row)
 * allocated the first time a run touches one of their cells. Each page holds a byte per cell and, in 4 more bytes,
 * the generation the bytes belong to: a page of an older generation is all unseen and is reset when touched, so a
 * build over cells already paged in allocates nothing. 88 bytes per page with the array header and alignment.
 *
 * <p>A cell's byte: bits 0-2 the direction of its move toward the goal (index into N, S, W, E, NW, NE, SW, SE;
 * tentative while open, final once closed, none for the goal); bit 3 set when the tentative parent does not go on
 * in that direction (so bits 0-3 are the rank of the tie rule, lower wins); bit 5 a required source; bit 6 open;
 * bit 7 closed (settled).
 *
 * <p>Not thread-safe: part of one {@code IntegrationField}.
 */
public final class FieldPages {
    /** Cells per field page: a run of one row of the region. */
    public static final int PAGE_SHIFT = 6;
    public static final int PAGE_CELLS = 1 << PAGE_SHIFT;
    public static final int PAGE_MASK = PAGE_CELLS - 1;
    /** Byte offset of a page's generation ({@code int}), after its cells. */
    private static final int GEN_AT = PAGE_CELLS;
    /** Length of a page array: a byte per cell and the generation. */
    private static final int PAGE_LENGTH = PAGE_CELLS + 4;
    /** Bytes of one field page: header and length rounded up to 8 (88). */
    public static final long PAGE_BYTES = (IntPages.ARRAY_HEADER + PAGE_LENGTH + 7) & ~7L;
    private static final VarHandle GEN = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.nativeOrder());

    /** Bits 0-3 of a cell's byte: the rank of its direction (direction, plus 8 when the path turns there). */
    public static final int RANK = 0x0F;
    public static final int DIRECTION = 0x07;
    public static final int TURNS = 0x08;
    public static final int SOURCE = 0x20;
    public static final int OPEN = 0x40;
    /** Bit 7 of a cell's byte: settled. */
    public static final int CLOSED = 0x80;

    /**
     * Pages by region-local id {@code l >>> PAGE_SHIFT}, {@code null} until first touched: a byte per cell, then
     * the generation the bytes belong to. Read directly on hot paths; a page is current only when
     * {@link #current} says so.
     */
    public byte[][] pages = new byte[0][];
    private int[] heldPages = new int[16];
    private int heldCount;
    private int generation;

    /**
     * Starts a run over {@code regionCells} region-local ids: the table grown to cover them and a new generation
     * (every cell unseen).
     */
    public void begin(int regionCells) {
        int need = (int) (((long) regionCells + PAGE_CELLS - 1) >>> PAGE_SHIFT);
        if (pages.length < need) {
            pages = Arrays.copyOf(pages, need);
        }
        if (++generation == 0) { // wrapped: mark every held page as of an older generation once
            for (int i = 0; i < heldCount; i++) {
                GEN.set(pages[heldPages[i]], GEN_AT, 0);
            }
            generation = 1;
        }
    }

    /** Forgets every page (the next {@link #begin} allocates afresh). */
    public void drop() {
        pages = new byte[0][];
        heldPages = new int[16];
        heldCount = 0;
    }

    /** Whether {@code page} (non-null) belongs to the current generation. */
    public boolean current(byte[] page) {
        return (int) GEN.get(page, GEN_AT) == generation;
    }

    /** The page of region-local id l, allocated when absent and reset when of an older generation. */
    public byte[] touch(int l) {
        int index = l >>> PAGE_SHIFT;
        byte[] page = pages[index];
        if (page == null) {
            page = new byte[PAGE_LENGTH];
            pages[index] = page;
            if (heldCount == heldPages.length) {
                heldPages = Arrays.copyOf(heldPages, 2 * heldCount);
            }
            heldPages[heldCount++] = index;
        } else if ((int) GEN.get(page, GEN_AT) != generation) {
            Arrays.fill(page, 0, PAGE_CELLS, (byte) 0);
        }
        GEN.set(page, GEN_AT, generation);
        return page;
    }

    /** Whether region-local cell l was settled in the current generation. */
    public boolean settled(int l) {
        byte[] page = pages[l >>> PAGE_SHIFT];
        return page != null && (int) GEN.get(page, GEN_AT) == generation && (page[l & PAGE_MASK] & CLOSED) != 0;
    }

    /** The direction bits of region-local cell l, which must lie on a current page. */
    public int direction(int l) {
        return pages[l >>> PAGE_SHIFT][l & PAGE_MASK] & DIRECTION;
    }

    /** Pages held (64 region cells each). */
    public int held() {
        return heldCount;
    }

    /** Bytes of the pages, the table and the list of held pages, array headers included. */
    public long bytes() {
        return heldCount * PAGE_BYTES + IntPages.ARRAY_HEADER + 4L * pages.length
                + IntPages.ARRAY_HEADER + 4L * heldPages.length;
    }
}
