package dev.navserver.server.view;

import java.util.Arrays;
import java.util.Objects;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;

/**
 * Computes {@link ViewStats} on the tick thread: tick p99 from a ring of the last {@link #TICK_WINDOW} tick
 * durations, rates from counter samples taken at most every {@link #SAMPLE_INTERVAL_NANOS} and compared with the
 * newest sample at least {@link #RATE_WINDOW_NANOS} old (or the oldest one kept, right after start).
 *
 * <p>Not thread-safe: one thread (the tick thread) calls {@link #tickDuration} and {@link #sample}. The counters
 * read must be thread-safe.
 */
public final class ViewStatsSampler {
    /** Ticks in the p99 window (12.8 s at 20 Hz). */
    public static final int TICK_WINDOW = 256;
    static final long SAMPLE_INTERVAL_NANOS = 100_000_000L;
    static final long RATE_WINDOW_NANOS = 1_000_000_000L;
    private static final int SAMPLES = 32;

    private final LongSupplier plans;
    private final LongSupplier navPaths;
    private final IntSupplier sessions;

    private final long[] ticks = new long[TICK_WINDOW];
    private final long[] sorted = new long[TICK_WINDOW];
    private int tickCount;
    private int tickNext;

    private final long[] sampleNanos = new long[SAMPLES];
    private final long[] samplePlans = new long[SAMPLES];
    private final long[] sampleNavPaths = new long[SAMPLES];
    private int sampleCount;
    private int sampleNext;
    private ViewStats last = ViewStats.ZERO;

    /**
     * @param plans    total searches completed so far
     * @param navPaths total {@code nav_path} pushes so far
     * @param sessions welcomed sessions now
     */
    public ViewStatsSampler(LongSupplier plans, LongSupplier navPaths, IntSupplier sessions) {
        this.plans = Objects.requireNonNull(plans);
        this.navPaths = Objects.requireNonNull(navPaths);
        this.sessions = Objects.requireNonNull(sessions);
    }

    /** Records one tick's duration, nanoseconds. */
    public void tickDuration(long nanos) {
        ticks[tickNext] = nanos;
        tickNext = (tickNext + 1) % TICK_WINDOW;
        if (tickCount < TICK_WINDOW) {
            tickCount++;
        }
    }

    /**
     * The stats at {@code nowNanos}; the same object as the previous call when less than
     * {@link #SAMPLE_INTERVAL_NANOS} passed since it.
     */
    public ViewStats sample(long nowNanos) {
        if (sampleCount > 0) {
            int newest = (sampleNext + SAMPLES - 1) % SAMPLES;
            if (nowNanos - sampleNanos[newest] < SAMPLE_INTERVAL_NANOS) {
                return last;
            }
        }
        long p = plans.getAsLong();
        long n = navPaths.getAsLong();
        double plansRate = 0;
        double navRate = 0;
        if (sampleCount > 0) {
            // the newest sample at least RATE_WINDOW old, else the oldest kept
            int oldest = (sampleNext + SAMPLES - sampleCount) % SAMPLES;
            int base = oldest;
            for (int k = 0; k < sampleCount; k++) {
                int idx = (oldest + k) % SAMPLES;
                if (nowNanos - sampleNanos[idx] >= RATE_WINDOW_NANOS) {
                    base = idx;
                }
            }
            double dt = (nowNanos - sampleNanos[base]) / 1e9;
            if (dt > 0) {
                plansRate = (p - samplePlans[base]) / dt;
                navRate = (n - sampleNavPaths[base]) / dt;
            }
        }
        sampleNanos[sampleNext] = nowNanos;
        samplePlans[sampleNext] = p;
        sampleNavPaths[sampleNext] = n;
        sampleNext = (sampleNext + 1) % SAMPLES;
        if (sampleCount < SAMPLES) {
            sampleCount++;
        }
        last = new ViewStats(tickP99Millis(), plansRate, navRate, sessions.getAsInt());
        return last;
    }

    /** 99th percentile (nearest rank) of the recorded tick durations, ms; 0 before the first tick. */
    double tickP99Millis() {
        if (tickCount == 0) {
            return 0;
        }
        System.arraycopy(ticks, 0, sorted, 0, tickCount);
        Arrays.sort(sorted, 0, tickCount);
        int rank = (int) Math.ceil(0.99 * tickCount) - 1;
        return sorted[Math.max(0, rank)] / 1e6;
    }
}
