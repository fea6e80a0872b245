package dev.navserver.server.world;

import dev.navserver.nav.grid.GridMap;
import java.util.Locale;

/**
 * What authority sessions (and world files) ask of a world: spawn monsters, command them, define routes. Each
 * request is checked whole before anything changes; a refused one changes nothing. Tick thread only.
 */
public final class MonsterOrders {
    /** Outcome of a request; each but OK maps to one protocol error code. */
    public enum Status { OK, UNKNOWN_MONSTER, UNKNOWN_TARGET, UNKNOWN_ROUTE, UNKNOWN_KIND, OUT_OF_BOUNDS, BLOCKED,
        BAD_FIELD }

    /** A request's outcome and, when refused, a message naming what was wrong. */
    public record Result(Status status, String message, String monsterId) {
        static final Result OK = new Result(Status.OK, null, null);

        static Result ok(String monsterId) {
            return new Result(Status.OK, null, monsterId);
        }

        static Result refused(Status status, String message) {
            return new Result(status, message, null);
        }

        public boolean ok() {
            return status == Status.OK;
        }
    }

    /**
     * A default behaviour to give a monster.
     *
     * @param type         {@code idle}, {@code wander} or {@code patrol}
     * @param radiusMeters wander radius, metres (wander only)
     * @param route        route name (patrol only)
     */
    public record BaseSpec(String type, double radiusMeters, String route) {
        public static final BaseSpec IDLE = new BaseSpec("idle", 0, null);
    }

    /**
     * A command for a monster.
     *
     * @param command      {@code chase}, {@code move_to}, {@code follow}, {@code flee}, {@code patrol},
     *                     {@code wander}, {@code return_home}, {@code stop}, {@code teleport} or {@code despawn}
     * @param target       a player name (chase, follow, flee), else null
     * @param hasPos       whether (x, z) is given (move_to, teleport)
     * @param offsetX      follow offset, metres; {@code offsetZ} likewise
     * @param route        route name (patrol), else null
     * @param radiusMeters wander radius, metres
     */
    public record Order(String command, String target, boolean hasPos, double x, double z, double offsetX,
                        double offsetZ, String route, double radiusMeters) {
    }

    private final World world;

    MonsterOrders(World world) {
        this.world = world;
    }

    /**
     * Spawns a monster of a kind at (x, z) with a default behaviour; home is (homeX, homeZ).
     *
     * @return OK with the monster's id, or why not
     */
    public Result spawn(String kindName, double x, double z, double homeX, double homeZ, BaseSpec base) {
        MonsterKind kind = world.kind(kindName);
        if (kind == null) {
            return Result.refused(Status.UNKNOWN_KIND, "kind: no monster kind " + kindName);
        }
        Result where = checkPos("pos", x, z);
        if (!where.ok()) {
            return where;
        }
        Result home = checkPos("home", homeX, homeZ);
        if (!home.ok()) {
            return home;
        }
        Behaviour b = base(base);
        if (b == null) {
            return baseProblem(base);
        }
        Monster m = world.life().addMonster(kind, x, z, homeX, homeZ, b, true);
        return Result.ok(m.id);
    }

    private Result baseProblem(BaseSpec base) {
        if ("patrol".equals(base.type())) {
            return Result.refused(Status.UNKNOWN_ROUTE, "behaviour.route: no route " + base.route() + " on map "
                    + world.name());
        }
        if ("wander".equals(base.type())) {
            return Result.refused(Status.BAD_FIELD, "behaviour.radiusMeters: must be > 0");
        }
        return Result.refused(Status.BAD_FIELD, "behaviour.type: unknown behaviour " + base.type());
    }

    private Behaviour base(BaseSpec spec) {
        return switch (spec.type()) {
            case "idle" -> new Idle();
            case "wander" -> spec.radiusMeters() > 0 ? new Wander(spec.radiusMeters()) : null;
            case "patrol" -> spec.route() != null && world.route(spec.route()) != null
                    ? new Patrol(spec.route()) : null;
            default -> null;
        };
    }

