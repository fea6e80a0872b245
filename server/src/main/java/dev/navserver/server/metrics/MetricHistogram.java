package dev.navserver.server.metrics;

import java.util.Arrays;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * A distribution of non-negative integer samples (nanoseconds, node counts), recorded wait-free into an HdrHistogram
 * {@link Recorder} with 3 significant digits and exported as a Prometheus histogram: cumulative counts at fixed
 * bucket bounds, {@code _sum} and {@code _count}. Samples are divided by {@link #exportDivisor()} on export, so a
 * latency recorded in nanoseconds (divisor 1e9) is exported in seconds. Samples above the highest trackable value are clamped to
 * it; negative samples to 0.
 *
 * <p>Thread-safe. {@link #record} never blocks or allocates; {@link #snapshot()} and export lock against each other.
 */
public final class MetricHistogram {
    private final long highestTrackable;
    private final double exportDivisor;
    private final long[] bucketBounds;
    private final Recorder recorder;
    private final Histogram cumulative;
    private final LongAdder sum = new LongAdder();
    private Histogram interval;

    /**
     * @param highestTrackable largest distinguishable sample, in recorded units; at least 2
     * @param exportDivisor    recorded units per exported unit (1e9 for nanoseconds to seconds); positive
     * @param bucketBounds     upper bucket bounds in recorded units, strictly increasing; {@code +Inf} is implied
     */
    MetricHistogram(long highestTrackable, double exportDivisor, long[] bucketBounds) {
        this.highestTrackable = highestTrackable;
        if (!(exportDivisor > 0) || highestTrackable < 2) {
            throw new IllegalArgumentException("exportDivisor must be > 0 and highestTrackable >= 2");
        }
        this.exportDivisor = exportDivisor;
        this.bucketBounds = bucketBounds.clone();
        for (int i = 1; i < bucketBounds.length; i++) {
            if (bucketBounds[i] <= bucketBounds[i - 1]) {
                throw new IllegalArgumentException("bucket bounds must increase: " + Arrays.toString(bucketBounds));
            }
        }
        this.recorder = new Recorder(highestTrackable, 3);
        this.cumulative = new Histogram(highestTrackable, 3);
    }

    /** Records one sample in recorded units (e.g. nanoseconds). */
    public void record(long value) {
        long v = value < 0 ? 0 : Math.min(value, highestTrackable);
        recorder.recordValue(v);
        sum.add(v);
    }

    /** Recorded units per exported unit. */
    public double exportDivisor() {
        return exportDivisor;
    }

    /** Upper bucket bounds in recorded units, without {@code +Inf}. */
    public long[] bucketBounds() {
        return bucketBounds.clone();
    }

    /** Everything recorded so far, in recorded units. */
    public synchronized Snapshot snapshot() {
        interval = recorder.getIntervalHistogram(interval);
        cumulative.add(interval);
        long[] counts = new long[bucketBounds.length];
        for (int i = 0; i < bucketBounds.length; i++) {
            counts[i] = cumulative.getCountBetweenValues(0, bucketBounds[i]);
        }
        return new Snapshot(cumulative.getTotalCount(), sum.sum(), counts,
                cumulative.getValueAtPercentile(50), cumulative.getValueAtPercentile(90),
                cumulative.getValueAtPercentile(99), cumulative.getMaxValue());
    }

    /**
     * A point-in-time view, in recorded units. Quantiles are within 0.1% (3 significant digits); {@code sum} may
     * include samples recorded during the snapshot that {@code count} does not.
     *
     * @param count            samples recorded
     * @param sum              exact sum of the (clamped) samples
     * @param cumulativeCounts samples at or below each bucket bound, same order as {@link #bucketBounds()}
     */
    public record Snapshot(long count, long sum, long[] cumulativeCounts, long p50, long p90, long p99, long max) {
    }
}
