package dev.navserver.server.metrics;

import ch.qos.logback.classic.LoggerContext;
import dev.navserver.nav.search.LandmarkTable;
import dev.navserver.nav.search.SearchStatus;
import dev.navserver.nav.search.SubgoalGraph;
import dev.navserver.protocol.PathStatus;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.ExecutorServiceMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.logging.LogbackMetrics;
import io.micrometer.core.instrument.binder.netty4.NettyAllocatorMetrics;
import io.micrometer.core.instrument.binder.netty4.NettyEventExecutorMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.core.instrument.distribution.HistogramSnapshot;
import io.micrometer.core.instrument.distribution.ValueAtPercentile;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufAllocatorMetricProvider;
import io.netty.util.concurrent.EventExecutor;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.DoubleSupplier;
import org.slf4j.LoggerFactory;

/**
 * The server's metrics on one Micrometer {@link PrometheusMeterRegistry}, declared once so that every component
 * increments the same fields and the names stay in one place. {@link #scrape()} is the body of {@code GET /metrics}
 * (Prometheus text format 0.0.4). Label values listed here are exported as 0 from the start; other values are added
 * on first use (bounded, see {@link LabeledCounter}). Latencies are recorded with their unit and exported in seconds.
 * The constructor also binds Micrometer's JVM (memory, GC, threads, class loading), process (CPU, uptime), Logback
 * and Netty allocator binders; {@link #monitorExecutor} and {@link #monitorEventLoops} add pools as they are made.
 *
 * <p>Thread-safe; meters are updated lock-free and without allocation. Create one per server, share it, and
 * {@link #close()} it on shutdown (it holds GC listeners and a Logback filter).
 */
public final class ServerMetrics implements AutoCloseable {
    /** The {@code Content-Type} of {@link #scrape()} output. */
    public static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

    /** Inbound message types of protocol 1, plus {@code unknown} for anything else. */
    public static final List<String> MESSAGE_TYPES_IN = List.of("hello", "player_pos", "spawn", "path_query",
            "group_path_query", "validate_path", "ping", "bye", "map_edit", "unknown");
    /** Outbound message types of protocol 1. */
    public static final List<String> MESSAGE_TYPES_OUT = List.of("welcome", "spawned", "path", "group_path", "path_valid", "pong",
            "nav_path", "local_nav", "monsters", "error", "bye", "map_edited", "map_patch", "redirect");
    /** Error codes of protocol 1. */
    public static final List<String> ERROR_CODES = List.of("bad_json", "bad_message", "unknown_type", "bad_field",
            "not_welcomed", "already_welcomed", "unknown_map", "out_of_bounds", "blocked", "spawn_disabled",
            "frame_too_long", "rate_limited", "server_full", "unauthorized", "forbidden", "edit_too_large",
            "no_room", "edit_not_durable", "map_unavailable", "internal");
    /** Why a connection ended. */
    public static final List<String> CLOSE_REASONS = List.of("client_bye", "client_closed", "idle", "rate_limited",
            "slow_reader", "server_full", "shutdown", "error", "unauthorized", "redirect", "unavailable");
    /** Why a session was sent away from this process ({@code navserver_redirects_total}). */
    public static final List<String> REDIRECT_REASONS = List.of("redirect", "unavailable");
    /** Statuses a plan or path query can end with. */
    public static final List<String> PLAN_STATUSES = List.of("ok", "partial", "unreachable", "blocked",
            "out_of_bounds");
    /** Why an inbound or outbound message was dropped rather than processed or sent. */
    public static final List<String> DROP_REASONS = List.of("inbox_full", "rate_limited", "slow_reader",
            "superseded");
    /** Outcomes of a config reload ({@code ReloadResult.Outcome} labels). */
    public static final List<String> RELOAD_OUTCOMES = List.of("applied", "unchanged", "rejected");
    /** Outcomes of a map (re)load. */
    public static final List<String> MAP_LOAD_OUTCOMES = List.of("loaded", "rejected");
    /** Who sent an applied map edit: an authority session's {@code map_edit}, or the admin HTTP API. */
    public static final List<String> EDIT_SOURCES = List.of("session", "admin");
    /** Error codes of a refused admin API edit ({@code POST /admin/maps/{name}/edit}). */
    public static final List<String> ADMIN_EDIT_ERRORS = List.of("bad_json", "bad_message", "bad_field",
            "unknown_map", "out_of_bounds", "edit_too_large", "edit_not_durable");

