package dev.navserver.protocol.json;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.protocol.ByeReasons;
import dev.navserver.protocol.ErrorCodes;
import dev.navserver.protocol.LeaveReasons;
import dev.navserver.protocol.MonsterCommands;
import dev.navserver.protocol.MonsterEvents;
import dev.navserver.protocol.MonsterStates;
import dev.navserver.protocol.PathStatus;
import dev.navserver.protocol.Protocol;
import dev.navserver.protocol.RouteModes;
import dev.navserver.protocol.message.BehaviourSpec;
import dev.navserver.protocol.message.Bye;
import dev.navserver.protocol.message.CellRect;
import dev.navserver.protocol.message.MapEdit;
import dev.navserver.protocol.message.MapEdited;
import dev.navserver.protocol.message.MapPatch;
import dev.navserver.protocol.message.TerrainEdit;
import dev.navserver.protocol.message.ClientMessage;
import dev.navserver.protocol.message.CommandOk;
import dev.navserver.protocol.message.ErrorMessage;
import dev.navserver.protocol.message.GroupPath;
import dev.navserver.protocol.message.GroupPathEntry;
import dev.navserver.protocol.message.GroupPathQuery;
import dev.navserver.protocol.message.Hello;
import dev.navserver.protocol.message.LocalNav;
import dev.navserver.protocol.message.MapInfo;
import dev.navserver.protocol.message.Message;
import dev.navserver.protocol.message.MonsterCommand;
import dev.navserver.protocol.message.MonsterEnter;
import dev.navserver.protocol.message.MonsterEvent;
import dev.navserver.protocol.message.MonsterLeave;
import dev.navserver.protocol.message.MonsterSnapshot;
import dev.navserver.protocol.message.MonsterSpawn;
import dev.navserver.protocol.message.MonsterState;
import dev.navserver.protocol.message.Monsters;
import dev.navserver.protocol.message.NavPath;
import dev.navserver.protocol.message.Offset;
import dev.navserver.protocol.message.PathQuery;
import dev.navserver.protocol.message.PathResult;
import dev.navserver.protocol.message.PathValid;
import dev.navserver.protocol.message.Ping;
import dev.navserver.protocol.message.PlayerLeave;
import dev.navserver.protocol.message.PlayerPos;
import dev.navserver.protocol.message.Pong;
import dev.navserver.protocol.message.RequestId;
import dev.navserver.protocol.message.Route;
import dev.navserver.protocol.message.RouteOk;
import dev.navserver.protocol.message.ServerMessage;
import dev.navserver.protocol.message.Spawn;
import dev.navserver.protocol.message.Spawned;
import dev.navserver.protocol.message.ValidatePath;
import dev.navserver.protocol.message.Vec3;
import dev.navserver.protocol.message.Welcome;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** serialise → parse → equal, for every message type, plus the shape of the JSON: one line, type first, no nulls. */
class RoundTripTest {
    private static final Vec3 A = new Vec3(-29.5, 0, 29.25);
    private static final Vec3 B = new Vec3(12.0, 0.0, -7.125);
    private static final MapInfo ARENA = new MapInfo("arena", new Vec3(-30, 0, 30), 1.0, 60, 60);

