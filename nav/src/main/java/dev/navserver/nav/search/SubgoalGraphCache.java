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
import java.util.function.LongSupplier;

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
        long budget = budgetBytes(grid);
        if (budget <= 0) {
            return BuildOutcome.NO_HEAP;
        }
        SubgoalGraph built;
        boolean[] abandoned = {false};
        try {
            built = SubgoalGraphBuild.build(grid, SubgoalGraph.MAX_DIRECTED_EDGES, SubgoalGraph.MAX_LANDMARKS,
                    (done, total) -> {
                        abandoned[0] = !progress.report(done, total);
                        return !abandoned[0];
                    }, headroom(budget));
        } catch (OutOfMemoryError e) {
            return BuildOutcome.NO_HEAP; // past the budget (checked before allocating), or the heap really ran out
        }
        if (abandoned[0]) {
            return BuildOutcome.ABANDONED;
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
     * Bytes a graph build of {@code grid} may hold at its peak: the heap's headroom now (garbage counts as used, so
     * this errs low); 0 or less when not even the subgoals' bits fit.
     */
    private static long budgetBytes(NavGrid grid) {
        Runtime rt = Runtime.getRuntime();
        long headroom = rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
        return headroom < BUILD_BYTES_PER_CELL * grid.paddedSize() ? 0 : headroom;
    }

    /**
     * The heap's headroom for a build: {@code first} at the first reading; at a later one (the build outgrew the
     * first), read after a full collection, since garbage (a map file just parsed) counts as used until collected.
     */
    private static LongSupplier headroom(long first) {
        boolean[] read = {false};
        return () -> {
            if (!read[0]) {
                read[0] = true;
                return first;
            }
            System.gc();
            Runtime rt = Runtime.getRuntime();
            return rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
        };
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
        long budget = budgetBytes(grid);
        SubgoalGraph built = null;
        boolean fits = budget > 0;
        if (fits) {
            try {
                built = SubgoalGraphBuild.build(grid, SubgoalGraph.MAX_DIRECTED_EDGES, SubgoalGraph.MAX_LANDMARKS,
                        BuildProgress.NONE, headroom(budget));
                SETTLED_BUILDS.incrementAndGet();
            } catch (OutOfMemoryError e) {
                fits = false;
            }
        }
        synchronized (PENDING) {
            // too large for the headroom now: retried after another settle period
            if (!fits) {
                pending.sinceNanos = System.nanoTime();
                pending.building = false;
                return;
            }
            GRAPHS.putIfAbsent(grid, built == null ? SubgoalGraph.NONE : built);
            PENDING.remove(grid);
        }
        if (built != null) {
            // searches use the graph from now on; its hierarchy follows as a build of its own
            SubgoalGraph graph = built;
            try {
                builder.execute(() -> buildSettledHierarchy(graph, ref));
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
