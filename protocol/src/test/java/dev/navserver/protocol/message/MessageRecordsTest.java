package dev.navserver.protocol.message;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.navserver.protocol.ErrorCodes;
import dev.navserver.protocol.MonsterCommands;
import dev.navserver.protocol.MonsterEvents;
import dev.navserver.protocol.RouteModes;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Constructors refuse values that would put invalid JSON on the wire; lists are copied. */
class MessageRecordsTest {
    @Test
    void vec3_RejectsNonFiniteCoordinates() {
        assertThatThrownBy(() -> new Vec3(Double.NaN, 0, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Vec3(0, Double.POSITIVE_INFINITY, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Vec3(0, 0, Double.NEGATIVE_INFINITY)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void serverMessages_RejectNonFiniteNumbers() {
        assertThatThrownBy(() -> new Pong(null, Double.NaN)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new PathResult(null, "ok", List.of()))
                .as("a found path needs a point").isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new PathResult(null, "fine", List.of(new Vec3(0, 0, 0))))
                .as("unknown status").isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new NavPath("m", 1, 1, "ok", List.of(new Vec3(0, 0, 0)), Double.NaN, 0))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void mapVersions_StartAtOne() {
        assertThatThrownBy(() -> new NavPath("m", 1, 1, "ok", List.of(new Vec3(0, 0, 0)), 2, 0, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("mapVersion");
        assertThatThrownBy(() -> new PathResult(null, "unreachable", List.of(), -1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("mapVersion");
        MapInfo map = new MapInfo("a", new Vec3(0, 0, 0), 1, 1, 1);
        assertThatThrownBy(() -> new Welcome(null, 1, "s-1", "p", map, 20, 0.5, 0.5, 4, "player", 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("mapVersion");
        assertThatThrownBy(() -> new Welcome(null, 1, "s-1", "p", map, 20, 0.5, 0.5, 4, null, 1))
                .isInstanceOf(NullPointerException.class);
        assertThat(new Welcome(null, 1, "s-1", "p", map, 20, 0.5, 0.5, 4).role()).isEqualTo("player");
        assertThat(new PathResult(null, "unreachable", List.of()).mapVersion()).isEqualTo(1);
    }

    @Test
    void requiredFields_RejectNull() {
        assertThatThrownBy(() -> new Spawned(null, null, new Vec3(0, 0, 0))).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> new Spawn(null, null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> new ErrorMessage(null, null, "m")).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> new ProtocolError(ErrorCodes.BAD_JSON, null, null))
                .isInstanceOf(NullPointerException.class);
    }

    @Test
    void lists_AreDefensiveImmutableCopies() {
        List<Vec3> points = new ArrayList<>(List.of(new Vec3(1, 0, 1)));
        ValidatePath message = new ValidatePath(null, points);
        points.add(new Vec3(2, 0, 2));

        assertThat(message.points()).hasSize(1);
        assertThatThrownBy(() -> message.points().add(new Vec3(0, 0, 0)))
                .isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void protocolError_BecomesAnErrorMessageWithTheSameIdCodeAndText() {
        ProtocolError error = new ProtocolError(ErrorCodes.BAD_FIELD, "pos: required field missing", RequestId.of("r1"));

        assertThat(error.toMessage())
                .isEqualTo(new ErrorMessage(RequestId.of("r1"), ErrorCodes.BAD_FIELD, "pos: required field missing"));
    }

    @Test
    void pathValidOk_HasNoBadSegmentOrReason() {
        assertThat(PathValid.ok(RequestId.of(1))).isEqualTo(new PathValid(RequestId.of(1), true, null, null));
    }

    @Test
    void bye_HasNoId() {
        assertThat(new Bye("client").id()).isNull();
    }

    @Test
    void monsterCommand_RefusesAMissingFieldItsCommandNeeds_AndAFieldItDoesNotUse() {
        Vec3 p = new Vec3(0, 0, 0);
        assertThatThrownBy(() -> MonsterCommand.plain(null, "m-1", MonsterCommands.CHASE))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("target: required by command chase");
        assertThatThrownBy(() -> MonsterCommand.withTarget(null, "m-1", MonsterCommands.MOVE_TO, "alice"))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("target: not used by command move_to");
        assertThatThrownBy(() -> MonsterCommand.withPos(null, "m-1", MonsterCommands.STOP, p))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("pos: not used by command stop");
        assertThatThrownBy(() -> new MonsterCommand(null, "m-1", MonsterCommands.CHASE, "a", null, new Offset(1, 1),
                null, null)).isInstanceOf(IllegalArgumentException.class).hasMessage("offset: not used by command chase");
        assertThatThrownBy(() -> MonsterCommand.wander(null, "m-1", 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("radiusMeters must be > 0");
        assertThatThrownBy(() -> MonsterCommand.plain(null, "m-1", "jump"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("command must be one of");
        assertThatThrownBy(() -> MonsterCommand.plain(null, null, MonsterCommands.STOP))
                .isInstanceOf(NullPointerException.class);
    }

    @Test
    void behaviourSpec_HoldsExactlyTheFieldsOfItsType() {
        assertThatThrownBy(() -> new BehaviourSpec("wander", null, null)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("radiusMeters: required by wander");
        assertThatThrownBy(() -> new BehaviourSpec("idle", 3.0, null)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("radiusMeters: not used by idle");
        assertThatThrownBy(() -> new BehaviourSpec("patrol", null, null)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("route: required by patrol");
        assertThatThrownBy(() -> BehaviourSpec.wander(Double.NaN)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new BehaviourSpec("dance", null, null)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void route_NeedsTwoPoints_AndNullModeMeansLoop() {
        Vec3 p = new Vec3(0, 0, 0);
        assertThatThrownBy(() -> new Route(null, null, "r", List.of(p)))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("points: at least 2, got 1");
        assertThatThrownBy(() -> new Route(null, null, "r", List.of(p, p), "circle", 0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Route(null, null, "r", List.of(p, p), null, -1))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(new Route(null, null, "r", List.of(p, p), null, 0).mode()).isEqualTo(RouteModes.LOOP);
    }

    @Test
    void monsterEvent_WaypointNeedsRouteAndIndex() {
        assertThatThrownBy(() -> new MonsterEvent("m-1", MonsterEvents.WAYPOINT, null))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> MonsterEvent.waypoint("m-1", "r", -1)).isInstanceOf(IllegalArgumentException.class);
        assertThat(MonsterEvent.waypoint("m-1", "r", 0).index()).isZero();
    }

    @Test
    void monsterEnter_RefusesNegativeOrNonFiniteSizes() {
        Vec3 p = new Vec3(0, 0, 0);
        assertThatThrownBy(() -> new MonsterEnter("m-1", "wolf", p, -0.1, 1, "idle"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("radiusMeters");
        assertThatThrownBy(() -> new MonsterEnter("m-1", "wolf", p, 0.5, Double.POSITIVE_INFINITY, "idle"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("speedMetersPerSecond");
    }

    @Test
    void offset_RejectsNonFiniteComponents() {
        assertThatThrownBy(() -> new Offset(Double.NaN, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
