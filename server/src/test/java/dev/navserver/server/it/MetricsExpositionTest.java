package dev.navserver.server.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.protocol.message.NavPath;
import dev.navserver.protocol.message.RequestId;
import dev.navserver.protocol.message.Spawn;
import dev.navserver.protocol.message.Vec3;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code GET /metrics} of a real server keeps the contract of the scrape saved before the move to Micrometer
 * ({@code metrics-before-micrometer.txt}): every family, its type and every label set it had, in the Prometheus text
 * format 0.0.4; and it adds the JVM, process, Logback, Netty, planner-pool and live-viewer families.
 */
class MetricsExpositionTest {
    private static final String BEFORE = "/metrics-before-micrometer.txt";
    /** Families whose type was wrong before and is fixed now. */
    private static final Map<String, String> TYPE_FIXES = Map.of("process_cpu_seconds_total", "counter");

    @TempDir
    Path tmp;

    @Test
    void scrapeAfterTraffic_KeepsEveryFamilyTypeAndLabelSetOfTheHandWrittenRegistry() throws Exception {
        Map<String, Family> before = parse(readBefore());
        assertThat(before).hasSizeGreaterThanOrEqualTo(21).containsKeys("navserver_tick_duration_seconds",
                "navserver_connections_closed_total", "process_cpu_seconds_total", "navserver_sessions");

        try (TestServer server = TestServer.start(tmp, Map.of())) {
            HttpResponse<String> r = trafficThenScrape(server);
            assertThat(r.headers().firstValue("Content-Type")).hasValue("text/plain; version=0.0.4; charset=utf-8");
            Map<String, Family> after = parse(r.body());

            for (Map.Entry<String, Family> e : before.entrySet()) {
                String name = e.getKey();
                Family was = e.getValue();
                assertThat(after).as("family %s", name).containsKey(name);
                assertThat(after.get(name).type()).as("type of %s", name)
                        .isEqualTo(TYPE_FIXES.getOrDefault(name, was.type()));
                assertThat(after.get(name).labelSets()).as("label sets of %s", name)
                        .containsAll(was.labelSets());
            }
        }
    }

    @Test
    void scrape_AddsJvmProcessLogbackNettyPlannerPoolViewerAndAuthorityFamilies() throws Exception {
        try (TestServer server = TestServer.start(tmp, Map.of("server.ioThreads", "3"))) {
            String text = trafficThenScrape(server).body();
            Map<String, Family> after = parse(text);

            assertFamily(after, "process_cpu_seconds_total", "counter", Set.of());
            assertFamily(after, "process_uptime_seconds", "gauge", Set.of());
            assertFamily(after, "jvm_memory_used_bytes", "gauge", Set.of("area", "id"));
            assertFamily(after, "jvm_gc_memory_allocated_bytes_total", "counter", Set.of());
            assertFamily(after, "jvm_threads_live_threads", "gauge", Set.of());
            assertFamily(after, "jvm_classes_loaded_classes", "gauge", Set.of());
            assertFamily(after, "logback_events_total", "counter", Set.of("level"));
            assertFamily(after, "executor_pool_size_threads", "gauge", Set.of("name"));
            assertFamily(after, "executor_completed_tasks_total", "counter", Set.of("name"));
            assertFamily(after, "netty_allocator_memory_used", "gauge", Set.of("allocator_type", "id", "memory_type"));
            assertFamily(after, "netty_eventexecutor_tasks_pending", "gauge", Set.of("group", "name"));
            assertFamily(after, "navserver_viewers", "gauge", Set.of());
            assertFamily(after, "navserver_view_frames_total", "counter", Set.of());
            assertFamily(after, "navserver_authority_failures_total", "counter", Set.of());
            assertThat(text).contains("navserver_authority_failures_total 0.0\n",
                    "navserver_errors_total{code=\"unauthorized\"} 0.0\n",
                    "navserver_connections_closed_total{reason=\"unauthorized\"} 0.0\n",
                    "navserver_errors_total{code=\"forbidden\"} 0.0\n",
                    "navserver_errors_total{code=\"edit_too_large\"} 0.0\n",
                    "navserver_messages_in_total{type=\"map_edit\"} 0.0\n",
                    "navserver_messages_out_total{type=\"map_edited\"} 0.0\n",
                    "navserver_messages_out_total{type=\"map_patch\"} 0.0\n");
            assertThat(text).contains(
                    "executor_pool_max_threads{name=\"planner\"} 2.0\n",
                    "netty_eventexecutor_workers{group=\"accept\"} 1.0\n",
                    "netty_eventexecutor_workers{group=\"io\"} 3.0\n");
            assertThat(server.metric("executor_completed_tasks_total{name=\"planner\"}")).isGreaterThanOrEqualTo(1);
            assertThat(server.metric("logback_events_total{level=\"info\"}")).isGreaterThanOrEqualTo(1);
        }
    }

