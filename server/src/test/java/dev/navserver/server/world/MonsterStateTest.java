package dev.navserver.server.world;

import static dev.navserver.server.world.MonsterState.ARRIVED;
import static dev.navserver.server.world.MonsterState.CHASE;
import static dev.navserver.server.world.MonsterState.IDLE;
import static dev.navserver.server.world.MonsterState.LOCAL_ARRIVED;
import static dev.navserver.server.world.MonsterState.LOCAL_DIRECT;
import static dev.navserver.server.world.MonsterState.LOCAL_PATH;
import static dev.navserver.server.world.MonsterState.LOCAL_STRANDED;
import static dev.navserver.server.world.MonsterState.REPLAN;
import static dev.navserver.server.world.MonsterState.UNREACHABLE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.navserver.protocol.MonsterStates;
import java.util.EnumSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/** The monster's life: every legal transition, and the illegal ones refused. */
class MonsterStateTest {

    @ParameterizedTest(name = "{0} adopted segment={1} complete={2} -> {3}")
    @CsvSource({
        "IDLE,           true,  true,  CHASE",
        "IDLE,           true,  false, CHASE",
        "IDLE,           false, true,  ARRIVED",
        "IDLE,           false, false, UNREACHABLE",
        "REPLAN,         true,  true,  CHASE",
        "CHASE,          true,  false, CHASE",
        "ARRIVED,        true,  true,  CHASE",
        "UNREACHABLE,    false, false, UNREACHABLE",
        "UNREACHABLE,    true,  true,  CHASE",
        "LOCAL_DIRECT,   true,  true,  LOCAL_PATH",
        "LOCAL_DIRECT,   false, true,  LOCAL_ARRIVED",
        "LOCAL_PATH,     false, false, LOCAL_STRANDED",
        "LOCAL_STRANDED, true,  false, LOCAL_PATH",
    })
    void onAdopted_KeepsModeAndFollowsPathShape(MonsterState from, boolean segment, boolean complete,
            MonsterState to) {
        assertThat(from.onAdopted(segment, complete)).isEqualTo(to);
    }

    @Test
    void onPathEnd_WhenFollowing_ArrivesOrStrandsByCompleteness() {
        assertThat(CHASE.onPathEnd(true)).isEqualTo(ARRIVED);
        assertThat(CHASE.onPathEnd(false)).isEqualTo(UNREACHABLE);
        assertThat(LOCAL_PATH.onPathEnd(true)).isEqualTo(LOCAL_ARRIVED);
        assertThat(LOCAL_PATH.onPathEnd(false)).isEqualTo(LOCAL_STRANDED);
    }

    @ParameterizedTest
    @EnumSource(value = MonsterState.class, names = {"CHASE", "LOCAL_PATH"}, mode = EnumSource.Mode.EXCLUDE)
    void onPathEnd_WhenNotFollowing_Illegal(MonsterState s) {
        assertThatThrownBy(() -> s.onPathEnd(true)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void onInvalidated_PlansAfreshInItsMode() {
        assertThat(IDLE.onInvalidated()).isEqualTo(IDLE);
        for (MonsterState s : EnumSet.of(REPLAN, CHASE, ARRIVED, UNREACHABLE)) {
            assertThat(s.onInvalidated()).as("%s", s).isEqualTo(REPLAN);
        }
        for (MonsterState s : EnumSet.of(LOCAL_DIRECT, LOCAL_PATH, LOCAL_ARRIVED, LOCAL_STRANDED)) {
            assertThat(s.onInvalidated()).as("%s", s).isEqualTo(LOCAL_DIRECT);
        }
    }

    @Test
    void onLocalOn_MirrorsEachServerState() {
        assertThat(IDLE.onLocalOn()).isEqualTo(LOCAL_DIRECT);
        assertThat(REPLAN.onLocalOn()).isEqualTo(LOCAL_DIRECT);
        assertThat(CHASE.onLocalOn()).isEqualTo(LOCAL_PATH);
        assertThat(ARRIVED.onLocalOn()).isEqualTo(LOCAL_ARRIVED);
        assertThat(UNREACHABLE.onLocalOn()).isEqualTo(LOCAL_STRANDED);
    }

    @Test
    void localOnlyTransitions_WhenServerDriven_Illegal() {
        for (MonsterState s : EnumSet.of(IDLE, REPLAN, CHASE, ARRIVED, UNREACHABLE)) {
            assertThatThrownBy(s::onLocalOff).isInstanceOf(IllegalStateException.class);
            assertThatThrownBy(s::onStraightStep).isInstanceOf(IllegalStateException.class);
        }
        for (MonsterState s : EnumSet.of(LOCAL_DIRECT, LOCAL_PATH, LOCAL_ARRIVED, LOCAL_STRANDED)) {
            assertThatThrownBy(s::onLocalOn).isInstanceOf(IllegalStateException.class);
            assertThat(s.onLocalOff()).isEqualTo(REPLAN);
            assertThat(s.onStraightStep()).isEqualTo(LOCAL_DIRECT);
        }
    }

    @Test
    void wire_EveryStateHasAProtocolName() {
        for (MonsterState s : MonsterState.values()) {
            assertThat(s.wire()).isIn(MonsterStates.CHASE, MonsterStates.LOCAL, MonsterStates.IDLE,
                    MonsterStates.UNREACHABLE);
            assertThat(s.wire().equals(MonsterStates.LOCAL)).as("%s", s).isEqualTo(s.local());
        }
        assertThat(IDLE.wire()).isEqualTo(MonsterStates.IDLE);
        assertThat(UNREACHABLE.wire()).isEqualTo(MonsterStates.UNREACHABLE);
    }

    @Test
    void predicates_FollowingAndFreshPlan() {
        assertThat(EnumSet.allOf(MonsterState.class).stream().filter(MonsterState::following))
                .containsExactlyInAnyOrder(CHASE, LOCAL_PATH);
        assertThat(EnumSet.allOf(MonsterState.class).stream().filter(MonsterState::needsFreshPlan))
                .containsExactlyInAnyOrder(IDLE, REPLAN, LOCAL_DIRECT);
    }
}
