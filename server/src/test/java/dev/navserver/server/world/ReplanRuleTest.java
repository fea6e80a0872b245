package dev.navserver.server.world;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.server.config.NavServerConfig.Chase;
import dev.navserver.server.world.ReplanRule.Decision;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every branch of the documented re-plan rule, as a table. Rule: interval 0.5 s, threshold 0.5 m, stopping
 * distance 1 m. Columns: state, line clear (local only), seconds since the last plan, metres the player moved from
 * the last plan's goal, metres the monster moved from the last plan's start, metres to the player, decision.
 */
class ReplanRuleTest {
    private static final ReplanRule RULE = new ReplanRule(0.5, 0.5, 1.0);

    @ParameterizedTest(name = "{0} clear={1} since={2} playerMoved={3} selfMoved={4} toPlayer={5} -> {6}")
    @CsvSource({
        // first plan and fresh plans: at once, whatever the clock and distances
        "IDLE,           false, -Infinity, 0,   0,   9,   PLAN_FRESH",
        "IDLE,           false, 0,         0,   0,   9,   PLAN_FRESH",
        "REPLAN,         false, 0.01,      0,   0,   0,   PLAN_FRESH",
        // following a path: interval AND player moved
        "CHASE,          false, 0.5,       0.5, 0,   9,   PLAN_PLAYER_MOVED",
        "CHASE,          false, 0.4999999999999999, 0.5, 0, 9, PLAN_PLAYER_MOVED",
        "CHASE,          false, 0.49,      3,   0,   9,   WAIT",
        "CHASE,          false, 5,         0.49, 9,  9,   WAIT",
        "CHASE,          true,  5,         3,   0,   9,   PLAN_PLAYER_MOVED",
        // at the end of a complete path: when the player is beyond the stopping distance
        "ARRIVED,        false, 0,         0,   0,   1.01, PLAN_PLAYER_LEFT",
        "ARRIVED,        false, 9,         9,   9,   1.0, WAIT",
        // out of reach: interval AND (player OR monster moved)
        "UNREACHABLE,    false, 0.5,       0.5, 0,   9,   PLAN_RETRY",
        "UNREACHABLE,    false, 0.5,       0,   0.5, 9,   PLAN_RETRY",
        "UNREACHABLE,    false, 0.5,       0.4, 0.4, 9,   WAIT",
        "UNREACHABLE,    false, 0.4,       9,   9,   9,   WAIT",
        // local nav: a clear line means walking straight, no plan, whatever else
        "LOCAL_DIRECT,   true,  9,         9,   9,   9,   WALK_STRAIGHT",
        "LOCAL_PATH,     true,  9,         9,   9,   9,   WALK_STRAIGHT",
        "LOCAL_ARRIVED,  true,  9,         9,   9,   9,   WALK_STRAIGHT",
        "LOCAL_STRANDED, true,  9,         9,   9,   9,   WALK_STRAIGHT",
        // local nav with the line blocked: the server-side rule of the mirrored state
        "LOCAL_DIRECT,   false, 0,         0,   0,   0,   PLAN_FRESH",
        "LOCAL_PATH,     false, 0.5,       0.5, 0,   2,   PLAN_PLAYER_MOVED",
        "LOCAL_PATH,     false, 0.2,       0.5, 0,   2,   WAIT",
        "LOCAL_ARRIVED,  false, 0,         0,   0,   1.5, PLAN_PLAYER_LEFT",
        "LOCAL_ARRIVED,  false, 0,         0,   0,   0.5, WAIT",
        "LOCAL_STRANDED, false, 0.6,       0,   0.7, 2,   PLAN_RETRY",
        "LOCAL_STRANDED, false, 0.6,       0.1, 0.1, 2,   WAIT",
    })
    void decide_Table(MonsterState state, boolean lineClear, double since, double playerMoved, double selfMoved,
            double toPlayer, Decision expected) {
        assertThat(RULE.decide(state, lineClear, since, playerMoved, selfMoved, toPlayer)).isEqualTo(expected);
    }

    @Test
    void decide_WhenStoppingDistanceZeroAndMonsterOnPlayer_ArrivedMonsterDoesNotReplan() {
        ReplanRule noStop = new ReplanRule(0.5, 0.5, 0);
        assertThat(noStop.decide(MonsterState.ARRIVED, false, 9, 9, 9, 0)).isEqualTo(Decision.WAIT);
        assertThat(noStop.decide(MonsterState.ARRIVED, false, 9, 9, 9, 0.01)).isEqualTo(Decision.PLAN_PLAYER_LEFT);
    }

    @Test
    void decisions_OnlyPlanDecisionsPlan() {
        assertThat(Decision.PLAN_FRESH.plans()).isTrue();
        assertThat(Decision.PLAN_PLAYER_MOVED.plans()).isTrue();
        assertThat(Decision.PLAN_PLAYER_LEFT.plans()).isTrue();
        assertThat(Decision.PLAN_RETRY.plans()).isTrue();
        assertThat(Decision.WAIT.plans()).isFalse();
        assertThat(Decision.WALK_STRAIGHT.plans()).isFalse();
    }

    @Test
    void of_WhenChaseConfig_TakesIntervalThresholdAndStop() {
        Chase chase = new Chase(0.25, 0.75, 4, 1, 1.5, 2, 0, true, 0, 8, 20, 0.4, 0.5, 8);
        assertThat(ReplanRule.of(chase)).isEqualTo(new ReplanRule(0.25, 0.75, 1.5));
    }

    @Test
    void tickWaitsForFreshPosition_FromTheIntervalUntilTheGraceIsOver() {
        double grace = ReplanRule.FRESH_POSITION_GRACE_SECONDS;
        assertThat(RULE.tickWaitsForFreshPosition(0.5)).isTrue();
        assertThat(RULE.tickWaitsForFreshPosition(0.5 + grace - 0.01)).isTrue();
        assertThat(RULE.tickWaitsForFreshPosition(0.5 + grace)).isFalse();
        assertThat(RULE.tickWaitsForFreshPosition(Double.POSITIVE_INFINITY)).isFalse();
    }
}