    /** Applies a command to a monster of this world; see {@link Order}. */
    public Result command(String monsterId, Order o) {
        Monster m = world.monster(monsterId);
        if (m == null) {
            return Result.refused(Status.UNKNOWN_MONSTER, "monster: no monster " + monsterId + " on map "
                    + world.name());
        }
        MonsterBrain brain = world.brain();
        String command = o.command() == null ? "" : o.command().toLowerCase(Locale.ROOT);
        switch (command) {
            case "chase", "follow", "flee" -> {
                Player p = o.target() == null ? null : world.players().named(o.target());
                if (p == null) {
                    return Result.refused(Status.UNKNOWN_TARGET, "target: no player " + o.target() + " on map "
                            + world.name());
                }
                brain.setActive(m, switch (command) {
                    case "chase" -> new ChasePlayer(p);
                    case "follow" -> new Follow(p, o.offsetX(), o.offsetZ());
                    default -> new Flee(p);
                });
            }
            case "move_to", "teleport" -> {
                if (!o.hasPos()) {
                    return Result.refused(Status.BAD_FIELD, "pos: required by command " + command);
                }
                Result where = checkPos("pos", o.x(), o.z());
                if (!where.ok()) {
                    return where;
                }
                if (command.equals("move_to")) {
                    brain.setActive(m, new MoveTo(o.x(), o.z()));
                } else {
                    m.x = o.x();
                    m.z = o.z();
                    m.path = null;
                    brain.setActive(m, m.active); // the behaviour in charge starts over from here
                }
            }
            case "patrol" -> {
                if (o.route() == null || world.route(o.route()) == null) {
                    return Result.refused(Status.UNKNOWN_ROUTE, "route: no route " + o.route() + " on map "
                            + world.name());
                }
                brain.setBase(m, new Patrol(o.route()));
            }
            case "wander" -> {
                if (!(o.radiusMeters() > 0)) {
                    return Result.refused(Status.BAD_FIELD, "radiusMeters: must be > 0 for command wander");
                }
                brain.setBase(m, new Wander(o.radiusMeters()));
            }
            case "return_home" -> brain.setActive(m, new ReturnHome());
            case "stop" -> brain.setBase(m, new Idle());
            case "despawn" -> world.life().despawn(m);
            default -> {
                return Result.refused(Status.BAD_FIELD, "command: unknown command " + o.command());
            }
        }
        return Result.ok(m.id);
    }

    /**
     * Defines or replaces a route of this world; every point must be on a walkable cell. Patrols on a replaced route
     * start over at its point nearest to them.
     */
    public Result defineRoute(Route r) {
        Result check = checkRoute(r);
        if (check.ok()) {
            world.routes().put(r.name(), r);
        }
        return check;
    }

    /** Whether {@link #defineRoute} would take {@code r}: every point on a walkable cell of this world's map. */
    public Result checkRoute(Route r) {
        String problem = checkRoute(world.map(), r);
        if (problem != null) {
            return Result.refused(problem.contains("outside") ? Status.OUT_OF_BOUNDS : Status.BLOCKED, problem);
        }
        return Result.OK;
    }

    /** Why a route cannot be walked on a map (a point off it or on a blocked cell), or null when it can. */
    static String checkRoute(GridMap map, Route r) {
        for (int i = 0; i < r.size(); i++) {
            World.SpawnStatus s = Spawner.check(map, r.x(i), r.z(i));
            if (s == World.SpawnStatus.OUT_OF_BOUNDS) {
                return "points[" + i + "]: outside map " + map.name();
            }
            if (s == World.SpawnStatus.BLOCKED) {
                return "points[" + i + "]: not a walkable cell of map " + map.name();
            }
        }
        return null;
    }

    private Result checkPos(String field, double x, double z) {
        return switch (Spawner.check(world.map(), x, z)) {
            case OUT_OF_BOUNDS -> Result.refused(Status.OUT_OF_BOUNDS, field + ": outside map " + world.name());
            case BLOCKED -> Result.refused(Status.BLOCKED, field + ": not a walkable cell of map " + world.name());
            default -> Result.OK;
        };
    }
}
