package dev.navserver.nav.search.core;

/**
 * The 8-connected move rule of the grid searches, in one place: a straight move goes to a standable neighbour; a
 * diagonal move only when both orthogonal neighbours it passes are standable too (no corner cutting). The legal
 * moves out of a cell come as a bit mask of the direction bits below. Stateless; thread-safe.
 */
public final class LegalMoves {
    /** Direction bits: north is row {@code y - 1}, west is column {@code x - 1}. */
    public static final int N = 1;
    public static final int S = 1 << 1;
    public static final int W = 1 << 2;
    public static final int E = 1 << 3;
    public static final int NW = 1 << 4;
    public static final int NE = 1 << 5;
    public static final int SW = 1 << 6;
    public static final int SE = 1 << 7;

    private LegalMoves() {
    }

    /**
     * The legal moves out of padded cell {@code (x, y)}, given the standability bit rows {@code y - 1}, {@code y} and
     * {@code y + 1} (bit {@code x} of a row set = column {@code x} standable, as {@code NavGrid.openRows()}); the
     * cell's neighbours must lie inside the rows (padded grids have a blocked border). Branch-free.
     */
    public static int eight(long[] up, long[] mid, long[] down, int x) {
        int n = bit(up, x);
        int s = bit(down, x);
        int w = bit(mid, x - 1);
        int e = bit(mid, x + 1);
        return n | s << 1 | w << 2 | e << 3
                | (n & w & bit(up, x - 1)) << 4 | (n & e & bit(up, x + 1)) << 5
                | (s & w & bit(down, x - 1)) << 6 | (s & e & bit(down, x + 1)) << 7;
    }

    /** Bit {@code x} of a bit row, as 0 or 1. */
    private static int bit(long[] line, int x) {
        return (int) (line[x >>> 6] >>> x) & 1;
    }
}
