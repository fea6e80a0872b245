package dev.navserver.server;

import dev.navserver.protocol.ErrorCodes;
import dev.navserver.protocol.message.BehaviourSpec;
import dev.navserver.protocol.message.ClientMessage;
import dev.navserver.protocol.message.CommandOk;
import dev.navserver.protocol.message.ErrorMessage;
import dev.navserver.protocol.message.MonsterCommand;
import dev.navserver.protocol.message.MonsterSpawn;
import dev.navserver.protocol.message.PlayerLeave;
import dev.navserver.protocol.message.PlayerPos;
import dev.navserver.protocol.message.RequestId;
import dev.navserver.protocol.message.RouteOk;
import dev.navserver.protocol.message.Spawn;
import dev.navserver.protocol.message.Spawned;
import dev.navserver.protocol.message.Vec3;
import dev.navserver.server.net.ServerContext;
import dev.navserver.server.net.Session;
import dev.navserver.server.world.MonsterOrders;
import dev.navserver.server.editlog.EditLogException;
import dev.navserver.server.editlog.RouteStore;
import dev.navserver.server.editlog.StoredRoute;
import dev.navserver.server.world.Route;
import dev.navserver.server.world.World;
import dev.navserver.server.world.WorldEvent;
import dev.navserver.server.world.WorldPlayers;
import dev.navserver.server.world.file.RouteMode;
import java.util.function.Consumer;
import java.util.function.Function;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
/**
 * Applies the world messages of sessions: positions, a player's {@code spawn}, and the authority requests
 * ({@code monster_spawn}, {@code monster_command}, {@code route}, managed players). A player session sending an
 * authority request gets {@code error forbidden} and keeps its connection. Every refusal names the field and
 * changes nothing. Tick thread only.
 */
final class WorldRequests {
    private static final Logger LOG = LoggerFactory.getLogger(WorldRequests.class);

    private final ServerContext context;
    private final Function<String, World> worlds;
    private final Consumer<WorldEvent> delivery;
    private final RouteStore routes;

    /**
     * @param worlds   the world of a map name, created on first use; null for a map the server does not have
     * @param delivery where the events of a world other than the session's go at once
     * @param routes   where routes are made durable before {@code route_ok}
     */
    WorldRequests(ServerContext context, Function<String, World> worlds, Consumer<WorldEvent> delivery,
            RouteStore routes) {
        this.context = context;
        this.routes = routes;
        this.worlds = worlds;
        this.delivery = delivery;
    }

    /** Applies one message of {@code s}, whose world is {@code w}; false when it is not a world message. */
    boolean apply(World w, Session s, ClientMessage m, long arrivalNanos) {
        if (m instanceof PlayerPos pos) {
            position(w, s, pos, arrivalNanos);
        } else if (m instanceof Spawn spawn) {
            spawn(w, s, spawn);
        } else if (m instanceof MonsterSpawn spawn) {
            if (allowed(s, spawn.id(), spawn.type())) {
                monsterSpawn(w, s, spawn);
            }
        } else if (m instanceof MonsterCommand command) {
            if (allowed(s, command.id(), command.type())) {
                command(w, s, command);
            }
        } else if (m instanceof dev.navserver.protocol.message.Route route) {
            if (allowed(s, route.id(), route.type())) {
                route(w, s, route);
            }
        } else if (m instanceof PlayerLeave leave) {
            if (allowed(s, leave.id(), leave.type()) && !w.players().managedLeave(s.id(), leave.player())) {
                error(s, leave.id(), ErrorCodes.UNKNOWN_TARGET, "player: this session manages no player "
                        + leave.player() + " on map " + w.name());
            }
        } else {
            return false;
        }
        return true;
    }

    private boolean allowed(Session s, RequestId id, String type) {
        if (s.authority()) {
            return true;
        }
        error(s, id, ErrorCodes.FORBIDDEN, type + ": only authority sessions may send it");
        return false;
    }

    private void position(World w, Session s, PlayerPos pos, long arrivalNanos) {
        Vec3 p = pos.pos();
        if (pos.player() == null) {
            w.playerPos(s.id(), pos.seq(), p.x(), p.y(), p.z(), arrivalNanos);
        } else if (allowed(s, pos.id(), "player_pos with player")
                && w.players().managedPosition(s.id(), pos.player(), p.x(), p.y(), p.z(), arrivalNanos)
                == WorldPlayers.ManagedStatus.NAME_TAKEN) {
            error(s, pos.id(), ErrorCodes.BAD_FIELD, "player: " + pos.player()
                    + " is the name of another session's player");
        }
    }

