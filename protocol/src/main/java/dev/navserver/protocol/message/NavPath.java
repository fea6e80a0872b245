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
 * Server → client {@code nav_path}: the path a monster walks toward its player. On the wire the status is
 * {@link PathStatus#wire} of the path's status and the points are under the JSON key {@code nav_path}, which the
 * Unity client reads; both are written straight from {@link #path()}.
 *
 * @param monster              monster id
 * @param seq                  per-monster counter; a client drops a {@code nav_path} older than one it has
 * @param playerSeq            {@code seq} of the {@code player_pos} the plan aimed at
 * @param path                 the path: status FOUND ({@code ok}), PARTIAL or UNREACHABLE, turning points from the
 *                             monster's position to the planned target, Unity world metres, {@code y} = the map
 *                             origin's y
 * @param speedMetersPerSecond the monster's speed, metres per second
 * @param serverTime           server clock when planned, seconds
 * @param mapVersion           version of the map the path was planned on, {@code >= 1}
 */
@JsonPropertyOrder({"type", "monster", "seq", "playerSeq", "status", "nav_path", "speedMetersPerSecond",
        "serverTime", "mapVersion"})
public record NavPath(String monster, long seq, long playerSeq, @JsonIgnore WorldPath path,
                      double speedMetersPerSecond, double serverTime, long mapVersion) implements ServerMessage {
    public static final String TYPE = "nav_path";

    public NavPath {
        Require.nonNull(monster, "monster");
        Objects.requireNonNull(path, "path");
        Require.finite(speedMetersPerSecond, "speedMetersPerSecond");
        Require.finite(serverTime, "serverTime");
        Require.mapVersion(mapVersion);
    }

    /**
     * From wire values (decoders, tests).
     *
     * @param status one of the {@link PathStatus} strings
     * @throws IllegalArgumentException when {@code status} is not a path status
     */
    public NavPath(String monster, long seq, long playerSeq, String status, List<Vec3> navPath,
            double speedMetersPerSecond, double serverTime, long mapVersion) {
        this(monster, seq, playerSeq, PathPoints.toPath(status, navPath), speedMetersPerSecond, serverTime,
                mapVersion);
    }

    /** From wire values, planned on the first version of the map (tests and fake servers). */
    public NavPath(String monster, long seq, long playerSeq, String status, List<Vec3> navPath,
            double speedMetersPerSecond, double serverTime) {
        this(monster, seq, playerSeq, status, navPath, speedMetersPerSecond, serverTime, 1);
    }

    /** The wire status, one of {@link PathStatus}. */
    @JsonProperty("status")
    public String status() {
        return PathStatus.wire(path.status());
    }

    /** The path's points as a read-only list (a view; each call of {@code get} makes a {@link Vec3}). */
    @JsonIgnore
    public List<Vec3> navPath() {
        return PathPoints.view(path);
    }

    @JsonProperty("nav_path")
    @JsonSerialize(using = PathPoints.Serializer.class)
    WorldPath wirePoints() {
        return path;
    }

    @Override
    public String type() {
        return TYPE;
    }
}
