package dev.navserver.server.world;

/** Outcome of planning one chase path, as sent in {@code nav_path.status}. */
public enum PlanStatus {
    /** A path to the player's position (or the walkable cell nearest it). */
    OK("ok"),
    /** A path toward the player that stops short: other island or node budget exceeded. */
    PARTIAL("partial"),
    /** No path at all (the monster stands on no walkable cell of the map). */
    UNREACHABLE("unreachable");

    private final String wire;

    PlanStatus(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }
}
