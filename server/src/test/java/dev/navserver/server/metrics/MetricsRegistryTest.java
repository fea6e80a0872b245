package dev.navserver.server.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class MetricsRegistryTest {
    /** A sample line of the text format 0.0.4: name, optional labels, value. */
    private static final Pattern SAMPLE = Pattern.compile(
            "[a-zA-Z_:][a-zA-Z0-9_:]*(\\{[a-zA-Z_][a-zA-Z0-9_]*=\"([^\"\\\\\\n]|\\\\[\\\\\"n])*\"})? "
                    + "(-?[0-9]+(\\.[0-9]+)?|NaN|[+-]Inf)");

    @Test
    void counterAndLabeledCounter_RenderHelpTypeAndSamples() {
        MetricsRegistry r = new MetricsRegistry();
        Counter c = r.counter("x_total", "Things.");
        LabeledCounter lc = r.labeledCounter("y_total", "Per kind.", "kind", List.of("b", "a"));
        c.add(3);
        lc.inc("a");
        lc.inc("c");
        lc.labels("c").add(4);

        assertThat(r.scrape()).isEqualTo("""
                # HELP x_total Things.
                # TYPE x_total counter
                x_total 3
                # HELP y_total Per kind.
                # TYPE y_total counter
                y_total{kind="a"} 1
                y_total{kind="b"} 0
                y_total{kind="c"} 5
                """);
        assertThat(lc.total()).isEqualTo(6);
        assertThat(lc.get("missing")).isZero();
    }

    @Test
    void labelValuesAndHelp_AreEscaped() {
        MetricsRegistry r = new MetricsRegistry();
        r.labeledCounter("z_total", "Line one\nback\\slash \"q\"", "v", List.of("a\"b\\c\nd"));
        assertThat(r.scrape()).isEqualTo("""
                # HELP z_total Line one\\nback\\\\slash "q"
                # TYPE z_total counter
                z_total{v="a\\"b\\\\c\\nd"} 0
                """);
    }

    @Test
    void gauge_ReadsItsSupplierAtEachScrape_AndAThrowingOneIsNaN() {
        MetricsRegistry r = new MetricsRegistry();
        double[] v = {1.5};
        r.gauge("g", "A gauge.", () -> v[0]);
        r.gauge("bad", "Broken.", () -> {
            throw new IllegalStateException("boom");
        });
        assertThat(r.scrape()).contains("g 1.5\n").contains("bad NaN\n");
        v[0] = 2;
        assertThat(r.scrape()).contains("g 2\n");
    }

    @Test
    void histogram_ExportsCumulativeBucketsSumAndCountInExportUnits() {
        MetricsRegistry r = new MetricsRegistry();
        MetricHistogram h = r.histogram("lat_seconds", "Latency.", 10_000_000_000L, 1e9,
                1_000_000, 10_000_000, 100_000_000);
        h.record(500_000);     // 0.5 ms
        h.record(1_000_000);   // 1 ms, on the bound: counted in le="0.001"
        h.record(20_000_000);  // 20 ms
        h.record(2_000_000_000L); // 2 s, only in +Inf

        assertThat(r.scrape()).isEqualTo("""
                # HELP lat_seconds Latency.
                # TYPE lat_seconds histogram
                lat_seconds_bucket{le="0.001"} 2
                lat_seconds_bucket{le="0.01"} 2
                lat_seconds_bucket{le="0.1"} 3
                lat_seconds_bucket{le="+Inf"} 4
                lat_seconds_sum 2.0215
                lat_seconds_count 4
                """);
        MetricHistogram.Snapshot s = h.snapshot();
        assertThat(s.count()).isEqualTo(4);
        assertThat(s.p50()).isBetween(999_000L, 1_001_000L);
        assertThat(s.max()).isBetween(1_998_000_000L, 2_002_000_000L);
    }

    @Test
    void histogram_ClampsOutOfRangeSamples() {
        MetricsRegistry r = new MetricsRegistry();
        MetricHistogram h = r.histogram("n", "Nodes.", 1000, 1, 10, 100);
        h.record(-5);
        h.record(1_000_000);
        MetricHistogram.Snapshot s = h.snapshot();
        assertThat(s.count()).isEqualTo(2);
        assertThat(s.sum()).isEqualTo(1000);
        assertThat(s.cumulativeCounts()).containsExactly(1, 1);
    }

    @Test
    void labeledCounter_CapsDistinctValuesUnderOther() {
        LabeledCounter lc = new MetricsRegistry().labeledCounter("t_total", "T.", "type", List.of());
        for (int i = 0; i < 1000; i++) {
            lc.inc("junk-" + i);
        }
        assertThat(lc.snapshot()).hasSize(LabeledCounter.MAX_VALUES);
        assertThat(lc.get(LabeledCounter.OTHER)).isEqualTo(1000 - (LabeledCounter.MAX_VALUES - 1));
        assertThat(lc.total()).isEqualTo(1000);
    }

    @Test
    void labeledCounter_ReturnsTheSameCounterForAValue() {
        LabeledCounter lc = new MetricsRegistry().labeledCounter("t_total", "T.", "type", List.of("ping"));
        assertThat(lc.labels("ping")).isSameAs(lc.labels("ping"));
        assertThat(lc.labels("new")).isSameAs(lc.labels("new"));
    }

    @Test
    void invalidOrDuplicateNames_AreRefused() {
        MetricsRegistry r = new MetricsRegistry();
        r.counter("a_total", "A.");
        assertThatThrownBy(() -> r.counter("a_total", "again")).hasMessageContaining("already registered");
        assertThatThrownBy(() -> r.counter("bad-name", "x")).hasMessageContaining("invalid metric name");
        assertThatThrownBy(() -> r.labeledCounter("b_total", "x", "le", List.of()))
                .hasMessageContaining("invalid label name");
        assertThatThrownBy(() -> r.histogram("h", "x", 100, 1, 10, 5)).hasMessageContaining("must increase");
        assertThatThrownBy(() -> new Counter().add(-1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void concurrentIncrements_AreAllCounted() throws Exception {
        ServerMetrics m = new ServerMetrics();
        int threads = 4;
        int perThread = 100_000;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        CountDownLatch go = new CountDownLatch(1);
        try {
            for (int t = 0; t < threads; t++) {
                pool.execute(() -> {
                    try {
                        go.await();
                    } catch (InterruptedException e) {
                        return;
                    }
                    Counter ping = m.messagesIn.labels("ping");
                    for (int i = 0; i < perThread; i++) {
                        ping.inc();
                        m.tickDuration.record(i);
                    }
                });
            }
            go.countDown();
            for (int i = 0; i < 20; i++) {
                m.registry().scrape();
            }
        } finally {
            pool.shutdown();
            assertThat(pool.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
        }
        assertThat(m.messagesIn.get("ping")).isEqualTo((long) threads * perThread);
        assertThat(m.tickDuration.snapshot().count()).isEqualTo((long) threads * perThread);
    }

    @Test
    void serverMetrics_DeclareEveryNameOfTheIssue_InValidTextFormat() {
        ServerMetrics m = new ServerMetrics();
        m.connectionsOpened.add(3);
        m.connectionsClosed.inc("idle");
        m.messagesIn.inc("player_pos");
        m.errors.inc("bad_json");
        m.planLatency.record(1_500_000);
        m.planExpandedNodes.record(420);
        m.configReloads.inc("rejected");

        String text = m.registry().scrape();

        assertThat(text).contains(
                "# TYPE navserver_connections gauge\nnavserver_connections 2\n",
                "# TYPE navserver_connections_opened_total counter",
                "navserver_connections_closed_total{reason=\"idle\"} 1",
                "navserver_messages_in_total{type=\"player_pos\"} 1",
                "navserver_messages_in_total{type=\"hello\"} 0",
                "navserver_messages_out_total{type=\"nav_path\"} 0",
                "navserver_errors_total{code=\"bad_json\"} 1",
                "navserver_errors_total{code=\"frame_too_long\"} 0",
                "navserver_plans_total{status=\"partial\"} 0",
                "# TYPE navserver_plan_latency_seconds histogram",
                "navserver_plan_latency_seconds_bucket{le=\"0.002\"} 1",
                "navserver_plan_latency_seconds_count 1",
                "navserver_plan_expanded_nodes_bucket{le=\"1000\"} 1",
                "# TYPE navserver_tick_duration_seconds histogram",
                "navserver_ticks_total 0",
                "navserver_nav_path_pushes_total 0",
                "navserver_messages_dropped_total{reason=\"inbox_full\"} 0",
                "navserver_messages_coalesced_total 0",
                "navserver_config_reloads_total{outcome=\"rejected\"} 1",
                "navserver_map_loads_total{outcome=\"loaded\"} 0",
                "# TYPE navserver_uptime_seconds gauge",
                "# TYPE jvm_heap_used_bytes gauge",
                "# TYPE jvm_heap_peak_bytes gauge",
                "# TYPE process_cpu_seconds_total gauge");
        String family = null;
        for (String line : text.split("\n")) {
            if (line.startsWith("# HELP ")) {
                family = line.split(" ")[2];
            } else if (line.startsWith("# TYPE ")) {
                assertThat(line.split(" ")[2]).isEqualTo(family);
            } else {
                assertThat(line).matches(SAMPLE).startsWith(family);
            }
        }
        assertThat(text).endsWith("\n");
    }

    @Test
    void numbers_AreFormattedPlainly() {
        assertThat(MetricsRegistry.number(3)).isEqualTo("3");
        assertThat(MetricsRegistry.number(0.0001)).isEqualTo("0.0001");
        assertThat(MetricsRegistry.number(1e-9)).isEqualTo("0.000000001");
        assertThat(MetricsRegistry.number(Double.NaN)).isEqualTo("NaN");
        assertThat(MetricsRegistry.number(Double.NEGATIVE_INFINITY)).isEqualTo("-Inf");
    }
}
