package dev.navserver.server.plan;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.search.BuildOutcome;
import dev.navserver.nav.search.SubgoalGraph;
import dev.navserver.nav.search.SubgoalRepairs;
import dev.navserver.nav.search.core.BuildProgress;
import dev.navserver.server.metrics.BuildMetrics;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Builds the long-route structures of every published map version in the background: the first version of a map as
 * soon as it is loaded, later versions (edits, reloads) once they have stayed the newest for {@link #SETTLE_MILLIS}:
 * its {@link SubgoalGraph} (unless {@link GraphRepairs} repaired it from the previous version's at once: then the
 * repaired graph is made compact with fresh landmarks, {@link SubgoalRepairs#compact}), then, when the heap's headroom
 * holds that build, the graph's hierarchy. Searches use them from the moment each is published ({@link SearchRule}); until then, and for
 * a map whose structure does not fit the heap, they run JPS.
 *
 * <p>Builds run one at a time on the executor given (one low-priority thread, never a planner or the tick thread)
 * and hold no lock the tick thread takes. Only the newest version of each map is built: a build still running when a
 * newer version of its map is published is abandoned, and versions published while another build runs are collapsed
 * into their newest. Each build logs a line at its start, about every {@link #REPORT_SECONDS} s while it runs
 * (structure, units done of all, per cent, seconds) and at its end, and reports to {@link BuildMetrics}.
 *
 * <p>Thread-safe: {@link #published} may be called from any thread, also under the map registry's monitor (it only
 * queues work).
 */
public final class LongRouteBuilds implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(LongRouteBuilds.class);
    /** Seconds between two progress lines of one build. */
    static final int REPORT_SECONDS = 5;
    static final String GRAPH = "subgoal_graph";
    static final String HIERARCHY = "subgoal_hierarchy";

    /**
     * Milliseconds a later version of a map (edit or reload) must stay the newest before its build starts, so that a
     * map edited several times a second is not rebuilt after every edit.
     */
    static final long SETTLE_MILLIS = 1000;

    private final ScheduledExecutorService builder;
    private final BuildMetrics metrics;
    /** Repairs each later version's graph at once, before its settled build ({@link GraphRepairs}). */
    private final GraphRepairs repairs;
    /** The newest version of each map waiting for its build. */
    private final Map<String, Version> waiting = new ConcurrentHashMap<>();
    private volatile boolean closed;

    /** Names of the maps published so far: a first version builds at once, later ones after {@link #SETTLE_MILLIS}. */
    private final Map<String, Boolean> seen = new ConcurrentHashMap<>();

    /** A published version; {@code settles}: its build waits {@link #SETTLE_MILLIS} (not the map's first). */
    private record Version(GridMap map, long version, long publishedNanos, boolean settles) {
    }

    /**
     * @param builder runs the builds, one at a time (e.g. a single low-priority thread)
     * @param metrics receives progress, times and outcomes
     */
    public LongRouteBuilds(ScheduledExecutorService builder, BuildMetrics metrics) {
        this.builder = builder;
        this.metrics = metrics;
        this.repairs = new GraphRepairs(metrics);
    }

    /** Queues the builds of a newly published map version; never blocks. */
    public void published(GridMap map, long version) {
        if (closed) {
            return;
        }
        String name = map.name();
        boolean first = seen.putIfAbsent(name, Boolean.TRUE) == null;
        waiting.put(name, new Version(map, version, System.nanoTime(), !first));
        metrics.progress(name, GRAPH, 0);
        metrics.progress(name, HIERARCHY, 0);
        repairs.published(map, version);
        try {
            builder.schedule(() -> buildNewest(name), first ? 0 : SETTLE_MILLIS, TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException e) {
            waiting.remove(name);
        }
    }

    /** Abandons the running build at its next progress report and queues no more. */
    @Override
    public void close() {
        closed = true;
        repairs.close();
    }

    private void buildNewest(String name) {
        Version newest = waiting.get(name);
        if (newest == null || closed) {
            return; // an earlier task built the newest version already
        }
        if (newest.settles()
                && System.nanoTime() - newest.publishedNanos() < TimeUnit.MILLISECONDS.toNanos(SETTLE_MILLIS / 2)) {
            return; // a newer version came since this task was scheduled: its own task builds it once settled
        }
        Version v = waiting.remove(name);
        if (v == null) {
            return;
        }
        NavGrid grid = v.map().navGrid();
        SubgoalGraph graph = SubgoalGraph.ready(grid);
        if (graph == null) { // not repaired from the version before (GraphRepairs): built from scratch
            BuildOutcome graphBuilt = run(v, GRAPH, "work (subgoal scans, then landmark distances)",
                    p -> SubgoalGraph.publish(grid, p));
            if (graphBuilt != BuildOutcome.BUILT) {
                return;
            }
            graph = SubgoalGraph.ready(grid);
        } else if (SubgoalRepairs.repaired(graph) && !compact(v, grid)) {
            return;
        } else {
            graph = SubgoalGraph.ready(grid);
        }
        if (graph.hierarchy() != null) {
            metrics.progress(name, HIERARCHY, 1);
            return;
        }
        run(v, HIERARCHY, "subgoals contracted", graph::publishHierarchy);
    }

    /**
     * Makes {@code grid}'s repaired graph compact with fresh landmarks ({@link SubgoalRepairs#compact}) before its
     * hierarchy is built; false when that did not happen (abandoned for a newer version, or no heap).
     */
    private boolean compact(Version v, NavGrid grid) {
        String name = v.map().name();
        long t0 = System.nanoTime();
        BuildOutcome outcome = SubgoalRepairs.compact(grid, (done, total) -> !closed && !waiting.containsKey(name));
        LOG.info(String.format(Locale.ROOT, "map %s v%d: repaired subgoal graph made compact, landmarks placed anew: "
                + "%s in %.1f s", name, v.version(), outcome.label(), (System.nanoTime() - t0) / 1e9));
        return outcome == BuildOutcome.BUILT;
    }

    private BuildOutcome run(Version v, String structure, String unit, Function<BuildProgress, BuildOutcome> build) {
        String name = v.map().name();
        long t0 = System.nanoTime();
        long[] nextReport = {t0 + TimeUnit.SECONDS.toNanos(REPORT_SECONDS)};
        LOG.info("map {} v{}: {} build started ({}x{} cells)", name, v.version(), structure, v.map().width(),
                v.map().height());
        BuildOutcome outcome = build.apply((done, total) -> {
            metrics.progress(name, structure, total <= 0 ? 0 : 0.99 * done / total);
            long now = System.nanoTime();
            if (now - nextReport[0] >= 0) {
                nextReport[0] = now + TimeUnit.SECONDS.toNanos(REPORT_SECONDS);
                LOG.info(String.format(Locale.ROOT, "map %s v%d: %s build: %s %d/%d (%.0f%%), %.1f s", name,
                        v.version(), structure, unit, done, total, total <= 0 ? 0 : 100.0 * done / total,
                        (now - t0) / 1e9));
            }
            return !closed && !waiting.containsKey(name);
        });
        long nanos = System.nanoTime() - t0;
        metrics.finished(name, structure, outcome, nanos);
        String took = String.format(Locale.ROOT, "%.1f s", nanos / 1e9);
        switch (outcome) {
            case BUILT -> LOG.info("map {} v{}: {} built in {}; long routes use it from now on", name, v.version(),
                    structure, took);
            case ABANDONED -> LOG.info("map {} v{}: {} build abandoned after {}: {}", name, v.version(), structure,
                    took, closed ? "shutting down" : "a newer version of the map is waiting");
            case NO_HEAP -> LOG.warn("map {} v{}: {} not built: the heap's headroom ({} MiB of -Xmx {} MiB) cannot "
                    + "hold its build; {}", name, v.version(), structure, headroomMiB(),
                    Runtime.getRuntime().maxMemory() >> 20, fallback(structure));
            case TOO_LARGE -> LOG.warn("map {} v{}: {} not built: too many edges for any heap (scattered "
                    + "obstacles); {}", name, v.version(), structure, fallback(structure));
            case NOT_APPLICABLE -> LOG.info("map {} v{}: no {}: the map has non-uniform move costs; searches run A*",
                    name, v.version(), structure);
        }
        return outcome;
    }

    private static String fallback(String structure) {
        return structure.equals(GRAPH) ? "path queries are answered by JPS without a node budget"
                : "long routes search the subgoal graph without its hierarchy";
    }

    private static long headroomMiB() {
        Runtime rt = Runtime.getRuntime();
        return (rt.maxMemory() - (rt.totalMemory() - rt.freeMemory())) >> 20;
    }
}
