package dev.navserver.protocol.message;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.navserver.protocol.BehaviourTypes;

/**
 * The {@code behaviour} object of a {@code monster_spawn}: a monster's default behaviour. Holds exactly the fields
 * its type uses: {@code {"type":"idle"}}, {@code {"type":"wander","radiusMeters":R}} or
 * {@code {"type":"patrol","route":"lane_top"}}.
 *
 * @param type         one of {@link BehaviourTypes}
 * @param radiusMeters with {@code wander} only: the radius around home, metres, {@code > 0}; the decoder accepts at
 *                     most {@value dev.navserver.protocol.Protocol#MAX_WANDER_RADIUS_METERS}; else {@code null}
 * @param route        with {@code patrol} only: the name of a route of the monster's map; else {@code null}
 */
@JsonPropertyOrder({"type", "radiusMeters", "route"})
public record BehaviourSpec(String type, Double radiusMeters, String route) {
    public BehaviourSpec {
        Require.nonNull(type, "type");
        if (!BehaviourTypes.ALL.contains(type)) {
            throw new IllegalArgumentException("type must be one of " + BehaviourTypes.ALL + ", got " + type);
        }
        boolean wander = BehaviourTypes.WANDER.equals(type);
        boolean patrol = BehaviourTypes.PATROL.equals(type);
        if (wander != (radiusMeters != null)) {
            throw new IllegalArgumentException("radiusMeters: " + (wander ? "required" : "not used") + " by " + type);
        }
        if (wander && !(Require.finite(radiusMeters, "radiusMeters") > 0)) {
            throw new IllegalArgumentException("radiusMeters must be > 0, got " + radiusMeters);
        }
        if (patrol != (route != null)) {
            throw new IllegalArgumentException("route: " + (patrol ? "required" : "not used") + " by " + type);
        }
    }

    /** Stand where it is. */
    public static BehaviourSpec idle() {
        return new BehaviourSpec(BehaviourTypes.IDLE, null, null);
    }

    /** Wander within {@code radiusMeters} (metres, {@code > 0}) of home. */
    public static BehaviourSpec wander(double radiusMeters) {
        return new BehaviourSpec(BehaviourTypes.WANDER, radiusMeters, null);
    }

    /** Patrol the map's route {@code route}. */
    public static BehaviourSpec patrol(String route) {
        return new BehaviourSpec(BehaviourTypes.PATROL, null, route);
    }
}
