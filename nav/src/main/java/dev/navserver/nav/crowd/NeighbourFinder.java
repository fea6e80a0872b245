package dev.navserver.nav.crowd;

/**
 * The nearest {@code maxNeighbours} agents of an agent within {@code neighbourDistanceMeters}, nearest first (ties:
 * lower id first), from an {@link AgentGrid} built for the step. After {@link #find}, neighbour {@code k}
 * ({@code k < count()}) is agent {@code nbIndex[k]}, at hash slot {@code nbSlot[k]} and squared distance
 * {@code nbDist2[k]} (m²).
 *
 * <p>No allocation once {@link #ensureCapacity} has grown the arrays to the crowd size. Not thread-safe; one per
 * solver.
 */
final class NeighbourFinder {
    /** Widening of a neighbour search bound, metres: keeps it conservative under rounding. */
    private static final double CHORD_SLACK = 1e-6;
    /** Low bits of a neighbour sort key that hold the candidate's number instead of the distance's mantissa. */
    private static final int KEY_BITS = 8;
    /** Selection by sort keys handles at most this many candidates (the key's candidate number). */
    private static final int KEY_CANDIDATES = 1 << KEY_BITS;

    private final OrcaParams params;
    private final AgentGrid hash;

    // neighbours of the current agent, nearest first
    final int[] nbIndex;
    /** Position of each neighbour in the hash's cell-ordered copies (read there: cache-friendly). */
    final int[] nbSlot;
    final double[] nbDist2;
    private int nbCount;
    // candidates of the neighbour search: squared distance and position in the hash's cell order
    private double[] candD2 = new double[0];
    /** The nearest {@code maxNeighbours + 1} candidates as sort keys (see {@link #selectByKeys}), ascending. */
    private final long[] keys;
    private int[] candSlot = new int[0];
    /** Each agent's neighbours of its last step (agent indices, {@code maxNeighbours} per agent): a search bound. */
    private int[] prevNb = new int[0];
    private int[] prevCount = new int[0];

    NeighbourFinder(OrcaParams params, AgentGrid hash) {
        this.params = params;
        this.hash = hash;
        nbIndex = new int[params.maxNeighbours()];
        nbSlot = new int[params.maxNeighbours()];
        nbDist2 = new double[params.maxNeighbours()];
        keys = new long[params.maxNeighbours() + 1];
    }

    /** Grows the per-agent arrays to hold {@code cap} agents, keeping each agent's last neighbours. */
    void ensureCapacity(int cap) {
        if (candD2.length < cap) {
            candD2 = new double[cap];
            candSlot = new int[cap];
            prevNb = java.util.Arrays.copyOf(prevNb, cap * params.maxNeighbours());
            prevCount = java.util.Arrays.copyOf(prevCount, cap);
        }
    }

    /** Neighbours found by the last {@link #find}. */
    int count() {
        return nbCount;
    }

    /**
     * Collects the nearest {@code maxNeighbours} agents within the neighbour distance, nearest first (ties: lower id
     * first). Two passes: every agent of the hash cells overlapping the square of side twice the neighbour distance
     * (one contiguous run of the cell-ordered arrays per hash row) is tested, and those within the distance go to a
     * candidate buffer without a data-dependent branch; then {@link #selectNeighbours} picks the nearest.
     *
     * @param self position of the agent in the hash's cell order (not its own neighbour)
     */
    void find(CrowdAgents a, int i, int self, double px, double pz) {
        double range = params.neighbourDistanceMeters();
        double range2 = range * range;
        double limit2 = range2;
        int max = params.maxNeighbours();
        int n = a.size;
        if (prevCount[i] == max) {
            // the agents that were its neighbours last step (any max distinct other agents will do): the max-th
            // nearest is no farther than the farthest of them now, so nothing beyond needs to be looked at
            int base = i * max;
            double far = 0;
            for (int q = 0; q < max; q++) {
                int j = prevNb[base + q];
                if (j >= n || j == i) {
                    far = Double.POSITIVE_INFINITY;
                    break;
                }
                double dx = a.x[j] - px;
                double dz = a.z[j] - pz;
                far = Math.max(far, dx * dx + dz * dz);
            }
            if (far < range2) {
                limit2 = Math.nextUp(far);
                range = Math.min(range, Math.sqrt(far) + CHORD_SLACK);
            }
        }
        int cols = hash.cols();
        int r0 = hash.row(pz - range);
        int r1 = hash.row(pz + range);
        int c0 = hash.col(px - range);
        int c1 = hash.col(px + range);
        int[] starts = hash.starts();
        double[] xs = hash.sortedX();
        double[] zs = hash.sortedZ();
        double[] cd = candD2;
        int[] cs = candSlot;
        int m = 0;
        for (int row = r0; row <= r1; row++) {
            int base = row * cols;
            int to = starts[base + c1 + 1];
            for (int s = starts[base + c0]; s < to; s++) {
                double dx = xs[s] - px;
                double dz = zs[s] - pz;
                double d2 = dx * dx + dz * dz;
                cd[m] = d2;
                cs[m] = s;
                m += (d2 < limit2) & (s != self) ? 1 : 0;
            }
        }
        selectNeighbours(a.id, m);
        int base = i * max;
        for (int q = 0; q < nbCount; q++) {
            prevNb[base + q] = nbIndex[q];
        }
        prevCount[i] = nbCount;
    }

