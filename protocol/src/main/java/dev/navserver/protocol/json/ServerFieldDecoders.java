package dev.navserver.protocol.json;

import dev.navserver.protocol.LeaveReasons;
import dev.navserver.protocol.MonsterEvents;
import dev.navserver.protocol.MonsterStates;
import dev.navserver.protocol.PathStatus;
import dev.navserver.protocol.Protocol;
import dev.navserver.protocol.message.Bye;
import dev.navserver.protocol.message.Redirect;
import dev.navserver.protocol.message.CellRect;
import dev.navserver.protocol.message.CommandOk;
import dev.navserver.protocol.message.MapEdited;
import dev.navserver.protocol.message.MapPatch;
import dev.navserver.protocol.message.TerrainEdit;
import dev.navserver.protocol.message.ErrorMessage;
import dev.navserver.protocol.message.FromServer;
import dev.navserver.protocol.message.GroupPath;
import dev.navserver.protocol.message.GroupPathEntry;
import dev.navserver.protocol.message.LocalNav;
import dev.navserver.protocol.message.MapInfo;
import dev.navserver.protocol.message.MonsterEnter;
import dev.navserver.protocol.message.MonsterEvent;
import dev.navserver.protocol.message.MonsterLeave;
import dev.navserver.protocol.message.MonsterState;
import dev.navserver.protocol.message.MonsterSnapshot;
import dev.navserver.protocol.message.Monsters;
import dev.navserver.protocol.message.NavPath;
import dev.navserver.protocol.message.PathResult;
import dev.navserver.protocol.message.PathValid;
import dev.navserver.protocol.message.Pong;
import dev.navserver.protocol.message.RequestId;
import dev.navserver.protocol.message.RouteOk;
import dev.navserver.protocol.message.Spawned;
import dev.navserver.protocol.message.Vec3;
import dev.navserver.protocol.message.Welcome;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The fields of each server → client message type and their limits. Used by bots and tests. Stateless.
 */
final class ServerFieldDecoders {
    /** Names (session, player, monster, status...) from the server may be longer than a client's. */
    private static final int MAX_TEXT_CHARS = 4096;

    /** Decoder of each server message type, keyed by {@code type}. Immutable. */
    static final Map<String, FieldDecoder<? extends FromServer>> BY_TYPE = Map.ofEntries(
            Map.entry(Welcome.TYPE, ServerFieldDecoders::welcome),
            Map.entry(Spawned.TYPE, ServerFieldDecoders::spawned),
            Map.entry(PathResult.TYPE, ServerFieldDecoders::pathResult),
            Map.entry(GroupPath.TYPE, ServerFieldDecoders::groupPath),
            Map.entry(PathValid.TYPE, ServerFieldDecoders::pathValid),
            Map.entry(Pong.TYPE, ServerFieldDecoders::pong),
            Map.entry(NavPath.TYPE, ServerFieldDecoders::navPath),
            Map.entry(LocalNav.TYPE, ServerFieldDecoders::localNav),
            Map.entry(Monsters.TYPE, ServerFieldDecoders::monsters),
            Map.entry(ErrorMessage.TYPE, ServerFieldDecoders::error),
            Map.entry(Bye.TYPE, ServerFieldDecoders::bye),
            Map.entry(MapEdited.TYPE, ServerFieldDecoders::mapEdited),
            Map.entry(MapPatch.TYPE, ServerFieldDecoders::mapPatch),
            Map.entry(CommandOk.TYPE, ServerFieldDecoders::commandOk),
            Map.entry(RouteOk.TYPE, ServerFieldDecoders::routeOk),
            Map.entry(MonsterEnter.TYPE, ServerFieldDecoders::monsterEnter),
            Map.entry(MonsterLeave.TYPE, ServerFieldDecoders::monsterLeave),
            Map.entry(MonsterState.TYPE, ServerFieldDecoders::monsterState),
            Map.entry(MonsterEvent.TYPE, ServerFieldDecoders::monsterEvent),
            Map.entry(Redirect.TYPE, ServerFieldDecoders::redirect));

