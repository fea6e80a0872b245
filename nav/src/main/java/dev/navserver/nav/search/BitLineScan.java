package dev.navserver.nav.search;

/**
 * The word-at-a-time scan of JPS straight jumps over a grid's bit lines ({@link JumpScanner}). Stateless;
 * thread-safe.
 */
final class BitLineScan {
    private BitLineScan() {
    }

    /**
     * Straight jump along one bit line {@code here} (a row when scanning horizontally, a column when scanning
     * vertically; {@code before} and {@code after} are the lines {@code line - 1} and {@code line + 1}). Starting
     * after position {@code pos} and moving by {@code dir}, finds the first cell that
     * has a forced neighbour (a standable cell beside it on a neighbouring line whose predecessor on that line is
     * blocked), or the first blocked cell. The lines are padded: a blocked cell always comes.
     *
     * @return the position of the cell with a forced neighbour, or {@code ~position} of the blocked cell
     */
    static int stop(long[] before, long[] here, long[] after, int pos, int dir) {
        int words = here.length;
        int start = pos + dir;
        int w = start >>> 6;
        int stop;
        boolean blocked;
        if (dir > 0) {
            long mask = -1L << start;
            while (true) {
                long a = here[w];
                long u = before[w];
                long d = after[w];
                long uPrev = w > 0 ? before[w - 1] >>> 63 : 0L;
                long dPrev = w > 0 ? after[w - 1] >>> 63 : 0L;
                long forced = (u & ~((u << 1) | uPrev)) | (d & ~((d << 1) | dPrev));
                long hit = (~a | forced) & mask;
                if (hit != 0) {
                    stop = (w << 6) + Long.numberOfTrailingZeros(hit);
                    blocked = (a & (1L << stop)) == 0;
                    break;
                }
                w++;
                mask = -1L;
            }
        } else {
            long mask = -1L >>> (63 - (start & 63));
            while (true) {
                long a = here[w];
                long u = before[w];
                long d = after[w];
                long uNext = w + 1 < words ? before[w + 1] << 63 : 0L;
                long dNext = w + 1 < words ? after[w + 1] << 63 : 0L;
                long forced = (u & ~((u >>> 1) | uNext)) | (d & ~((d >>> 1) | dNext));
                long hit = (~a | forced) & mask;
                if (hit != 0) {
                    stop = (w << 6) + 63 - Long.numberOfLeadingZeros(hit);
                    blocked = (a & (1L << stop)) == 0;
                    break;
                }
                w--;
                mask = -1L;
            }
        }
        return blocked ? ~stop : stop;
    }
}
