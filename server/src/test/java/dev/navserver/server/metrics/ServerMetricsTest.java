package dev.navserver.server.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The Micrometer-backed facade: names, label handling, bucket bounds and binders as {@code /metrics} shows them. */
class ServerMetricsTest {
    /** A sample line of the text format 0.0.4: name, optional labels, value. */
    private static final Pattern SAMPLE = Pattern.compile(
            "[a-zA-Z_:][a-zA-Z0-9_:]*(\\{[a-zA-Z_][a-zA-Z0-9_]*=\"([^\"\\\\\\n]|\\\\[\\\\\"n])*\""
                    + "(,[a-zA-Z_][a-zA-Z0-9_]*=\"([^\"\\\\\\n]|\\\\[\\\\\"n])*\")*})? "
                    + "(-?[0-9]+(\\.[0-9]+)?(E-?[0-9]+)?|NaN|[+-]Inf)");

    private final ServerMetrics metrics = new ServerMetrics();

    @AfterEach
    void tearDown() {
        metrics.close();
    }

    @Test
    void labeledCounter_DeclaredValuesShowAsZero_NewValuesAppearOnFirstUse() {
        PrometheusMeterRegistry r = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        LabeledCounter lc = new LabeledCounter(r, "y_total", "Per kind.", "kind", List.of("b", "a"));
        lc.inc("a");
        lc.inc("c");
        lc.labels("c").increment(4);

        assertThat(r.scrape()).isEqualTo("""
                # HELP y_total Per kind.
                # TYPE y_total counter
                y_total{kind="a"} 1.0
                y_total{kind="b"} 0.0
                y_total{kind="c"} 5.0
                """);
        assertThat(lc.total()).isEqualTo(6);
        assertThat(lc.get("missing")).isZero();
        r.close();
    }

    @Test
    void labelValuesAndHelp_AreEscaped() {
        PrometheusMeterRegistry r = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        new LabeledCounter(r, "z_total", "Line one\nback\\slash", "v", List.of("a\"b\\c\nd"));
        assertThat(r.scrape()).isEqualTo("""
                # HELP z_total Line one\\nback\\\\slash
                # TYPE z_total counter
                z_total{v="a\\"b\\\\c\\nd"} 0.0
                """);
        r.close();
    }

    @Test
    void labeledCounter_CapsDistinctValuesUnderOther() {
        for (int i = 0; i < 1000; i++) {
            metrics.messagesIn.inc("junk-" + i);
        }
        assertThat(metrics.messagesIn.size()).isEqualTo(LabeledCounter.MAX_VALUES);
        int declared = ServerMetrics.MESSAGE_TYPES_IN.size();
        assertThat(metrics.messagesIn.get(LabeledCounter.OTHER))
                .isEqualTo(1000 - (LabeledCounter.MAX_VALUES - 1 - declared));
        assertThat(metrics.messagesIn.total()).isEqualTo(1000);
        assertThat(metrics.scrape().lines().filter(l -> l.startsWith("navserver_messages_in_total{")))
                .hasSize(LabeledCounter.MAX_VALUES);
    }

    @Test
    void labeledCounter_ReturnsTheSameCounterForAValue() {
        assertThat(metrics.messagesIn.labels("ping")).isSameAs(metrics.messagesIn.labels("ping"));
        assertThat(metrics.messagesIn.labels("new")).isSameAs(metrics.messagesIn.labels("new"));
    }

    @Test
    void gauge_ReadsItsSupplierAtEachScrape_AndAThrowingOneIsNaN() {
        double[] v = {1.5};
        metrics.gauge("test_gauge", "A gauge.", () -> v[0]);
        metrics.gauge("test_bad", "Broken.", () -> {
            throw new IllegalStateException("boom");
        });
        assertThat(metrics.scrape()).contains("\ntest_gauge 1.5\n").contains("\ntest_bad NaN\n");
        v[0] = 2;
        assertThat(metrics.scrape()).contains("\ntest_gauge 2.0\n");
    }

    @Test
    void tickDuration_ExportsCumulativeBucketsSumAndCountInSeconds() {
        metrics.tickDuration.record(500_000, TimeUnit.NANOSECONDS);      // 0.5 ms, on a bound
        metrics.tickDuration.record(1_000_000, TimeUnit.NANOSECONDS);    // 1 ms, on a bound
        metrics.tickDuration.record(20_000_000, TimeUnit.NANOSECONDS);   // 20 ms
        metrics.tickDuration.record(2_000_000_000L, TimeUnit.NANOSECONDS); // 2 s, only in +Inf

        assertThat(metrics.scrape()).contains("""
                # TYPE navserver_tick_duration_seconds histogram
                navserver_tick_duration_seconds_bucket{le="1.0E-4"} 0
                navserver_tick_duration_seconds_bucket{le="2.5E-4"} 0
                navserver_tick_duration_seconds_bucket{le="5.0E-4"} 1
                navserver_tick_duration_seconds_bucket{le="0.001"} 2
                navserver_tick_duration_seconds_bucket{le="0.002"} 2
                navserver_tick_duration_seconds_bucket{le="0.005"} 2
                navserver_tick_duration_seconds_bucket{le="0.01"} 2
                navserver_tick_duration_seconds_bucket{le="0.025"} 3
                navserver_tick_duration_seconds_bucket{le="0.05"} 3
                navserver_tick_duration_seconds_bucket{le="0.1"} 3
                navserver_tick_duration_seconds_bucket{le="0.25"} 3
                navserver_tick_duration_seconds_bucket{le="1.0"} 3
                navserver_tick_duration_seconds_bucket{le="+Inf"} 4
                navserver_tick_duration_seconds_count 4
                navserver_tick_duration_seconds_sum 2.0215
                """);
    }

