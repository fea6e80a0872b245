package dev.navserver.protocol.message;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.navserver.protocol.MonsterCommands;

/**
 * Client → server {@code monster_command} (authority sessions only): tells a world monster what to do, answered
 * by {@code command_ok}. Holds exactly the fields its command uses ({@link MonsterCommands} says which); every
 * other field is {@code null}.
 *
 * @param id           request id to echo in {@code command_ok} or {@code error}, or {@code null}
 * @param monster      the monster's id, e.g. {@code "m-17"}
 * @param command      one of {@link MonsterCommands}
 * @param target       a player name: required by {@code chase}, {@code follow}, {@code flee}
 * @param pos          Unity world metres: required by {@code move_to}, {@code teleport}
 * @param offset       optional with {@code follow}: where to stay relative to the target, metres
 * @param route        a route of the monster's map: required by {@code patrol}
 * @param radiusMeters metres, {@code > 0}: required by {@code wander}
 */
@JsonPropertyOrder({"type", "id", "monster", "command", "target", "pos", "offset", "route", "radiusMeters"})
public record MonsterCommand(RequestId id, String monster, String command, String target, Vec3 pos, Offset offset,
                             String route, Double radiusMeters) implements ClientMessage {
    public static final String TYPE = "monster_command";

    public MonsterCommand {
        Require.nonNull(monster, "monster");
        Require.nonNull(command, "command");
        if (!MonsterCommands.ALL.contains(command)) {
            throw new IllegalArgumentException("command must be one of " + MonsterCommands.ALL + ", got " + command);
        }
        uses(command, "target", MonsterCommands.needsTarget(command), target != null);
        uses(command, "pos", MonsterCommands.needsPos(command), pos != null);
        uses(command, "route", MonsterCommands.needsRoute(command), route != null);
        uses(command, "radiusMeters", MonsterCommands.needsRadius(command), radiusMeters != null);
        if (offset != null && !MonsterCommands.takesOffset(command)) {
            throw new IllegalArgumentException("offset: not used by command " + command);
        }
        if (radiusMeters != null && !(Require.finite(radiusMeters, "radiusMeters") > 0)) {
            throw new IllegalArgumentException("radiusMeters must be > 0, got " + radiusMeters);
        }
    }

    private static void uses(String command, String field, boolean needed, boolean given) {
        if (needed != given) {
            throw new IllegalArgumentException(field + ": " + (needed ? "required" : "not used") + " by command "
                    + command);
        }
    }

    /** {@code return_home}, {@code stop} or {@code despawn}: a command without fields. */
    public static MonsterCommand plain(RequestId id, String monster, String command) {
        return new MonsterCommand(id, monster, command, null, null, null, null, null);
    }

    /** {@code chase}, {@code follow} (without offset) or {@code flee} the player {@code target}. */
    public static MonsterCommand withTarget(RequestId id, String monster, String command, String target) {
        return new MonsterCommand(id, monster, command, target, null, null, null, null);
    }

    /** {@code follow} the player {@code target} at {@code offset} ({@code null}: the server's default). */
    public static MonsterCommand follow(RequestId id, String monster, String target, Offset offset) {
        return new MonsterCommand(id, monster, MonsterCommands.FOLLOW, target, null, offset, null, null);
    }

    /** {@code move_to} or {@code teleport} to {@code pos}. */
    public static MonsterCommand withPos(RequestId id, String monster, String command, Vec3 pos) {
        return new MonsterCommand(id, monster, command, null, pos, null, null, null);
    }

    /** {@code patrol} the route {@code route}. */
    public static MonsterCommand patrol(RequestId id, String monster, String route) {
        return new MonsterCommand(id, monster, MonsterCommands.PATROL, null, null, null, route, null);
    }

    /** {@code wander} within {@code radiusMeters} (metres, {@code > 0}) of home. */
    public static MonsterCommand wander(RequestId id, String monster, double radiusMeters) {
        return new MonsterCommand(id, monster, MonsterCommands.WANDER, null, null, null, null, radiusMeters);
    }

    @Override
    public String type() {
        return TYPE;
    }
}
