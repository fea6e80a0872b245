package dev.navserver.bots;

import java.util.List;

/**
 * The run over time, for the HTML report's charts and the JSON report: one point per bucket of
 * {@code bucketSeconds}, from the first connect. Immutable.
 *
 * @param bucketSeconds width of a bucket, whole seconds ({@code 1} for runs up to 30 minutes)
 * @param rampUpSeconds the ramp's length, seconds: points before it are the ramp
 * @param points        buckets in time order; the last may be partial
 */
public record Timeline(long bucketSeconds, double rampUpSeconds, List<Point> points) {
    public Timeline {
        points = List.copyOf(points);
    }

    /**
     * One bucket.
     *
     * @param tSeconds           the bucket's start, seconds after the first connect
     * @param navPaths           {@code nav_path}s received in the bucket
     * @param navPathsPerSecond  {@code navPaths} over the bucket's width (the part of it within the run)
     * @param latencySamples     latencies whose {@code player_pos} was sent in the bucket
     * @param p50Ms              their median, ms; null without samples
     * @param p99Ms              their 99th percentile, ms; null without samples
     * @param maxMs              their largest, ms; null without samples
     */
    public record Point(double tSeconds, long navPaths, double navPathsPerSecond, long latencySamples, Double p50Ms,
                        Double p99Ms, Double maxMs) {
    }
}
