package dev.navserver.server.world;

import java.util.List;

/**
 * Receives what a {@link World} tells its sessions. Called on the tick thread only; implementations hand the
 * message to the network layer without blocking.
 */
public interface ChaseListener {
    /**
     * A new path for a monster.
     *
     * @param points      waypoints as flat {@code [x0, y0, z0, x1, y1, z1, ...]} world metres, first = the monster's
     *                    position, last = the planned goal
     * @param serverTime  seconds since the server started
     */
    void navPath(String sessionId, String monsterId, long seq, long playerSeq, PlanStatus status, double[] points,
            double speedMetersPerSecond, double serverTime);

    /** Local navigation switched on or off for a monster. */
    void localNav(String sessionId, String monsterId, boolean active);

    /** Authoritative positions of one session's monsters. */
    void monsters(String sessionId, double serverTime, List<MonsterView> monsters);

    /** A snapshot entry: monster id, position in world metres, state. */
    record MonsterView(String monsterId, double x, double y, double z, MonsterState state) {
    }
}
