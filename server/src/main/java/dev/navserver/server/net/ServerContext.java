package dev.navserver.server.net;

import dev.navserver.server.cluster.MapOwnership;
import dev.navserver.server.config.NavServerConfig;
import dev.navserver.server.metrics.ServerMetrics;
import dev.navserver.server.plan.GroupPlanner;
import dev.navserver.server.plan.NavPlanner;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * What the network layer shares with the rest of the server. Thread-safe: every field is immutable, concurrent,
 * or volatile.
 */
public final class ServerContext {
    /** A session joining or leaving, for the tick thread. */
    public record SessionEvent(Session session, boolean joined) {
    }

    final ServerMetrics metrics;
    final Supplier<NavServerConfig> config;
    final MapRegistry maps;
    final NavPlanner planner;
    /** Answers {@code group_path_query}; null when {@link #planner} is (tests without planning). */
    final GroupPlanner groupPlanner;
    final ExecutorService plannerPool;
    /**
     * Runs the {@code path_query}s that would search without a node budget and without a built long-route structure
     * (long routes while a map's graph is being built, or on a map whose graph does not fit the heap), one at a
     * time: their scratch grows with the area they search, so at most one such search holds it at once. At most
     * {@value #LONG_QUERIES_WAITING} wait; more are refused as busy.
     */
    final ThreadPoolExecutor longQueries;
    static final int LONG_QUERIES_WAITING = 64;
    /** Who serves each map; a {@code hello} for a map served elsewhere or by nobody is sent away. */
    final MapOwnership ownership;
    /** Wakes the tick thread when a session gets inbox messages, so positions are applied between ticks. */
    final Runnable tickWakeup;
    private final long startNanos;

    final Map<String, Session> sessions = new ConcurrentHashMap<>();
    /** Every admitted connection's session, welcomed or not: shutdown says bye to all of them. */
    final Set<Session> openSessions = ConcurrentHashMap.newKeySet();
    final Queue<SessionEvent> sessionEvents = new ConcurrentLinkedQueue<>();
    final AtomicInteger connections = new AtomicInteger();
    /** Sessions with inbox messages for the tick thread; each at most once while it has some. */
    final Queue<Session> readySessions = new ConcurrentLinkedQueue<>();
    /** Sessions written to since their last flush. */
    final Queue<Session> dirtySessions = new ConcurrentLinkedQueue<>();

    private final AtomicLong sessionIds = new AtomicLong();

    /**
     * @param config      the config in force now (read on I/O threads for per-message limits)
     * @param plannerPool runs stateless queries and chase plans
     * @param tickWakeup  asks the tick thread to run its between-ticks work soon; cheap and non-blocking, called on
     *                    I/O threads when a session becomes ready
     * @param startNanos  {@code System.nanoTime()} at server start: {@code serverTime} 0
     */
    public ServerContext(ServerMetrics metrics, Supplier<NavServerConfig> config, MapRegistry maps, NavPlanner planner,
            ExecutorService plannerPool, Runnable tickWakeup, long startNanos) {
        this(metrics, config, maps, planner, plannerPool, tickWakeup, startNanos, MapOwnership.SINGLE_PROCESS);
    }

    /**
     * As the constructor above, in a process that may not serve every map it has loaded.
     *
     * @param ownership who serves each map, asked on every {@code hello}
     */
    public ServerContext(ServerMetrics metrics, Supplier<NavServerConfig> config, MapRegistry maps, NavPlanner planner,
            ExecutorService plannerPool, Runnable tickWakeup, long startNanos, MapOwnership ownership) {
        this.metrics = metrics;
        this.config = config;
        this.maps = maps;
        this.planner = planner;
        this.groupPlanner = planner == null ? null : new GroupPlanner(planner);
        this.plannerPool = plannerPool;
        this.tickWakeup = tickWakeup;
        this.startNanos = startNanos;
        this.ownership = java.util.Objects.requireNonNull(ownership, "ownership");
        this.longQueries = new ThreadPoolExecutor(1, 1, 0, TimeUnit.SECONDS,
                new ArrayBlockingQueue<>(LONG_QUERIES_WAITING), r -> {
                    Thread t = new Thread(r, "navserver-long-queries");
                    t.setDaemon(true);
                    return t;
                });
    }

    /** Stops the long-query thread (server shutdown); queued queries are dropped. */
    public void close() {
        longQueries.shutdownNow();
    }

    /** Seconds since the server started. */
    public double serverTime() {
        return (System.nanoTime() - startNanos) / 1e9;
    }

    /** Next session with inbox messages, or null. Tick thread. */
    public Session pollReadySession() {
        return readySessions.poll();
    }

    /** Next session written to since its last flush, or null. Tick thread. */
    public Session pollDirtySession() {
        return dirtySessions.poll();
    }

    String nextSessionId() {
        return "s-" + sessionIds.incrementAndGet();
    }

    /** Open game connections. */
    public int connectionCount() {
        return connections.get();
    }

    /** Welcomed sessions. */
    public int sessionCount() {
        return sessions.size();
    }

    /** Sessions of all admitted, still open connections, including those that have not said hello. */
    public Set<Session> openSessions() {
        return openSessions;
    }

    public Map<String, Session> sessions() {
        return sessions;
    }

    public Queue<SessionEvent> sessionEvents() {
        return sessionEvents;
    }

    public ServerMetrics metrics() {
        return metrics;
    }

    public MapRegistry maps() {
        return maps;
    }

    /**
     * Sends a message to every welcomed session on a map (players and authorities), flushed. Any thread; callers
     * that need version order hold the {@link MapRegistry}'s monitor (see {@link MapRegistry#publishEdit}).
     */
    public void sendToMap(String mapName, dev.navserver.protocol.message.ServerMessage message) {
        for (Session s : sessions.values()) {
            if (mapName.equals(s.mapName())) {
                s.send(message);
            }
        }
    }
}
