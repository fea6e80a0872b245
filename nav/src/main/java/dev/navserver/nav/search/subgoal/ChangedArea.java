package dev.navserver.nav.search.subgoal;

/**
 * The cells whose standability differs between two versions of one grid (same size), from their bit rows: the
 * bounding box of the changed cells in padded coordinates, how many changed, and whether cells were blocked (walls
 * added), opened (walls removed) or both. Rows shared by reference between the versions are skipped unread.
 *
 * @param minX    smallest padded x of a changed cell (inclusive); meaningless when {@code changed == 0}
 * @param minY    smallest padded y of a changed cell (inclusive)
 * @param maxX    largest padded x of a changed cell (inclusive)
 * @param maxY    largest padded y of a changed cell (inclusive)
 * @param changed number of changed cells
 * @param blocked whether a standable cell became blocked
 * @param opened  whether a blocked cell became standable
 */
public record ChangedArea(int minX, int minY, int maxX, int maxY, long changed, boolean blocked, boolean opened) {

    /** The changes from bit rows {@code before} to {@code after} (same number of rows and words per row). */
    public static ChangedArea between(long[][] before, long[][] after) {
        int minX = Integer.MAX_VALUE;
        int minY = Integer.MAX_VALUE;
        int maxX = -1;
        int maxY = -1;
        long changed = 0;
        boolean blocked = false;
        boolean opened = false;
        for (int y = 0; y < before.length; y++) {
            long[] b = before[y];
            long[] a = after[y];
            if (a == b) {
                continue;
            }
            for (int w = 0; w < b.length; w++) {
                long d = b[w] ^ a[w];
                if (d == 0) {
                    continue;
                }
                changed += Long.bitCount(d);
                blocked |= (b[w] & ~a[w]) != 0;
                opened |= (a[w] & ~b[w]) != 0;
                minX = Math.min(minX, (w << 6) + Long.numberOfTrailingZeros(d));
                maxX = Math.max(maxX, (w << 6) + 63 - Long.numberOfLeadingZeros(d));
                minY = Math.min(minY, y);
                maxY = y;
            }
        }
        return new ChangedArea(minX, minY, maxX, maxY, changed, blocked, opened);
    }

    /** Cells of the bounding box (0 when nothing changed). */
    public long boxCells() {
        return changed == 0 ? 0 : (long) (maxX - minX + 1) * (maxY - minY + 1);
    }
}
