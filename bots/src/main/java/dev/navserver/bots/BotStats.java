package dev.navserver.bots;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.IntCountsHistogram;
import org.HdrHistogram.Recorder;

/**
 * Counters and latency recorders shared by all bots of a run. Bots record from their event-loop threads; one
 * reader thread (the run's) drains the latency recorders into cumulative histograms with {@link #drainLatencies()}.
 * Every method is thread-safe; counters are eventually consistent while bots run and exact once they have stopped.
 *
 * <p>Once {@link #begin} has fixed the run's clock, latencies are also kept by the time their {@code player_pos}
 * was sent: in the steady histogram when sent at or after the steady window's start (the end of the ramp), and in
 * a per-bucket histogram of the timeline; {@code nav_path}s are counted per bucket by arrival time. The timeline
 * has at most {@value #MAX_TIMELINE_POINTS} buckets of a whole number of seconds (1 s for runs up to 30 minutes),
 * allocated lazily, so its memory is bounded whatever the run's length.
 */
public final class BotStats {
    /** Most buckets of the timeline; longer runs get wider buckets. */
    static final int MAX_TIMELINE_POINTS = 1800;
    private static final int SIGNIFICANT_DIGITS = 3;
    /** Precision of the timeline's per-bucket histograms: 1%, enough for a chart. */
    private static final int TIMELINE_DIGITS = 2;

    final LongAdder navPaths = new LongAdder();
    final LongAdder invalidPaths = new LongAdder();
    final LongAdder errors = new LongAdder();
    final LongAdder disconnects = new LongAdder();
    final LongAdder connectFailures = new LongAdder();
    final LongAdder undecodable = new LongAdder();
    final LongAdder monsters = new LongAdder();
    final LongAdder welcomed = new LongAdder();
    final AtomicInteger connected = new AtomicInteger();
    /** {@code redirect}s the bots received (each followed to the named node, up to five in a row). */
    final LongAdder redirects = new LongAdder();
    /** {@code map_edited} answers the editing bot received: edits applied. */
    final LongAdder edits = new LongAdder();
    /** Edit periods in which the editing bot sent nothing (answers outstanding, or no free spot). */
    final LongAdder editsSkipped = new LongAdder();
    /** Overlaps found in {@code monsters} snapshots (see {@link Overlaps}). */
    final LongAdder overlaps = new LongAdder();
    /** {@code map_patch}es a bot could not follow (out of order, different from another bot's, off the map). */
    final LongAdder patchProblems = new LongAdder();
    /** {@code nav_path}s whose version's grid was not available (evicted, or its patch not arrived): not checked. */
    final LongAdder uncheckedPaths = new LongAdder();
    /** {@code nav_path}s by version lag (latest version the bot knows minus the path's): 0, 1, 2, 3 or more. */
    private final LongAdder[] versionLag = {new LongAdder(), new LongAdder(), new LongAdder(), new LongAdder()};

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
    private final Recorder steadyRecorder = new Recorder(SIGNIFICANT_DIGITS);
    private final Histogram steadyMicros = new Histogram(SIGNIFICANT_DIGITS);
    private Histogram steadyInterval;
    /** {@code nav_path}s received at or after the steady window's start. */
    final LongAdder steadyNavPaths = new LongAdder();

    private final long bucketSeconds;
    private final AtomicReferenceArray<IntCountsHistogram> bucketLatency;
    private final AtomicLongArray bucketNavPaths;
    /** The run's clock; null before {@link #begin}. */
    private volatile Window window;

    /** The run's start and steady-window start, {@link System#nanoTime()} values. */
    private record Window(long startNanos, long steadyStartNanos) {
    }

    /**
     * @param runSeconds the planned run length (ramp plus steady window), seconds, {@code > 0}; sizes the timeline
     */
    BotStats(double runSeconds) {
        if (!(runSeconds > 0 && runSeconds <= 1e6)) {
            throw new IllegalArgumentException("runSeconds must be in (0, 1e6], got " + runSeconds);
        }
        bucketSeconds = Math.max(1, (long) Math.ceil(runSeconds / MAX_TIMELINE_POINTS));
        // one spare bucket: the end of the run comes a little after the planned length
        int buckets = (int) Math.ceil(runSeconds / bucketSeconds) + 1;
        bucketLatency = new AtomicReferenceArray<>(buckets);
        bucketNavPaths = new AtomicLongArray(buckets);
    }

    /**
     * Fixes the run's clock: call once, before the first bot connects (the connect hands the values to the event
     * loops).
     *
     * @param startNanos       the first connect, {@link System#nanoTime()}
     * @param steadyStartNanos the end of the ramp, {@code >= startNanos}
     */
    void begin(long startNanos, long steadyStartNanos) {
        window = new Window(startNanos, steadyStartNanos);
    }

