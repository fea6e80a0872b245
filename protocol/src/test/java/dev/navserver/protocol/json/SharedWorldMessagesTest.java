package dev.navserver.protocol.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import dev.navserver.protocol.ErrorCodes;
import dev.navserver.protocol.LeaveReasons;
import dev.navserver.protocol.MonsterCommands;
import dev.navserver.protocol.MonsterEvents;
import dev.navserver.protocol.MonsterStates;
import dev.navserver.protocol.PathStatus;
import dev.navserver.protocol.RouteModes;
import dev.navserver.protocol.message.BehaviourSpec;
import dev.navserver.protocol.message.CommandOk;
import dev.navserver.protocol.message.FromClient;
import dev.navserver.protocol.message.FromServer;
import dev.navserver.protocol.message.MonsterCommand;
import dev.navserver.protocol.message.MonsterEnter;
import dev.navserver.protocol.message.MonsterEvent;
import dev.navserver.protocol.message.MonsterLeave;
import dev.navserver.protocol.message.MonsterSpawn;
import dev.navserver.protocol.message.MonsterState;
import dev.navserver.protocol.message.NavPath;
import dev.navserver.protocol.message.Offset;
import dev.navserver.protocol.message.PlayerLeave;
import dev.navserver.protocol.message.PlayerPos;
import dev.navserver.protocol.message.ProtocolError;
import dev.navserver.protocol.message.RequestId;
import dev.navserver.protocol.message.Route;
import dev.navserver.protocol.message.RouteOk;
import dev.navserver.protocol.message.Spawned;
import dev.navserver.protocol.message.Vec3;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The shared world's messages (issue 26): the issue's example lines decode, the server's lines are written exactly
 * in the documented form, and every bad field is a {@code bad_field} naming it.
 */
class SharedWorldMessagesTest {
    private static final Vec3 P = new Vec3(3, 0, -4.5);
    private static final String AT = "[3.0,0.0,-4.5]";

    private static FromClient client(String json) {
        return MessageReader.FROM_CLIENT.read(json);
    }

    private static ProtocolError clientError(String json) {
        FromClient m = client(json);
        assertThat(m).as(json).isInstanceOf(ProtocolError.class);
        return (ProtocolError) m;
    }

    // --- authority requests: the issue's examples --------------------------------------------------------------

    @Test
    void monsterSpawn_IssueExample_DecodesWithKindBehaviourAndMap() {
        assertThat(client("{\"type\":\"monster_spawn\",\"id\":\"r1\",\"map\":\"arena\",\"pos\":[3,0,-4.5],"
                + "\"kind\":\"wolf\",\"behaviour\":{\"type\":\"wander\",\"radiusMeters\":6}}"))
                .isEqualTo(new MonsterSpawn(RequestId.of("r1"), "arena", P, "wolf", BehaviourSpec.wander(6), null));
    }

    @Test
    void monsterSpawn_WithOnlyAPosition_LeavesMapKindBehaviourAndHomeToTheServer() {
        MonsterSpawn m = (MonsterSpawn) client("{\"type\":\"monster_spawn\",\"pos\":[3,0,-4.5],\"map\":null}");

        assertThat(m).isEqualTo(new MonsterSpawn(null, P));
        assertThat(m.map()).isNull();
        assertThat(m.kind()).isNull();
        assertThat(m.behaviour()).isNull();
        assertThat(m.home()).isNull();
    }

    @Test
    void monsterSpawn_PatrolAndIdleBehavioursAndAHome_Decode() {
        assertThat(client("{\"type\":\"monster_spawn\",\"pos\":[3,0,-4.5],\"home\":[0,0,0],"
                + "\"behaviour\":{\"type\":\"patrol\",\"route\":\"lane_top\"}}"))
                .isEqualTo(new MonsterSpawn(null, null, P, null, BehaviourSpec.patrol("lane_top"), new Vec3(0, 0, 0)));
        assertThat(client("{\"type\":\"monster_spawn\",\"pos\":[3,0,-4.5],\"behaviour\":{\"type\":\"idle\"}}"))
                .isEqualTo(new MonsterSpawn(null, null, P, null, BehaviourSpec.idle(), null));
    }

