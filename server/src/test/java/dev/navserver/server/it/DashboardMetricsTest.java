package dev.navserver.server.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.navserver.protocol.message.NavPath;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Grafana dashboard of the compose {@code monitoring} profile ({@code docker/monitoring/grafana/dashboards/
 * navserver.json}) against a real server: the JSON parses, every panel queries the provisioned data source, and every
 * series name, {@code label="value"} matcher and grouping label its PromQL uses occurs in a real {@code /metrics}
 * scrape taken after some traffic (a chase that sends a {@code nav_path}, an {@code error}, and a GC).
 */
class DashboardMetricsTest {
    static final String DASHBOARD = "docker/monitoring/grafana/dashboards/navserver.json";
    static final String DATASOURCE_UID = "navserver-prometheus";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern SAMPLE = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\\{(.*)})? \\S+$");
    private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\]|\\\\.)*)\"");

    @TempDir
    Path tmp;

    /** A panel's query: where it is (for messages) and its PromQL. */
    record Query(String where, String expr) {
    }

    static JsonNode dashboard() throws IOException {
        return JSON.readTree(Files.readString(TestServer.repoRoot().resolve(DASHBOARD)));
    }

    /** Every target expression of every panel (rows' nested panels included). */
    static List<Query> queries(JsonNode dashboard) {
        List<Query> out = new ArrayList<>();
        List<JsonNode> panels = new ArrayList<>();
        dashboard.path("panels").forEach(panels::add);
        dashboard.path("panels").forEach(p -> p.path("panels").forEach(panels::add));
        for (JsonNode p : panels) {
            for (JsonNode t : p.path("targets")) {
                out.add(new Query("panel '" + p.path("title").asText() + "' target " + t.path("refId").asText(),
                        t.path("expr").asText()));
            }
        }
        return out;
    }

    @Test
    void dashboardJson_ParsesAndEveryPanelQueriesTheProvisionedPrometheusWithKnownFunctions() throws IOException {
        JsonNode d = dashboard();
        assertThat(d.path("uid").asText()).isEqualTo("navserver");
        JsonNode panels = d.path("panels");
        assertThat(panels.size()).isGreaterThanOrEqualTo(8);
        Set<Integer> ids = new HashSet<>();
        for (JsonNode p : panels) {
            String title = p.path("title").asText();
            assertThat(ids.add(p.path("id").asInt())).as("unique id of %s", title).isTrue();
            assertThat(p.path("gridPos").path("w").asInt()).as("width of %s", title).isBetween(1, 24);
            assertThat(p.path("datasource").path("uid").asText()).as("data source of %s", title)
                    .isEqualTo(DATASOURCE_UID);
            assertThat(p.path("targets").size()).as("targets of %s", title).isPositive();
            Set<String> refIds = new HashSet<>();
            for (JsonNode t : p.path("targets")) {
                assertThat(refIds.add(t.path("refId").asText())).as("unique refId in %s", title).isTrue();
                assertThat(t.path("datasource").path("uid").asText()).as("target data source in %s", title)
                        .isEqualTo(DATASOURCE_UID);
            }
        }
        for (Query q : queries(d)) {
            PromQl.Reading r = PromQl.read(q.expr());
            assertThat(r.metrics()).as("series selected by %s: %s", q.where(), q.expr()).isNotEmpty();
            assertThat(PromQl.FUNCTIONS).as("functions of %s: %s", q.where(), q.expr())
                    .containsAll(r.functions());
        }
    }

    @Test
    void dashboardQueries_CoverTheIssuesPanels() throws IOException {
        Set<String> used = usedMetrics(queries(dashboard()));
        assertThat(used).contains(
                "navserver_tick_duration_seconds_bucket",   // tick time p50/p99
                "navserver_plan_latency_seconds_bucket",    // plan latency
                "navserver_pos_to_path_seconds_bucket",     // player_pos -> nav_path latency
                "navserver_nav_path_pushes_total",          // nav_paths/s
                "navserver_sessions",                       // sessions
                "navserver_errors_total",                   // errors by code
                "jvm_memory_used_bytes",                    // heap
                "jvm_gc_pause_seconds_sum");                // GC
    }

    @Test
    void everyQueriedSeriesMatcherAndGroupingLabel_OccursInARealScrapeAfterTraffic() throws Exception {
        List<Query> queries = queries(dashboard());
        try (TestServer server = TestServer.start(tmp, Map.of("chase.monstersPerPlayer", "2"));
             NdjsonClient c = server.player("dashboard")) {
            c.playerPos(1, 9, -13);
            c.await(NavPath.class, p -> p.playerSeq() == 1);
            c.sendLine("{\"type\":\"fly\"}");
            c.awaitError("unknown_type");
            // jvm_gc_pause_seconds appears after the first GC the server's GC listener sees; the server runs in
            // this JVM, so a GC here is one there.
            System.gc();
            TestServer.awaitCondition("a nav_path timed, the error counted and a GC pause recorded",
                    Duration.ofSeconds(10), () -> {
                        String text = server.metrics();
                        return text.contains("\njvm_gc_pause_seconds_count{")
                                && server.metric("navserver_pos_to_path_seconds_count") >= 1
                                && server.metric("navserver_errors_total{code=\"unknown_type\"}") >= 1;
                    });

            Map<String, List<Map<String, String>>> scrape = parseScrape(server.metrics());

            List<String> problems = new ArrayList<>();
            for (Query q : queries) {
                PromQl.Reading r = PromQl.read(q.expr());
                for (String name : r.metrics()) {
                    if (!scrape.containsKey(name)) {
                        problems.add(q.where() + ": no series " + name);
                    }
                }
                for (PromQl.Selector s : r.selectors()) {
                    List<Map<String, String>> series = scrape.getOrDefault(s.name(), List.of());
                    boolean matched = series.stream().anyMatch(l -> l.entrySet().containsAll(s.equalities().entrySet()));
                    if (!matched) {
                        problems.add(q.where() + ": no series " + s.name() + " with " + s.equalities());
                    }
                }
                for (String label : r.groupingLabels()) {
                    boolean carried = r.metrics().stream().anyMatch(name ->
                            scrape.getOrDefault(name, List.of()).stream().anyMatch(l -> l.containsKey(label)));
                    if (!carried) {
                        problems.add(q.where() + ": no series of " + r.metrics() + " has label " + label);
                    }
                }
            }
            assertThat(problems).as("dashboard queries against the scrape (series present: %s)",
                    new TreeSet<>(scrape.keySet())).isEmpty();
        }
    }

    private static Set<String> usedMetrics(List<Query> queries) {
        Set<String> used = new LinkedHashSet<>();
        queries.forEach(q -> used.addAll(PromQl.read(q.expr()).metrics()));
        return used;
    }

    /** Series name to the label sets of its samples, from Prometheus text format. */
    static Map<String, List<Map<String, String>>> parseScrape(String text) {
        Map<String, List<Map<String, String>>> series = new HashMap<>();
        for (String line : text.split("\n")) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            Matcher m = SAMPLE.matcher(line);
            assertThat(m.matches()).as("sample line %s", line).isTrue();
            Map<String, String> labels = new LinkedHashMap<>();
            if (m.group(2) != null) {
                Matcher l = LABEL.matcher(m.group(2));
                while (l.find()) {
                    labels.put(l.group(1), l.group(2));
                }
            }
            series.computeIfAbsent(m.group(1), k -> new ArrayList<>()).add(labels);
        }
        return series;
    }
}
