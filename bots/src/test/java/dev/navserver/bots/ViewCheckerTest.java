package dev.navserver.bots;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.protocol.message.MonsterEnter;
import dev.navserver.protocol.message.MonsterState;
import dev.navserver.protocol.message.Vec3;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * View checks of one bot standing at the origin, view radius 12 m, hysteresis 3 m, 5 snapshots per second:
 * monsters within 9 m must be in view, none beyond 15 m + one snapshot's travel (speed 2.5 m/s: 0.5 m) unless
 * they chase the bot's player. The truth has snapshots at 0.9 s and 1.1 s; the bot's snapshot is at 1.0 s.
 */
class ViewCheckerTest {
    private static final WorldSettings AOI = new WorldSettings(true, 0, List.of("default"), 0, 0, 12, 3, 5);
    private final BotView view = new BotView("bot-0");
    private final WorldTruth truth = new WorldTruth();
    private final WorldStats stats = new WorldStats();
    private final ViewChecker checker = new ViewChecker("bot-0", view, truth, AOI, stats, new RunControl(1));

    private void enter(String id, double x, String target) {
        view.enter(new MonsterEnter(id, "wolf", new Vec3(x, 0, 0), 0.5, 2.5, target == null ? "wander" : "chase",
                target, null), 0);
    }

    /** Both truth snapshots with every monster at the given X (Z = 0). */
    private void truthAt(Map<String, Double> xs) {
        Map<String, double[]> a = new HashMap<>();
        xs.forEach((id, x) -> a.put(id, new double[] {x, 0}));
        truth.add(0.9, a);
        truth.add(1.1, a);
    }

    private ViewChecker.Outcome checkAtOrigin() {
        Set<String> listed = new java.util.HashSet<>();
        view.entries().forEach(e -> listed.add(e.monster));
        assertThat(checker.record(1.0, listed, 0, 0, 0)).isNull();
        List<ViewChecker.Outcome> done = checker.drain();
        assertThat(done).hasSize(1);
        return done.get(0);
    }

    @Test
    void check_MonsterWithinRadiusMinusHysteresisNotInView_ExpectedOneMissing() {
        truthAt(Map.of("m-1", 8.9));
        ViewChecker.Outcome o = checkAtOrigin();
        assertThat(o.missing()).isEqualTo(1);
        assertThat(o.first()).contains("m-1 is 8.9 m from the player but not in view");
    }

    @Test
    void check_MonstersInTheHysteresisBand_ExpectedNoErrorInViewOrNot() {
        enter("m-1", 14, null);
        truthAt(Map.of("m-1", 14.0, "m-2", 10.0));
        assertThat(checkAtOrigin().errors()).isZero();
    }

    @Test
    void check_MonsterInViewBeyondRadiusPlusHysteresisPlusTravel_ExpectedOneBeyond() {
        enter("m-1", 15.6, null);
        enter("m-2", 15.4, null); // within 15 + 0.5 of travel
        truthAt(Map.of("m-1", 15.6, "m-2", 15.4));
        ViewChecker.Outcome o = checkAtOrigin();
        assertThat(o.beyond()).isEqualTo(1);
        assertThat(o.first()).contains("m-1 is in view 15.6 m from the player at 0.0,0.0 (limit 15.5, now wander)");
    }

    @Test
    void check_ChaserOfThePlayerFarAway_ExpectedNoError() {
        enter("m-1", 30, "bot-0");
        truthAt(Map.of("m-1", 30.0));
        assertThat(checkAtOrigin().errors()).isZero();
    }

    @Test
    void check_ChaseOfAnotherPlayerFarAway_ExpectedOneBeyond() {
        enter("m-1", 30, "bot-7");
        truthAt(Map.of("m-1", 30.0));
        assertThat(checkAtOrigin().beyond()).isEqualTo(1);
    }

    @Test
    void check_ChaserThatJustStoppedChasing_ExpectedGraceNoError() {
        enter("m-1", 30, "bot-0");
        view.state(new MonsterState("m-1", "return_home"), System.nanoTime());
        truthAt(Map.of("m-1", 30.0));
        Set<String> listed = Set.of("m-1");
        checker.record(1.0, listed, 0, 0, System.nanoTime());
        assertThat(checker.drain().get(0).errors()).isZero();
    }

    @Test
    void check_MonsterListedSinceBeforeTheTruthButNotInTheWorld_ExpectedOneUnknown() {
        enter("m-1", 3, null);
        checker.record(0.5, Set.of("m-1"), 0, 0, 0);
        truthAt(Map.of());
        checker.record(1.0, Set.of("m-1"), 0, 0, 0);
        assertThat(checker.drain()).singleElement().extracting(ViewChecker.Outcome::unknown).isEqualTo(1);
        assertThat(checker.skipped()).as("the check at 0.5 s has no truth before it").isEqualTo(1);
    }

    @Test
    void check_MonsterSpawnedAndGoneBetweenTheTruthSnapshots_ExpectedNoError() {
        enter("m-1", 3, null);
        truthAt(Map.of());
        assertThat(checkAtOrigin().errors()).isZero();
    }

