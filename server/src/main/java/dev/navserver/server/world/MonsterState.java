package dev.navserver.server.world;

/**
 * A monster's life: one explicit state instead of flags. The server-driven states are {@link #IDLE},
 * {@link #REPLAN}, {@link #CHASE}, {@link #ARRIVED} and {@link #UNREACHABLE}; the {@code LOCAL_*} states mirror them
 * while the client drives the monster at close range. Transitions are the {@code on*} methods; each returns the next
 * state and throws {@link IllegalStateException} for a transition the life does not have (a bug).
 *
 * <pre>
 *            spawn
 *              v
 *   IDLE --adopted--> CHASE --path end (found)--> ARRIVED
 *     \                 |  \--path end (partial)--> UNREACHABLE
 *      \--adopted (no path / no segment)--> ARRIVED | UNREACHABLE
 *   any server state --invalidated (map change, path unusable)--> REPLAN --adopted--> CHASE ...
 *   server state --within localNavDistance--> LOCAL_* --beyond distance + hysteresis--> REPLAN
 * </pre>
 */
public enum MonsterState {
    /** Spawned, no path adopted yet: plans at once when its player's position is known. */
    IDLE("idle", false),
    /** Its path is unusable (map changed, it left the path, handed back from local nav): plans at once. */
    REPLAN("chase", false),
    /** Following a server path toward its player. */
    CHASE("chase", false),
    /** Walked a complete path to its end: plans again when the player is beyond the stopping distance. */
    ARRIVED("chase", false),
    /** Its player is out of reach (other island, budget): waits at the nearest reachable point. */
    UNREACHABLE("unreachable", false),
    /** Local nav, walking straight at the player while the line is clear; plans when the line breaks. */
    LOCAL_DIRECT("local", true),
    /** Local nav, following a path around an obstacle. */
    LOCAL_PATH("local", true),
    /** Local nav, at the end of a complete path. */
    LOCAL_ARRIVED("local", true),
    /** Local nav, at the end of a partial path or without one. */
    LOCAL_STRANDED("local", true);

    private final String wire;
    private final boolean local;

    MonsterState(String wire, boolean local) {
        this.wire = wire;
        this.local = local;
    }

    /** The lower-case name sent in {@code monsters} snapshots (one of {@code protocol.MonsterStates}). */
    public String wire() {
        return wire;
    }

    /** Whether the client drives the monster (no {@code nav_path} is sent). */
    public boolean local() {
        return local;
    }

    /** Whether the monster walks along its path. */
    public boolean following() {
        return this == CHASE || this == LOCAL_PATH;
    }

    /** Whether the monster must plan before anything else (first plan, or its path became unusable). */
    public boolean needsFreshPlan() {
        return this == IDLE || this == REPLAN || this == LOCAL_DIRECT;
    }

    /**
     * A plan was adopted.
     *
     * @param hasSegment whether the adopted path has a segment to walk
     * @param complete   whether it reaches the player (status FOUND)
     */
    public MonsterState onAdopted(boolean hasSegment, boolean complete) {
        if (local) {
            return hasSegment ? LOCAL_PATH : complete ? LOCAL_ARRIVED : LOCAL_STRANDED;
        }
        return hasSegment ? CHASE : complete ? ARRIVED : UNREACHABLE;
    }

    /** The last waypoint was reached; {@code complete} as in {@link #onAdopted}. */
    public MonsterState onPathEnd(boolean complete) {
        return switch (this) {
            case CHASE -> complete ? ARRIVED : UNREACHABLE;
            case LOCAL_PATH -> complete ? LOCAL_ARRIVED : LOCAL_STRANDED;
            default -> throw illegal("path end");
        };
    }

    /** The path became unusable (map changed, a plan could not be joined): plan afresh. */
    public MonsterState onInvalidated() {
        if (this == IDLE) {
            return IDLE;
        }
        return local ? LOCAL_DIRECT : REPLAN;
    }

    /** Under local nav it stepped straight at its player, leaving its path. */
    public MonsterState onStraightStep() {
        if (!local) {
            throw illegal("straight step");
        }
        return LOCAL_DIRECT;
    }

    /** The player came within local-nav distance. */
    public MonsterState onLocalOn() {
        return switch (this) {
            case IDLE, REPLAN -> LOCAL_DIRECT;
            case CHASE -> LOCAL_PATH;
            case ARRIVED -> LOCAL_ARRIVED;
            case UNREACHABLE -> LOCAL_STRANDED;
            default -> throw illegal("local on");
        };
    }

    /** The player went beyond local-nav distance plus hysteresis: the server takes over with a fresh plan. */
    public MonsterState onLocalOff() {
        if (!local) {
            throw illegal("local off");
        }
        return REPLAN;
    }

    private IllegalStateException illegal(String event) {
        return new IllegalStateException(event + " is not a transition of " + this);
    }
}
