package dev.navserver.server.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.navserver.protocol.message.TerrainEdit;
import dev.navserver.server.editlog.EditLogException;
import dev.navserver.server.editlog.EditRecords;
import dev.navserver.server.editlog.LogFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/**
 * The snapshot reference of a map's etcd log ({@link ClusterKeys#logSnapshot}): {@code {"identity":..,
 * "version":..,"file":..}}, and the snapshot files it names in {@code cluster.snapshotDir} (the {@link EditRecords}
 * snapshot line). Stateless.
 */
final class SnapshotRefs {
    private static final ObjectMapper JSON = new ObjectMapper();

    private SnapshotRefs() {
    }

    /** The reference's UTF-8 JSON; {@code file} null for a log without a snapshot file. */
    static byte[] ref(String identity, long version, String file) {
        ObjectNode o = JSON.createObjectNode().put("identity", identity).put("version", version);
        if (file != null) {
            o.put("file", file);
        }
        return o.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** A reference read from etcd: at least {@code identity} and {@code version}. */
    static JsonNode parse(byte[] json, String map) throws EditLogException {
        try {
            JsonNode n = JSON.readTree(json);
            if (n != null && n.path("identity").isTextual() && n.path("version").canConvertToLong()) {
                return n;
            }
        } catch (IOException e) {
            // reported below
        }
        throw new EditLogException("map " + map + ": damaged snapshot reference in etcd");
    }

    /** The edits of snapshot {@code file} of {@code map} at {@code version}, checked. */
    static List<TerrainEdit> edits(Path snapshotDir, String map, String file, long version) throws EditLogException {
        byte[] b = LogFiles.read(snapshotDir.resolve(file));
        EditRecords.Head h = EditRecords.head(EditRecords.verified(b, 0, Math.max(0, b.length - 1)), "snapshot");
        if (h == null || !h.map().equals(map) || h.version() != version) {
            throw new EditLogException(snapshotDir.resolve(file) + ": damaged snapshot of map " + map
                    + " (checksum, format or version)");
        }
        return h.edits();
    }
}