    /** Upper bucket bounds of {@link #planLatency}; {@code +Inf} is implied. */
    static final Duration[] PLAN_LATENCY_BUCKETS = {micros(20), micros(50), micros(100), micros(250), micros(500),
        millis(1), millis(2), millis(5), millis(10), millis(25), millis(50), millis(100), millis(250), millis(1000)};
    /** Upper bucket bounds of {@link #planExpandedNodes}, in nodes; {@code +Inf} is implied. */
    static final double[] EXPANDED_NODES_BUCKETS = {10, 30, 100, 300, 1_000, 3_000, 10_000, 30_000, 100_000,
        300_000, 1_000_000};
    /** Upper bucket bounds of {@link #sharedFieldCells}, in cells; {@code +Inf} is implied. */
    static final double[] FIELD_CELLS_BUCKETS = {100, 300, 1_000, 3_000, 10_000, 30_000, 100_000, 300_000,
        1_000_000};
    /** Upper bucket bounds of {@link #tickDuration}; {@code +Inf} is implied. */
    static final Duration[] TICK_DURATION_BUCKETS = {micros(100), micros(250), micros(500), millis(1), millis(2),
        millis(5), millis(10), millis(25), millis(50), millis(100), millis(250), millis(1000)};

    /** Upper bucket bounds of {@link #editLogAppendSeconds}; {@code +Inf} is implied. */
    static final Duration[] EDIT_LOG_BUCKETS = {micros(100), micros(250), micros(500), millis(1), millis(2),
        millis(5), millis(10), millis(25), millis(100), millis(1000)};

    /** Upper bucket bounds of {@link #posToPath}; {@code +Inf} is implied. */
    static final Duration[] POS_TO_PATH_BUCKETS = {micros(250), micros(500), millis(1), millis(2), millis(5),
        millis(10), millis(25), millis(50), millis(100), millis(250), millis(500), millis(1000), millis(2500)};

    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final long startNanos = System.nanoTime();
    private final JvmGcMetrics gcMetrics = new JvmGcMetrics();
    private final LogbackMetrics logbackMetrics;

    /** Connections accepted (including ones then refused with {@code server_full}). */
    public final Counter connectionsOpened = counter("navserver_connections_opened_total",
            "Game connections accepted.");
    /** Connections ended, by {@link #CLOSE_REASONS reason}; count each opened connection exactly once. */
    public final LabeledCounter connectionsClosed = labeled("navserver_connections_closed_total",
            "Game connections ended, by reason.", "reason", CLOSE_REASONS);
    /** {@code hello}s refused for a wrong {@code token} (each also counts as error and close {@code unauthorized}). */
    public final Counter authorityFailures = counter("navserver_authority_failures_total",
            "hello messages refused for a wrong authority token.");
    /**
     * Sessions sent away (on {@code hello} or when this process stopped serving their map), by
     * {@link #REDIRECT_REASONS reason}: {@code redirect} (another node serves the map) or {@code unavailable}.
     */
    public final LabeledCounter redirects = labeled("navserver_redirects_total",
            "Sessions sent away because another node serves their map (redirect) or none does (unavailable).",
            "reason", REDIRECT_REASONS);
    /** Decoded inbound messages by type. */
    public final LabeledCounter messagesIn = labeled("navserver_messages_in_total",
            "Inbound messages decoded, by type.", "type", MESSAGE_TYPES_IN);
    /** Outbound messages written by type. */
    public final LabeledCounter messagesOut = labeled("navserver_messages_out_total",
            "Outbound messages written, by type.", "type", MESSAGE_TYPES_OUT);
    /** {@code error} replies by code. */
    public final LabeledCounter errors = labeled("navserver_errors_total",
            "Error replies sent, by code.", "code", ERROR_CODES);
    /** Plans and path queries completed, by status. */
    public final LabeledCounter plans = labeled("navserver_plans_total",
            "Searches completed (monster plans and path queries), by status.", "status", PLAN_STATUSES);
    /** Wall time of one search on the planner pool. */
    public final Timer planLatency = timer("navserver_plan_latency_seconds",
            "Time of one search on the planner pool.", PLAN_LATENCY_BUCKETS);
    public final PlanQueueMetrics planQueue = new PlanQueueMetrics(registry);
    /** Nodes expanded by one search. */
    public final DistributionSummary planExpandedNodes = DistributionSummary.builder("navserver_plan_expanded_nodes")
            .description("Nodes expanded by one search.").serviceLevelObjectives(EXPANDED_NODES_BUCKETS)
            .register(registry);

