package dev.navserver.protocol.json;

import dev.navserver.protocol.BehaviourTypes;
import dev.navserver.protocol.MonsterCommands;
import dev.navserver.protocol.Protocol;
import dev.navserver.protocol.RouteModes;
import dev.navserver.protocol.TerrainNames;
import dev.navserver.protocol.message.BehaviourSpec;
import dev.navserver.protocol.message.Bye;
import dev.navserver.protocol.message.CellRect;
import dev.navserver.protocol.message.MapEdit;
import dev.navserver.protocol.message.TerrainEdit;
import dev.navserver.protocol.message.FromClient;
import dev.navserver.protocol.message.GroupPathQuery;
import dev.navserver.protocol.message.Hello;
import dev.navserver.protocol.message.MonsterCommand;
import dev.navserver.protocol.message.MonsterSpawn;
import dev.navserver.protocol.message.Offset;
import dev.navserver.protocol.message.PathQuery;
import dev.navserver.protocol.message.Ping;
import dev.navserver.protocol.message.PlayerLeave;
import dev.navserver.protocol.message.PlayerPos;
import dev.navserver.protocol.message.RequestId;
import dev.navserver.protocol.message.Route;
import dev.navserver.protocol.message.Spawn;
import dev.navserver.protocol.message.ValidatePath;
import dev.navserver.protocol.message.Vec3;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The fields of each client → server message type and their limits: names at most
 * {@link Protocol#MAX_NAME_CHARS} chars, counters within {@link Protocol#MAX_COUNTER}, at most
 * {@link Protocol#MAX_VALIDATE_POINTS} points to validate. Stateless.
 */
final class ClientFieldDecoders {
    /** Decoder of each client message type, keyed by {@code type}. Immutable. */
    static final Map<String, FieldDecoder<? extends FromClient>> BY_TYPE = Map.ofEntries(
            Map.entry(Hello.TYPE, ClientFieldDecoders::hello),
            Map.entry(PlayerPos.TYPE, ClientFieldDecoders::playerPos),
            Map.entry(Spawn.TYPE, ClientFieldDecoders::spawn),
            Map.entry(PathQuery.TYPE, ClientFieldDecoders::pathQuery),
            Map.entry(GroupPathQuery.TYPE, ClientFieldDecoders::groupPathQuery),
            Map.entry(ValidatePath.TYPE, ClientFieldDecoders::validatePath),
            Map.entry(Ping.TYPE, (f, id) -> new Ping(id)),
            Map.entry(Bye.TYPE, ClientFieldDecoders::bye),
            Map.entry(MapEdit.TYPE, ClientFieldDecoders::mapEdit),
            Map.entry(MonsterSpawn.TYPE, ClientFieldDecoders::monsterSpawn),
            Map.entry(MonsterCommand.TYPE, ClientFieldDecoders::monsterCommand),
            Map.entry(Route.TYPE, ClientFieldDecoders::route),
            Map.entry(PlayerLeave.TYPE, ClientFieldDecoders::playerLeave));

    private ClientFieldDecoders() {
    }

    private static Hello hello(Fields f, RequestId id) {
        int protocol = (int) f.integer("protocol", 1, Integer.MAX_VALUE);
        String player = f.string("player", Protocol.MAX_NAME_CHARS);
        String map = f.optionalString("map", Protocol.MAX_NAME_CHARS);
        String token = f.optionalString("token", Protocol.MAX_TOKEN_CHARS); // messages never quote its value
        return f.failed() ? null : new Hello(id, protocol, player, map, token);
    }

    private static PlayerPos playerPos(Fields f, RequestId id) {
        long seq = f.integer("seq", 0, Protocol.MAX_COUNTER);
        Vec3 pos = f.vec3("pos");
        String player = f.optionalString("player", Protocol.MAX_NAME_CHARS);
        return f.failed() ? null : new PlayerPos(id, seq, pos, player);
    }

    private static Spawn spawn(Fields f, RequestId id) {
        Vec3 pos = f.vec3("pos");
        return f.failed() ? null : new Spawn(id, pos);
    }

    private static PathQuery pathQuery(Fields f, RequestId id) {
        Vec3 from = f.vec3("from");
        Vec3 to = f.vec3("to");
        return f.failed() ? null : new PathQuery(id, from, to);
    }

    /**
     * {@code group_path_query}: 1..{@link Protocol#MAX_GROUP_UNITS} positions, a goal, and an optional spacing in
     * {@code [0, }{@link Protocol#MAX_GROUP_SPACING_METERS}{@code ]} metres.
     */
    private static GroupPathQuery groupPathQuery(Fields f, RequestId id) {
        List<Vec3> from = f.vec3List("from", 1, Protocol.MAX_GROUP_UNITS);
        Vec3 to = f.vec3("to");
        Double spacing = f.optionalNumber("spacingMeters", 0, Protocol.MAX_GROUP_SPACING_METERS);
        return f.failed() ? null : new GroupPathQuery(id, from, to, spacing);
    }

    private static ValidatePath validatePath(Fields f, RequestId id) {
        List<Vec3> points = f.vec3List("points", 1, Protocol.MAX_VALIDATE_POINTS);
        return f.failed() ? null : new ValidatePath(id, points);
    }

    /**
     * {@code map_edit}: 1..{@link Protocol#MAX_EDITS} edits, each with exactly one of {@code cells} (4 ints, width
     * and height {@code >= 1}) or {@code rect} (2 positions), and a terrain of {@link TerrainNames#EDITABLE}. Whether
     * the areas are on the map is the server's check ({@code out_of_bounds}).
     */
    private static MapEdit mapEdit(Fields f, RequestId id) {
        String map = f.optionalString("map", Protocol.MAX_NAME_CHARS);
        List<TerrainEdit> edits = edits(f);
        return f.failed() ? null : new MapEdit(id, map, edits);
    }

    /**
     * The {@code edits} field of a {@code map_edit} (or of the admin API's edit body), checked as described at
     * {@link #mapEdit}; {@code null} after a problem recorded in {@code f}.
     */
    static List<TerrainEdit> edits(Fields f) {
        List<Fields> entries = f.objectList("edits", 1, Protocol.MAX_EDITS);
        List<TerrainEdit> edits = new ArrayList<>(entries.size());
        for (Fields e : entries) {
            TerrainEdit edit = terrainEdit(e);
            if (f.failed()) {
                return null;
            }
            edits.add(edit);
        }
        return f.failed() ? null : List.copyOf(edits);
    }

    private static TerrainEdit terrainEdit(Fields e) {
        boolean hasCells = e.has("cells");
        boolean hasRect = e.has("rect");
        if (hasCells == hasRect) {
            e.reject(hasCells ? "rect" : "cells", hasCells ? "must not be given with cells"
                    : "required field missing (or rect)");
            return null;
        }
        CellRect cells = null;
        List<Vec3> rect = null;
        if (hasCells) {
            long[] c = e.integers("cells", 4, Integer.MIN_VALUE, Integer.MAX_VALUE);
            if (c == null) {
                return null;
            }
            if (c[2] < 1 || c[3] < 1) {
                e.reject("cells", "width and height must be >= 1, got " + c[2] + "x" + c[3]);
                return null;
            }
            cells = new CellRect((int) c[0], (int) c[1], (int) c[2], (int) c[3]);
        } else {
            rect = e.vec3List("rect", 2, 2);
            if (e.failed()) {
                return null;
            }
        }
        String terrain = e.string("terrain", Protocol.MAX_NAME_CHARS);
        if (terrain != null && !TerrainNames.EDITABLE.contains(terrain)) {
            e.reject("terrain", "unknown terrain '" + LineParser.excerpt(terrain) + "', expected one of "
                    + String.join(", ", TerrainNames.EDITABLE));
            return null;
        }
        return e.failed() ? null : new TerrainEdit(cells, rect, terrain);
    }

    /** {@code monster_spawn}: optional {@code map}, {@code kind}, {@code behaviour} (see {@link #behaviour}), {@code home}. */
    private static MonsterSpawn monsterSpawn(Fields f, RequestId id) {
        String map = f.optionalString("map", Protocol.MAX_NAME_CHARS);
        Vec3 pos = f.vec3("pos");
        String kind = f.optionalString("kind", Protocol.MAX_NAME_CHARS);
        BehaviourSpec behaviour = behaviour(f.optionalObject("behaviour"));
        Vec3 home = f.optionalVec3("home");
        return f.failed() ? null : new MonsterSpawn(id, map, pos, kind, behaviour, home);
    }

    /**
     * A {@code behaviour} object: a {@code type} of {@link BehaviourTypes}, {@code radiusMeters} required by
     * {@code wander}, {@code route} required by {@code patrol}; other fields are ignored. {@code null} for an absent
     * object or after a problem.
     */
    private static BehaviourSpec behaviour(Fields b) {
        if (b == null) {
            return null;
        }
        String type = FieldRules.oneOf(b, "type", b.string("type", Protocol.MAX_NAME_CHARS), BehaviourTypes.ALL,
                "behaviour type");
        if (b.failed()) {
            return null;
        }
        String by = "behaviour " + type;
        Double radius = BehaviourTypes.WANDER.equals(type) && FieldRules.requiredBy(b, "radiusMeters", by)
                ? wanderRadius(b) : null;
        String route = BehaviourTypes.PATROL.equals(type) && FieldRules.requiredBy(b, "route", by)
                ? b.string("route", Protocol.MAX_NAME_CHARS) : null;
        return b.failed() ? null : new BehaviourSpec(type, radius, route);
    }

    /**
     * {@code monster_command}: a {@code command} of {@link MonsterCommands} and exactly the fields it needs
     * ({@code target}, {@code pos}, {@code route}, {@code radiusMeters}; {@code offset} optional with {@code follow});
     * fields the command does not use are ignored.
     */
    private static MonsterCommand monsterCommand(Fields f, RequestId id) {
        String monster = f.string("monster", Protocol.MAX_NAME_CHARS);
        String command = FieldRules.oneOf(f, "command", f.string("command", Protocol.MAX_NAME_CHARS),
                MonsterCommands.ALL, "command");
        if (f.failed()) {
            return null;
        }
        String by = "command " + command;
        String target = MonsterCommands.needsTarget(command) && FieldRules.requiredBy(f, "target", by)
                ? f.string("target", Protocol.MAX_NAME_CHARS) : null;
        Vec3 pos = MonsterCommands.needsPos(command) && FieldRules.requiredBy(f, "pos", by) ? f.vec3("pos") : null;
        double[] offset = MonsterCommands.takesOffset(command)
                ? f.optionalNumbers("offset", 2, -Protocol.MAX_FOLLOW_OFFSET_METERS, Protocol.MAX_FOLLOW_OFFSET_METERS)
                : null;
        String route = MonsterCommands.needsRoute(command) && FieldRules.requiredBy(f, "route", by)
                ? f.string("route", Protocol.MAX_NAME_CHARS) : null;
        Double radius = MonsterCommands.needsRadius(command) && FieldRules.requiredBy(f, "radiusMeters", by)
                ? wanderRadius(f) : null;
        return f.failed() ? null : new MonsterCommand(id, monster, command, target, pos,
                offset == null ? null : new Offset(offset[0], offset[1]), route, radius);
    }

    /** {@code radiusMeters} of a wander: {@code > 0} and at most {@link Protocol#MAX_WANDER_RADIUS_METERS}. */
    private static Double wanderRadius(Fields f) {
        Double r = f.optionalNumber("radiusMeters", -Double.MAX_VALUE, Double.MAX_VALUE);
        if (r != null && !(r > 0 && r <= Protocol.MAX_WANDER_RADIUS_METERS)) {
            f.reject("radiusMeters", r + " is out of range (0, " + Protocol.MAX_WANDER_RADIUS_METERS + "]");
            return null;
        }
        return r;
    }

    /**
     * {@code route}: {@code name}, {@link Protocol#MIN_ROUTE_POINTS}..{@link Protocol#MAX_ROUTE_POINTS} points, an
     * optional {@code mode} of {@link RouteModes} (default loop) and {@code waitSeconds} in
     * {@code [0, }{@link Protocol#MAX_ROUTE_WAIT_SECONDS}{@code ]} (default 0).
     */
    private static Route route(Fields f, RequestId id) {
        String map = f.optionalString("map", Protocol.MAX_NAME_CHARS);
        String name = f.string("name", Protocol.MAX_NAME_CHARS);
        List<Vec3> points = f.vec3List("points", Protocol.MIN_ROUTE_POINTS, Protocol.MAX_ROUTE_POINTS);
        String mode = FieldRules.oneOf(f, "mode", f.optionalString("mode", Protocol.MAX_NAME_CHARS), RouteModes.ALL,
                "mode");
        Double wait = f.optionalNumber("waitSeconds", 0, Protocol.MAX_ROUTE_WAIT_SECONDS);
        return f.failed() ? null : new Route(id, map, name, points, mode, wait == null ? 0 : wait);
    }

    private static PlayerLeave playerLeave(Fields f, RequestId id) {
        String player = f.string("player", Protocol.MAX_NAME_CHARS);
        return f.failed() ? null : new PlayerLeave(id, player);
    }

    private static Bye bye(Fields f, RequestId id) {
        String reason = f.optionalString("reason", Protocol.MAX_NAME_CHARS);
        return f.failed() ? null : new Bye(reason);
    }
}
