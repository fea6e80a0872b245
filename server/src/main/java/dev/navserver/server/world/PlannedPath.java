package dev.navserver.server.world;

/**
 * A planned chase path in world coordinates.
 *
 * @param status   outcome
 * @param xz       waypoints as flat {@code [x0, z0, x1, z1, ...]} pairs in metres, from the monster's position at
 *                 plan time to the path's end; at least one point unless {@code status} is UNREACHABLE
 * @param expanded search nodes expanded
 */
public record PlannedPath(PlanStatus status, double[] xz, int expanded) {
    /** Number of waypoints. */
    public int size() {
        return xz.length / 2;
    }
}