    @Test
    void behaviour_FieldsItsTypeDoesNotUse_AreIgnored() {
        MonsterSpawn m = (MonsterSpawn) client("{\"type\":\"monster_spawn\",\"pos\":[3,0,-4.5],"
                + "\"behaviour\":{\"type\":\"idle\",\"radiusMeters\":6,\"route\":\"lane_top\"}}");

        assertThat(m.behaviour()).isEqualTo(BehaviourSpec.idle());
    }

    @Test
    void monsterCommand_IssueExample_IsAChaseOfAlice() {
        assertThat(client("{\"type\":\"monster_command\",\"id\":\"c1\",\"monster\":\"m-17\",\"command\":\"chase\","
                + "\"target\":\"alice\"}"))
                .isEqualTo(MonsterCommand.withTarget(RequestId.of("c1"), "m-17", MonsterCommands.CHASE, "alice"));
    }

    static Stream<Arguments> everyCommand() {
        return Stream.of(
                arguments("\"command\":\"chase\",\"target\":\"alice\"",
                        MonsterCommand.withTarget(null, "m-1", MonsterCommands.CHASE, "alice")),
                arguments("\"command\":\"move_to\",\"pos\":[3,0,-4.5]",
                        MonsterCommand.withPos(null, "m-1", MonsterCommands.MOVE_TO, P)),
                arguments("\"command\":\"follow\",\"target\":\"bob\"",
                        MonsterCommand.follow(null, "m-1", "bob", null)),
                arguments("\"command\":\"follow\",\"target\":\"bob\",\"offset\":[1.5,-2]",
                        MonsterCommand.follow(null, "m-1", "bob", new Offset(1.5, -2))),
                arguments("\"command\":\"flee\",\"target\":\"bob\"",
                        MonsterCommand.withTarget(null, "m-1", MonsterCommands.FLEE, "bob")),
                arguments("\"command\":\"patrol\",\"route\":\"lane_top\"",
                        MonsterCommand.patrol(null, "m-1", "lane_top")),
                arguments("\"command\":\"wander\",\"radiusMeters\":10000",
                        MonsterCommand.wander(null, "m-1", 10000)),
                arguments("\"command\":\"return_home\"", MonsterCommand.plain(null, "m-1", MonsterCommands.RETURN_HOME)),
                arguments("\"command\":\"stop\"", MonsterCommand.plain(null, "m-1", MonsterCommands.STOP)),
                arguments("\"command\":\"teleport\",\"pos\":[3,0,-4.5]",
                        MonsterCommand.withPos(null, "m-1", MonsterCommands.TELEPORT, P)),
                arguments("\"command\":\"despawn\"", MonsterCommand.plain(null, "m-1", MonsterCommands.DESPAWN)),
                // fields a command does not use are ignored, not carried along
                arguments("\"command\":\"stop\",\"target\":\"alice\",\"pos\":[0,0,0],\"route\":\"r\",\"offset\":[1,1]",
                        MonsterCommand.plain(null, "m-1", MonsterCommands.STOP)),
                arguments("\"command\":\"chase\",\"target\":\"alice\",\"offset\":[1,1]",
                        MonsterCommand.withTarget(null, "m-1", MonsterCommands.CHASE, "alice")));
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @MethodSource("everyCommand")
    void monsterCommand_EachCommandWithTheFieldsItNeeds_Decodes(String fields, MonsterCommand expected) {
        assertThat(client("{\"type\":\"monster_command\",\"monster\":\"m-1\"," + fields + "}")).isEqualTo(expected);
    }

    @Test
    void everyCommandName_IsCoveredByTheDecoderTable() {
        assertThat(everyCommand().map(a -> ((MonsterCommand) a.get()[1]).command()).distinct())
                .containsExactlyInAnyOrderElementsOf(MonsterCommands.ALL);
    }

    @Test
    void route_IssueExample_DecodesAsALoopWithoutWaits() {
        assertThat(client("{\"type\":\"route\",\"id\":\"r2\",\"map\":\"arena\",\"name\":\"lane_top\","
                + "\"points\":[[3,0,-4.5],[10,0,-4.5]],\"mode\":\"loop\",\"waitSeconds\":0}"))
                .isEqualTo(new Route(RequestId.of("r2"), "arena", "lane_top", List.of(P, new Vec3(10, 0, -4.5)),
                        RouteModes.LOOP, 0));
    }

    @Test
    void route_WithoutModeAndWait_DefaultsToLoopAndZeroSeconds() {
        Route r = (Route) client("{\"type\":\"route\",\"name\":\"r\",\"points\":[[0,0,0],[1,0,0]]}");

        assertThat(r.map()).isNull();
        assertThat(r.mode()).isEqualTo(RouteModes.LOOP);
        assertThat(r.waitSeconds()).isZero();
    }

    @Test
    void route_PingpongAndOnceWithAWait_Decode() {
        assertThat(((Route) client("{\"type\":\"route\",\"name\":\"r\",\"points\":[[0,0,0],[1,0,0]],"
                + "\"mode\":\"pingpong\",\"waitSeconds\":2.5}")).mode()).isEqualTo(RouteModes.PINGPONG);
        assertThat(((Route) client("{\"type\":\"route\",\"name\":\"r\",\"points\":[[0,0,0],[1,0,0]],"
                + "\"mode\":\"once\",\"waitSeconds\":3600}")).waitSeconds()).isEqualTo(3600);
    }

    @Test
    void route_With256Points_Decodes() {
        assertThat(((Route) client(route(256))).points()).hasSize(256);
    }

    @Test
    void playerPos_WithAManagedPlayer_CarriesItsName_AndWithoutOne_StaysTodaysMessage() {
        assertThat(client("{\"type\":\"player_pos\",\"seq\":3,\"pos\":[3,0,-4.5],\"player\":\"carol\"}"))
                .isEqualTo(new PlayerPos(null, 3, P, "carol"));
        PlayerPos own = (PlayerPos) client("{\"type\":\"player_pos\",\"seq\":3,\"pos\":[3,0,-4.5]}");
        assertThat(own).isEqualTo(new PlayerPos(null, 3, P));
        assertThat(own.player()).isNull();
        assertThat(MessageWriter.toJson(own)).isEqualTo("{\"type\":\"player_pos\",\"seq\":3,\"pos\":" + AT + "}");
    }

    @Test
    void playerLeave_IssueExample_Decodes_WithAnOptionalId() {
        assertThat(client("{\"type\":\"player_leave\",\"player\":\"carol\"}")).isEqualTo(new PlayerLeave(null, "carol"));
        assertThat(client("{\"type\":\"player_leave\",\"id\":9,\"player\":\"carol\"}"))
                .isEqualTo(new PlayerLeave(RequestId.of(9), "carol"));
    }

    // --- authority requests: bad fields -------------------------------------------------------------------------

    static Stream<Arguments> badRequests() {
        String spawn = "{\"type\":\"monster_spawn\",\"id\":\"r1\",\"pos\":[0,0,0],";
        String command = "{\"type\":\"monster_command\",\"id\":\"c1\",\"monster\":\"m-17\",";
        String route = "{\"type\":\"route\",\"id\":\"r2\",\"name\":\"lane_top\",";
        return Stream.of(
                // monster_spawn
                arguments("{\"type\":\"monster_spawn\",\"id\":\"r1\"}", "pos: required field missing"),
                arguments(spawn + "\"behaviour\":{\"type\":\"dance\"}}",
                        "behaviour.type: unknown behaviour type 'dance', expected one of idle, wander, patrol"),
                arguments(spawn + "\"behaviour\":{\"radiusMeters\":6}}", "behaviour.type: required field missing"),
                arguments(spawn + "\"behaviour\":{\"type\":\"wander\"}}",
                        "behaviour.radiusMeters: required by behaviour wander"),
                arguments(spawn + "\"behaviour\":{\"type\":\"wander\",\"radiusMeters\":0}}",
                        "behaviour.radiusMeters: 0.0 is out of range (0, 10000.0]"),
                arguments(spawn + "\"behaviour\":{\"type\":\"wander\",\"radiusMeters\":-3}}",
                        "behaviour.radiusMeters: -3.0 is out of range (0, 10000.0]"),
                arguments(spawn + "\"behaviour\":{\"type\":\"wander\",\"radiusMeters\":10000.5}}",
                        "behaviour.radiusMeters: 10000.5 is out of range (0, 10000.0]"),
                arguments(spawn + "\"behaviour\":{\"type\":\"wander\",\"radiusMeters\":\"6\"}}",
                        "behaviour.radiusMeters: must be a number, got a string"),
                arguments(spawn + "\"behaviour\":{\"type\":\"patrol\"}}", "behaviour.route: required by behaviour patrol"),
                arguments(spawn + "\"behaviour\":{\"type\":\"patrol\",\"route\":\"\"}}",
                        "behaviour.route: must not be empty"),
                arguments(spawn + "\"behaviour\":\"wander\"}", "behaviour: must be an object, got a string"),
                arguments(spawn + "\"kind\":7}", "kind: must be a string, got a number"),
                arguments(spawn + "\"kind\":\"" + "k".repeat(65) + "\"}", "kind: longer than 64 chars"),
                arguments(spawn + "\"home\":[0,0]}", "home: must have exactly 3 elements [x,y,z], got 2"),
                arguments(spawn + "\"map\":\"\"}", "map: must not be empty"),
                // monster_command
                arguments(command + "\"command\":\"jump\"}", "command: unknown command 'jump', expected one of chase, "
                        + "move_to, follow, flee, patrol, wander, return_home, stop, teleport, despawn"),
                arguments(command + "\"command\":\"CHASE\",\"target\":\"alice\"}", "command: unknown command 'CHASE'"),
                arguments(command + "\"target\":\"alice\"}", "command: required field missing"),
                arguments("{\"type\":\"monster_command\",\"command\":\"stop\"}", "monster: required field missing"),
                arguments(command + "\"command\":\"chase\"}", "target: required by command chase"),
                arguments(command + "\"command\":\"chase\",\"target\":null}", "target: required by command chase"),
                arguments(command + "\"command\":\"follow\"}", "target: required by command follow"),
                arguments(command + "\"command\":\"flee\",\"pos\":[0,0,0]}", "target: required by command flee"),
                arguments(command + "\"command\":\"chase\",\"target\":[\"alice\"]}", "target: must be a string"),
                arguments(command + "\"command\":\"move_to\",\"target\":\"alice\"}", "pos: required by command move_to"),
                arguments(command + "\"command\":\"teleport\"}", "pos: required by command teleport"),
                arguments(command + "\"command\":\"move_to\",\"pos\":[0,1e999,0]}", "pos[1]: must be finite"),
                arguments(command + "\"command\":\"patrol\"}", "route: required by command patrol"),
                arguments(command + "\"command\":\"wander\"}", "radiusMeters: required by command wander"),
                arguments(command + "\"command\":\"wander\",\"radiusMeters\":0}",
                        "radiusMeters: 0.0 is out of range (0, 10000.0]"),
                arguments(command + "\"command\":\"follow\",\"target\":\"bob\",\"offset\":[1]}",
                        "offset: must have 2..2 elements, got 1"),
                arguments(command + "\"command\":\"follow\",\"target\":\"bob\",\"offset\":[1,2,3]}",
                        "offset: must have 2..2 elements, got 3"),
                arguments(command + "\"command\":\"follow\",\"target\":\"bob\",\"offset\":[1,\"2\"]}",
                        "offset[1]: must be a number, got a string"),
                arguments(command + "\"command\":\"follow\",\"target\":\"bob\",\"offset\":[1e999,0]}",
                        "offset[0]: must be finite"),
                arguments(command + "\"command\":\"follow\",\"target\":\"bob\",\"offset\":[0,-10001]}",
                        "offset[1]: -10001.0 is out of range [-10000.0, 10000.0]"),
                arguments(command + "\"command\":\"follow\",\"target\":\"bob\",\"offset\":{\"dx\":1}}",
                        "offset: must be an array of 2 numbers, got an object"),
                // route
                arguments(route + "\"points\":[[0,0,0]]}", "points: must have 2..256 elements, got 1"),
                arguments(route + "\"points\":[]}", "points: must have 2..256 elements, got 0"),
                arguments(route(257), "points: must have 2..256 elements, got 257"),
                arguments(route + "\"mode\":\"loop\"}", "points: required field missing"),
                arguments(route + "\"points\":[[0,0,0],[1,0]]}", "points[1]: must have exactly 3 elements"),
                arguments("{\"type\":\"route\",\"points\":[[0,0,0],[1,0,0]]}", "name: required field missing"),
                arguments(route + "\"points\":[[0,0,0],[1,0,0]],\"mode\":\"circle\"}",
                        "mode: unknown mode 'circle', expected one of loop, pingpong, once"),
                arguments(route + "\"points\":[[0,0,0],[1,0,0]],\"waitSeconds\":-1}",
                        "waitSeconds: -1.0 is out of range [0.0, 3600.0]"),
                arguments(route + "\"points\":[[0,0,0],[1,0,0]],\"waitSeconds\":3600.5}",
                        "waitSeconds: 3600.5 is out of range [0.0, 3600.0]"),
                // player_pos, player_leave
                arguments("{\"type\":\"player_pos\",\"seq\":1,\"pos\":[0,0,0],\"player\":\"\"}", "player: must not be empty"),
                arguments("{\"type\":\"player_pos\",\"seq\":1,\"pos\":[0,0,0],\"player\":\"" + "p".repeat(65) + "\"}",
                        "player: longer than 64 chars"),
                arguments("{\"type\":\"player_leave\"}", "player: required field missing"),
                arguments("{\"type\":\"player_leave\",\"player\":5}", "player: must be a string, got a number"));
    }

    @ParameterizedTest(name = "[{index}] {1}")
    @MethodSource("badRequests")
    void authorityRequest_WithABadField_IsBadFieldNamingIt(String line, String messageStart) {
        ProtocolError error = clientError(line);

        assertThat(error.code()).isEqualTo(ErrorCodes.BAD_FIELD);
        assertThat(error.message()).startsWith(messageStart);
    }

    @Test
    void badCommandField_IsAnsweredWithTheCommandsId() {
        ProtocolError error = clientError("{\"type\":\"monster_command\",\"id\":\"c9\",\"monster\":\"m-1\","
                + "\"command\":\"chase\"}");

        assertThat(error.toMessage().id()).isEqualTo(RequestId.of("c9"));
        assertThat(MessageWriter.toJson(error.toMessage())).isEqualTo("{\"type\":\"error\",\"id\":\"c9\","
                + "\"code\":\"bad_field\",\"message\":\"target: required by command chase\"}");
    }

    // --- what sessions hear: exact wire text ---------------------------------------------------------------------

    @Test
    void spawned_AnswersAMonsterSpawnInTheIssuesForm() {
        assertThat(MessageWriter.toJson(new Spawned(RequestId.of("r1"), "m-17", P)))
                .isEqualTo("{\"type\":\"spawned\",\"id\":\"r1\",\"monster\":\"m-17\",\"pos\":" + AT + "}");
    }

    @Test
    void commandOkAndRouteOk_AreWrittenInTheIssuesForm() {
        assertThat(MessageWriter.toJson(new CommandOk(RequestId.of("c1"), "m-17")))
                .isEqualTo("{\"type\":\"command_ok\",\"id\":\"c1\",\"monster\":\"m-17\"}");
        assertThat(MessageWriter.toJson(new RouteOk(RequestId.of("r2"), "lane_top")))
                .isEqualTo("{\"type\":\"route_ok\",\"id\":\"r2\",\"name\":\"lane_top\"}");
    }

    @Test
    void monsterEnter_IsWrittenInTheIssuesForm_WithTargetAndHomeOnlyWhenSet() {
        assertThat(MessageWriter.toJson(new MonsterEnter("m-17", "wolf", P, 0.5, 3.5, MonsterStates.PATROL)))
                .isEqualTo("{\"type\":\"monster_enter\",\"monster\":\"m-17\",\"kind\":\"wolf\",\"pos\":" + AT
                        + ",\"radiusMeters\":0.5,\"speedMetersPerSecond\":3.5,\"state\":\"patrol\"}");
        assertThat(MessageWriter.toJson(new MonsterEnter("m-17", "wolf", P, 0.5, 3.5, MonsterStates.CHASE, "alice",
                new Vec3(0, 0, 0)))).endsWith(",\"state\":\"chase\",\"target\":\"alice\",\"home\":[0.0,0.0,0.0]}");
    }

    @Test
    void monsterLeaveStateAndEvent_AreWrittenInTheIssuesForm() {
        assertThat(MessageWriter.toJson(new MonsterLeave("m-17", LeaveReasons.OUT_OF_RANGE)))
                .isEqualTo("{\"type\":\"monster_leave\",\"monster\":\"m-17\",\"reason\":\"out_of_range\"}");
        assertThat(MessageWriter.toJson(new MonsterState("m-17", MonsterStates.RETURN_HOME)))
                .isEqualTo("{\"type\":\"monster_state\",\"monster\":\"m-17\",\"state\":\"return_home\"}");
        assertThat(MessageWriter.toJson(new MonsterState("m-17", MonsterStates.CHASE, "alice")))
                .isEqualTo("{\"type\":\"monster_state\",\"monster\":\"m-17\",\"state\":\"chase\",\"target\":\"alice\"}");
        assertThat(MessageWriter.toJson(new MonsterEvent("m-17", MonsterEvents.AGGRO, "alice")))
                .isEqualTo("{\"type\":\"monster_event\",\"monster\":\"m-17\",\"event\":\"aggro\",\"target\":\"alice\"}");
        assertThat(MessageWriter.toJson(MonsterEvent.waypoint("m-17", "lane_top", 2)))
                .isEqualTo("{\"type\":\"monster_event\",\"monster\":\"m-17\",\"event\":\"waypoint\","
                        + "\"route\":\"lane_top\",\"index\":2}");
    }

    @Test
    void navPath_CarriesStateAndTargetAfterTheExistingFields_AndOmitsThemWhenNull() {
        List<Vec3> points = List.of(P, new Vec3(0, 0, 0));
        String today = "{\"type\":\"nav_path\",\"monster\":\"m-17\",\"seq\":4,\"playerSeq\":17,\"status\":\"ok\","
                + "\"nav_path\":[" + AT + ",[0.0,0.0,0.0]],\"speedMetersPerSecond\":3.5,\"serverTime\":12.5,"
                + "\"mapVersion\":2";

        assertThat(MessageWriter.toJson(new NavPath("m-17", 4, 17, PathStatus.OK, points, 3.5, 12.5, 2,
                MonsterStates.CHASE, "alice"))).isEqualTo(today + ",\"state\":\"chase\",\"target\":\"alice\"}");
        assertThat(MessageWriter.toJson(new NavPath("m-17", 4, 17, PathStatus.OK, points, 3.5, 12.5, 2,
                MonsterStates.WANDER, null))).isEqualTo(today + ",\"state\":\"wander\"}");
        assertThat(MessageWriter.toJson(new NavPath("m-17", 4, 17, PathStatus.OK, points, 3.5, 12.5, 2)))
                .isEqualTo(today + "}");
    }

    @Test
    void navPath_FromAnOlderServerWithoutStateAndTarget_DecodesWithNulls() {
        NavPath p = (NavPath) MessageReader.FROM_SERVER.read("{\"type\":\"nav_path\",\"monster\":\"m-9\",\"seq\":4,"
                + "\"playerSeq\":17,\"status\":\"ok\",\"nav_path\":[[1,0,2]],\"speedMetersPerSecond\":2.0,"
                + "\"serverTime\":1.0,\"mapVersion\":2}");

        assertThat(p.state()).isNull();
        assertThat(p.target()).isNull();
    }

    static Stream<String> everyState() {
        return MonsterStates.ALL.stream();
    }

    @ParameterizedTest
    @MethodSource("everyState")
    void everyWireState_RoundTripsInMonsterStateMonsterEnterAndNavPath(String state) {
        assertRoundTrip(new MonsterState("m-1", state));
        assertRoundTrip(new MonsterEnter("m-1", "default", P, 0.5, 2, state));
        assertRoundTrip(new NavPath("m-1", 1, 0, PathStatus.OK, List.of(P), 2, 1, 1, state, null));
    }

    static Stream<String> everyEvent() {
        return MonsterEvents.ALL.stream().filter(e -> !MonsterEvents.WAYPOINT.equals(e));
    }

    @ParameterizedTest
    @MethodSource("everyEvent")
    void everyEvent_RoundTrips(String event) {
        assertRoundTrip(new MonsterEvent("m-1", event, "alice"));
        assertRoundTrip(new MonsterEvent("m-1", event, null));
    }

    private static void assertRoundTrip(dev.navserver.protocol.message.ServerMessage m) {
        assertThat(MessageReader.FROM_SERVER.read(MessageWriter.toJson(m))).isEqualTo(m);
    }

    static Stream<Arguments> badServerLines() {
        return Stream.of(
                arguments("{\"type\":\"monster_enter\",\"monster\":\"m-1\",\"kind\":\"wolf\",\"pos\":[0,0,0],"
                        + "\"radiusMeters\":0.5,\"speedMetersPerSecond\":3.5,\"state\":\"sleeping\"}",
                        "state: unknown state 'sleeping', expected one of idle, wander, patrol, chase, local, move_to, "
                                + "follow, flee, return_home, unreachable"),
                arguments("{\"type\":\"monster_enter\",\"monster\":\"m-1\",\"pos\":[0,0,0],\"radiusMeters\":0.5,"
                        + "\"speedMetersPerSecond\":3.5,\"state\":\"idle\"}", "kind: required field missing"),
                arguments("{\"type\":\"monster_enter\",\"monster\":\"m-1\",\"kind\":\"wolf\",\"pos\":[0,0,0],"
                        + "\"radiusMeters\":-0.5,\"speedMetersPerSecond\":3.5,\"state\":\"idle\"}",
                        "radiusMeters: -0.5 is out of range"),
                arguments("{\"type\":\"monster_leave\",\"monster\":\"m-1\",\"reason\":\"bored\"}",
                        "reason: unknown reason 'bored', expected one of out_of_range, despawned"),
                arguments("{\"type\":\"monster_leave\",\"monster\":\"m-1\"}", "reason: required field missing"),
                arguments("{\"type\":\"monster_state\",\"monster\":\"m-1\"}", "state: required field missing"),
                arguments("{\"type\":\"monster_event\",\"monster\":\"m-1\",\"event\":\"sneeze\"}",
                        "event: unknown event 'sneeze'"),
                arguments("{\"type\":\"monster_event\",\"monster\":\"m-1\",\"event\":\"waypoint\",\"index\":2}",
                        "route: required by event waypoint"),
                arguments("{\"type\":\"monster_event\",\"monster\":\"m-1\",\"event\":\"waypoint\",\"route\":\"r\"}",
                        "index: required by event waypoint"),
                arguments("{\"type\":\"monster_event\",\"monster\":\"m-1\",\"event\":\"waypoint\",\"route\":\"r\","
                        + "\"index\":-1}", "index: -1 is out of range"),
                arguments("{\"type\":\"command_ok\",\"id\":\"c1\"}", "monster: required field missing"),
                arguments("{\"type\":\"route_ok\",\"id\":\"r2\"}", "name: required field missing"),
                arguments("{\"type\":\"nav_path\",\"monster\":\"m-9\",\"seq\":4,\"playerSeq\":17,\"status\":\"ok\","
                        + "\"nav_path\":[[1,0,2]],\"speedMetersPerSecond\":2.0,\"serverTime\":1.0,\"mapVersion\":2,"
                        + "\"state\":\"running\"}", "state: unknown state 'running'"),
                arguments("{\"type\":\"nav_path\",\"monster\":\"m-9\",\"seq\":4,\"playerSeq\":17,\"status\":\"ok\","
                        + "\"nav_path\":[[1,0,2]],\"speedMetersPerSecond\":2.0,\"serverTime\":1.0,\"mapVersion\":2,"
                        + "\"target\":3}", "target: must be a string, got a number"));
    }

    @ParameterizedTest(name = "[{index}] {1}")
    @MethodSource("badServerLines")
    void serverLine_WithABadField_IsBadFieldNamingIt(String line, String messageStart) {
        FromServer m = MessageReader.FROM_SERVER.read(line);

        assertThat(m).isInstanceOf(ProtocolError.class);
        assertThat(((ProtocolError) m).code()).isEqualTo(ErrorCodes.BAD_FIELD);
        assertThat(((ProtocolError) m).message()).startsWith(messageStart);
    }

    private static String route(int points) {
        StringBuilder b = new StringBuilder("{\"type\":\"route\",\"name\":\"long\",\"points\":[");
        for (int i = 0; i < points; i++) {
            b.append(i == 0 ? "" : ",").append("[").append(i % 16).append(",0,").append(i / 16).append("]");
        }
        return b.append("]}").toString();
    }
}
