package dev.navserver.protocol;

import java.util.List;

/** Values of the {@code event} field of a {@code monster_event} (sent to authority sessions only). */
public final class MonsterEvents {
    /** It started chasing {@code target} on its own (the player came within its aggro radius). */
    public static final String AGGRO = "aggro";
    /** Its target {@code target} left, disconnected or stayed unreachable; it stops chasing. */
    public static final String TARGET_LOST = "target_lost";
    /** It was too far from home for too long while chasing {@code target}; it returns home. */
    public static final String LEASH = "leash";
    /** It reached home after returning; its default behaviour resumes. */
    public static final String HOME = "home";
    /** A {@code move_to} ended at its point. */
    public static final String ARRIVED = "arrived";
    /** It reached point {@code index} (0-based) of route {@code route}. */
    public static final String WAYPOINT = "waypoint";
    /** Its goal (a target, a point, a route point, home) cannot be reached from where it is. */
    public static final String UNREACHABLE = "unreachable";
    /** It was removed from the world. */
    public static final String DESPAWNED = "despawned";

    /** Every event above. */
    public static final List<String> ALL = List.of(AGGRO, TARGET_LOST, LEASH, HOME, ARRIVED, WAYPOINT, UNREACHABLE,
            DESPAWNED);

    private MonsterEvents() {
    }
}
