package dev.navserver.nav.search.field;

import dev.navserver.nav.search.core.IntPages;
import java.util.Arrays;

/**
 * The rim of an integration field's region (its cells with a neighbour off the region but on the map) and the
 * exactness check of a settled source against it (the bound is derived in {@code IntegrationField}'s class
 * comment). Cells are padded ids ({@code y * stride + x}), values in cells (cost-weighted).
 *
 * <p>Not thread-safe: part of one {@code IntegrationField}.
 */
public final class FieldRim {
    private static final double SQRT2 = Math.sqrt(2.0);

    /** Rim cells settled by the current run, padded ids in settling order (so by non-decreasing value). */
    private int[] rimCells = new int[64];
    private double[] rimValues = new double[64];
    private int rimCount;
    private boolean left;
    private boolean right;
    private boolean top;
    private boolean bottom;
    private int x0;
    private int y0;
    private int x1;
    private int y1;
    private int stride;

    /**
     * Starts a run over the region of padded columns {@code x0..x1} and rows {@code y0..y1} of a map of
     * {@code width x height} cells (padded by one on every side, rows {@code stride} apart): no rim cell settled.
     */
    public void begin(int x0, int y0, int x1, int y1, int width, int height, int stride) {
        this.x0 = x0;
        this.y0 = y0;
        this.x1 = x1;
        this.y1 = y1;
        this.stride = stride;
        left = x0 > 1;
        right = x1 < width;
        top = y0 > 1;
        bottom = y1 < height;
        rimCount = 0;
    }

    /** Records settled padded cell p = (x, y) of value d when it lies on a side of the region off the map's edge. */
    public void note(int p, int x, int y, double d) {
        if ((left && x == x0) || (right && x == x1) || (top && y == y0) || (bottom && y == y1)) {
            if (rimCount == rimCells.length) {
                rimCells = Arrays.copyOf(rimCells, 2 * rimCount);
                rimValues = Arrays.copyOf(rimValues, 2 * rimCount);
            }
            rimCells[rimCount] = p;
            rimValues[rimCount++] = d;
        }
    }

    /**
     * Whether settled source p of value {@code vp} has its exact value: no path leaving the region can be cheaper.
     * Rim cells not settled have values of at least {@code last}, the last value settled (its floor when
     * {@code bucketed}).
     */
    public boolean exact(int p, double vp, double last, boolean bucketed) {
        int x = p % stride;
        int y = p / stride;
        long m = Long.MAX_VALUE;
        if (left) {
            m = Math.min(m, x - x0 + 1);
        }
        if (right) {
            m = Math.min(m, x1 - x + 1);
        }
        if (top) {
            m = Math.min(m, y - y0 + 1);
        }
        if (bottom) {
            m = Math.min(m, y1 - y + 1);
        }
        if (m == Long.MAX_VALUE) {
            return true; // the region is the whole map
        }
        if (Double.compare(vp, last + 1 + m) > 0) {
            return false;
        }
        for (int i = 0; i < rimCount; i++) {
            int v = rimCells[i];
            double vv = rimValues[i];
            double base = vv + 1;
            // rim cells settled later have values of at least value(v) (heap), at least its floor (buckets)
            double later = (bucketed ? Math.floor(vv) : vv) + 1;
            if (Double.compare(later + m, vp) >= 0) {
                return true; // this rim cell and every later one bound leaving paths from below by >= vp
            }
            int dx = Math.abs(v % stride - x);
            int dy = Math.abs(v / stride - y);
            double octile = Math.max(dx, dy) + (SQRT2 - 1) * Math.min(dx, dy);
            if (Double.compare(base + Math.max(m, octile - SQRT2), vp) < 0) {
                return false;
            }
        }
        return true;
    }

    /** Forgets the lists (back to their initial size). */
    public void drop() {
        rimCells = new int[64];
        rimValues = new double[64];
    }

    /** Bytes of the lists, array headers included. */
    public long bytes() {
        return IntPages.ARRAY_HEADER + 4L * rimCells.length + IntPages.ARRAY_HEADER + 8L * rimValues.length;
    }
}