    /**
     * Shared integration fields built: one per {@code group_path_query} with a unit on the goal's island, one per
     * shared chase plan (at least {@code chase.sharedFieldMinMonsters} monsters of one player due at once).
     */
    public final Counter sharedFieldsBuilt = counter("navserver_shared_fields_built_total",
            "Shared integration fields built (group path queries and shared chase plans).");
    /** Cells settled by one shared field build. */
    public final DistributionSummary sharedFieldCells = DistributionSummary.builder("navserver_shared_field_cells")
            .description("Cells settled by one shared integration field build.")
            .serviceLevelObjectives(FIELD_CELLS_BUCKETS).register(registry);
    /** Ticks run. */
    public final Counter ticks = counter("navserver_ticks_total", "World ticks run.");
    public final LabeledCounter tickPhaseCpu = labeled("navserver_tick_phase_cpu_seconds_total",
            "CPU time of the tick thread by part of the tick (plans, behaviour, move, avoidance, bodies, views,"
                    + " snapshots, delivery).", "phase", List.of());
    /** Wall time of one tick. */
    public final Timer tickDuration = timer("navserver_tick_duration_seconds",
            "Time spent in one world tick.", TICK_DURATION_BUCKETS);
    /**
     * From the arrival (I/O thread) of the {@code player_pos} a plan used to its {@code nav_path} being taken by the
     * session's socket.
     */
    public final Timer posToPath = timer("navserver_pos_to_path_seconds",
            "From the arrival of the player_pos a plan used to its nav_path written to the socket.",
            POS_TO_PATH_BUCKETS);
    /**
     * From the arrival of a map edit (a session's {@code map_edit} on the I/O thread, or an admin edit request) to
     * the first {@code nav_path} of each monster it made re-plan being taken by the socket: planned on the edited
     * map, so it avoids the new walls.
     */
    public final Timer editToPath = timer("navserver_edit_to_path_seconds",
            "From the arrival of a map edit to the first nav_path of each monster it made re-plan, written to the"
                    + " socket.", POS_TO_PATH_BUCKETS);
    /** Monsters spawned, automatically or on a client's {@code spawn}. */
    public final Counter monstersSpawned = counter("navserver_monsters_spawned_total",
            "Monsters spawned (automatic and client spawns).");
    /** {@code nav_path} messages handed to connections (before coalescing). */
    public final Counter monsterOverlaps = counter("navserver_monster_overlaps_total",
            "Monster-monster or monster-player pairs left closer than their bodies allow (beyond 0.05 m) after a"
                    + " tick's separation pass; should stay 0.");
    public final Counter slotReassignments = counter("navserver_slot_reassignments_total",
            "Monsters given another surround slot (0.5 m or more from the previous one, relative to the player).");
    public final Counter navPathPushes = counter("navserver_nav_path_pushes_total",
            "nav_path messages pushed to clients.");
    /** Messages dropped, by {@link #DROP_REASONS reason}. */
    public final LabeledCounter messagesDropped = labeled("navserver_messages_dropped_total",
            "Messages dropped instead of processed or sent, by reason.", "reason", DROP_REASONS);
    /** Outbound messages replaced by a newer one of the same kind while a slow reader's queue was backed up. */
    public final Counter messagesCoalesced = counter("navserver_messages_coalesced_total",
            "Outbound messages replaced by a newer one before they were sent.");
    /** Live viewer frames ({@code full} and {@code delta}) written to viewer sockets. */
    public final Counter viewFrames = counter("navserver_view_frames_total",
            "Live viewer frames (full and delta) written to viewer sockets.");
    /** Config reload attempts by outcome. */
    public final LabeledCounter configReloads = labeled("navserver_config_reloads_total",
            "Config reload attempts, by outcome.", "outcome", RELOAD_OUTCOMES);
    /** Map loads and reloads by outcome. */
    public final LabeledCounter mapLoads = labeled("navserver_map_loads_total",
            "Map file loads and reloads, by outcome.", "outcome", MAP_LOAD_OUTCOMES);