    private ServerFieldDecoders() {
    }

    private static Welcome welcome(Fields f, RequestId id) {
        int protocol = (int) f.integer("protocol", 1, Integer.MAX_VALUE);
        String session = f.string("session", MAX_TEXT_CHARS);
        String player = f.string("player", MAX_TEXT_CHARS);
        MapInfo map = mapInfo(f.object("map"));
        int tickHz = (int) f.integer("tickHz", 1, Integer.MAX_VALUE);
        double navInterval = f.number("navIntervalSeconds", 0, Double.MAX_VALUE);
        double moveThreshold = f.number("moveThresholdMeters", 0, Double.MAX_VALUE);
        double localNav = f.number("localNavDistanceMeters", 0, Double.MAX_VALUE);
        String role = f.string("role", MAX_TEXT_CHARS);
        long mapVersion = f.integer("mapVersion", 1, Protocol.MAX_COUNTER);
        return f.failed() ? null
                : new Welcome(id, protocol, session, player, map, tickHz, navInterval, moveThreshold, localNav, role,
                        mapVersion);
    }

    private static MapInfo mapInfo(Fields m) {
        if (m == null) {
            return null;
        }
        String name = m.string("name", MAX_TEXT_CHARS);
        Vec3 origin = m.vec3("origin");
        double cellSize = m.number("cellSize", Double.MIN_VALUE, Double.MAX_VALUE);
        int width = (int) m.integer("width", 1, Integer.MAX_VALUE);
        int height = (int) m.integer("height", 1, Integer.MAX_VALUE);
        return m.failed() ? null : new MapInfo(name, origin, cellSize, width, height);
    }

    private static Spawned spawned(Fields f, RequestId id) {
        String monster = f.string("monster", MAX_TEXT_CHARS);
        Vec3 pos = f.vec3("pos");
        return f.failed() ? null : new Spawned(id, monster, pos);
    }

    /** {@code path}: the answer to a {@code path_query}. */
    private static PathResult pathResult(Fields f, RequestId id) {
        String status = f.pathStatus("status");
        List<Vec3> points = f.vec3List("points", minPoints(status), Integer.MAX_VALUE);
        f.number("length", 0, Double.MAX_VALUE); // checked; the value is the polyline's length
        long mapVersion = f.integer("mapVersion", 1, Protocol.MAX_COUNTER);
        return f.failed() ? null : new PathResult(id, status, points, mapVersion);
    }

    /** {@code group_path}: the answer to a {@code group_path_query}, one entry per unit. */
    private static GroupPath groupPath(Fields f, RequestId id) {
        List<Fields> entries = f.objectList("paths", 1, Protocol.MAX_GROUP_UNITS);
        List<GroupPathEntry> paths = new ArrayList<>(entries.size());
        for (Fields e : entries) {
            String status = e.pathStatus("status");
            Vec3 goal = e.vec3("goal");
            List<Vec3> points = e.vec3List("points", minPoints(status), Integer.MAX_VALUE);
            e.number("length", 0, Double.MAX_VALUE); // checked; the value is the polyline's length
            if (f.failed()) {
                return null;
            }
            paths.add(new GroupPathEntry(status, goal, points));
        }
        long mapVersion = f.integer("mapVersion", 1, Protocol.MAX_COUNTER);
        return f.failed() ? null : new GroupPath(id, paths, mapVersion);
    }

    private static PathValid pathValid(Fields f, RequestId id) {
        boolean valid = f.bool("valid");
        Long badSegment = f.optionalInteger("badSegment", 0, Integer.MAX_VALUE);
        String reason = f.optionalString("reason", MAX_TEXT_CHARS);
        return f.failed() ? null
                : new PathValid(id, valid, badSegment == null ? null : badSegment.intValue(), reason);
    }

    private static Pong pong(Fields f, RequestId id) {
        double serverTime = f.number("serverTime", -Double.MAX_VALUE, Double.MAX_VALUE);
        return f.failed() ? null : new Pong(id, serverTime);
    }

