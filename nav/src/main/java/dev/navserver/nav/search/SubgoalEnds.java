package dev.navserver.nav.search;

import dev.navserver.nav.search.core.IntBuffer;

/**
 * The two ends of a query over a {@link SubgoalGraph}, joined to it: their padded and packed cells, the subgoals
 * they stand on (or -1), the subgoals direct-h-reachable from each ({@link SubgoalGraph#scan}; from the start, the
 * goal counts as a subgoal and is reported as {@link SubgoalGraph#EXTRA}) and the goal's landmark bounds.
 * Read directly by {@link SubgoalSearch} and {@link HierarchySearch}.
 *
 * <p>Not thread-safe: part of one search.
 */
final class SubgoalEnds {
    int startP;
    int goalP;
    int startXY;
    int goalXY;
    int startSubgoal;
    int goalSubgoal;
    final IntBuffer startEdges = new IntBuffer(32);
    final IntBuffer goalEdges = new IntBuffer(32);
    final LandmarkGoal bound = new LandmarkGoal();

    /** Joins padded {@code from} and {@code to} (both standable) to graph {@code g}. */
    void join(SubgoalGraph g, int from, int to) {
        startP = from;
        goalP = to;
        startSubgoal = g.node(from);
        goalSubgoal = g.node(to);
        startXY = g.packed(from);
        goalXY = g.packed(to);
        startEdges.size = 0;
        goalEdges.size = 0;
        g.scan(from, to, startEdges);
        g.scan(to, -1, goalEdges);
        bound.aim(g, startXY, startEdges, startSubgoal, goalXY, goalEdges, goalSubgoal);
    }
}
