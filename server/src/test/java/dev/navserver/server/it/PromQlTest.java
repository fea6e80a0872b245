package dev.navserver.server.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The PromQL reading that {@link DashboardMetricsTest} relies on, on the shapes the dashboard uses and a few more. */
class PromQlTest {
    @Test
    void histogramQuantileOverRateOfBuckets_SelectsTheBucketSeriesAndGroupsByLe() {
        PromQl.Reading r = PromQl.read(
                "histogram_quantile(0.99, sum by (le) (rate(navserver_tick_duration_seconds_bucket[$__rate_interval])))");
        assertThat(r.metrics()).containsExactly("navserver_tick_duration_seconds_bucket");
        assertThat(r.functions()).containsExactlyInAnyOrder("histogram_quantile", "sum", "rate");
        assertThat(r.groupingLabels()).containsExactly("le");
    }

    @Test
    void labelMatchersAndComparison_KeepTheEqualityMatcherAndIgnoreLabelValuesAndNumbers() {
        PromQl.Reading r = PromQl.read("sum(jvm_memory_max_bytes{area=\"heap\", id!~\"rate.*\"} > 0) "
                + "+ sum(rate(navserver_messages_out_total{type=\"nav_path\"}[5m] offset 1h)) * 1e3");
        assertThat(r.metrics()).containsExactlyInAnyOrder("jvm_memory_max_bytes", "navserver_messages_out_total");
        assertThat(r.selectors()).containsExactly(
                new PromQl.Selector("jvm_memory_max_bytes", Map.of("area", "heap")),
                new PromQl.Selector("navserver_messages_out_total", Map.of("type", "nav_path")));
    }

    @Test
    void postfixGroupingBinaryOperatorsAndBareSelectors_AreToldApart() {
        PromQl.Reading r = PromQl.read("sum(rate(a_total[1m])) by (code, gc) / on (code) group_left b "
                + "and bool c or up unless Inf");
        assertThat(r.metrics()).containsExactlyInAnyOrder("a_total", "b", "c", "up");
        assertThat(r.groupingLabels()).containsExactlyInAnyOrder("code", "gc");
        assertThat(r.functions()).containsExactlyInAnyOrder("sum", "rate");
    }

    @Test
    void misspeltFunction_IsReportedAsAFunctionNotKnownToPromQl() {
        PromQl.Reading r = PromQl.read("rat(navserver_ticks_total[1m])");
        assertThat(r.functions()).containsExactly("rat");
        assertThat(PromQl.FUNCTIONS).doesNotContain("rat");
    }
}
