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
 * Server → client {@code nav_path}: the path a monster walks (toward its target while chasing), sent to every
 * session that has the monster in view. On the wire the status is {@link PathStatus#wire} of the path's status and
 * the points are under the JSON key {@code nav_path}, which the Unity client reads; both are written straight from
 * {@link #path()}.
 *
 * @param monster              monster id
 * @param seq                  per-monster counter; a client drops a {@code nav_path} older than one it has
 * @param playerSeq            {@code seq} of the {@code player_pos} the plan aimed at (of the chased player's
 *                             session; 0 when the path aims at no player)
 * @param path                 the path: status FOUND ({@code ok}), PARTIAL or UNREACHABLE, turning points from the
 *                             monster's position to the planned target, Unity world metres, {@code y} = the map
 *                             origin's y
 * @param speedMetersPerSecond the monster's speed, metres per second
 * @param serverTime           server clock when planned, seconds
 * @param mapVersion           version of the map the path was planned on, {@code >= 1}
 * @param state                the monster's wire state (one of {@link dev.navserver.protocol.MonsterStates}), or
 *                             {@code null} when not sent; written after the other fields, only when non-null
 * @param target               the chased player's name while chasing, or {@code null}; written last, only when
 *                             non-null
 */
@JsonPropertyOrder({"type", "monster", "seq", "playerSeq", "status", "nav_path", "speedMetersPerSecond",
        "serverTime", "mapVersion", "state", "target"})
public record NavPath(String monster, long seq, long playerSeq, @JsonIgnore WorldPath path,
                      double speedMetersPerSecond, double serverTime, long mapVersion, String state, String target)
        implements ServerMessage {
    public static final String TYPE = "nav_path";

    public NavPath {
        Require.nonNull(monster, "monster");
        Objects.requireNonNull(path, "path");
        Require.finite(speedMetersPerSecond, "speedMetersPerSecond");
        Require.finite(serverTime, "serverTime");
        Require.mapVersion(mapVersion);
    }

    /** A path without state and target. */
    public NavPath(String monster, long seq, long playerSeq, WorldPath path, double speedMetersPerSecond,
            double serverTime, long mapVersion) {
        this(monster, seq, playerSeq, path, speedMetersPerSecond, serverTime, mapVersion, null, null);
    }

    /**
     * From wire values (decoders, tests).
     *
     * @param status one of the {@link PathStatus} strings
     * @throws IllegalArgumentException when {@code status} is not a path status
     */
    public NavPath(String monster, long seq, long playerSeq, String status, List<Vec3> navPath,
            double speedMetersPerSecond, double serverTime, long mapVersion, String state, String target) {
        this(monster, seq, playerSeq, PathPoints.toPath(status, navPath), speedMetersPerSecond, serverTime,
                mapVersion, state, target);
    }

    /** From wire values, without state and target. */
    public NavPath(String monster, long seq, long playerSeq, String status, List<Vec3> navPath,
            double speedMetersPerSecond, double serverTime, long mapVersion) {
        this(monster, seq, playerSeq, status, navPath, speedMetersPerSecond, serverTime, mapVersion, null, null);
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
