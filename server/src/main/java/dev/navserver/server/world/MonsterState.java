package dev.navserver.server.world;

/** What a monster is doing, as reported in {@code monsters} snapshots. */
public enum MonsterState {
    /** Following a server path toward its player. */
    CHASE("chase"),
    /** Within local-navigation range: the client drives it. */
    LOCAL("local"),
    /** No player position known yet, or the player is gone. */
    IDLE("idle"),
    /** Its player is on another island: it waits at the nearest reachable point. */
    UNREACHABLE("unreachable");

    private final String wire;

    MonsterState(String wire) {
        this.wire = wire;
    }

    /** The lower-case name used on the wire. */
    public String wire() {
        return wire;
    }
}