    static Stream<ClientMessage> clientMessages() {
        return Stream.of(
                new Hello(null, Protocol.VERSION, "alice", "arena"),
                new Hello(RequestId.of("h"), Protocol.VERSION, "bob", null),
                new Hello(RequestId.of("a"), Protocol.VERSION, "gm", "arena", "0123456789abcdef"),
                new PlayerPos(null, 17, A),
                new PlayerPos(RequestId.of(3), Protocol.MAX_COUNTER, new Vec3(-0.0, 1e7, -1e7)),
                new Spawn(RequestId.of("r1"), B),
                new Spawn(null, A),
                new PathQuery(RequestId.of("q1"), A, B),
                new GroupPathQuery(RequestId.of("g1"), List.of(A, B, A), B, 1.0),
                new GroupPathQuery(null, List.of(A), B, null),
                new ValidatePath(RequestId.of("v1"), List.of(A, B, A)),
                new ValidatePath(null, List.of(A)),
                new Ping(RequestId.of(5)),
                new Ping(RequestId.ofNumberLiteral("-1.50e+3")),
                new Ping(RequestId.of("with \"quotes\" \\ and \n newline")),
                new Ping(null),
                new Bye(null),
                new Bye(ByeReasons.CLIENT),
                new MapEdit(RequestId.of("e1"), "arena", List.of(
                        TerrainEdit.cells(new CellRect(3, 4, 8, 2), "wall"),
                        TerrainEdit.rect(A, B, "open"),
                        TerrainEdit.cells(new CellRect(-5, Integer.MAX_VALUE, 1, 1), "original"))),
                new MapEdit(null, null, List.of(TerrainEdit.cells(new CellRect(0, 0, 1, 1), "swamp"))),
                new PlayerPos(RequestId.of("p"), 4, A, "carol"),
                new PlayerLeave(RequestId.of("l1"), "carol"),
                new PlayerLeave(null, "carol"),
                new MonsterSpawn(RequestId.of("r1"), "arena", A, "wolf", BehaviourSpec.wander(6), B),
                new MonsterSpawn(null, null, A, null, BehaviourSpec.patrol("lane_top"), null),
                new MonsterSpawn(RequestId.of(7), "arena", B, "default", BehaviourSpec.idle(), null),
                new MonsterSpawn(null, A),
                MonsterCommand.withTarget(RequestId.of("c1"), "m-17", MonsterCommands.CHASE, "alice"),
                MonsterCommand.withTarget(null, "m-17", MonsterCommands.FLEE, "bob"),
                MonsterCommand.withTarget(null, "m-17", MonsterCommands.FOLLOW, "bob"),
                MonsterCommand.follow(RequestId.of("c2"), "m-17", "bob", new Offset(-1.5, 2.0)),
                MonsterCommand.withPos(RequestId.of("c3"), "m-17", MonsterCommands.MOVE_TO, B),
                MonsterCommand.withPos(null, "m-1", MonsterCommands.TELEPORT, A),
                MonsterCommand.patrol(RequestId.of("c4"), "m-17", "lane_top"),
                MonsterCommand.wander(RequestId.of("c5"), "m-17", 0.25),
                MonsterCommand.plain(RequestId.of("c6"), "m-17", MonsterCommands.RETURN_HOME),
                MonsterCommand.plain(null, "m-17", MonsterCommands.STOP),
                MonsterCommand.plain(null, "m-17", MonsterCommands.DESPAWN),
                new Route(RequestId.of("r2"), "arena", "lane_top", List.of(A, B, A), RouteModes.PINGPONG, 2.5),
                new Route(null, null, "short", List.of(A, B)),
                new Route(null, null, "once", List.of(B, A), RouteModes.ONCE, Protocol.MAX_ROUTE_WAIT_SECONDS));
    }