    /**
     * Fills the neighbour list with the nearest {@code maxNeighbours} of the {@code m} buffered candidates, in order
     * of (distance, id): by sort keys ({@link #selectByKeys}) unless two of the nearest are at (nearly) the same
     * distance or there are too many candidates, else by insertion with exact comparisons.
     */
    private void selectNeighbours(long[] ids, int m) {
        int[] sorted = hash.agents();
        int max = params.maxNeighbours();
        if (m <= KEY_CANDIDATES && selectByKeys(sorted, m, max)) {
            return;
        }
        int fill = Math.min(m, max);
        for (int e = 0; e < fill; e++) {
            nbDist2[e] = candD2[e];
            nbSlot[e] = candSlot[e];
            nbIndex[e] = sorted[candSlot[e]];
        }
        nbCount = fill;
        sortNeighbours(ids);
        for (int e = max; e < m; e++) {
            double d2 = candD2[e];
            double worst = nbDist2[max - 1];
            if (d2 > worst) {
                continue;
            }
            int j = sorted[candSlot[e]];
            // full and sorted: replace the farthest; ties go to the lower id (independent of agent order)
            if (d2 == worst && ids[nbIndex[max - 1]] < ids[j]) {
                continue;
            }
            insert(max - 1, d2, j, candSlot[e], ids);
        }
    }

    /**
     * Selects the nearest {@code max} of {@code m <= KEY_CANDIDATES} candidates without a data-dependent branch per
     * candidate: a candidate's key is its squared distance's bits (non-negative doubles order as longs) with the low
     * {@link #KEY_BITS} bits replaced by its number, and every key is merged into an ascending array of the
     * {@code max + 1} smallest by branch-free min/max. Truncating the distance keeps the order of keys whose
     * truncated parts differ; when two of the {@code max + 1} smallest share a truncated part (equal distances:
     * the id decides; nearly equal: the truncation might have swapped them) nothing is filled and false is
     * returned, for the exact path.
     */
    private boolean selectByKeys(int[] sorted, int m, int max) {
        long[] kk = keys;
        int size = max + 1;
        for (int q = 0; q < size; q++) {
            kk[q] = Long.MAX_VALUE;
        }
        double[] cd = candD2;
        long low = KEY_CANDIDATES - 1;
        for (int e = 0; e < m; e++) {
            long x = (Double.doubleToRawLongBits(cd[e]) & ~low) | e;
            // kk[p] = min(kk[p], max(kk[p - 1], x)) from the top down, then kk[0] = min(kk[0], x); keys are
            // non-negative, so the differences cannot overflow
            for (int p = size - 1; p > 0; p--) {
                long below = kk[p - 1];
                long d = below - x;
                long hi = below - (d & (d >> 63));
                long cur = kk[p];
                long d2 = cur - hi;
                kk[p] = hi + (d2 & (d2 >> 63));
            }
            long d0 = kk[0] - x;
            kk[0] = x + (d0 & (d0 >> 63));
        }
        int top = Math.min(m, size);
        for (int q = 1; q < top; q++) {
            if ((kk[q] ^ kk[q - 1]) < KEY_CANDIDATES) {
                return false;
            }
        }
        int count = Math.min(m, max);
        for (int q = 0; q < count; q++) {
            int e = (int) (kk[q] & low);
            int slot = candSlot[e];
            nbDist2[q] = cd[e];
            nbSlot[q] = slot;
            nbIndex[q] = sorted[slot];
        }
        nbCount = count;
        return true;
    }

    /** Sorts the neighbour list by (distance, id). */
    private void sortNeighbours(long[] ids) {
        for (int q = 1; q < nbCount; q++) {
            insert(q, nbDist2[q], nbIndex[q], nbSlot[q], ids);
        }
    }

    /**
     * Puts neighbour (d2, agent j, hash slot) at position {@code from} or, moving the entries before it up one
     * place, at the first position of the sorted list {@code 0..from-1} after which it belongs by (distance, id).
     */
    private void insert(int from, double d2, int j, int slot, long[] ids) {
        int p = from;
        while (p > 0 && (nbDist2[p - 1] > d2 || (nbDist2[p - 1] == d2 && ids[nbIndex[p - 1]] > ids[j]))) {
            nbDist2[p] = nbDist2[p - 1];
            nbIndex[p] = nbIndex[p - 1];
            nbSlot[p] = nbSlot[p - 1];
            p--;
        }
        nbDist2[p] = d2;
        nbIndex[p] = j;
        nbSlot[p] = slot;
    }
}