    /** World file ({@code <map>.world.yaml}) loads by outcome ({@link #MAP_LOAD_OUTCOMES}). */
    public final LabeledCounter worldFileLoads = labeled("navserver_world_file_loads_total",
            "World file loads and reloads, by outcome.", "outcome", MAP_LOAD_OUTCOMES);

    /** Map edits applied (each published a new map version), by {@link #EDIT_SOURCES source}. */
    /** Edit records written to the durable edit log. */
    public final Counter editLogAppends = counter("navserver_edit_log_appends_total",
            "Edit records written to the durable edit log.");
    /** Time from writing an edit log record (or a pass's records of a map) to its fsync returning. */
    public final Timer editLogAppendSeconds = timer("navserver_edit_log_append_seconds",
            "Time to write and fsync edit log records before their edits are acknowledged.", EDIT_LOG_BUCKETS);
    /** Edit records read back from edit logs at map loads (after their snapshots). */
    public final Counter editLogReplayedEdits = counter("navserver_edit_log_replayed_edits_total",
            "Edit records replayed from edit logs when maps were loaded.");
    /** Edit log compactions (a snapshot written, the log emptied). */
    public final Counter editLogCompactions = counter("navserver_edit_log_compactions_total",
            "Edit log compactions: snapshots written.");
    public final LabeledCounter mapEdits = labeled("navserver_map_edits_total",
            "Map edits applied (each publishes a new map version), by source.", "source", EDIT_SOURCES);
    /**
     * Admin API edit requests refused, by {@link #ADMIN_EDIT_ERRORS code} (a session's refused {@code map_edit} counts
     * in {@link #errors} instead).
     */
    public final LabeledCounter adminEditsRejected = labeled("navserver_admin_edits_rejected_total",
            "Admin API map edit requests refused, by error code.", "code", ADMIN_EDIT_ERRORS);

    public ServerMetrics() {
        gauge("navserver_connections", "Game connections open now.",
                () -> connectionsOpened.count() - connectionsClosed.total());
        gauge("navserver_uptime_seconds", "Seconds since the server started.", this::uptimeSeconds);
        java.lang.management.OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean sunOs) {
            FunctionCounter.builder("process_cpu_seconds_total", sunOs, b -> b.getProcessCpuTime() / 1e9)
                    .description("CPU time used by the server process, seconds.").register(registry);
        }
        FunctionCounter.builder("navserver_landmark_tables_built_total", this, m -> LandmarkTable.settledBuilds())
                .description("Landmark tables built for settled grids (search.landmarks > 0), in this process.")
                .register(registry);
        FunctionCounter.builder("navserver_landmark_tables_inherited_total", this,
                        m -> LandmarkTable.inheritedTables())
                .description("Map versions that kept an earlier version's landmark table (edits only added walls).")
                .register(registry);
        FunctionCounter.builder("navserver_subgoal_graphs_built_total", this, m -> SubgoalGraph.settledBuilds())
                .description("Subgoal graph builds run for settled grids (search.algorithm: subgoal), in this process.")
                .register(registry);
        FunctionCounter.builder("navserver_subgoal_hierarchies_built_total", this,
                        m -> SubgoalGraph.settledHierarchies())
                .description("Contraction hierarchies built over those graphs (when the heap had room), in this process.")
                .register(registry);
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        gauge("jvm_heap_used_bytes", "Java heap in use now, bytes.", () -> memory.getHeapMemoryUsage().getUsed());
        gauge("jvm_heap_peak_bytes", "Sum of the heap pools' peak usage since start, bytes.",
                ServerMetrics::heapPeakBytes);

