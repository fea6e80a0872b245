package dev.navserver.server.plan;

/** Outcome of a world-coordinate route query, as sent in {@code path.status}. */
public enum RouteStatus {
    /** A path to the goal (or to the walkable cell nearest a goal on a blocked cell). */
    OK("ok"),
    /** A path toward the goal that stops short: goal on another island, or node budget exceeded. */
    PARTIAL("partial"),
    /** No path at all. */
    UNREACHABLE("unreachable"),
    /** The start lies on a blocked cell. */
    BLOCKED("blocked"),
    /** The start or the goal lies outside the map. */
    OUT_OF_BOUNDS("out_of_bounds");

    private final String wire;

    RouteStatus(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }
}
