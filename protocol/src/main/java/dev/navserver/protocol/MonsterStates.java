package dev.navserver.protocol;

import java.util.List;

/**
 * Values of a monster's wire {@code state}: in a {@code monsters} list entry, {@code monster_enter},
 * {@code monster_state} and {@code nav_path}. New states may be added; none is renamed.
 */
public final class MonsterStates {
    /** Following a server path toward its target (a player). */
    public static final String CHASE = "chase";
    /** Within {@code localNavDistanceMeters} of the chased player: that player's client drives it. */
    public static final String LOCAL = "local";
    /** Not moving. */
    public static final String IDLE = "idle";
    /** Its target cannot be reached from its position. */
    public static final String UNREACHABLE = "unreachable";
    /** Walking to random points within a radius of its home (a default behaviour). */
    public static final String WANDER = "wander";
    /** Walking along a route (a default behaviour). */
    public static final String PATROL = "patrol";
    /** Walking to a point an authority gave with {@code monster_command move_to}. */
    public static final String MOVE_TO = "move_to";
    /** Keeping near a player, optionally at an offset. */
    public static final String FOLLOW = "follow";
    /** Moving away from a player. */
    public static final String FLEE = "flee";
    /** Walking back to its home after a leash, a lost target or {@code return_home}; ignores aggro on the way. */
    public static final String RETURN_HOME = "return_home";

    /** Every state above. */
    public static final List<String> ALL = List.of(IDLE, WANDER, PATROL, CHASE, LOCAL, MOVE_TO, FOLLOW, FLEE,
            RETURN_HOME, UNREACHABLE);

    private MonsterStates() {
    }
}
