package dev.navserver.protocol.message;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * Server → client {@code group_path}: the answer to {@code group_path_query}, one entry per unit in the query's
 * order.
 *
 * @param id         the query's id, or {@code null}
 * @param paths      one entry per {@code from} position, same order
 * @param mapVersion version of the map the paths were planned on, {@code >= 1}
 */
@JsonPropertyOrder({"type", "id", "paths", "mapVersion"})
public record GroupPath(RequestId id, List<GroupPathEntry> paths, long mapVersion) implements ServerMessage {
    public static final String TYPE = "group_path";

    public GroupPath {
        paths = Require.list(paths, "paths");
        Require.mapVersion(mapVersion);
    }

    @Override
    public String type() {
        return TYPE;
    }
}
