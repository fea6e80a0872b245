package dev.navserver.protocol;

/** Values of the {@code state} field of a {@code monsters} list entry. */
public final class MonsterStates {
    /** Following a server path toward its player. */
    public static final String CHASE = "chase";
    /** Within {@code localNavDistanceMeters}: the client's NavMeshAgent drives it. */
    public static final String LOCAL = "local";
    /** Not moving. */
    public static final String IDLE = "idle";
    /** Its player cannot be reached from its position. */
    public static final String UNREACHABLE = "unreachable";

    private MonsterStates() {
    }
}