    @Test
    void check_MonsterTeleportedFarAfterTheEarlierTruth_ExpectedNoError() {
        enter("m-1", 3, null);
        truth.add(0.9, Map.of("m-1", new double[] {3, 0}));
        truth.add(1.1, Map.of("m-1", new double[] {40, 0}));
        assertThat(checkAtOrigin().errors()).isZero();
    }

    @Test
    void drain_BeforeTheTruthHasASnapshotAfterTheBots_ExpectedNothingUntilItArrives() {
        truth.add(0.9, Map.of("m-1", new double[] {1, 0}));
        checker.record(1.0, Set.of(), 0, 0, 0);
        assertThat(checker.drain()).isEmpty();
        truth.add(1.1, Map.of("m-1", new double[] {1, 0}));
        assertThat(checker.drain()).singleElement().extracting(ViewChecker.Outcome::missing).isEqualTo(1);
    }

    @Test
    void drain_BotSnapshotOlderThanEveryTruth_ExpectedSkipped() {
        truth.add(1.1, Map.of());
        checker.record(1.0, Set.of(), 0, 0, 0);
        assertThat(checker.drain()).isEmpty();
        assertThat(checker.skipped()).isEqualTo(1);
    }

    @Test
    void record_SnapshotListDiffersFromTheView_ExpectedMismatchNamingBoth() {
        enter("m-1", 3, null);
        ViewChecker.Outcome o = checker.record(1.0, Set.of("m-2"), 0, 0, 0);
        assertThat(o.mismatch()).isEqualTo(1);
        assertThat(o.first()).contains("lists [m-2] not in view and leaves out [m-1] in view");
    }

    @Test
    void atSnapshot_WithAMissingMonster_ExpectedCountedByReason() {
        truthAt(Map.of("m-1", 1.0));
        checker.atSnapshot(new dev.navserver.protocol.message.Monsters(1.0, List.of(), 3), true, 0, 0, 0);
        assertThat(stats.viewChecks.sum()).isEqualTo(1);
        assertThat(stats.viewErrorsByReason()).containsExactly(Map.entry("missing", 1L));
    }

    @Test
    void drain_TruthMissedSnapshotsAroundTheBots_ExpectedSkippedAsTruthGapNotJudged() {
        // 0.9 s to 1.9 s: 5 periods at 5 Hz, more than MAX_BRACKET_PERIODS; m-1 is 1 m away in both and not in view
        truth.add(0.9, Map.of("m-1", new double[] {1, 0}));
        truth.add(1.9, Map.of("m-1", new double[] {1, 0}));
        checker.atSnapshot(new dev.navserver.protocol.message.Monsters(1.0, List.of(), 3), true, 0, 0, 0);
        assertThat(stats.viewChecks.sum()).isZero();
        assertThat(stats.viewErrors.sum()).isZero();
        assertThat(stats.viewChecksSkippedByReason()).containsExactly(Map.entry("truth_gap", 1L));
        assertThat(truth.missed()).as("0.9 to 1.9 s at 5 Hz: 4 snapshots missed").isEqualTo(4);
    }

    @Test
    void atSnapshot_TruthNeverArrivesForOneMoreThanThePendingLimit_ExpectedOldestSkippedAsTruthBehind() {
        for (int i = 0; i <= ViewChecker.PENDING_LIMIT; i++) {
            checker.atSnapshot(new dev.navserver.protocol.message.Monsters(1.0 + i * 0.2, List.of(), 3), true, 0, 0,
                    0);
        }
        assertThat(stats.viewChecksSkippedByReason()).containsExactly(Map.entry("truth_behind", 1L));
        assertThat(checker.skipped()).isEqualTo(1);
    }

    @Test
    void check_ManyFarMonstersInTheTruth_ExpectedOnlyTheNearOnesJudged() {
        Map<String, Double> xs = new HashMap<>();
        for (int i = 0; i < 5000; i++) {
            xs.put("far-" + i, 100.0 + i); // beyond every radius: none of them is missing
        }
        xs.put("m-1", 8.0);
        xs.put("m-2", 5.0);
        enter("m-2", 5, null);
        truthAt(xs);
        ViewChecker.Outcome o = checkAtOrigin();
        assertThat(o.missing()).isEqualTo(1);
        assertThat(o.first()).contains("m-1 is 8.0 m from the player but not in view");
    }

    @Test
    void check_TruthMissedTheSnapshotBeforeTheBots_ExpectedTravelAllowedForTheLongerTime() {
        // truth at 0.5 s and 1.1 s (one missed between), the bot's at 1.0 s: 0.5 s of travel at 2.5 m/s, 1.25 m
        enter("m-1", 16, null);
        enter("m-2", 16.5, null);
        truth.add(0.5, Map.of("m-1", new double[] {16, 0}, "m-2", new double[] {16.5, 0}));
        truth.add(1.1, Map.of("m-1", new double[] {16, 0}, "m-2", new double[] {16.5, 0}));
        ViewChecker.Outcome o = checkAtOrigin();
        assertThat(o.beyond()).as("m-2 beyond 15 + 1.25 m, m-1 within").isEqualTo(1);
        assertThat(o.first()).contains("m-2 is in view 16.5 m").contains("limit 16.25");
    }
}