    /** {@code nav_path}: a monster's path, with an optional {@code state} and {@code target}; no request id. */
    private static NavPath navPath(Fields f, RequestId id) {
        String monster = f.string("monster", MAX_TEXT_CHARS);
        long seq = f.integer("seq", 0, Protocol.MAX_COUNTER);
        long playerSeq = f.integer("playerSeq", 0, Protocol.MAX_COUNTER);
        String status = f.pathStatus("status");
        List<Vec3> points = f.vec3List("nav_path", minPoints(status), Integer.MAX_VALUE);
        double speed = f.number("speedMetersPerSecond", 0, Double.MAX_VALUE);
        double serverTime = f.number("serverTime", -Double.MAX_VALUE, Double.MAX_VALUE);
        long mapVersion = f.integer("mapVersion", 1, Protocol.MAX_COUNTER);
        String state = state(f, f.optionalString("state", MAX_TEXT_CHARS));
        String target = f.optionalString("target", MAX_TEXT_CHARS);
        return f.failed() ? null
                : new NavPath(monster, seq, playerSeq, status, points, speed, serverTime, mapVersion, state, target);
    }

    private static LocalNav localNav(Fields f, RequestId id) {
        String monster = f.string("monster", MAX_TEXT_CHARS);
        boolean active = f.bool("active");
        Vec3 slot = f.optionalVec3("slot");
        if (!f.failed() && !active && slot != null) {
            f.reject("slot", "only allowed with active:true");
        }
        return f.failed() ? null : new LocalNav(monster, active, slot);
    }

    private static Monsters monsters(Fields f, RequestId id) {
        double serverTime = f.number("serverTime", -Double.MAX_VALUE, Double.MAX_VALUE);
        List<Fields> entries = f.objectList("list", Integer.MAX_VALUE);
        Long playerSeq = f.optionalInteger("playerSeq", 0, Protocol.MAX_COUNTER);
        List<MonsterSnapshot> list = new ArrayList<>(entries.size());
        for (Fields e : entries) {
            String monster = e.string("monster", MAX_TEXT_CHARS);
            Vec3 pos = e.vec3("pos");
            String state = e.string("state", MAX_TEXT_CHARS);
            if (f.failed()) {
                return null;
            }
            list.add(new MonsterSnapshot(monster, pos, state));
        }
        return f.failed() ? null : new Monsters(serverTime, list, playerSeq == null ? 0 : playerSeq);
    }

    private static ErrorMessage error(Fields f, RequestId id) {
        String code = f.string("code", MAX_TEXT_CHARS);
        String message = f.optionalString("message", Integer.MAX_VALUE);
        return f.failed() ? null : new ErrorMessage(id, code, message);
    }

    private static MapEdited mapEdited(Fields f, RequestId id) {
        String map = f.string("map", MAX_TEXT_CHARS);
        long version = f.integer("version", 1, Protocol.MAX_COUNTER);
        long changed = f.integer("changedCells", 0, Long.MAX_VALUE);
        return f.failed() ? null : new MapEdited(id, map, version, changed);
    }

    /** {@code map_patch}: either {@code reset: true} or cell-rectangle {@code edits}. */
    private static MapPatch mapPatch(Fields f, RequestId id) {
        String map = f.string("map", MAX_TEXT_CHARS);
        long version = f.integer("version", 1, Protocol.MAX_COUNTER);
        if (f.has("reset")) {
            if (!f.bool("reset")) {
                f.reject("reset", "must be true when present");
            }
            return f.failed() ? null : MapPatch.reset(map, version);
        }
        List<Fields> entries = f.objectList("edits", Integer.MAX_VALUE);
        List<TerrainEdit> edits = new ArrayList<>(entries.size());
        for (Fields e : entries) {
            long[] c = e.integers("cells", 4, 0, Integer.MAX_VALUE);
            String terrain = e.string("terrain", MAX_TEXT_CHARS);
            if (f.failed()) {
                return null;
            }
            if (c[2] < 1 || c[3] < 1) {
                e.reject("cells", "width and height must be >= 1");
                return null;
            }
            edits.add(TerrainEdit.cells(new CellRect((int) c[0], (int) c[1], (int) c[2], (int) c[3]), terrain));
        }
        return f.failed() ? null : MapPatch.edits(map, version, edits);
    }