    /** Width of one timeline bucket, whole seconds, {@code >= 1}. */
    long bucketSeconds() {
        return bucketSeconds;
    }

    /** Counts a received {@code nav_path}; {@code receivedNanos} is its arrival, {@link System#nanoTime()}. */
    void navPath(long receivedNanos) {
        navPaths.increment();
        Window w = window;
        if (w == null) {
            return;
        }
        if (receivedNanos >= w.steadyStartNanos) {
            steadyNavPaths.increment();
        }
        int b = bucket(w, receivedNanos);
        if (b >= 0) {
            bucketNavPaths.incrementAndGet(b);
        }
    }

    /**
     * Records a {@code player_pos} → {@code nav_path} latency, in the whole run's histogram and, by the send time,
     * in the steady histogram and the timeline.
     *
     * @param sentNanos     when the {@code player_pos} was sent, {@link System#nanoTime()}
     * @param receivedNanos when its first {@code nav_path} arrived
     */
    void latency(long sentNanos, long receivedNanos) {
        long micros = Math.max(0, (receivedNanos - sentNanos) / 1000);
        latencyRecorder.recordValue(micros);
        Window w = window;
        if (w == null) {
            return;
        }
        if (sentNanos >= w.steadyStartNanos) {
            steadyRecorder.recordValue(micros);
        }
        int b = bucket(w, sentNanos);
        if (b >= 0) {
            IntCountsHistogram h = bucketLatency.get(b);
            if (h == null) {
                IntCountsHistogram made = new IntCountsHistogram(TIMELINE_DIGITS);
                h = bucketLatency.compareAndExchange(b, null, made);
                if (h == null) {
                    h = made;
                }
            }
            synchronized (h) {
                h.recordValue(micros);
            }
        }
    }

    /** The timeline bucket of {@code nanos}, or -1 outside the timeline. */
    private int bucket(Window w, long nanos) {
        long since = nanos - w.startNanos;
        if (since < 0) {
            return -1;
        }
        long b = since / (bucketSeconds * 1_000_000_000L);
        return b < bucketNavPaths.length() ? (int) b : -1;
    }

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

    /** Counts a {@code nav_path} by its version lag, {@code >= 0}. */
    void versionLag(long lag) {
        versionLag[(int) Math.min(3, Math.max(0, lag))].increment();
    }

    /** {@code nav_path}s per version lag: keys {@code "0"}, {@code "1"}, {@code "2"}, {@code "3+"}, in that order. */
    Map<String, Long> pathsByVersionLag() {
        Map<String, Long> out = new java.util.LinkedHashMap<>();
        out.put("0", versionLag[0].sum());
        out.put("1", versionLag[1].sum());
        out.put("2", versionLag[2].sum());
        out.put("3+", versionLag[3].sum());
        return out;
    }

    /** A {@code map_patch} a bot could not follow; {@code reason} is a short key, counted as {@code patch_<reason>}. */
    void patchProblem(String reason) {
        patchProblems.increment();
        count(failuresByReason, "patch_" + reason);
    }

    void editSkipped() {
        editsSkipped.increment();
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
        steadyInterval = steadyRecorder.getIntervalHistogram(steadyInterval);
        steadyMicros.add(steadyInterval);
    }

    /** Steady-window latencies drained so far (sent at or after the ramp's end); see {@link #latency()}. */
    synchronized Percentiles steadyLatency() {
        return Percentiles.ofMicros(steadyMicros);
    }

    /**
     * The timeline up to {@code runSeconds} after the start: one point per bucket that starts before it, except a
     * last bucket less than half inside the run. Call after the bots have stopped for exact values.
     *
     * @param runSeconds    the run's measured length, seconds
     * @param rampUpSeconds the ramp's length, seconds, for the report
     */
    Timeline timeline(double runSeconds, double rampUpSeconds) {
        List<Timeline.Point> points = new ArrayList<>();
        for (int b = 0; b < bucketNavPaths.length() && b * bucketSeconds < runSeconds; b++) {
            double t = b * bucketSeconds;
            double width = Math.min(bucketSeconds, runSeconds - t);
            if (b > 0 && width < bucketSeconds / 2.0) {
                break; // a last sliver (the run ends a few ms after a whole second) would chart as a spurious dip
            }
            long paths = bucketNavPaths.get(b);
            IntCountsHistogram h = bucketLatency.get(b);
            Percentiles p;
            if (h == null) {
                p = Percentiles.ofMicros(new Histogram(TIMELINE_DIGITS));
            } else {
                synchronized (h) {
                    p = Percentiles.ofMicros(h);
                }
            }
            points.add(new Timeline.Point(t, paths, paths / width, p.count(),
                    p.count() == 0 ? null : p.p50(), p.count() == 0 ? null : p.p99(),
                    p.count() == 0 ? null : p.max()));
        }
        return new Timeline(bucketSeconds, rampUpSeconds, points);
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
