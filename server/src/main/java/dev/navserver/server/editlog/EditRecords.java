package dev.navserver.server.editlog;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.navserver.protocol.message.CellRect;
import dev.navserver.protocol.message.TerrainEdit;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * The text form of edit log lines: {@code <crc32c as 8 hex digits> <json>\n}, the checksum taken over the JSON's
 * UTF-8 bytes. Three kinds of JSON object:
 * <ul>
 *   <li>header, the first line of a log: {@code {"kind":"header","format":1,"map":"arena","identity":"sha256:...",
 *   "after":7}}: records follow version 7;</li>
 *   <li>record: {@code {"v":8,"edits":[{"cells":[10,20,8,2],"terrain":"wall"}]}};</li>
 *   <li>snapshot, the only line of a snapshot file: {@code {"kind":"snapshot","format":1,"map":"arena",
 *   "identity":"sha256:...","version":1000,"edits":[...]}}, the edits turning the file's map into version 1000.</li>
 * </ul>
 * Edits are {@code map_patch} edits: cell rectangles with engine terrain names. The cluster's etcd log stores
 * records and snapshot files in the same form. Stateless and thread-safe.
 */
public final class EditRecords {
    /** The {@code format} this build writes and reads. */
    static final int FORMAT = 1;
    private static final ObjectMapper JSON = new ObjectMapper();

    /** A decoded header or snapshot line. */
    public record Head(String kind, String map, String identity, long version, List<TerrainEdit> edits) {
    }

    /** A decoded record line. */
    public record Record(long version, List<TerrainEdit> edits) {
    }

    private EditRecords() {
    }

    public static byte[] header(String map, String identity, long after) {
        ObjectNode o = JSON.createObjectNode().put("kind", "header").put("format", FORMAT).put("map", map)
                .put("identity", identity).put("after", after);
        return line(o);
    }

    public static byte[] snapshot(String map, String identity, long version, List<TerrainEdit> edits) {
        ObjectNode o = JSON.createObjectNode().put("kind", "snapshot").put("format", FORMAT).put("map", map)
                .put("identity", identity).put("version", version);
        o.set("edits", edits(edits));
        return line(o);
    }

    public static byte[] record(long version, List<TerrainEdit> edits) {
        ObjectNode o = JSON.createObjectNode().put("v", version);
        o.set("edits", edits(edits));
        return line(o);
    }

    /**
     * The JSON of one line (without its {@code \n}) if its checksum matches, else null.
     */
    public static JsonNode verified(byte[] buf, int from, int to) {
        if (to - from < 10 || buf[from + 8] != ' ') {
            return null;
        }
        long expected;
        try {
            expected = Long.parseLong(new String(buf, from, 8, StandardCharsets.US_ASCII), 16);
        } catch (NumberFormatException e) {
            return null;
        }
        CRC32C crc = new CRC32C();
        crc.update(buf, from + 9, to - from - 9);
        if (crc.getValue() != expected) {
            return null;
        }
        try {
            return JSON.readTree(buf, from + 9, to - from - 9);
        } catch (IOException e) {
            return null;
        }
    }

    /** A header or snapshot; null when the JSON is not one of {@code kind}. */
    public static Head head(JsonNode n, String kind) {
        if (n == null || !kind.equals(n.path("kind").asText()) || n.path("format").asInt() != FORMAT
                || !n.path("map").isTextual() || !n.path("identity").isTextual()) {
            return null;
        }
        long version = n.path("header".equals(kind) ? "after" : "version").asLong(-1);
        List<TerrainEdit> edits = "snapshot".equals(kind) ? edits(n.path("edits")) : List.of();
        if (version < 0 || edits == null) {
            return null;
        }
        return new Head(kind, n.path("map").asText(), n.path("identity").asText(), version, edits);
    }

    /** A record; null when the JSON is not one. */
    public static Record record(JsonNode n) {
        if (n == null || !n.path("v").canConvertToLong()) {
            return null;
        }
        List<TerrainEdit> edits = edits(n.path("edits"));
        return edits == null ? null : new Record(n.path("v").asLong(), edits);
    }

    private static List<TerrainEdit> edits(JsonNode a) {
        if (!a.isArray()) {
            return null;
        }
        List<TerrainEdit> out = new ArrayList<>(a.size());
        for (JsonNode e : a) {
            JsonNode c = e.path("cells");
            if (!c.isArray() || c.size() != 4 || !e.path("terrain").isTextual() || c.get(2).asInt() < 1
                    || c.get(3).asInt() < 1) {
                return null;
            }
            out.add(TerrainEdit.cells(new CellRect(c.get(0).asInt(), c.get(1).asInt(), c.get(2).asInt(),
                    c.get(3).asInt()), e.path("terrain").asText()));
        }
        return out;
    }

    private static ArrayNode edits(List<TerrainEdit> edits) {
        ArrayNode a = JSON.createArrayNode();
        for (TerrainEdit e : edits) {
            if (e.cells() == null) {
                throw new IllegalArgumentException("edit log edits are cell rectangles, got " + e);
            }
            CellRect c = e.cells();
            ObjectNode o = a.addObject();
            o.putArray("cells").add(c.col()).add(c.row()).add(c.width()).add(c.height());
            o.put("terrain", e.terrain());
        }
        return a;
    }

    private static byte[] line(ObjectNode o) {
        byte[] json;
        try {
            json = JSON.writeValueAsBytes(o);
        } catch (IOException e) {
            throw new IllegalStateException("a JSON tree always serialises", e);
        }
        CRC32C crc = new CRC32C();
        crc.update(json);
        byte[] out = new byte[json.length + 10];
        System.arraycopy(String.format("%08x ", crc.getValue()).getBytes(StandardCharsets.US_ASCII), 0, out, 0, 9);
        System.arraycopy(json, 0, out, 9, json.length);
        out[out.length - 1] = '\n';
        return out;
    }
}
