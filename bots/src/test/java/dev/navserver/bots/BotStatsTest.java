package dev.navserver.bots;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Steady-window and timeline accounting with a clock stepped by hand (nanoTime-like values from an origin). */
class BotStatsTest {
    private static final long S = TimeUnit.SECONDS.toNanos(1);
    private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);
    /** An arbitrary nanoTime origin, negative like nanoTime may be. */
    private static final long T0 = -123_456_789_000L;

    @Test
    void latency_WhenSentDuringTheRamp_ExpectedInTheWholeRunOnlyAndSteadyFromTheRampsEnd() {
        BotStats stats = new BotStats(5);
        stats.begin(T0, T0 + 2 * S);
        stats.latency(T0 + 100 * MS, T0 + 600 * MS);           // ramp: 500 ms
        stats.latency(T0 + 2 * S - 1, T0 + 2 * S + 900 * MS);  // sent 1 ns before the ramp's end: ramp
        stats.latency(T0 + 2 * S, T0 + 2 * S + 10 * MS);       // first steady: 10 ms
        stats.latency(T0 + 3 * S, T0 + 3 * S + 20 * MS);       // 20 ms
        stats.drainLatencies();

        Percentiles whole = stats.latency();
        Percentiles steady = stats.steadyLatency();
        assertThat(whole.count()).isEqualTo(4);
        assertThat(whole.max()).isCloseTo(900.0, within(1.0));
        assertThat(steady.count()).isEqualTo(2);
        assertThat(steady.max()).isCloseTo(20.0, within(0.02));
        assertThat(steady.p50()).isCloseTo(10.0, within(0.01));
    }

    @Test
    void latency_BeforeBegin_ExpectedWholeRunOnly() {
        BotStats stats = new BotStats(5);
        stats.latency(0, 5 * MS);
        stats.navPath(5 * MS);
        stats.drainLatencies();
        assertThat(stats.latency().count()).isEqualTo(1);
        assertThat(stats.steadyLatency().count()).isZero();
        assertThat(stats.navPaths.sum()).isEqualTo(1);
        assertThat(stats.steadyNavPaths.sum()).isZero();
    }

    @Test
    void navPath_ExpectedSteadyCountFromTheRampsEndAndPerSecondBucketsByArrival() {
        BotStats stats = new BotStats(3);
        stats.begin(T0, T0 + S);
        stats.navPath(T0 + 10 * MS);
        stats.navPath(T0 + 999 * MS);
        stats.navPath(T0 + S);
        stats.navPath(T0 + 2500 * MS);
        stats.navPath(T0 + 2600 * MS);
        stats.navPath(T0 + 60 * S); // long after the run: counted, but off the timeline

        assertThat(stats.navPaths.sum()).isEqualTo(6);
        assertThat(stats.steadyNavPaths.sum()).isEqualTo(4);
        Timeline t = stats.timeline(2.5, 1);
        assertThat(t.bucketSeconds()).isEqualTo(1);
        assertThat(t.rampUpSeconds()).isEqualTo(1.0);
        assertThat(t.points()).extracting(Timeline.Point::tSeconds).containsExactly(0.0, 1.0, 2.0);
        assertThat(t.points()).extracting(Timeline.Point::navPaths).containsExactly(2L, 1L, 2L);
        // the last bucket holds half a second of the 2.5 s run
        assertThat(t.points()).extracting(Timeline.Point::navPathsPerSecond).containsExactly(2.0, 1.0, 4.0);
        // a run ending just after a whole second has no last sliver of a bucket
        assertThat(stats.timeline(2.01, 1).points()).hasSize(2);
    }

    @Test
    void timeline_ExpectedLatencyPercentilesPerSecondOfSendingAndNullWithoutSamples() {
        BotStats stats = new BotStats(3);
        stats.begin(T0, T0);
        for (int i = 1; i <= 100; i++) {
            stats.latency(T0 + 10 * MS * i / 2, T0 + 10 * MS * i / 2 + i * MS); // second 0: 1..100 ms
        }
        stats.latency(T0 + 2 * S, T0 + 2 * S + 7 * MS);                      // second 2: 7 ms

        List<Timeline.Point> p = stats.timeline(3, 0).points();
        assertThat(p).hasSize(3);
        assertThat(p.get(0).latencySamples()).isEqualTo(100);
        assertThat(p.get(0).p50Ms()).isCloseTo(50.0, within(0.5));
        assertThat(p.get(0).p99Ms()).isCloseTo(99.0, within(1.0));
        assertThat(p.get(0).maxMs()).isCloseTo(100.0, within(1.0));
        assertThat(p.get(1).latencySamples()).isZero();
        assertThat(p.get(1).p50Ms()).isNull();
        assertThat(p.get(1).p99Ms()).isNull();
        assertThat(p.get(1).maxMs()).isNull();
        assertThat(p.get(2).p99Ms()).isCloseTo(7.0, within(0.1));
    }

    @Test
    void timeline_WhenTheRunIsADayAndAnHour_ExpectedWiderBucketsAndAtMostTheCap() {
        BotStats stats = new BotStats(86_400 + 3600);
        assertThat(stats.bucketSeconds()).isEqualTo(50);
        Timeline t = stats.timeline(86_400 + 3600, 3600);
        assertThat(t.points()).hasSizeLessThanOrEqualTo(BotStats.MAX_TIMELINE_POINTS);
        assertThat(new BotStats(1800).bucketSeconds()).isEqualTo(1);
        assertThat(new BotStats(1801).bucketSeconds()).isEqualTo(2);
    }
}
