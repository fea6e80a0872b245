package dev.navserver.nav.search;

import dev.navserver.nav.grid.NavGrid;
import java.lang.ref.WeakReference;
import java.util.concurrent.Executor;

/**
 * The subgoal-graph searches of {@link PathSearch} (see its class comment): {@link HierarchySearch} over the
 * graph's hierarchy when it has one and start and goal differ, starting over as {@link SubgoalSearch} when the
 * hierarchy search reaches the budget; {@link SubgoalSearch} over the graph otherwise.
 *
 * <p>Not thread-safe: part of one {@link PathSearch}.
 */
final class SubgoalRoute {
    private final SubgoalSearch subgoals = new SubgoalSearch();
    private final HierarchySearch hierarchy = new HierarchySearch();
    /** Builds graphs of settled grids, or null to build them on the searching thread. */
    private final Executor builder;
    private final long settleNanos;
    private WeakReference<NavGrid> lastGraphGrid = new WeakReference<>(null);
    private SubgoalGraph lastGraph;

    // the current search
    /** Whether the current search runs over the graph's {@link SubgoalHierarchy}. */
    private boolean hierarchical;
    private SubgoalGraph graph;
    private int width;
    private int startPadded;
    private int goalPadded;
    private double graphWeight;
    private int budget;
    private boolean substituteGoal;

    /**
     * @param builder     runs graph builds ({@link SubgoalGraph#whenSettled}), or null to build on the searching
     *                    thread ({@link SubgoalGraph#forGrid})
     * @param settleNanos how long a grid is searched without a graph before one is built on {@code builder}
     */
    SubgoalRoute(Executor builder, long settleNanos) {
        this.builder = builder;
        this.settleNanos = settleNanos;
    }

    /** The subgoal graph a search of {@code grid} uses, or null: see {@link PathSearch}'s constructors. */
    SubgoalGraph graphFor(NavGrid grid) {
        if (lastGraphGrid.get() == grid) {
            return lastGraph;
        }
        SubgoalGraph g = builder == null ? SubgoalGraph.forGrid(grid)
                : SubgoalGraph.whenSettled(grid, System.nanoTime(), settleNanos, builder);
        // a repaired graph is replaced by its compact form once its version settles (SubgoalRepairs.compact): ask again
        if ((g != null || builder == null) && (g == null || !SubgoalRepairs.repaired(g))) {
            lastGraph = g;
            lastGraphGrid = new WeakReference<>(grid);
        }
        return g;
    }

    /**
     * Begins a search over {@code graph} (of a grid {@code width} cells wide) from padded {@code startP} to padded
     * {@code goalP}, over the hierarchy when the graph has one and {@code distinct} (start and goal differ).
     *
     * @param weight         the heuristic weight of the graph search ({@link SearchMode#weight()})
     * @param budget         expanded subgoals before the search ends {@code PARTIAL}
     * @param substituteGoal whether the goal replaces an unreachable one (a path to it is {@code PARTIAL})
     */
    void begin(SubgoalGraph graph, int width, boolean distinct, int startP, int goalP, double weight, int budget,
               boolean substituteGoal) {
        this.graph = graph;
        this.width = width;
        this.startPadded = startP;
        this.goalPadded = goalP;
        this.graphWeight = weight;
        this.budget = budget;
        this.substituteGoal = substituteGoal;
        SubgoalHierarchy h = graph.hierarchy();
        hierarchical = h != null && distinct;
        if (hierarchical) {
            hierarchy.begin(graph, h, startPadded, goalPadded);
        } else {
            subgoals.begin(graph, startPadded, goalPadded, graphWeight);
        }
    }

    /**
     * Expands up to {@code maxExpansions} subgoals of the search {@link #begin} started.
     *
     * @return the result when finished, else null
     */
    PathResult step(int maxExpansions) {
        return hierarchical ? stepHierarchy(maxExpansions) : stepSubgoal(maxExpansions);
    }

    /** {@link #step} over the subgoal graph's hierarchy; at the budget, starts over as {@link #stepSubgoal}. */
    private PathResult stepHierarchy(int maxExpansions) {
        HierarchySearch h = hierarchy;
        int done = 0;
        while (true) {
            if (h.done()) {
                if (!h.found()) {
                    return PathResult.unreachable(h.expanded());
                }
                int[] cells = h.path(width);
                if (cells == null) {
                    throw new IllegalStateException("subgoal hierarchy edge without a free octile path");
                }
                return substituteGoal ? PathResult.partial(cells, h.length(), h.expanded())
                        : PathResult.found(cells, h.length(), h.expanded());
            }
            if (h.expanded() >= budget) {
                hierarchical = false;
                subgoals.begin(graph, startPadded, goalPadded, graphWeight);
                return stepSubgoal(maxExpansions - done);
            }
            if (done == maxExpansions) {
                return null;
            }
            h.expandOne();
            done++;
        }
    }

    /** {@link #step} over the subgoal graph. */
    private PathResult stepSubgoal(int maxExpansions) {
        SubgoalSearch g = subgoals;
        int done = 0;
        while (true) {
            g.settle();
            if (g.found()) {
                return subgoalPath(g.goalNode(), substituteGoal ? SearchStatus.PARTIAL : SearchStatus.FOUND);
            }
            if (g.exhausted()) {
                return PathResult.unreachable(g.expanded());
            }
            if (g.expanded() >= budget) {
                return subgoalPath(g.bestNode(), SearchStatus.PARTIAL);
            }
            if (done == maxExpansions) {
                return null;
            }
            g.expandOne(budget != Integer.MAX_VALUE);
            done++;
        }
    }

    private PathResult subgoalPath(int end, SearchStatus status) {
        int[] cells = subgoals.path(end, width);
        if (cells == null) {
            throw new IllegalStateException("subgoal graph edge without a free octile path");
        }
        return status == SearchStatus.FOUND ? PathResult.found(cells, subgoals.length(), subgoals.expanded())
                : PathResult.partial(cells, subgoals.length(), subgoals.expanded());
    }

    /** Bytes of scratch held by both searches. */
    long scratchBytes() {
        return subgoals.scratchBytes() + hierarchy.scratchBytes();
    }

    /** Lets go of the graph of the last search. */
    void release() {
        subgoals.release();
        hierarchy.release();
        graph = null;
    }
}
