package dev.navserver.protocol.message;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * Client → server {@code map_edit} (authority sessions only): sets the terrain of areas of a map, all edits in order
 * or none.
 *
 * @param id    request id to echo in {@code map_edited} or {@code error}, or {@code null}
 * @param map   map to edit, or {@code null} for the session's map
 * @param edits the edits in application order, at least one
 */
@JsonPropertyOrder({"type", "id", "map", "edits"})
public record MapEdit(RequestId id, String map, List<TerrainEdit> edits) implements ClientMessage {
    public static final String TYPE = "map_edit";

    public MapEdit {
        edits = Require.list(edits, "edits");
        if (edits.isEmpty()) {
            throw new IllegalArgumentException("edits must not be empty");
        }
    }

    @Override
    public String type() {
        return TYPE;
    }
}
