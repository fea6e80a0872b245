package dev.navserver.nav.search;

import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.search.core.BuildProgress;
import java.lang.ref.WeakReference;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The published {@link SubgoalGraph} of each {@link NavGrid} (weak keys: a map version's graph goes with it) and the
 * ways a graph gets there: built by a searching thread ({@link #forGrid}), handed to an executor once a grid has been
 * searched for a while ({@link #whenSettled}), or built by a caller that owns the scheduling ({@link #publish}).
 *
 * <p>Thread-safe (the maps' locks); builds run outside them.
 */
final class SubgoalGraphCache {
    /** The graph of each grid; {@link SubgoalGraph#NONE} when too large. */
    private static final Map<NavGrid, SubgoalGraph> GRAPHS = Collections.synchronizedMap(new WeakHashMap<>());
    private static final Map<NavGrid, PendingBuild> PENDING = new WeakHashMap<>();
    private static final AtomicLong SETTLED_BUILDS = new AtomicLong();
    private static final AtomicLong SETTLED_HIERARCHIES = new AtomicLong();
    /**
     * Bytes a build holds per directed edge found (the scans' list, the reverse list, the merged result) plus
     * those of a subgoal (its cell, packed cell, offset, Dijkstra distances), counted per edge since subgoals have
     * at least one edge each on any map worth a graph.
     */
    private static final long BUILD_BYTES_PER_EDGE = 16 + 28;
    /** Bytes per padded cell for the subgoal bits, their ranks and the scans before any edge. */
    private static final double BUILD_BYTES_PER_CELL = 0.2;

    private SubgoalGraphCache() {
    }

    /** {@link SubgoalGraph#ready}. */
    static SubgoalGraph ready(NavGrid grid) {
        SubgoalGraph g = GRAPHS.get(grid);
        return g == SubgoalGraph.NONE ? null : g;
    }

    /** {@link SubgoalGraph#forGrid}. */
    static SubgoalGraph forGrid(NavGrid grid) {
        SubgoalGraph g = GRAPHS.get(grid);
        if (g == null) {
            SubgoalGraph built = SubgoalGraph.build(grid, SubgoalGraph.MAX_DIRECTED_EDGES);
            synchronized (GRAPHS) {
                g = GRAPHS.get(grid);
                if (g == null) {
                    g = built == null ? SubgoalGraph.NONE : built;
                    GRAPHS.put(grid, g);
                }
            }
        }
        return g == SubgoalGraph.NONE ? null : g;
    }

    /** {@link SubgoalGraph#publish}. */
    static BuildOutcome publish(NavGrid grid, BuildProgress progress) {
        if (GRAPHS.containsKey(grid)) {
            return GRAPHS.get(grid) == SubgoalGraph.NONE ? BuildOutcome.TOO_LARGE : BuildOutcome.BUILT;
        }
        if (!grid.uniformCost()) {
            return BuildOutcome.NOT_APPLICABLE;
        }
        long edges = edgeAllowance(grid);
        if (edges < 1024) {
            return BuildOutcome.NO_HEAP;
        }
        SubgoalGraph built;
        boolean[] abandoned = {false};
        try {
            built = SubgoalGraph.build(grid, (int) edges, SubgoalGraph.MAX_LANDMARKS, (done, total) -> {
                abandoned[0] = !progress.report(done, total);
                return !abandoned[0];
            });
        } catch (OutOfMemoryError e) {
            return BuildOutcome.NO_HEAP;
        }
        if (abandoned[0]) {
            return BuildOutcome.ABANDONED;
        }
        if (built == null && edges < SubgoalGraph.MAX_DIRECTED_EDGES) {
            return BuildOutcome.NO_HEAP;
        }
        GRAPHS.putIfAbsent(grid, built == null ? SubgoalGraph.NONE : built);
        return built == null ? BuildOutcome.TOO_LARGE : BuildOutcome.BUILT;
    }

    /**
     * Publishes {@code g} for {@code grid} unless a graph (or "none") is published already.
     *
     * @return the graph published for {@code grid} now, null for "none"
     */
    static SubgoalGraph publishIfAbsent(NavGrid grid, SubgoalGraph g) {
        synchronized (GRAPHS) {
            SubgoalGraph had = GRAPHS.putIfAbsent(grid, g);
            SubgoalGraph now = had == null ? g : had;
            return now == SubgoalGraph.NONE ? null : now;
        }
    }

    /** Publishes {@code with} for {@code grid} in place of {@code old}; false when {@code old} is not the one there. */
    static boolean replace(NavGrid grid, SubgoalGraph old, SubgoalGraph with) {
        synchronized (GRAPHS) {
            if (GRAPHS.get(grid) != old) {
                return false;
            }
            GRAPHS.put(grid, with);
            return true;
        }
    }

    /**
     * Directed edges a graph build of {@code grid} may find within the heap's headroom now, at most
     * {@link SubgoalGraph#MAX_DIRECTED_EDGES}.
     */
    private static long edgeAllowance(NavGrid grid) {
        Runtime rt = Runtime.getRuntime();
        long headroom = rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
        long cellBytes = (long) (BUILD_BYTES_PER_CELL * grid.paddedSize());
        return Math.min(SubgoalGraph.MAX_DIRECTED_EDGES,
                (headroom - cellBytes - SubgoalGraph.MAX_CODE_BYTES) / BUILD_BYTES_PER_EDGE);
    }

    /** {@link SubgoalGraph#whenSettled}. */
    static SubgoalGraph whenSettled(NavGrid grid, long nowNanos, long settleNanos, Executor builder) {
        SubgoalGraph g = GRAPHS.get(grid);
        if (g != null) {
            return g == SubgoalGraph.NONE ? null : g;
        }
        PendingBuild pending;
        synchronized (PENDING) {
            g = GRAPHS.get(grid);
            if (g != null) {
                return g == SubgoalGraph.NONE ? null : g;
            }
            pending = PENDING.computeIfAbsent(grid, k -> new PendingBuild(nowNanos));
            if (!pending.claim(nowNanos, settleNanos)) {
                return null;
            }
        }
        WeakReference<NavGrid> ref = new WeakReference<>(grid);
        PendingBuild p = pending;
        pending.handOff(builder, () -> buildSettled(ref, p, builder), PENDING);
        return null;
    }

    private static void buildSettled(WeakReference<NavGrid> ref, PendingBuild pending, Executor builder) {
        NavGrid grid = ref.get();
        if (grid == null) {
            return;
        }
        long edges = edgeAllowance(grid);
        if (edges < 1024) {
            synchronized (PENDING) {
                pending.sinceNanos = System.nanoTime();
                pending.building = false;
            }
            return;
        }
        SubgoalGraph built = SubgoalGraph.build(grid, (int) edges);
        SETTLED_BUILDS.incrementAndGet();
        synchronized (PENDING) {
            // too large for the headroom now: retried after another settle period unless it is too large for good
            if (built == null && edges < SubgoalGraph.MAX_DIRECTED_EDGES) {
                pending.sinceNanos = System.nanoTime();
                pending.building = false;
                return;
            }
            GRAPHS.putIfAbsent(grid, built == null ? SubgoalGraph.NONE : built);
            PENDING.remove(grid);
        }
        if (built != null) {
            // searches use the graph from now on; its hierarchy follows as a build of its own
            try {
                builder.execute(() -> buildSettledHierarchy(built, ref));
            } catch (RejectedExecutionException e) {
                // no hierarchy: the graph's A* answers
            }
        }
    }

    /**
     * Builds {@code graph}'s hierarchy when its grid is still in use and the heap's headroom holds what the build
     * needs ({@link SubgoalHierarchy#BUILD_BYTES_PER_EDGE}); otherwise the graph stays without one.
     */
    private static void buildSettledHierarchy(SubgoalGraph graph, WeakReference<NavGrid> grid) {
        if (grid.get() == null || !graph.hierarchyFits()) {
            return;
        }
        graph.buildHierarchy();
        SETTLED_HIERARCHIES.incrementAndGet();
    }

    /** {@link SubgoalGraph#settledBuilds}. */
    static long settledBuilds() {
        return SETTLED_BUILDS.get();
    }

    /** {@link SubgoalGraph#settledHierarchies}. */
    static long settledHierarchies() {
        return SETTLED_HIERARCHIES.get();
    }
}
