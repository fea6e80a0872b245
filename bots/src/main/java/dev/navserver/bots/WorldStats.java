package dev.navserver.bots;

import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * The shared-world counters of a run: view checks, the world authority bot's spawns and commands, and each
 * player's downstream bytes per second. Bots record from their event loops; thread-safe.
 */
final class WorldStats {
    /** View checks done (one per bot snapshot whose truth arrived). */
    final LongAdder viewChecks = new LongAdder();
    /** Problems found by view checks (see {@link ViewChecker}). */
    final LongAdder viewErrors = new LongAdder();
    /** View checks skipped: no usable truth around their time (see {@link ViewChecker}). */
    final LongAdder viewChecksSkipped = new LongAdder();
    /** {@code monsters} snapshots the truth got, and the ones the world authority bot missed (serverTime gaps). */
    final LongAdder truthSnapshots = new LongAdder();
    final LongAdder truthSnapshotsMissed = new LongAdder();
    /** The truth intake's CPU time over the snapshots it parsed on its fast path, ns, and how many those were. */
    final LongAdder truthIntakeCpuNanos = new LongAdder();
    final LongAdder truthIntakeParsed = new LongAdder();
    /** CPU time of the world authority bot's own thread over the run, ns (-1 when unknown). */
    final LongAdder truthThreadCpuNanos = new LongAdder();
    /** {@code monster_enter}/{@code monster_leave} the bots (not the authority) received. */
    final LongAdder enters = new LongAdder();
    final LongAdder leaves = new LongAdder();
    /** {@code nav_path}s the world authority bot received and checked (not in the run's {@code nav_paths}). */
    final LongAdder authorityNavPaths = new LongAdder();
    /** Monsters the world authority bot spawned ({@code spawned} answers). */
    final LongAdder spawned = new LongAdder();
    /** {@code monster_command}s sent, answered as expected, refused as planned (bad on purpose), or raced. */
    final LongAdder commands = new LongAdder();
    final LongAdder commandsOk = new LongAdder();
    final LongAdder commandsRefusedAsPlanned = new LongAdder();
    final LongAdder commandsRaced = new LongAdder();
    /** Answers that were not the one expected (also counted in the run's {@code errors} when an error). */
    final LongAdder commandsUnexpected = new LongAdder();
    /** Commands without an answer when the run ended (after a short wait). */
    final LongAdder commandsUnanswered = new LongAdder();
    private final ConcurrentHashMap<String, LongAdder> viewErrorsByReason = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, LongAdder> viewChecksSkippedByReason = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, LongAdder> commandsByKind = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, LongAdder> events = new ConcurrentHashMap<>();
    private double[] downstream = new double[16];
    private int downstreamCount;

    void viewError(String reason, int n) {
        if (n > 0) {
            viewErrors.add(n);
            viewErrorsByReason.computeIfAbsent(reason, k -> new LongAdder()).add(n);
        }
    }

    /** At the end of a run: the snapshots the truth got and missed ({@link WorldTruth#snapshots()}, {@code missed()}). */
    void truthEnded(long snapshots, long missed) {
        truthSnapshots.add(snapshots);
        truthSnapshotsMissed.add(missed);
    }

    /** A view check skipped, by reason: {@code truth_behind}, {@code truth_too_old}, {@code truth_gap}. */
    void viewCheckSkipped(String reason) {
        viewChecksSkipped.increment();
        viewChecksSkippedByReason.computeIfAbsent(reason, k -> new LongAdder()).increment();
    }

    Map<String, Long> viewChecksSkippedByReason() {
        return BotStats.snapshot(viewChecksSkippedByReason);
    }

    /** A {@code monster_event} the world authority bot heard, by {@code event}. */
    void event(String event) {
        events.computeIfAbsent(event, k -> new LongAdder()).increment();
    }

    Map<String, Long> events() {
        return BotStats.snapshot(events);
    }

    void command(String kind) {
        commands.increment();
        commandsByKind.computeIfAbsent(kind, k -> new LongAdder()).increment();
    }

    /** One player's downstream rate over its connection: bytes received per second after its {@code welcome}. */
    synchronized void downstream(double bytesPerSecond) {
        if (downstreamCount == downstream.length) {
            downstream = Arrays.copyOf(downstream, downstreamCount * 2);
        }
        downstream[downstreamCount++] = bytesPerSecond;
    }

    /** The players' downstream rates, bytes per second: count, p50, p90, p99, max, mean (nearest rank). */
    synchronized Rates downstreamRates() {
        return Rates.of(Arrays.copyOf(downstream, downstreamCount));
    }

    Map<String, Long> viewErrorsByReason() {
        return BotStats.snapshot(viewErrorsByReason);
    }

    Map<String, Long> commandsByKind() {
        return BotStats.snapshot(commandsByKind);
    }

    /**
     * A distribution of rates, per second. Immutable.
     *
     * @param count samples (players)
     * @param p50   median (nearest rank); 0 without samples
     * @param p90   90th percentile
     * @param p99   99th percentile
     * @param max   largest
     * @param mean  mean
     */
    public record Rates(long count, double p50, double p90, double p99, double max, double mean) {
        static Rates of(double[] values) {
            if (values.length == 0) {
                return new Rates(0, 0, 0, 0, 0, 0);
            }
            double[] v = values.clone();
            Arrays.sort(v);
            double sum = 0;
            for (double x : v) {
                sum += x;
            }
            return new Rates(v.length, rank(v, 0.50), rank(v, 0.90), rank(v, 0.99), v[v.length - 1], sum / v.length);
        }

        private static double rank(double[] sorted, double q) {
            int i = (int) Math.ceil(q * sorted.length) - 1;
            return sorted[Math.max(0, Math.min(sorted.length - 1, i))];
        }
    }
}
