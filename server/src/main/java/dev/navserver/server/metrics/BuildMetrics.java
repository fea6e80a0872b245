package dev.navserver.server.metrics;

import dev.navserver.nav.search.BuildOutcome;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Metrics of the background builds of the maps' long-route structures ({@code LongRouteBuilds}):
 * <ul>
 *   <li>{@code navserver_nav_build_seconds{map,structure}}: timer of the finished builds (outcome built);</li>
 *   <li>{@code navserver_nav_build_progress_ratio{map,structure}}: 0..1, how far the build for the map's newest
 *       version is (0 when a new version is queued, 1 once its structure is built and in use);</li>
 *   <li>{@code navserver_nav_builds_total{structure,outcome}}: builds ended, by {@link BuildOutcome#label()}
 *       (every structure and outcome exported from the start).</li>
 *   <li>{@code navserver_nav_repair_seconds{map}}: timer of the subgoal graphs repaired after an edit from the
 *       previous version's graph ({@code GraphRepairs}).</li>
 * </ul>
 * Map labels come from the loaded maps' names (bounded by the maps directory).
 *
 * <p>Thread-safe.
 */
public final class BuildMetrics {
    /** The long-route structures built per map version. */
    public static final List<String> STRUCTURES = List.of("subgoal_graph", "subgoal_hierarchy");
    /** Ratio 1 is stored as this many parts (so that the gauge's state is one lock-free long). */
    private static final long PARTS = 1_000_000;

    private final MeterRegistry registry;
    private final Map<String, AtomicLong> progress = new ConcurrentHashMap<>();
    private final Map<String, Counter> outcomes = new ConcurrentHashMap<>();

    /** Registers the counters of every structure and outcome on {@code registry}. */
    public BuildMetrics(MeterRegistry registry) {
        this.registry = registry;
        for (String s : STRUCTURES) {
            for (BuildOutcome o : BuildOutcome.values()) {
                outcomes.put(s + "|" + o.label(), Counter.builder("navserver_nav_builds_total")
                        .description("Background builds of long-route structures ended, by structure and outcome.")
                        .tag("structure", s).tag("outcome", o.label()).register(registry));
            }
        }
    }

    /** Sets the progress of {@code map}'s {@code structure} build, {@code ratio} in 0..1. */
    public void progress(String map, String structure, double ratio) {
        long parts = Math.round(Math.max(0, Math.min(1, ratio)) * PARTS);
        progress.computeIfAbsent(map + "|" + structure, k -> {
            AtomicLong v = new AtomicLong();
            Gauge.builder("navserver_nav_build_progress_ratio", v, a -> a.get() / (double) PARTS)
                    .description("How far the build of the newest map version's long-route structure is, 0..1.")
                    .tag("map", map).tag("structure", structure).register(registry);
            return v;
        }).set(parts);
    }

    /** Records a subgoal graph repaired for a new version of {@code map} in {@code nanos} nanoseconds. */
    public void repaired(String map, long nanos) {
        Timer.builder("navserver_nav_repair_seconds")
                .description("Wall time of a subgoal graph repair after a map edit.")
                .tag("map", map).register(registry)
                .record(nanos, TimeUnit.NANOSECONDS);
    }

    /** Counts a finished build; a built one also records its wall time, nanoseconds, and sets progress 1. */
    public void finished(String map, String structure, BuildOutcome outcome, long nanos) {
        Counter c = outcomes.get(structure + "|" + outcome.label());
        if (c != null) {
            c.increment();
        }
        if (outcome == BuildOutcome.BUILT) {
            Timer.builder("navserver_nav_build_seconds")
                    .description("Wall time of a background build of a long-route structure.")
                    .tag("map", map).tag("structure", structure).register(registry)
                    .record(nanos, TimeUnit.NANOSECONDS);
            progress(map, structure, 1);
        }
    }
}