        new JvmMemoryMetrics().bindTo(registry);
        gcMetrics.bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
        new ClassLoaderMetrics().bindTo(registry);
        new ProcessorMetrics().bindTo(registry);
        new UptimeMetrics().bindTo(registry);
        if (LoggerFactory.getILoggerFactory() instanceof LoggerContext logback) {
            logbackMetrics = new LogbackMetrics(Tags.empty(), logback);
            logbackMetrics.bindTo(registry);
        } else {
            logbackMetrics = null;
        }
        if (ByteBufAllocator.DEFAULT instanceof ByteBufAllocatorMetricProvider allocator) {
            new NettyAllocatorMetrics(allocator).bindTo(registry);
        }
    }

    /**
     * Counts one completed search (a chase plan or a {@code path_query}) in {@link #plans}, {@link #planLatency}
     * and {@link #planExpandedNodes}.
     *
     * @param nanos    its time on the planner pool (a shared field's time shared out evenly)
     * @param expanded nodes it expanded
     * @param status   its outcome
     */
    public void planned(long nanos, int expanded, SearchStatus status) {
        plans.inc(PathStatus.wire(status));
        planLatency.record(nanos, TimeUnit.NANOSECONDS);
        planExpandedNodes.record(expanded);
    }

    /**
     * Registers a gauge read from {@code value} at each scrape; a supplier that throws is exported as NaN.
     *
     * @param name Prometheus name, with its unit as suffix where it has one
     */
    public void gauge(String name, String help, DoubleSupplier value) {
        Gauge.builder(name, value::getAsDouble).description(help).strongReference(true).register(registry);
    }

    /**
     * Exports the pool's size, active threads, queue and completed tasks as {@code executor_*{name="<name>"}}.
     * The pool is read, not wrapped: tasks submitted to it are not timed.
     */
    public void monitorExecutor(ExecutorService pool, String name) {
        new ExecutorServiceMetrics(pool, name, Tags.empty()).bindTo(registry);
    }

    /**
     * Exports the loop count of {@code group} as {@code netty_eventexecutor_workers{group="<groupName>"}} and the
     * pending tasks of each of its loops as {@code netty_eventexecutor_tasks_pending{group="<groupName>",
     * name="<thread>"}}. Call after the group is made, from a thread that is not one of its loops (the binder starts
     * each loop's thread to learn its name).
     */
    public void monitorEventLoops(Iterable<EventExecutor> group, String groupName) {
        new NettyEventExecutorMetrics(group, Tags.of("group", groupName)).bindTo(registry);
    }

    /** Every metric in the Prometheus text exposition format 0.0.4. */
    public String scrape() {
        return registry.scrape();
    }

    /** The registry, for components that bind their own meters. */
    public PrometheusMeterRegistry registry() {
        return registry;
    }

    /** Seconds since this object was created. */
    public double uptimeSeconds() {
        return (System.nanoTime() - startNanos) / 1e9;
    }

    /**
     * A latency timer for {@code /admin/status}: {@code count} since start; {@code p50}, {@code p90}, {@code p99} and
     * {@code max} in milliseconds over Micrometer's recent window (the last one to two minutes), 0 when it is empty.
     */
    public static Map<String, Object> summaryMillis(Timer timer) {
        HistogramSnapshot s = timer.takeSnapshot();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("count", timer.count());
        for (ValueAtPercentile v : s.percentileValues()) {
            m.put("p" + Math.round(v.percentile() * 100), v.value(TimeUnit.MILLISECONDS));
        }
        m.put("max", s.max(TimeUnit.MILLISECONDS));
        return m;
    }

    /** Releases the GC listeners and the Logback filter, then closes the registry. Idempotent. */
    @Override
    public void close() {
        gcMetrics.close();
        if (logbackMetrics != null) {
            logbackMetrics.close();
        }
        registry.close();
    }

    private Counter counter(String name, String help) {
        return Counter.builder(name).description(help).register(registry);
    }

    private LabeledCounter labeled(String name, String help, String labelName, List<String> declaredValues) {
        return new LabeledCounter(registry, name, help, labelName, declaredValues);
    }

    /** A timer with fixed Prometheus buckets and windowed p50/p90/p99 for {@link #summaryMillis}. */
    private Timer timer(String name, String help, Duration[] buckets) {
        return Timer.builder(name).description(help).serviceLevelObjectives(buckets)
                .publishPercentiles(0.5, 0.9, 0.99).percentilePrecision(2).register(registry);
    }

    private static double heapPeakBytes() {
        long sum = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                sum += pool.getPeakUsage().getUsed();
            }
        }
        return sum;
    }

    private static Duration micros(long n) {
        return Duration.ofNanos(n * 1_000);
    }

    private static Duration millis(long n) {
        return Duration.ofMillis(n);
    }
}
