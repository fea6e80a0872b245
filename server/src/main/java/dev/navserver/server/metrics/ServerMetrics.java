package dev.navserver.server.metrics;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.List;

/**
 * The server's metrics, declared once so that every component increments the same fields and the names stay in one
 * place. Label values listed here are exported as 0 from the start; other values are added on first use (bounded,
 * see {@link LabeledCounter}). Latencies are recorded in nanoseconds and exported in seconds. Thread-safe; create
 * one per server and share it.
 */
public final class ServerMetrics {
    /** Inbound message types of protocol 1, plus {@code unknown} for anything else. */
    public static final List<String> MESSAGE_TYPES_IN = List.of("hello", "player_pos", "spawn", "path_query",
            "validate_path", "ping", "bye", "unknown");
    /** Outbound message types of protocol 1. */
    public static final List<String> MESSAGE_TYPES_OUT = List.of("welcome", "spawned", "path", "path_valid", "pong",
            "nav_path", "local_nav", "monsters", "error", "bye");
    /** Error codes of protocol 1. */
    public static final List<String> ERROR_CODES = List.of("bad_json", "bad_message", "unknown_type", "bad_field",
            "not_welcomed", "already_welcomed", "unknown_map", "out_of_bounds", "blocked", "spawn_disabled",
            "frame_too_long", "rate_limited", "server_full");
    /** Why a connection ended. */
    public static final List<String> CLOSE_REASONS = List.of("client_bye", "client_closed", "idle", "rate_limited",
            "slow_reader", "server_full", "shutdown", "error");
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

    private static final long MILLI = 1_000_000L;

    private final MetricsRegistry registry = new MetricsRegistry();
    private final long startNanos = System.nanoTime();

    /** Connections accepted (including ones then refused with {@code server_full}). */
    public final Counter connectionsOpened = registry.counter("navserver_connections_opened_total",
            "Game connections accepted.");
    /** Connections ended, by {@link #CLOSE_REASONS reason}; count each opened connection exactly once. */
    public final LabeledCounter connectionsClosed = registry.labeledCounter("navserver_connections_closed_total",
            "Game connections ended, by reason.", "reason", CLOSE_REASONS);
    /** Decoded inbound messages by type. */
    public final LabeledCounter messagesIn = registry.labeledCounter("navserver_messages_in_total",
            "Inbound messages decoded, by type.", "type", MESSAGE_TYPES_IN);
    /** Outbound messages written by type. */
    public final LabeledCounter messagesOut = registry.labeledCounter("navserver_messages_out_total",
            "Outbound messages written, by type.", "type", MESSAGE_TYPES_OUT);
    /** {@code error} replies by code. */
    public final LabeledCounter errors = registry.labeledCounter("navserver_errors_total",
            "Error replies sent, by code.", "code", ERROR_CODES);
    /** Plans and path queries completed, by status. */
    public final LabeledCounter plans = registry.labeledCounter("navserver_plans_total",
            "Searches completed (monster plans and path queries), by status.", "status", PLAN_STATUSES);
    /** Wall time of one search on the planner pool, nanoseconds. */
    public final MetricHistogram planLatency = registry.histogram("navserver_plan_latency_seconds",
            "Time of one search on the planner pool.", 60_000 * MILLI, 1e9,
            20_000, 50_000, 100_000, 250_000, MILLI / 2, MILLI, 2 * MILLI, 5 * MILLI, 10 * MILLI, 25 * MILLI,
            50 * MILLI, 100 * MILLI, 250 * MILLI, 1000 * MILLI);
    /** Nodes expanded by one search. */
    public final MetricHistogram planExpandedNodes = registry.histogram("navserver_plan_expanded_nodes",
            "Nodes expanded by one search.", 100_000_000L, 1,
            10, 30, 100, 300, 1_000, 3_000, 10_000, 30_000, 100_000, 300_000, 1_000_000);
    /** Ticks run. */
    public final Counter ticks = registry.counter("navserver_ticks_total", "World ticks run.");
    /** Wall time of one tick, nanoseconds. */
    public final MetricHistogram tickDuration = registry.histogram("navserver_tick_duration_seconds",
            "Time spent in one world tick.", 60_000 * MILLI, 1e9,
            100_000, 250_000, MILLI / 2, MILLI, 2 * MILLI, 5 * MILLI, 10 * MILLI, 25 * MILLI, 50 * MILLI,
            100 * MILLI, 250 * MILLI, 1000 * MILLI);
    /** {@code nav_path} messages handed to connections (before coalescing). */
    public final Counter navPathPushes = registry.counter("navserver_nav_path_pushes_total",
            "nav_path messages pushed to clients.");
    /** Messages dropped, by {@link #DROP_REASONS reason}. */
    public final LabeledCounter messagesDropped = registry.labeledCounter("navserver_messages_dropped_total",
            "Messages dropped instead of processed or sent, by reason.", "reason", DROP_REASONS);
    /** Outbound messages replaced by a newer one of the same kind while a slow reader's queue was backed up. */
    public final Counter messagesCoalesced = registry.counter("navserver_messages_coalesced_total",
            "Outbound messages replaced by a newer one before they were sent.");
    /** Config reload attempts by outcome. */
    public final LabeledCounter configReloads = registry.labeledCounter("navserver_config_reloads_total",
            "Config reload attempts, by outcome.", "outcome", RELOAD_OUTCOMES);
    /** Map loads and reloads by outcome. */
    public final LabeledCounter mapLoads = registry.labeledCounter("navserver_map_loads_total",
            "Map file loads and reloads, by outcome.", "outcome", MAP_LOAD_OUTCOMES);

    public ServerMetrics() {
        registry.gauge("navserver_connections", "Game connections open now.",
                () -> connectionsOpened.get() - connectionsClosed.total());
        registry.gauge("navserver_uptime_seconds", "Seconds since the server started.",
                () -> (System.nanoTime() - startNanos) / 1e9);
        java.lang.management.OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean sunOs) {
            registry.gauge("process_cpu_seconds_total", "CPU time used by the server process, seconds.",
                    () -> sunOs.getProcessCpuTime() / 1e9);
        }
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        registry.gauge("jvm_heap_used_bytes", "Java heap in use now, bytes.",
                () -> memory.getHeapMemoryUsage().getUsed());
        registry.gauge("jvm_heap_peak_bytes", "Sum of the heap pools' peak usage since start, bytes.",
                ServerMetrics::heapPeakBytes);
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

    /** The registry, for components that add their own gauges (sessions, monsters, queue depths). */
    public MetricsRegistry registry() {
        return registry;
    }

    /** Seconds since this object was created. */
    public double uptimeSeconds() {
        return (System.nanoTime() - startNanos) / 1e9;
    }
}
