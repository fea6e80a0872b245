package dev.navserver.protocol;

import java.util.List;

/**
 * Values of the {@code command} field of a {@code monster_command}, with the fields each one needs. New commands
 * may be added; none is renamed.
 */
public final class MonsterCommands {
    /** Chase the player {@code target} (sets the active behaviour). */
    public static final String CHASE = "chase";
    /** Walk to {@code pos} (sets the active behaviour); the event {@code arrived} follows. */
    public static final String MOVE_TO = "move_to";
    /** Keep near the player {@code target}, at the optional {@code offset} (sets the active behaviour). */
    public static final String FOLLOW = "follow";
    /** Move away from the player {@code target} (sets the active behaviour). */
    public static final String FLEE = "flee";
    /** Patrol the route {@code route} (replaces the default behaviour, ends the active one). */
    public static final String PATROL = "patrol";
    /** Wander within {@code radiusMeters} of home (replaces the default behaviour, ends the active one). */
    public static final String WANDER = "wander";
    /** Walk home, ignoring aggro; then resume the default behaviour. */
    public static final String RETURN_HOME = "return_home";
    /** Stand idle where it is (replaces the default behaviour, ends the active one). */
    public static final String STOP = "stop";
    /** Place it at {@code pos} at once. */
    public static final String TELEPORT = "teleport";
    /** Remove it from the world. */
    public static final String DESPAWN = "despawn";

    /** Every command above. */
    public static final List<String> ALL = List.of(CHASE, MOVE_TO, FOLLOW, FLEE, PATROL, WANDER, RETURN_HOME, STOP,
            TELEPORT, DESPAWN);

    private MonsterCommands() {
    }

    /** Whether {@code command} needs {@code target} (a player name). */
    public static boolean needsTarget(String command) {
        return CHASE.equals(command) || FOLLOW.equals(command) || FLEE.equals(command);
    }

    /** Whether {@code command} needs {@code pos}. */
    public static boolean needsPos(String command) {
        return MOVE_TO.equals(command) || TELEPORT.equals(command);
    }

    /** Whether {@code command} needs {@code route}. */
    public static boolean needsRoute(String command) {
        return PATROL.equals(command);
    }

    /** Whether {@code command} needs {@code radiusMeters}. */
    public static boolean needsRadius(String command) {
        return WANDER.equals(command);
    }

    /** Whether {@code command} takes an optional {@code offset}. */
    public static boolean takesOffset(String command) {
        return FOLLOW.equals(command);
    }
}
