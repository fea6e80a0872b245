package dev.navserver.protocol.message;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * Server → client {@code map_edited}: the answer to an applied {@code map_edit}.
 *
 * @param id           the {@code map_edit}'s id, or {@code null}
 * @param map          the edited map's name
 * @param version      the map version the edit produced, {@code >= 1}
 * @param changedCells cells whose terrain actually changed, {@code >= 0}
 */
@JsonPropertyOrder({"type", "id", "map", "version", "changedCells"})
public record MapEdited(RequestId id, String map, long version, long changedCells) implements ServerMessage {
    public static final String TYPE = "map_edited";

    public MapEdited {
        Require.nonNull(map, "map");
        Require.mapVersion(version);
        if (changedCells < 0) {
            throw new IllegalArgumentException("changedCells must be >= 0, got " + changedCells);
        }
    }

    @Override
    public String type() {
        return TYPE;
    }
}