    private static CommandOk commandOk(Fields f, RequestId id) {
        String monster = f.string("monster", MAX_TEXT_CHARS);
        return f.failed() ? null : new CommandOk(id, monster);
    }

    private static RouteOk routeOk(Fields f, RequestId id) {
        String name = f.string("name", MAX_TEXT_CHARS);
        return f.failed() ? null : new RouteOk(id, name);
    }

    private static MonsterEnter monsterEnter(Fields f, RequestId id) {
        String monster = f.string("monster", MAX_TEXT_CHARS);
        String kind = f.string("kind", MAX_TEXT_CHARS);
        Vec3 pos = f.vec3("pos");
        double radius = f.number("radiusMeters", 0, Double.MAX_VALUE);
        double speed = f.number("speedMetersPerSecond", 0, Double.MAX_VALUE);
        String state = state(f, f.string("state", MAX_TEXT_CHARS));
        String target = f.optionalString("target", MAX_TEXT_CHARS);
        Vec3 home = f.optionalVec3("home");
        return f.failed() ? null : new MonsterEnter(monster, kind, pos, radius, speed, state, target, home);
    }

    private static MonsterLeave monsterLeave(Fields f, RequestId id) {
        String monster = f.string("monster", MAX_TEXT_CHARS);
        String reason = FieldRules.oneOf(f, "reason", f.string("reason", MAX_TEXT_CHARS), LeaveReasons.ALL,
                "reason");
        return f.failed() ? null : new MonsterLeave(monster, reason);
    }

    private static MonsterState monsterState(Fields f, RequestId id) {
        String monster = f.string("monster", MAX_TEXT_CHARS);
        String state = state(f, f.string("state", MAX_TEXT_CHARS));
        String target = f.optionalString("target", MAX_TEXT_CHARS);
        return f.failed() ? null : new MonsterState(monster, state, target);
    }

    /** {@code monster_event}: an {@code event} of {@link MonsterEvents}; {@code waypoint} needs route and index. */
    private static MonsterEvent monsterEvent(Fields f, RequestId id) {
        String monster = f.string("monster", MAX_TEXT_CHARS);
        String event = FieldRules.oneOf(f, "event", f.string("event", MAX_TEXT_CHARS), MonsterEvents.ALL, "event");
        String target = f.optionalString("target", MAX_TEXT_CHARS);
        if (MonsterEvents.WAYPOINT.equals(event)) {
            FieldRules.requiredBy(f, "route", "event " + event);
            FieldRules.requiredBy(f, "index", "event " + event);
        }
        String route = f.optionalString("route", MAX_TEXT_CHARS);
        Long index = f.optionalInteger("index", 0, Integer.MAX_VALUE);
        return f.failed() ? null
                : new MonsterEvent(monster, event, target, route, index == null ? null : index.intValue());
    }

    /** A wire state: {@code value} when it is one of {@link MonsterStates} or {@code null}, else a problem. */
    private static String state(Fields f, String value) {
        return FieldRules.oneOf(f, "state", value, MonsterStates.ALL, "state");
    }

    private static Redirect redirect(Fields f, RequestId id) {
        String map = f.string("map", MAX_TEXT_CHARS);
        String host = f.string("host", MAX_TEXT_CHARS);
        int port = (int) f.integer("port", 1, 65535);
        return f.failed() ? null : new Redirect(map, host, port);
    }

    private static Bye bye(Fields f, RequestId id) {
        String reason = f.optionalString("reason", MAX_TEXT_CHARS);
        return f.failed() ? null : new Bye(reason);
    }

    /** A found or partial path has at least one point; other statuses may have none. */
    private static int minPoints(String status) {
        return PathStatus.OK.equals(status) || PathStatus.PARTIAL.equals(status) ? 1 : 0;
    }
}
