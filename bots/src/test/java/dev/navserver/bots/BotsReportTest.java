package dev.navserver.bots;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class BotsReportTest {
    static BotsReport report(ServerLatency server) {
        return new BotsReport(100, 100, 500, 70.04, 123456, 0, 0, 0, 0, 0,
                new Percentiles(1000, 12.1, 25.3, 48.0, 80.2, 13.0), new Percentiles(100, 3.0, 3.5, 9.1, 9.9, 3.2),
                2056.2, Map.of(), Map.of(), Map.of(), Map.of(), Map.of(),
                new BotsReport.Settings("127.0.0.1", 7400, "maps/rooms512.map", "rooms512", 5, 60, 3, 20, 1), 0,
                10, 60.04, new Percentiles(900, 11.0, 22.0, 44.4, 70.0, 12.0), 2100.0, server,
                new Timeline(1, 10, List.of()));
    }

    @Test
    void summaryLine_WithoutAdminPort_ExpectedTheDocumentedKeysInOrderAndNoServerFields() {
        assertThat(report(null).summaryLine()).isEqualTo("bots: players=100 monsters=500 duration=70.0s "
                + "nav_paths=123456 invalid=0 errors=0 disconnects=0 latency_ms p50=12.1 p90=25.3 p99=48.0 max=80.2 "
                + "connect_ms p50=3.0 p99=9.1 welcomed=100 connect_failed=0 undecodable=0 nav_paths_per_s=2056.2 "
                + "latency_samples=1000 ramp_up=10.0s steady_duration=60.0s steady_p50_ms=11.0 steady_p90_ms=22.0 "
                + "steady_p99_ms=44.4 steady_max_ms=70.0 steady_latency_samples=900 steady_nav_paths_per_s=2100.0 "
                + "edits=0 overlaps=0 redirects=0");
    }

    @Test
    void summaryLine_WithAdminPort_ExpectedServerAndTickP99AppendedOrNaWhenUnavailable() {
        ServerLatency ok = new ServerLatency(7401, new ServerLatency.Quantiles(5000, 40.0, 80.0, 97.5),
                new ServerLatency.Quantiles(1200, 1.5, 3.0, 4.25), null);
        assertThat(report(ok).summaryLine()).endsWith(" steady_nav_paths_per_s=2100.0 edits=0 overlaps=0 redirects=0 server_p99_ms=97.5 "
                + "tick_p99_ms=4.25");
        ServerLatency failed = new ServerLatency(7401, null, null, "cannot read /metrics");
        assertThat(report(failed).summaryLine()).endsWith(" server_p99_ms=n/a tick_p99_ms=n/a");
        ServerLatency idle = new ServerLatency(7401, new ServerLatency.Quantiles(0, null, null, null),
                new ServerLatency.Quantiles(20, 0.1, 0.1, 0.1), null);
        assertThat(report(idle).summaryLine()).endsWith(" server_p99_ms=n/a tick_p99_ms=0.10");
    }

    @Test
    void toJson_ExpectedSteadyServerAndTimelineKeysInSnakeCase() throws Exception {
        ServerLatency ok = new ServerLatency(7401, new ServerLatency.Quantiles(5000, 40.0, 80.0, 97.5),
                new ServerLatency.Quantiles(1200, 1.5, 3.0, 4.25), null);
        BotsReport base = report(ok);
        BotsReport r = new BotsReport(base.players(), base.welcomed(), base.monsters(), base.durationSeconds(),
                base.navPaths(), base.invalid(), base.errors(), base.disconnects(), base.connectFailed(),
                base.undecodable(), base.latencyMs(), base.connectMs(), base.navPathsPerSecond(),
                base.invalidByReason(), base.errorsByCode(), base.failuresByReason(), base.messagesIn(),
                base.messagesOut(), base.settings(), base.exitStatus(), base.rampUpSeconds(),
                base.steadyDurationSeconds(), base.steadyLatencyMs(), base.steadyNavPathsPerSecond(), ok,
                new Timeline(1, 10, List.of(new Timeline.Point(0, 10, 10.0, 3, 1.0, 2.0, 3.0),
                        new Timeline.Point(1, 0, 0.0, 0, null, null, null))));
        JsonNode json = new ObjectMapper().readTree(r.toJson());
        assertThat(json.get("ramp_up_seconds").asDouble()).isEqualTo(10.0);
        assertThat(json.get("steady_duration_seconds").asDouble()).isEqualTo(60.04);
        assertThat(json.get("steady_latency_ms").get("p99").asDouble()).isEqualTo(44.4);
        assertThat(json.get("steady_nav_paths_per_second").asDouble()).isEqualTo(2100.0);
        assertThat(json.get("server").get("admin_port").asInt()).isEqualTo(7401);
        assertThat(json.get("server").get("pos_to_path_ms").get("p99").asDouble()).isEqualTo(97.5);
        assertThat(json.get("server").get("tick_ms").get("count").asLong()).isEqualTo(1200);
        assertThat(json.get("timeline").get("bucket_seconds").asLong()).isEqualTo(1);
        JsonNode p0 = json.get("timeline").get("points").get(0);
        assertThat(p0.get("t_seconds").asDouble()).isZero();
        assertThat(p0.get("nav_paths_per_second").asDouble()).isEqualTo(10.0);
        assertThat(p0.get("p99_ms").asDouble()).isEqualTo(2.0);
        assertThat(json.get("timeline").get("points").get(1).get("p99_ms").isNull()).isTrue();
        assertThat(new ObjectMapper().readTree(report(null).toJson()).get("server").isNull()).isTrue();
    }

    @Test
    void exitStatus_ExpectedOneOnAnyInvalidPathFailedConnectionOrUndecodableLine() {
        assertThat(BotsReport.exitStatusOf(0, 0, 0, 0)).isZero();
        assertThat(BotsReport.exitStatusOf(1, 0, 0, 0)).isEqualTo(1);
        assertThat(BotsReport.exitStatusOf(0, 1, 0, 0)).isEqualTo(1);
        assertThat(BotsReport.exitStatusOf(0, 0, 1, 0)).isEqualTo(1);
        assertThat(BotsReport.exitStatusOf(0, 0, 0, 1)).isEqualTo(1);
    }

    @Test
    void percentiles_ExpectedMillisecondsFromMicrosecondSamples() {
        Histogram h = new Histogram(3);
        for (int i = 1; i <= 100; i++) {
            h.recordValue(i * 1000L);
        }
        Percentiles p = Percentiles.ofMicros(h);
        assertThat(p.count()).isEqualTo(100);
        assertThat(p.p50()).isCloseTo(50.0, within(0.1)); // 3 significant digits
        assertThat(p.p90()).isCloseTo(90.0, within(0.1)); // 3 significant digits
        assertThat(p.p99()).isCloseTo(99.0, within(0.1)); // 3 significant digits
        assertThat(p.max()).isCloseTo(100.0, within(0.1)); // 3 significant digits
        assertThat(Percentiles.ofMicros(new Histogram(3))).isEqualTo(new Percentiles(0, 0, 0, 0, 0, 0));
    }
}
