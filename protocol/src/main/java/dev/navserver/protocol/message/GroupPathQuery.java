package dev.navserver.protocol.message;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import java.util.Objects;

/**
 * Client → server {@code group_path_query}: paths for a group of units to distinct goals around one point (an RTS
 * group move), answered by {@code group_path}.
 *
 * @param id            request id to echo, or {@code null}
 * @param from          the units' positions in order, Unity world metres; decoded lists hold
 *                      1..{@value dev.navserver.protocol.Protocol#MAX_GROUP_UNITS} positions
 * @param to            the group's destination, Unity world metres
 * @param spacingMeters least distance between two units' goals, metres, in
 *                      {@code [0, }{@value dev.navserver.protocol.Protocol#MAX_GROUP_SPACING_METERS}{@code ]}; or
 *                      {@code null} for the server's default
 */
@JsonPropertyOrder({"type", "id", "from", "to", "spacingMeters"})
public record GroupPathQuery(RequestId id, List<Vec3> from, Vec3 to, Double spacingMeters) implements ClientMessage {
    public static final String TYPE = "group_path_query";

    public GroupPathQuery {
        from = Require.list(from, "from");
        Objects.requireNonNull(to, "to");
        if (spacingMeters != null) {
            Require.finite(spacingMeters, "spacingMeters");
        }
    }

    @Override
    public String type() {
        return TYPE;
    }
}
