package dev.navserver.server.plan;

import dev.navserver.nav.smooth.WorldPath;

/**
 * A route in world coordinates.
 *
 * @param status   outcome
 * @param path     smoothed waypoints from the exact start to the route's end; null unless OK or PARTIAL
 * @param expanded search nodes expanded
 */
public record Route(RouteStatus status, WorldPath path, int expanded) {
    /** Length of the path in metres; 0 without a path. */
    public double lengthMeters() {
        return path == null ? 0 : path.length();
    }
}
