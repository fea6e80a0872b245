package dev.navserver.bots;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class BucketHistogramTest {
    /** Part of a real {@code GET /metrics} of the server (Micrometer, text format 0.0.4), a second after start. */
    static final String SCRAPE = """
            # HELP navserver_pos_to_path_seconds From the arrival of the player_pos a plan used to its nav_path written to the socket.
            # TYPE navserver_pos_to_path_seconds histogram
            navserver_pos_to_path_seconds_bucket{le="2.5E-4"} 0
            navserver_pos_to_path_seconds_bucket{le="5.0E-4"} 0
            navserver_pos_to_path_seconds_bucket{le="0.001"} 0
            navserver_pos_to_path_seconds_bucket{le="0.002"} 0
            navserver_pos_to_path_seconds_bucket{le="0.005"} 0
            navserver_pos_to_path_seconds_bucket{le="0.01"} 0
            navserver_pos_to_path_seconds_bucket{le="0.025"} 0
            navserver_pos_to_path_seconds_bucket{le="0.05"} 0
            navserver_pos_to_path_seconds_bucket{le="0.1"} 0
            navserver_pos_to_path_seconds_bucket{le="0.25"} 0
            navserver_pos_to_path_seconds_bucket{le="0.5"} 0
            navserver_pos_to_path_seconds_bucket{le="1.0"} 0
            navserver_pos_to_path_seconds_bucket{le="2.5"} 0
            navserver_pos_to_path_seconds_bucket{le="+Inf"} 0
            navserver_pos_to_path_seconds_count 0
            navserver_pos_to_path_seconds_sum 0.0
            # HELP navserver_pos_to_path_seconds_max From the arrival of the player_pos a plan used to its nav_path written to the socket.
            # TYPE navserver_pos_to_path_seconds_max gauge
            navserver_pos_to_path_seconds_max 0.0
            # HELP navserver_tick_duration_seconds Time spent in one world tick.
            # TYPE navserver_tick_duration_seconds histogram
            navserver_tick_duration_seconds_bucket{le="1.0E-4"} 23
            navserver_tick_duration_seconds_bucket{le="2.5E-4"} 24
            navserver_tick_duration_seconds_bucket{le="5.0E-4"} 24
            navserver_tick_duration_seconds_bucket{le="0.001"} 24
            navserver_tick_duration_seconds_bucket{le="0.002"} 24
            navserver_tick_duration_seconds_bucket{le="0.005"} 24
            navserver_tick_duration_seconds_bucket{le="0.01"} 25
            navserver_tick_duration_seconds_bucket{le="0.025"} 25
            navserver_tick_duration_seconds_bucket{le="0.05"} 25
            navserver_tick_duration_seconds_bucket{le="0.1"} 25
            navserver_tick_duration_seconds_bucket{le="0.25"} 25
            navserver_tick_duration_seconds_bucket{le="1.0"} 25
            navserver_tick_duration_seconds_bucket{le="+Inf"} 25
            navserver_tick_duration_seconds_count 25
            navserver_tick_duration_seconds_sum 0.007186712
            # HELP navserver_tick_duration_seconds_max Time spent in one world tick.
            # TYPE navserver_tick_duration_seconds_max gauge
            navserver_tick_duration_seconds_max 0.006035147
            """;

    @Test
    void parse_RealScrape_ExpectedEveryBucketOfTheFamilyAndNothingOfOthers() {
        BucketHistogram tick = BucketHistogram.parse(SCRAPE, "navserver_tick_duration_seconds");
        assertThat(tick.upperBounds()).containsExactly(1e-4, 2.5e-4, 5e-4, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05,
                0.1, 0.25, 1.0, Double.POSITIVE_INFINITY);
        assertThat(tick.cumulativeCounts()).containsExactly(23, 24, 24, 24, 24, 24, 25, 25, 25, 25, 25, 25, 25);
        assertThat(tick.count()).isEqualTo(25);
        BucketHistogram pos = BucketHistogram.parse(SCRAPE, "navserver_pos_to_path_seconds");
        assertThat(pos.upperBounds()).hasSize(14);
        assertThat(pos.count()).isZero();
        assertThat(BucketHistogram.parse(SCRAPE, "navserver_plan_latency_seconds")).isNull();
        assertThat(BucketHistogram.parse(SCRAPE, "navserver_tick_duration")).isNull();
    }

    @Test
    void quantile_ExpectedPrometheusHistogramQuantileInterpolation() {
        BucketHistogram tick = BucketHistogram.parse(SCRAPE, "navserver_tick_duration_seconds");
        // rank 12.5 of 25 in the first bucket [0, 1e-4] holding 23: 1e-4 * 12.5 / 23
        assertThat(tick.quantile(0.5)).isCloseTo(1e-4 * 12.5 / 23, within(1e-12));
        // rank 24.75 in (0.005, 0.01] holding the 25th: 0.005 + 0.005 * 0.75
        assertThat(tick.quantile(0.99)).isCloseTo(0.00875, within(1e-12));
        assertThat(tick.quantile(0)).isZero();
        assertThat(tick.quantile(1)).isCloseTo(0.01, within(1e-12));
        assertThat(tick.quantile(-0.1)).isEqualTo(Double.NEGATIVE_INFINITY);
        assertThat(tick.quantile(1.1)).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(BucketHistogram.parse(SCRAPE, "navserver_pos_to_path_seconds").quantile(0.99)).isNaN();
    }

    @Test
    void quantile_WhenTheRankFallsInThePlusInfBucket_ExpectedTheHighestFiniteBound() {
        BucketHistogram h = new BucketHistogram(new double[] {0.1, 1, Double.POSITIVE_INFINITY},
                new double[] {1, 2, 100});
        assertThat(h.quantile(0.99)).isEqualTo(1.0);
    }

    @Test
    void quantile_WithoutAPlusInfBucketOrWithOneBucket_ExpectedNaN() {
        assertThat(new BucketHistogram(new double[] {0.1, 1}, new double[] {1, 2}).quantile(0.5)).isNaN();
        assertThat(new BucketHistogram(new double[] {Double.POSITIVE_INFINITY}, new double[] {3}).quantile(0.5))
                .isNaN();
    }

    @Test
    void minus_ExpectedTheObservationsBetweenTwoScrapesOrNullAfterARestart() {
        String later = SCRAPE.replace("_bucket{le=\"0.01\"} 25", "_bucket{le=\"0.01\"} 125")
                .replaceAll("_bucket\\{le=\"(0\\.025|0\\.05|0\\.1|0\\.25|1\\.0|\\+Inf)\"} 25", "_bucket{le=\"$1\"} 125");
        BucketHistogram a = BucketHistogram.parse(SCRAPE, "navserver_tick_duration_seconds");
        BucketHistogram b = BucketHistogram.parse(later, "navserver_tick_duration_seconds");
        BucketHistogram d = b.minus(a);
        assertThat(d.count()).isEqualTo(100);
        assertThat(d.cumulativeCounts()).containsExactly(0, 0, 0, 0, 0, 0, 100, 100, 100, 100, 100, 100, 100);
        // all 100 in (5 ms, 10 ms]: p99 at 5 + 5 * 99/100 ms
        assertThat(d.quantile(0.99)).isCloseTo(0.00995, within(1e-12));
        assertThat(a.minus(b)).isNull();
    }

    @Test
    void parse_WhenSeriesHaveMoreLabelsJavaOrGoNumbersAndTimestamps_ExpectedSummedPerBound() {
        String text = """
                h_seconds_bucket{pool="a",le="0.5"} 1.0 1700000000000
                h_seconds_bucket{le="0.5",pool="b \\"q\\" }"} 2
                h_seconds_bucket{pool="a",le="+Inf"} 3.0
                h_seconds_bucket{pool="b \\"q\\" }",le="+Inf"} 4e0
                h_seconds_count 7
                """;
        BucketHistogram h = BucketHistogram.parse(text, "h_seconds");
        assertThat(h.upperBounds()).containsExactly(0.5, Double.POSITIVE_INFINITY);
        assertThat(h.cumulativeCounts()).containsExactly(3, 7);
    }

    @Test
    void parse_WhenABucketLineIsBroken_ExpectedAClearException() {
        assertThatThrownBy(() -> BucketHistogram.parse("h_bucket{le=\"0.1\"} many\n", "h"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("bad number 'many'");
        assertThatThrownBy(() -> BucketHistogram.parse("h_bucket{le=\"0.1\" 3\n", "h"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("unclosed");
    }

    @Test
    void serverLatency_BetweenTwoScrapes_ExpectedMillisecondsAndAProblemForAMissingFamilyOrScrape() {
        String later = SCRAPE.replaceAll("_bucket\\{le=\"(0\\.01|0\\.025|0\\.05|0\\.1|0\\.25|1\\.0|\\+Inf)\"} 25",
                "_bucket{le=\"$1\"} 125");
        ServerLatency s = ServerLatency.between(7401, SCRAPE, later, null, null);
        assertThat(s.problem()).isNull();
        assertThat(s.tickMs().count()).isEqualTo(100);
        assertThat(s.tickMs().p99()).isCloseTo(9.95, within(1e-9));
        assertThat(s.posToPathMs().count()).isZero();
        assertThat(s.posToPathMs().p99()).isNull();

        ServerLatency noTick = ServerLatency.between(7401, "x 1\n", "x 2\n", null, null);
        assertThat(noTick.tickMs()).isNull();
        assertThat(noTick.problem()).contains("navserver_tick_duration_seconds is not on /metrics",
                "navserver_pos_to_path_seconds is not on /metrics");

        ServerLatency failed = ServerLatency.between(7401, null, SCRAPE, "connection refused", null);
        assertThat(failed.posToPathMs()).isNull();
        assertThat(failed.problem()).isEqualTo("cannot read /metrics at the start of the steady window: "
                + "connection refused");
    }
}
