package dev.navserver.server.world;

/**
 * The parts of a world's tick whose CPU time is measured ({@link WorldMetrics#tickPhase}), in tick order; each has the
 * label it is exported under ({@code navserver_tick_phase_cpu_seconds_total{phase=...}}).
 */
public enum TickPhase {
    /** Finished plans adopted, moved players' re-plan rule. */
    PLANS("plans"),
    /** Behaviours, aggro, leash, despawns, world file respawns, and the planning pass (who is due, submitted). */
    BEHAVIOUR("behaviour"),
    /** Surround slots and walking paths ({@link MonsterMover}). */
    MOVE("move"),
    /** Reciprocal avoidance ({@link Avoidance}). */
    AVOIDANCE("avoidance"),
    /** Local navigation switches and body separation ({@link BodySeparation}). */
    BODIES("bodies"),
    /** State changes announced, views updated ({@link Interest}). */
    VIEWS("views"),
    /** Snapshots queued for the sessions. */
    SNAPSHOTS("snapshots"),
    /** The world's events turned into messages and written to the sessions (the game loop's part). */
    DELIVERY("delivery");

    private final String label;

    TickPhase(String label) {
        this.label = label;
    }

    /** The metric label, lower case. */
    public String label() {
        return label;
    }
}
