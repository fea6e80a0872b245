package dev.navserver.protocol.message;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * Server → client {@code nav_path}: the path a monster walks toward its player. The points are under the JSON key
 * {@code nav_path}, which the Unity client reads.
 *
 * @param monster              monster id
 * @param seq                  per-monster counter; a client drops a {@code nav_path} older than one it has
 * @param playerSeq            {@code seq} of the {@code player_pos} the plan aimed at
 * @param status               {@link dev.navserver.protocol.PathStatus#OK}, {@code PARTIAL} or {@code UNREACHABLE}
 * @param navPath              turning points from the monster's position to the planned target, Unity world metres,
 *                             {@code y} = the map origin's y
 * @param speedMetersPerSecond the monster's speed, metres per second
 * @param serverTime           server clock when planned, seconds
 */
public record NavPath(String monster, long seq, long playerSeq, String status,
                      @JsonProperty("nav_path") List<Vec3> navPath, double speedMetersPerSecond, double serverTime)
        implements ServerMessage {
    public static final String TYPE = "nav_path";

    public NavPath {
        Require.nonNull(monster, "monster");
        Require.nonNull(status, "status");
        navPath = Require.list(navPath, "navPath");
        Require.finite(speedMetersPerSecond, "speedMetersPerSecond");
        Require.finite(serverTime, "serverTime");
    }

    @Override
    public String type() {
        return TYPE;
    }
}
