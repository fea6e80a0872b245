package dev.navserver.bots;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class BotsReportTest {
    @Test
    void summaryLine_ExpectedTheDocumentedKeysInOrder() {
        BotsReport r = new BotsReport(100, 100, 500, 60.04, 123456, 0, 0, 0, 0, 0,
                new Percentiles(1000, 12.1, 25.3, 48.0, 80.2, 13.0), new Percentiles(100, 3.0, 3.5, 9.1, 9.9, 3.2),
                2056.2, Map.of(), Map.of(), Map.of(), Map.of(), Map.of(),
                new BotsReport.Settings("127.0.0.1", 7400, "maps/rooms512.map", "rooms512", 5, 60, 3, 20, 1), 0);
        assertThat(r.summaryLine()).isEqualTo("bots: players=100 monsters=500 duration=60.0s nav_paths=123456 "
                + "invalid=0 errors=0 disconnects=0 latency_ms p50=12.1 p90=25.3 p99=48.0 max=80.2 "
                + "connect_ms p50=3.0 p99=9.1 welcomed=100 connect_failed=0 undecodable=0 nav_paths_per_s=2056.2 "
                + "latency_samples=1000");
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
