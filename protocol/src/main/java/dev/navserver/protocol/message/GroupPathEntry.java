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
 * One unit's entry of a {@code group_path}. On the wire: {@code status} (one of {@link PathStatus}), {@code goal}
 * (the unit's own goal), {@code points} and {@code length} as in {@code path}, written from {@link #path()}.
 *
 * @param path the unit's path
 * @param goal the goal assigned to the unit, Unity world metres
 */
@JsonPropertyOrder({"status", "goal", "points", "length"})
public record GroupPathEntry(@JsonIgnore WorldPath path, @JsonProperty("goal") Vec3 goal) {
    public GroupPathEntry {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(goal, "goal");
    }

    /**
     * From wire values (decoders, tests); the length is the polyline's.
     *
     * @param status one of the {@link PathStatus} strings
     * @throws IllegalArgumentException when {@code status} is not a path status
     */
    public GroupPathEntry(String status, Vec3 goal, List<Vec3> points) {
        this(PathPoints.toPath(status, points), goal);
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
}
