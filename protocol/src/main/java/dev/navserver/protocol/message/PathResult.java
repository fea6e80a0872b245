package dev.navserver.protocol.message;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import dev.navserver.nav.smooth.WorldPath;
import dev.navserver.protocol.PathStatus;
import java.util.List;
import java.util.Objects;

/**
 * Server → client {@code path}: the answer to {@code path_query}. On the wire: {@code status} (one of
 * {@link PathStatus}), {@code points} (turning points from start to the (nearest reachable) goal, Unity world
 * metres; empty when there is no path), {@code length} (of the polyline, metres), all written from {@link #path()},
 * and {@code mapVersion}.
 *
 * @param id         the query's id, or {@code null}
 * @param path       the planner's path
 * @param mapVersion version of the map the path was planned on, {@code >= 1}
 */
@JsonPropertyOrder({"type", "id", "status", "points", "length", "mapVersion"})
public record PathResult(RequestId id, @JsonIgnore WorldPath path, long mapVersion) implements ServerMessage {
    public static final String TYPE = "path";

    public PathResult {
        Objects.requireNonNull(path, "path");
        Require.mapVersion(mapVersion);
    }

    /**
     * From wire values (decoders, tests); the length is the polyline's.
     *
     * @param status one of the {@link PathStatus} strings
     * @throws IllegalArgumentException when {@code status} is not a path status
     */
    public PathResult(RequestId id, String status, List<Vec3> points, long mapVersion) {
        this(id, PathPoints.toPath(status, points), mapVersion);
    }

    /** From wire values, planned on the first version of the map (tests and fake servers). */
    public PathResult(RequestId id, String status, List<Vec3> points) {
        this(id, status, points, 1);
    }

    /** The wire status, one of {@link PathStatus}. */
    @JsonProperty("status")
    public String status() {
        return PathStatus.wire(path.status());
    }

    /** The path's points as a read-only list (a view). */
    @JsonIgnore
    public List<Vec3> points() {
        return PathPoints.view(path);
    }

    @JsonProperty("points")
    @JsonSerialize(using = PathPoints.Serializer.class)
    WorldPath wirePoints() {
        return path;
    }

    /** Length of the polyline through the points, metres. */
    @JsonProperty("length")
    public double length() {
        return path.length();
    }

    @Override
    public String type() {
        return TYPE;
    }
}
