package dev.navserver.protocol;

import java.util.List;

/** Values of the {@code type} of a {@code monster_spawn}'s {@code behaviour}: a monster's default behaviour. */
public final class BehaviourTypes {
    /** Stand where it is. */
    public static final String IDLE = "idle";
    /** Walk to random points within {@code radiusMeters} of home. */
    public static final String WANDER = "wander";
    /** Walk along the map's route named {@code route}. */
    public static final String PATROL = "patrol";

    /** Every type above. */
    public static final List<String> ALL = List.of(IDLE, WANDER, PATROL);

    private BehaviourTypes() {
    }
}
