package dev.navserver.nav.search;

import dev.navserver.nav.search.core.IntBuffer;

/**
 * A goal cell's landmark bounds over a {@link SubgoalGraph}'s differential heuristic, for one search: the goal's
 * landmark distances are bounded through the subgoals it is joined to, and the {@link #ACTIVE_LANDMARKS} landmarks
 * that bound the start's distance to the goal best are the ones each node reads (all of them when the start's
 * distances are unknown). {@link #raise} then lifts an admissible estimate of a subgoal's distance to the goal.
 *
 * <p>Not thread-safe: part of one search context.
 */
final class LandmarkGoal {
    /** Landmarks a search reads per node: the best for its start and goal. */
    static final int ACTIVE_LANDMARKS = 8;

    /** Whether the graph's landmarks bound this search (the goal's landmark distances are bounded). */
    private boolean alt;
    private double[] goalLo = new double[0];
    private double[] goalHi = new double[0];
    private double[] startLo = new double[0];
    private double[] startHi = new double[0];
    private double[] quality = new double[0];
    private int[] active = new int[0];
    private int activeCount;
    private int[] via = new int[32];

    /**
     * Aims at the goal at packed {@code goalXY}, joined to subgoals {@code goalEdges} (and standing on
     * {@code goalSubgoal}, or -1), from the start at packed {@code startXY} joined to {@code startEdges} (entries
     * {@link SubgoalGraph#EXTRA} ignored) and standing on {@code startSubgoal}, or -1.
     */
    void aim(SubgoalGraph g, int startXY, IntBuffer startEdges, int startSubgoal, int goalXY,
             IntBuffer goalEdges, int goalSubgoal) {
        int k = g.landmarkCount();
        int count = goalEdges.size + (goalSubgoal >= 0 ? 1 : 0);
        alt = k > 0 && count > 0;
        if (!alt) {
            return;
        }
        if (goalLo.length < k) {
            goalLo = new double[k];
            goalHi = new double[k];
            startLo = new double[k];
            startHi = new double[k];
            active = new int[k];
            quality = new double[k];
        }
        int startCount = startEdges.size + (startSubgoal >= 0 ? 1 : 0);
        if (via.length < Math.max(count, startCount)) {
            via = new int[Math.max(count, startCount)];
        }
        System.arraycopy(goalEdges.data, 0, via, 0, goalEdges.size);
        if (goalSubgoal >= 0) {
            via[goalEdges.size] = goalSubgoal;
        }
        g.cellBounds(goalXY, via, count, goalLo, goalHi);
        int n = 0;
        for (int i = 0; i < startEdges.size; i++) {
            if (startEdges.data[i] != SubgoalGraph.EXTRA) {
                via[n++] = startEdges.data[i];
            }
        }
        if (startSubgoal >= 0) {
            via[n++] = startSubgoal;
        }
        activeCount = 0;
        if (n == 0 || k <= ACTIVE_LANDMARKS) {
            for (int i = 0; i < k; i++) {
                active[activeCount++] = i;
            }
            return;
        }
        g.cellBounds(startXY, via, n, startLo, startHi);
        for (int i = 0; i < k; i++) {
            quality[i] = goalLo[i] < 0 || startLo[i] < 0 ? -1
                    : Math.max(goalLo[i] - startHi[i], startLo[i] - goalHi[i]);
        }
        // the ACTIVE_LANDMARKS best, by selection (k is at most 16)
        for (int a = 0; a < ACTIVE_LANDMARKS; a++) {
            int best = -1;
            for (int i = 0; i < k; i++) {
                if (quality[i] != Double.NEGATIVE_INFINITY && (best < 0 || quality[i] > quality[best])) {
                    best = i;
                }
            }
            active[activeCount++] = best;
            quality[best] = Double.NEGATIVE_INFINITY;
        }
    }

    /** {@code h}, or the landmark bound on subgoal {@code v}'s distance to the goal when that is larger. */
    double raise(SubgoalGraph g, int v, double h) {
        if (!alt) {
            return h;
        }
        double b = g.landmarkBound(v, goalLo, goalHi, active, activeCount);
        return b > h ? b : h;
    }
}
