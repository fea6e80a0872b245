package dev.navserver.server.plan;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.search.SubgoalGraph;
import dev.navserver.nav.search.SubgoalRepairs;
import dev.navserver.server.metrics.BuildMetrics;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Repairs the subgoal graph of each newly published map version from the graph of the version before it, at once
 * ({@link SubgoalRepairs#publish}: milliseconds, against minutes for a build on 10000 x 10000), so long routes
 * keep the graph through edits. A change whose changed cells' bounding box is larger than {@link #MAX_BOX_CELLS}
 * (a reload, a large edit), or a version whose predecessor has no graph yet, is left to {@link LongRouteBuilds}'
 * settled rebuild. Repairs run one at a time, in publication order, on a thread of their own (never a planner, the
 * tick thread or the builder, whose builds may take minutes); each is timed ({@link BuildMetrics#repaired}) and
 * logged at DEBUG.
 *
 * <p>Thread-safe: {@link #published} may be called from any thread and only queues work.
 */
final class GraphRepairs implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(GraphRepairs.class);
    /** Most cells of the changed cells' bounding box a repair takes on (64 x 64). */
    static final long MAX_BOX_CELLS = 64 * 64;

    private final BuildMetrics metrics;
    private final ExecutorService thread = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "navserver-graph-repair");
        t.setDaemon(true);
        return t;
    });
    /** The newest published version of each map. */
    private final Map<String, GridMap> newest = new ConcurrentHashMap<>();

    GraphRepairs(BuildMetrics metrics) {
        this.metrics = metrics;
    }

    /** Queues the repair of {@code map}'s graph from the previous published version's, if there was one. */
    void published(GridMap map, long version) {
        GridMap previous = newest.put(map.name(), map);
        if (previous == null || previous == map) {
            return;
        }
        try {
            thread.execute(() -> repair(previous, map, version));
        } catch (RejectedExecutionException e) {
            // closed: the settled rebuild is all there is
        }
    }

    private void repair(GridMap previous, GridMap map, long version) {
        NavGrid before = previous.navGrid();
        NavGrid after = map.navGrid();
        if (SubgoalGraph.ready(before) == null || !after.uniformCost()) {
            return; // no graph to repair from: the settled rebuild builds one
        }
        long t0 = System.nanoTime();
        SubgoalGraph g = SubgoalRepairs.publish(before, after, MAX_BOX_CELLS);
        long nanos = System.nanoTime() - t0;
        if (g == null) {
            LOG.info("map {} v{}: subgoal graph not repaired (change too large: more than {} cells in its box); "
                    + "rebuilt once the version settles", map.name(), version, MAX_BOX_CELLS);
            return;
        }
        metrics.repaired(map.name(), nanos);
        metrics.progress(map.name(), LongRouteBuilds.GRAPH, 1);
        if (LOG.isDebugEnabled()) {
            LOG.debug(String.format(Locale.ROOT, "map %s v%d: subgoal graph repaired in %.2f ms (%d subgoals, "
                    + "landmarks %d)", map.name(), version, nanos / 1e6, g.nodeCount(), g.landmarkCount()));
        }
    }

    @Override
    public void close() {
        thread.shutdownNow();
    }
}
