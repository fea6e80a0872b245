package dev.navserver.protocol.message;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * Server → client {@code map_patch}: the map of the session changed to {@code version}. Either {@code edits}, cell
 * rectangles with their new terrain in application order (applying them to the grid of the previous version gives
 * the grid of this one), or {@code reset: true}, the map file was reloaded: re-read it, earlier edits are gone.
 *
 * @param map     map name
 * @param version the version the patch produces, {@code >= 1}
 * @param edits   cell-rectangle edits with engine terrain names, or {@code null} with {@code reset}
 * @param reset   {@code true} for a file reload, or {@code null} with {@code edits}
 */
@JsonPropertyOrder({"type", "map", "version", "edits", "reset"})
public record MapPatch(String map, long version, List<TerrainEdit> edits, Boolean reset) implements ServerMessage {
    public static final String TYPE = "map_patch";

    public MapPatch {
        Require.nonNull(map, "map");
        Require.mapVersion(version);
        if ((edits == null) == (reset == null) || Boolean.FALSE.equals(reset)) {
            throw new IllegalArgumentException("exactly one of edits and reset=true must be set");
        }
        if (edits != null) {
            edits = List.copyOf(edits);
            for (TerrainEdit e : edits) {
                if (e.cells() == null) {
                    throw new IllegalArgumentException("map_patch edits are cell rectangles");
                }
            }
        }
    }

    /** The patch of an applied edit message. */
    public static MapPatch edits(String map, long version, List<TerrainEdit> edits) {
        return new MapPatch(map, version, edits, null);
    }

    /** The patch of a map file reload. */
    public static MapPatch reset(String map, long version) {
        return new MapPatch(map, version, null, Boolean.TRUE);
    }

    @Override
    public String type() {
        return TYPE;
    }
}
