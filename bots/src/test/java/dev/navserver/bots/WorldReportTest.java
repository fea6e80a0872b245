package dev.navserver.bots;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** When a run with a world authority bot says its view checks did not cover it. */
class WorldReportTest {
    private static WorldReport report(long checks, long skipped, long truth, long missed) {
        WorldStats s = new WorldStats();
        s.viewChecks.add(checks);
        for (long i = 0; i < skipped; i++) {
            s.viewCheckSkipped(i % 2 == 0 ? "truth_behind" : "truth_gap");
        }
        s.truthSnapshots.add(truth);
        s.truthSnapshotsMissed.add(missed);
        s.truthThreadCpuNanos.add(1_500_000_000L);
        return WorldReport.of(s);
    }

    @Test
    void viewCheckWarning_NoCheckRan_ExpectedWarningWithTheSkipsAndTheTruth() {
        assertThat(report(0, 3, 40, 310).viewCheckWarning())
                .isEqualTo("no view checks ran (3 skipped {truth_behind=2, truth_gap=1}; the truth got 40 snapshots"
                        + " and missed 310)");
        assertThat(report(0, 0, 0, 0).viewCheckWarning()).startsWith("no view checks ran (0 skipped {}");
    }

    @Test
    void viewCheckWarning_SkippedAboveOnePercentOfTheAttempts_ExpectedWarningNamingTheThreadCpu() {
        assertThat(report(989, 11, 350, 2).viewCheckWarning())
                .isEqualTo("view checks: 989 ran, 11 skipped {truth_behind=6, truth_gap=5}; the truth got 350"
                        + " snapshots and missed 2 (the world authority bot fell behind; its thread used 1.5 s of CPU)");
    }

    @Test
    void viewCheckWarning_OnePercentSkippedOrOnlyMissedTruthSnapshots_ExpectedNone() {
        assertThat(report(990, 10, 350, 0).viewCheckWarning()).isNull();
        assertThat(report(1000, 0, 26, 1).viewCheckWarning()).isNull();
    }

    @Test
    void of_TruthIntakeCpu_ExpectedMillisecondsPerParsedSnapshot() {
        WorldStats s = new WorldStats();
        s.truthIntakeCpuNanos.add(5_000_000);
        s.truthIntakeParsed.add(2);
        s.truthThreadCpuNanos.add(-1);
        WorldReport r = WorldReport.of(s);
        assertThat(r.truthIntakeCpuMsPerSnapshot()).isEqualTo(2.5);
        assertThat(r.truthThreadCpuSeconds()).isEqualTo(-1.0);
    }
}
