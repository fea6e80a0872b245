package dev.navserver.protocol;

import java.util.List;

/** Values of the {@code reason} field of a {@code monster_leave}. */
public final class LeaveReasons {
    /** The monster is now farther than {@code aoi.radiusMeters + aoi.hysteresisMeters} from the player. */
    public static final String OUT_OF_RANGE = "out_of_range";
    /** The monster was removed from the world. */
    public static final String DESPAWNED = "despawned";

    /** Every reason above. */
    public static final List<String> ALL = List.of(OUT_OF_RANGE, DESPAWNED);

    private LeaveReasons() {
    }
}
