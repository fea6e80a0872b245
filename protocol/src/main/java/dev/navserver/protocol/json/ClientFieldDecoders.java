package dev.navserver.protocol.json;

import dev.navserver.protocol.Protocol;
import dev.navserver.protocol.TerrainNames;
import dev.navserver.protocol.message.Bye;
import dev.navserver.protocol.message.CellRect;
import dev.navserver.protocol.message.MapEdit;
import dev.navserver.protocol.message.TerrainEdit;
import dev.navserver.protocol.message.FromClient;
import dev.navserver.protocol.message.GroupPathQuery;
import dev.navserver.protocol.message.Hello;
import dev.navserver.protocol.message.PathQuery;
import dev.navserver.protocol.message.Ping;
import dev.navserver.protocol.message.PlayerPos;
import dev.navserver.protocol.message.RequestId;
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
    static final Map<String, FieldDecoder<? extends FromClient>> BY_TYPE = Map.of(
            Hello.TYPE, ClientFieldDecoders::hello,
            PlayerPos.TYPE, ClientFieldDecoders::playerPos,
            Spawn.TYPE, ClientFieldDecoders::spawn,
            PathQuery.TYPE, ClientFieldDecoders::pathQuery,
            GroupPathQuery.TYPE, ClientFieldDecoders::groupPathQuery,
            ValidatePath.TYPE, ClientFieldDecoders::validatePath,
            Ping.TYPE, (f, id) -> new Ping(id),
            Bye.TYPE, ClientFieldDecoders::bye,
            MapEdit.TYPE, ClientFieldDecoders::mapEdit);

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
        return f.failed() ? null : new PlayerPos(id, seq, pos);
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

    private static Bye bye(Fields f, RequestId id) {
        String reason = f.optionalString("reason", Protocol.MAX_NAME_CHARS);
        return f.failed() ? null : new Bye(reason);
    }
}