    /** One player, a ping and a spawned monster that gets a {@code nav_path}: plans, ticks and pushes have samples. */
    private static HttpResponse<String> trafficThenScrape(TestServer server) throws IOException {
        try (NdjsonClient c = server.player("metrics")) {
            c.ping();
            c.playerPos(1, -20, 5);
            c.send(new Spawn(RequestId.of("m"), new Vec3(20, 0, 20)));
            c.await(NavPath.class, n -> true);
        }
        HttpResponse<String> r = server.http("GET", "/metrics", null);
        assertThat(r.statusCode()).isEqualTo(200);
        return r;
    }

    private static void assertFamily(Map<String, Family> families, String name, String type, Set<String> labels) {
        assertThat(families).as("family %s", name).containsKey(name);
        assertThat(families.get(name).type()).as("type of %s", name).isEqualTo(type);
        assertThat(families.get(name).labelSets()).as("label sets of %s", name).contains(labels);
    }

    private static String readBefore() throws IOException {
        try (InputStream in = MetricsExpositionTest.class.getResourceAsStream(BEFORE)) {
            assertThat(in).as(BEFORE).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /**
     * A family of the text format: its {@code # TYPE} and the label-name sets of its samples, without the
     * {@code le} of histogram buckets and the {@code quantile} of summaries.
     */
    record Family(String type, Set<Set<String>> labelSets) {
    }

    /** Families of a text-format 0.0.4 body by name; every sample must follow the {@code # TYPE} of its family. */
    static Map<String, Family> parse(String text) {
        Map<String, Family> families = new LinkedHashMap<>();
        String current = null;
        for (String line : text.split("\n")) {
            if (line.isBlank()) {
                continue;
            }
            if (line.startsWith("# TYPE ")) {
                String[] parts = line.split(" ");
                current = parts[2];
                families.put(current, new Family(parts[3], new LinkedHashSet<>()));
                continue;
            }
            if (line.startsWith("#")) {
                continue;
            }
            int brace = line.indexOf('{');
            int space = line.indexOf(' ');
            String sample = line.substring(0, brace >= 0 && brace < space ? brace : space);
            assertThat(current).as("sample before any # TYPE: %s", line).isNotNull();
            assertThat(sample).as("sample of family %s", current).startsWith(current);
            Family f = families.get(current);
            Set<String> labels = brace >= 0 && brace < space ? labelNames(line, brace) : new TreeSet<>();
            labels.remove(f.type().equals("histogram") ? "le" : "quantile");
            f.labelSets().add(labels);
        }
        return families;
    }

    /** Label names of {@code line} whose label block opens at {@code brace}; values may hold escaped quotes. */
    private static Set<String> labelNames(String line, int brace) {
        Set<String> names = new TreeSet<>();
        int i = brace + 1;
        while (line.charAt(i) != '}') {
            int eq = line.indexOf("=\"", i);
            names.add(line.substring(i, eq));
            i = eq + 2;
            while (line.charAt(i) != '"') {
                i += line.charAt(i) == '\\' ? 2 : 1;
            }
            i++;
            if (line.charAt(i) == ',') {
                i++;
            }
        }
        return names;
    }
}