    @Test
    void planHistograms_KeepTheirBucketBounds() {
        metrics.planLatency.record(1_500_000, TimeUnit.NANOSECONDS);
        metrics.planExpandedNodes.record(420);
        String text = metrics.scrape();
        assertThat(text).contains(
                "navserver_plan_latency_seconds_bucket{le=\"2.0E-5\"} 0\n",
                "navserver_plan_latency_seconds_bucket{le=\"0.001\"} 0\n",
                "navserver_plan_latency_seconds_bucket{le=\"0.002\"} 1\n",
                "navserver_plan_latency_seconds_count 1\n",
                "navserver_plan_expanded_nodes_bucket{le=\"300.0\"} 0\n",
                "navserver_plan_expanded_nodes_bucket{le=\"1000.0\"} 1\n",
                "navserver_plan_expanded_nodes_bucket{le=\"1000000.0\"} 1\n",
                "navserver_plan_expanded_nodes_sum 420.0\n");
        assertThat(text.lines().filter(l -> l.startsWith("navserver_plan_latency_seconds_bucket")))
                .hasSize(ServerMetrics.PLAN_LATENCY_BUCKETS.length + 1);
        assertThat(text.lines().filter(l -> l.startsWith("navserver_plan_expanded_nodes_bucket")))
                .hasSize(ServerMetrics.EXPANDED_NODES_BUCKETS.length + 1);
        assertThat(text.lines().filter(l -> l.startsWith("navserver_tick_duration_seconds_bucket")))
                .hasSize(ServerMetrics.TICK_DURATION_BUCKETS.length + 1);
    }

    @Test
    void summaryMillis_GivesCountQuantilesAndMaxInMilliseconds() {
        for (int i = 1; i <= 100; i++) {
            metrics.planLatency.record(i, TimeUnit.MILLISECONDS);
        }
        Map<String, Object> s = ServerMetrics.summaryMillis(metrics.planLatency);
        assertThat(s).containsOnlyKeys("count", "p50", "p90", "p99", "max");
        assertThat(s.get("count")).isEqualTo(100L);
        assertThat((double) s.get("p50")).isBetween(49.0, 51.5);
        assertThat((double) s.get("p90")).isBetween(89.0, 91.5);
        assertThat((double) s.get("p99")).isBetween(98.0, 100.5);
        assertThat((double) s.get("max")).isEqualTo(100.0);
    }

    @Test
    void connectionsGauge_IsOpenedMinusClosed() {
        metrics.connectionsOpened.increment(3);
        metrics.connectionsClosed.inc("idle");
        assertThat(metrics.scrape()).contains("# TYPE navserver_connections gauge\nnavserver_connections 2.0\n");
    }

    @Test
    void concurrentIncrements_AreAllCounted() throws Exception {
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
                    io.micrometer.core.instrument.Counter ping = metrics.messagesIn.labels("ping");
                    for (int i = 0; i < perThread; i++) {
                        ping.increment();
                        metrics.tickDuration.record(i, TimeUnit.NANOSECONDS);
                    }
                });
            }
            go.countDown();
            for (int i = 0; i < 20; i++) {
                metrics.scrape();
            }
        } finally {
            pool.shutdown();
            assertThat(pool.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
        }
        assertThat(metrics.messagesIn.get("ping")).isEqualTo((long) threads * perThread);
        assertThat(metrics.tickDuration.count()).isEqualTo((long) threads * perThread);
    }

    @Test
    void binders_ExportJvmProcessLogbackNettyAndPoolMetrics() throws Exception {
        ExecutorService planner = Executors.newFixedThreadPool(2);
        MultiThreadIoEventLoopGroup loops = new MultiThreadIoEventLoopGroup(2, NioIoHandler.newFactory());
        try {
            metrics.monitorExecutor(planner, "planner");
            metrics.monitorEventLoops(loops, "io");
            planner.submit(() -> { }).get(5, TimeUnit.SECONDS);
            // the pool counts a task as completed just after its future completes: wait for the count itself
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (((ThreadPoolExecutor) planner).getCompletedTaskCount() < 1 && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            String text = metrics.scrape();
            assertThat(text).contains(
                    "# TYPE process_cpu_seconds_total counter\n",
                    "# TYPE process_uptime_seconds gauge\n",
                    "# TYPE jvm_memory_used_bytes gauge\n",
                    "# TYPE jvm_gc_memory_allocated_bytes_total counter\n",
                    "# TYPE jvm_threads_live_threads gauge\n",
                    "# TYPE jvm_classes_loaded_classes gauge\n",
                    "# TYPE logback_events_total counter\n",
                    "logback_events_total{level=\"warn\"} ",
                    "# TYPE netty_allocator_memory_used gauge\n",
                    "netty_eventexecutor_workers{group=\"io\"} 2.0\n",
                    "netty_eventexecutor_tasks_pending{group=\"io\",name=",
                    "executor_pool_size_threads{name=\"planner\"} 1.0\n",
                    "executor_completed_tasks_total{name=\"planner\"} 1.0\n");
        } finally {
            loops.shutdownGracefully(0, 0, TimeUnit.SECONDS).syncUninterruptibly();
            planner.shutdownNow();
        }
    }

    @Test
    void scrape_IsValidTextFormat_EveryFamilyWithHelpAndType() {
        metrics.connectionsClosed.inc("weird \"reason\"\n");
        metrics.tickDuration.record(3, TimeUnit.MILLISECONDS);
        String text = metrics.scrape();
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
    void close_IsIdempotent() {
        metrics.close();
        metrics.close();
    }
}
