package dev.navserver.bots;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.protocol.ErrorCodes;
import dev.navserver.protocol.MonsterCommands;
import dev.navserver.protocol.message.MonsterCommand;
import dev.navserver.protocol.message.Offset;
import dev.navserver.protocol.message.RequestId;
import dev.navserver.protocol.message.Vec3;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Picks the world authority bot's random {@code monster_command}s: every command kind with equal chance, on a
 * monster of its view, with targets among the players, positions on walkable cells of the bots' map and routes
 * among those it defined; with probability {@code badShare} instead a deliberately bad request whose error is
 * known: an unknown monster, an unknown route, an unknown target or a teleport onto a wall. Stateless apart from
 * the caller's random source.
 */
final class CommandPicker {
    /** A monster id the server never gives. */
    static final String NO_MONSTER = "m-bots-none";
    /** A route name the bots never define. */
    static final String NO_ROUTE = "bots-no-such-route";
    /** A player name no bot uses. */
    static final String NO_PLAYER = "bots-nobody";

    /**
     * A command to send and its expected answer.
     *
     * @param command  the request
     * @param expected the error code it must get, or null when it must get {@code command_ok}
     */
    record Plan(MonsterCommand command, String expected) {
    }

    private final BotMap map;
    private final int wallCell;
    private final double badShare;

    /**
     * @param wallCell a blocked cell of the map file for the bad teleport, or {@link GridMap#NO_CELL} when none
     * @param badShare share of deliberately bad requests, {@code 0..1}
     */
    CommandPicker(BotMap map, int wallCell, double badShare) {
        this.map = map;
        this.wallCell = wallCell;
        this.badShare = badShare;
    }

    /**
     * The next command, or null when there is no monster to command.
     *
     * @param id       the request id
     * @param monsters monster ids in view, non-empty for a good request
     * @param players  player names to target (may be empty: then no chase, follow or flee)
     * @param routes   route names defined (may be empty: then no patrol)
     * @param open     the grid positions must be walkable on (the newest known version), or null for the file's
     */
    Plan pick(RequestId id, List<String> monsters, List<String> players, List<String> routes, GridMap open,
              SplittableRandom random) {
        if (random.nextDouble() < badShare) {
            return bad(id, monsters, random);
        }
        if (monsters.isEmpty()) {
            return null;
        }
        String m = monsters.get(random.nextInt(monsters.size()));
        List<String> all = MonsterCommands.ALL;
        for (int attempt = 0; attempt < 8; attempt++) {
            String kind = all.get(random.nextInt(all.size()));
            MonsterCommand c = good(id, m, kind, players, routes, open, random);
            if (c != null) {
                return new Plan(c, null);
            }
        }
        return new Plan(MonsterCommand.plain(id, m, MonsterCommands.RETURN_HOME), null);
    }

    private MonsterCommand good(RequestId id, String m, String kind, List<String> players, List<String> routes,
                                GridMap open, SplittableRandom random) {
        String target = players.isEmpty() ? null : players.get(random.nextInt(players.size()));
        return switch (kind) {
            case MonsterCommands.CHASE, MonsterCommands.FLEE -> target == null ? null
                    : MonsterCommand.withTarget(id, m, kind, target);
            case MonsterCommands.FOLLOW -> target == null ? null
                    : MonsterCommand.follow(id, m, target, random.nextBoolean() ? null
                    : new Offset(random.nextDouble(-2, 2), random.nextDouble(-2, 2)));
            case MonsterCommands.PATROL -> routes.isEmpty() ? null
                    : MonsterCommand.patrol(id, m, routes.get(random.nextInt(routes.size())));
            case MonsterCommands.WANDER -> MonsterCommand.wander(id, m, 3 + random.nextInt(6));
            case MonsterCommands.MOVE_TO, MonsterCommands.TELEPORT -> {
                Vec3 p = openPoint(open, random);
                yield p == null ? null : MonsterCommand.withPos(id, m, kind, p);
            }
            default -> MonsterCommand.plain(id, m, kind); // return_home, stop, despawn
        };
    }

    private Plan bad(RequestId id, List<String> monsters, SplittableRandom random) {
        String m = monsters.isEmpty() ? null : monsters.get(random.nextInt(monsters.size()));
        int which = random.nextInt(4);
        if (m == null || which == 0) {
            return new Plan(MonsterCommand.plain(id, NO_MONSTER, MonsterCommands.STOP), ErrorCodes.UNKNOWN_MONSTER);
        }
        if (which == 1) {
            return new Plan(MonsterCommand.patrol(id, m, NO_ROUTE), ErrorCodes.UNKNOWN_ROUTE);
        }
        if (which == 2 || wallCell == GridMap.NO_CELL) {
            return new Plan(MonsterCommand.withTarget(id, m, MonsterCommands.CHASE, NO_PLAYER),
                    ErrorCodes.UNKNOWN_TARGET);
        }
        GridMap g = map.map();
        return new Plan(MonsterCommand.withPos(id, m, MonsterCommands.TELEPORT,
                new Vec3(g.worldX(wallCell), g.transform().originY(), g.worldZ(wallCell))), ErrorCodes.BLOCKED);
    }

    /** A random cell centre of the largest island, walkable on {@code open} (when given); null if none found. */
    Vec3 openPoint(GridMap open, SplittableRandom random) {
        GridMap g = map.map();
        for (int attempt = 0; attempt < 16; attempt++) {
            int cell = map.randomIslandCell(random);
            if (open == null || open.navGrid().openCell(cell)) {
                return new Vec3(g.worldX(cell), g.transform().originY(), g.worldZ(cell));
            }
        }
        return null;
    }

    /** A blocked cell of the map file (the first in cell order), or {@link GridMap#NO_CELL} when every cell is open. */
    static int wallCell(BotMap map) {
        GridMap g = map.map();
        for (int cell = 0; cell < g.width() * g.height(); cell++) {
            if (!map.grid().openCell(cell)) {
                return cell;
            }
        }
        return GridMap.NO_CELL;
    }
}