    private void spawn(World w, Session s, Spawn spawn) {
        World.SpawnResult r = w.spawn(s.id(), spawn.pos().x(), spawn.pos().z());
        switch (r.status()) {
            case SPAWNED -> s.write(new Spawned(spawn.id(), r.monsterId(), new Vec3(r.x(), r.y(), r.z())));
            case DISABLED -> error(s, spawn.id(), ErrorCodes.SPAWN_DISABLED, "spawn: client spawns are disabled");
            case OUT_OF_BOUNDS -> error(s, spawn.id(), ErrorCodes.OUT_OF_BOUNDS, "pos: outside map " + w.name());
            case BLOCKED -> error(s, spawn.id(), ErrorCodes.BLOCKED, "pos: not a walkable cell of map " + w.name());
            default -> error(s, spawn.id(), ErrorCodes.NOT_WELCOMED, "spawn before the session joined its world");
        }
    }

    private World target(World w, Session s, RequestId id, String map) {
        if (map == null || map.equals(w.name())) {
            return w;
        }
        World other = worlds.apply(map);
        if (other == null) {
            error(s, id, ErrorCodes.UNKNOWN_MAP, "map: no map " + map);
        }
        return other;
    }

    private void monsterSpawn(World w, Session s, MonsterSpawn m) {
        World t = target(w, s, m.id(), m.map());
        if (t == null) {
            return;
        }
        BehaviourSpec b = m.behaviour();
        MonsterOrders.BaseSpec base = b == null ? MonsterOrders.BaseSpec.IDLE : new MonsterOrders.BaseSpec(b.type(),
                b.radiusMeters() == null ? 0 : b.radiusMeters(), b.route());
        Vec3 home = m.home() == null ? m.pos() : m.home();
        String kind = m.kind() == null ? dev.navserver.server.world.MonsterKind.DEFAULT_NAME : m.kind();
        MonsterOrders.Result r = t.orders().spawn(kind, m.pos().x(), m.pos().z(), home.x(), home.z(), base);
        if (answer(s, m.id(), r)) {
            s.write(new Spawned(m.id(), r.monsterId(),
                    new Vec3(m.pos().x(), t.map().transform().originY(), m.pos().z())));
        }
        t.outbox().drainTo(delivery);
    }

    private void command(World w, Session s, MonsterCommand c) {
        Vec3 pos = c.pos();
        MonsterOrders.Order o = new MonsterOrders.Order(c.command(), c.target(), pos != null,
                pos == null ? 0 : pos.x(), pos == null ? 0 : pos.z(), c.offset() == null ? 0 : c.offset().dx(),
                c.offset() == null ? 0 : c.offset().dz(), c.route(),
                c.radiusMeters() == null ? 0 : c.radiusMeters());
        if (answer(s, c.id(), w.orders().command(c.monster(), o))) {
            s.write(new CommandOk(c.id(), c.monster()));
        }
    }

    private void route(World w, Session s, dev.navserver.protocol.message.Route r) {
        World t = target(w, s, r.id(), r.map());
        if (t == null) {
            return;
        }
        RouteMode mode = r.mode() == null ? RouteMode.LOOP : RouteMode.fromWire(r.mode()).orElse(null);
        if (mode == null) {
            error(s, r.id(), ErrorCodes.BAD_FIELD, "mode: unknown route mode " + r.mode());
            return;
        }
        Route route = Route.of(r.name(), r.points(), mode, r.waitSeconds());
        if (!answer(s, r.id(), t.orders().checkRoute(route))) {
            return;
        }
        try {
            routes.put(t.name(), new StoredRoute(r.name(), r.points(), mode.wireName(), r.waitSeconds()));
        } catch (EditLogException e) {
            LOG.warn("route {} of map {} refused, it could not be made durable: {}", r.name(), t.name(),
                    e.getMessage());
            error(s, r.id(), ErrorCodes.EDIT_NOT_DURABLE, "route not durable, not defined: " + e.getMessage());
            return;
        }
        if (answer(s, r.id(), t.orders().defineRoute(route))) {
            s.write(new RouteOk(r.id(), r.name()));
        }
    }

    /** Writes the error of a refused request; true when it was accepted. */
    private boolean answer(Session s, RequestId id, MonsterOrders.Result r) {
        if (r.ok()) {
            return true;
        }
        String code = switch (r.status()) {
            case UNKNOWN_MONSTER -> ErrorCodes.UNKNOWN_MONSTER;
            case UNKNOWN_TARGET -> ErrorCodes.UNKNOWN_TARGET;
            case UNKNOWN_ROUTE -> ErrorCodes.UNKNOWN_ROUTE;
            case UNKNOWN_KIND -> ErrorCodes.UNKNOWN_KIND;
            case OUT_OF_BOUNDS -> ErrorCodes.OUT_OF_BOUNDS;
            case BLOCKED -> ErrorCodes.BLOCKED;
            default -> ErrorCodes.BAD_FIELD;
        };
        error(s, id, code, r.message());
        return false;
    }

    void error(Session s, RequestId id, String code, String message) {
        context.metrics().errors.inc(code);
        s.write(new ErrorMessage(id, code, message));
    }
}
