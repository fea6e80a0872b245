package dev.navserver.bots;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Counters and latency recorders shared by all bots of a run. Bots record from their event-loop threads; one
 * reader thread (the run's) drains the latency recorders into cumulative histograms with {@link #drainLatencies()}.
 * Every method is thread-safe; counters are eventually consistent while bots run and exact once they have stopped.
 */
public final class BotStats {
    private static final int SIGNIFICANT_DIGITS = 3;

    final LongAdder navPaths = new LongAdder();
    final LongAdder invalidPaths = new LongAdder();
    final LongAdder errors = new LongAdder();
    final LongAdder disconnects = new LongAdder();
    final LongAdder connectFailures = new LongAdder();
    final LongAdder undecodable = new LongAdder();
    final LongAdder monsters = new LongAdder();
    final LongAdder welcomed = new LongAdder();
    final AtomicInteger connected = new AtomicInteger();

    private final ConcurrentHashMap<String, LongAdder> messagesIn = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, LongAdder> messagesOut = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, LongAdder> errorsByCode = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, LongAdder> invalidByReason = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, LongAdder> failuresByReason = new ConcurrentHashMap<>();

    private final Recorder latencyRecorder = new Recorder(SIGNIFICANT_DIGITS);
    private final Recorder connectRecorder = new Recorder(SIGNIFICANT_DIGITS);
    private final Histogram latencyMicros = new Histogram(SIGNIFICANT_DIGITS);
    private final Histogram connectMicros = new Histogram(SIGNIFICANT_DIGITS);
    private Histogram latencyInterval;
    private Histogram connectInterval;

    void messageIn(String type) {
        count(messagesIn, type);
    }

    void messageOut(String type) {
        count(messagesOut, type);
    }

    void error(String code) {
        errors.increment();
        count(errorsByCode, code);
    }

    void invalidPath(String reason) {
        invalidPaths.increment();
        count(invalidByReason, reason);
    }

    /** A connection that could not be opened or never got a usable {@code welcome}; {@code reason} is a short key. */
    void connectFailure(String reason) {
        connectFailures.increment();
        count(failuresByReason, reason);
    }

    /** A connection closed by the server, or a server {@code bye}, before the run's end. */
    void disconnect(String reason) {
        disconnects.increment();
        count(failuresByReason, reason);
    }

    /** Records a {@code player_pos} → {@code nav_path} latency. */
    void latencyNanos(long nanos) {
        latencyRecorder.recordValue(Math.max(0, nanos / 1000));
    }

    /** Records a connect → {@code welcome} time. */
    void connectNanos(long nanos) {
        connectRecorder.recordValue(Math.max(0, nanos / 1000));
    }

    private static void count(ConcurrentHashMap<String, LongAdder> map, String key) {
        map.computeIfAbsent(key, k -> new LongAdder()).increment();
    }

    /**
     * Adds what the bots recorded since the last call to the cumulative histograms. Call from one thread only
     * (the run's reporting thread).
     */
    synchronized void drainLatencies() {
        latencyInterval = latencyRecorder.getIntervalHistogram(latencyInterval);
        latencyMicros.add(latencyInterval);
        connectInterval = connectRecorder.getIntervalHistogram(connectInterval);
        connectMicros.add(connectInterval);
    }

    /** Latencies drained so far, microseconds; read only after {@link #drainLatencies()} on the same thread. */
    synchronized Percentiles latency() {
        return Percentiles.ofMicros(latencyMicros);
    }

    /** Connect → welcome times drained so far, microseconds. */
    synchronized Percentiles connect() {
        return Percentiles.ofMicros(connectMicros);
    }

    static Map<String, Long> snapshot(ConcurrentHashMap<String, LongAdder> map) {
        Map<String, Long> out = new TreeMap<>();
        map.forEach((k, v) -> out.put(k, v.sum()));
        return out;
    }

    Map<String, Long> messagesIn() {
        return snapshot(messagesIn);
    }

    Map<String, Long> messagesOut() {
        return snapshot(messagesOut);
    }

    Map<String, Long> errorsByCode() {
        return snapshot(errorsByCode);
    }

    Map<String, Long> invalidByReason() {
        return snapshot(invalidByReason);
    }

    Map<String, Long> failuresByReason() {
        return snapshot(failuresByReason);
    }
}
