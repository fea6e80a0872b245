package dev.navserver.protocol.message;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.navserver.protocol.MonsterEvents;

/**
 * Server → client {@code monster_event} (to authority sessions only): something a monster did that game logic may
 * react to.
 *
 * @param monster monster id
 * @param event   one of {@link MonsterEvents}
 * @param target  the player concerned ({@code aggro}, {@code target_lost}, {@code leash}), or {@code null}
 * @param route   with {@code waypoint} (required): the route's name; else {@code null}
 * @param index   with {@code waypoint} (required): the 0-based index of the point reached; else {@code null}
 */
@JsonPropertyOrder({"type", "monster", "event", "target", "route", "index"})
public record MonsterEvent(String monster, String event, String target, String route, Integer index)
        implements ServerMessage {
    public static final String TYPE = "monster_event";

    public MonsterEvent {
        Require.nonNull(monster, "monster");
        Require.nonNull(event, "event");
        if (MonsterEvents.WAYPOINT.equals(event) && (route == null || index == null)) {
            throw new IllegalArgumentException("waypoint needs route and index");
        }
        if (index != null && index < 0) {
            throw new IllegalArgumentException("index must be >= 0, got " + index);
        }
    }

    /** An event about {@code target} ({@code null}: none), without route. */
    public MonsterEvent(String monster, String event, String target) {
        this(monster, event, target, null, null);
    }

    /** {@code waypoint}: point {@code index} (0-based) of {@code route} reached. */
    public static MonsterEvent waypoint(String monster, String route, int index) {
        return new MonsterEvent(monster, MonsterEvents.WAYPOINT, null, route, index);
    }

    @Override
    public String type() {
        return TYPE;
    }
}