    static Stream<ServerMessage> serverMessages() {
        return Stream.of(
                new Welcome(null, Protocol.VERSION, "s-1", "alice", ARENA, 20, 0.5, 0.5, 4.0),
                new Welcome(RequestId.of(1), Protocol.VERSION, "s-2", "bob", ARENA, 30, 0.25, 1.0, 3.5),
                new Welcome(RequestId.of(2), Protocol.VERSION, "s-3", "gm", ARENA, 20, 0.5, 0.5, 4.0,
                        dev.navserver.protocol.Roles.AUTHORITY, Protocol.MAX_COUNTER),
                new Spawned(RequestId.of("r1"), "m-9", A),
                new PathResult(RequestId.of("q1"), PathStatus.OK, List.of(A, B)),
                new PathResult(RequestId.of("q2"), PathStatus.UNREACHABLE, List.of()),
                new PathResult(null, PathStatus.OUT_OF_BOUNDS, List.of()),
                new PathResult(RequestId.of("q3"), PathStatus.PARTIAL, List.of(A), 9),
                new GroupPath(RequestId.of("g1"), List.of(
                        new GroupPathEntry(PathStatus.OK, B, List.of(A, B)),
                        new GroupPathEntry(PathStatus.PARTIAL, A, List.of(B)),
                        new GroupPathEntry(PathStatus.OUT_OF_BOUNDS, B, List.of())), 3),
                PathValid.ok(RequestId.of("v1")),
                new PathValid(RequestId.of("v2"), false, 3, PathStatus.BLOCKED),
                new Pong(RequestId.of(5), 123.456),
                new Pong(null, 0.0),
                new NavPath("m-9", 4, 17, PathStatus.OK, List.of(A, B), 2.0, 123.456),
                new NavPath("m-10", 0, 0, PathStatus.PARTIAL, List.of(A), 2.5, 0.05),
                new NavPath("m-11", 1, 2, PathStatus.UNREACHABLE, List.of(), 2.5, 0.05, 42),
                new LocalNav("m-9", true),
                new LocalNav("m-9", true, B),
                new LocalNav("m-9", false),
                new Monsters(10.0, List.of(new MonsterSnapshot("m-9", A, MonsterStates.CHASE),
                        new MonsterSnapshot("m-10", B, MonsterStates.LOCAL))),
                new Monsters(0.5, List.of()),
                new Monsters(0.75, List.of(new MonsterSnapshot("m-9", A, MonsterStates.IDLE)), 41),
                new ErrorMessage(RequestId.of("q1"), ErrorCodes.OUT_OF_BOUNDS, "to is off the map"),
                new ErrorMessage(null, ErrorCodes.FRAME_TOO_LONG, null),
                new Bye(ByeReasons.SHUTDOWN),
                new Bye(ByeReasons.SLOW_READER),
                new MapEdited(RequestId.of("e1"), "arena", 8, 64),
                new MapEdited(null, "arena", 2, 0),
                MapPatch.edits("arena", 8, List.of(TerrainEdit.cells(new CellRect(3, 4, 8, 2), "wall"),
                        TerrainEdit.cells(new CellRect(0, 0, 60, 60), "class7"))),
                MapPatch.reset("arena", 9),
                new NavPath("m-12", 5, 0, PathStatus.OK, List.of(A, B), 3.5, 1.5, 3, MonsterStates.PATROL, null),
                new NavPath("m-13", 6, 17, PathStatus.PARTIAL, List.of(B), 3.5, 1.5, 3, MonsterStates.CHASE, "alice"),
                new CommandOk(RequestId.of("c1"), "m-17"),
                new CommandOk(null, "m-17"),
                new RouteOk(RequestId.of("r2"), "lane_top"),
                new MonsterEnter("m-17", "wolf", A, 0.5, 3.5, MonsterStates.PATROL),
                new MonsterEnter("m-17", "wolf", A, 0.5, 3.5, MonsterStates.CHASE, "alice", B),
                new MonsterEnter("m-1", "default", B, 0, 0, MonsterStates.IDLE, null, A),
                new MonsterLeave("m-17", LeaveReasons.OUT_OF_RANGE),
                new MonsterLeave("m-17", LeaveReasons.DESPAWNED),
                new MonsterState("m-17", MonsterStates.RETURN_HOME),
                new MonsterState("m-17", MonsterStates.CHASE, "alice"),
                new MonsterEvent("m-17", MonsterEvents.AGGRO, "alice"),
                new MonsterEvent("m-17", MonsterEvents.HOME, null),
                MonsterEvent.waypoint("m-17", "lane_top", 3));
    }

    private static void assertWireShape(Message message, String json) {
        assertThat(json).startsWith("{\"type\":\"" + message.type() + "\"");
        assertThat(json).doesNotContain("\n").doesNotContain("null").doesNotContain(": ").doesNotContain(", ");
        if (message instanceof ClientMessage && ((ClientMessage) message).id() != null) {
            assertThat(json).startsWith("{\"type\":\"" + message.type() + "\",\"id\":");
        }
    }

    @ParameterizedTest
    @MethodSource("clientMessages")
    void clientMessage_RoundTrips(ClientMessage message) {
        String json = MessageWriter.toJson(message);

        assertWireShape(message, json);
        assertThat(MessageReader.FROM_CLIENT.read(json)).isEqualTo(message);
        assertThat(MessageReader.FROM_CLIENT.read(MessageWriter.toBytes(message))).isEqualTo(message);
    }

    @ParameterizedTest
    @MethodSource("serverMessages")
    void serverMessage_RoundTrips(ServerMessage message) {
        String json = MessageWriter.toJson(message);

        assertWireShape(message, json);
        assertThat(MessageReader.FROM_SERVER.read(json)).isEqualTo(message);
    }

    @ParameterizedTest
    @MethodSource("serverMessages")
    void writeLine_AppendsJsonAndNewline(ServerMessage message) {
        ByteBuf out = Unpooled.buffer().writeByte('x');
        try {
            MessageWriter.writeLine(message, out);

            assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo("x" + MessageWriter.toJson(message) + "\n");
        } finally {
            out.release();
        }
    }
}
