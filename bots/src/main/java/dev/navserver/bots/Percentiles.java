package dev.navserver.bots;

import org.HdrHistogram.AbstractHistogram;

/**
 * Summary of a latency histogram, milliseconds. Immutable.
 *
 * @param count number of samples
 * @param p50   median, ms (0 without samples)
 * @param p90   90th percentile, ms
 * @param p99   99th percentile, ms
 * @param max   largest sample, ms
 * @param mean  mean, ms
 */
public record Percentiles(long count, double p50, double p90, double p99, double max, double mean) {
    /**
     * Summarises a histogram of microsecond samples.
     *
     * @param micros samples in microseconds; only read
     */
    public static Percentiles ofMicros(AbstractHistogram micros) {
        if (micros.getTotalCount() == 0) {
            return new Percentiles(0, 0, 0, 0, 0, 0);
        }
        return new Percentiles(micros.getTotalCount(), ms(micros.getValueAtPercentile(50)),
                ms(micros.getValueAtPercentile(90)), ms(micros.getValueAtPercentile(99)), ms(micros.getMaxValue()),
                micros.getMean() / 1000.0);
    }

    private static double ms(long micros) {
        return micros / 1000.0;
    }
}
