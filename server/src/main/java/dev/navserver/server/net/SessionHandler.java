package dev.navserver.server.net;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.search.SearchStatus;
import dev.navserver.nav.smooth.PathCheck;
import dev.navserver.nav.smooth.PathValidator;
import dev.navserver.nav.smooth.WorldPath;
import dev.navserver.protocol.ByeReasons;
import dev.navserver.protocol.ErrorCodes;
import dev.navserver.protocol.Protocol;
import dev.navserver.protocol.Roles;
import dev.navserver.protocol.message.Bye;
import dev.navserver.protocol.message.ClientMessage;
import dev.navserver.protocol.message.ErrorMessage;
import dev.navserver.protocol.message.GroupPath;
import dev.navserver.protocol.message.GroupPathEntry;
import dev.navserver.protocol.message.GroupPathQuery;
import dev.navserver.protocol.message.Hello;
import dev.navserver.protocol.message.MapEdit;
import dev.navserver.protocol.message.MonsterCommand;
import dev.navserver.protocol.message.MonsterSpawn;
import dev.navserver.protocol.message.PlayerLeave;
import dev.navserver.protocol.message.Route;
import dev.navserver.protocol.message.MapInfo;
import dev.navserver.protocol.message.PathQuery;
import dev.navserver.protocol.message.PathResult;
import dev.navserver.protocol.message.PathValid;
import dev.navserver.protocol.message.Ping;
import dev.navserver.protocol.message.PlayerPos;
import dev.navserver.protocol.message.Pong;
import dev.navserver.protocol.message.ProtocolError;
import dev.navserver.protocol.message.RequestId;
import dev.navserver.protocol.message.Spawn;
import dev.navserver.protocol.message.ValidatePath;
import dev.navserver.protocol.message.Vec3;
import dev.navserver.protocol.message.Welcome;
import dev.navserver.server.auth.Secrets;
import dev.navserver.server.config.NavServerConfig;
import dev.navserver.server.plan.GroupPlanner;
import dev.navserver.server.plan.GroupPlanner.GroupPlan;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.timeout.IdleStateEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Handles one connection's decoded messages on its I/O thread: admission (connection limit, rate limit), session
 * checks ({@code hello} first and once), cheap validation, and routing. Nothing here touches world state: chase
 * messages go to the session's inbox for the tick thread; stateless queries run on the planner pool.
 *
 * <p>Stateful and therefore one instance per channel: it owns the channel's session and rate-limit window.
 */
public final class SessionHandler extends ChannelInboundHandlerAdapter {
    private static final Logger LOG = LoggerFactory.getLogger(SessionHandler.class);

    private final ServerContext context;
    private final RateLimiter rateLimiter;
    private Session session;
    private boolean rejected;

    public SessionHandler(ServerContext context) {
        this.context = context;
        this.rateLimiter = new RateLimiter(System::nanoTime);
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        int open = context.connections.incrementAndGet();
        context.metrics.connectionsOpened.increment();
        NavServerConfig cfg = context.config.get();
        if (open > cfg.server().maxConnections()) {
            rejected = true;
            context.metrics.errors.inc(ErrorCodes.SERVER_FULL);
            ctx.writeAndFlush(new ErrorMessage(null, ErrorCodes.SERVER_FULL,
                    "server full: " + cfg.server().maxConnections() + " connections"))
                    .addListener(io.netty.channel.ChannelFutureListener.CLOSE);
            return;
        }
        // One second's worth of messages: the rate limit bounds what arrives, the tick drains 64 per session.
        int inbox = Math.max(64, cfg.server().maxMessagesPerSecond());
        session = new Session(context.nextSessionId(), ctx.channel(), context,
                cfg.server().outboundLimitBytes(), inbox);
        context.openSessions.add(session);
        LOG.info("connection {} opened from {}", session.id(), ctx.channel().remoteAddress());
        ctx.fireChannelActive();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        context.connections.decrementAndGet();
        if (session == null) {
            context.metrics.connectionsClosed.inc("server_full");
            return;
        }
        context.openSessions.remove(session);
        String reason = session.closeReason() == null ? "client" : session.closeReason();
        context.metrics.connectionsClosed.inc(reason);
        if (session.welcomed()) {
            context.sessions.remove(session.id());
            context.sessionEvents.add(new ServerContext.SessionEvent(session, false));
        }
        LOG.info("connection {} closed ({}), player {}", session.id(), reason, session.player());
        ctx.fireChannelInactive();
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        if (session != null) {
            if (ctx.channel().isWritable()) {
                session.drainCoalesced();
            } else {
                session.checkOutbound();
            }
        }
        ctx.fireChannelWritabilityChanged();
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (evt instanceof IdleStateEvent && session != null) {
            context.metrics.messagesDropped.inc("idle");
            session.closeWithBye(ByeReasons.IDLE);
            return;
        }
        ctx.fireUserEventTriggered(evt);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        LOG.debug("connection {} failed", session == null ? ctx.channel() : session.id(), cause);
        ctx.close();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (rejected || session == null || session.closing()) {
            return;
        }
        if (!admit()) {
            return;
        }
        if (msg instanceof ProtocolError error) {
            error(error.id(), error.code(), error.message());
            return;
        }
        if (!(msg instanceof ClientMessage)) {
            ctx.fireChannelRead(msg);
            return;
        }
        ClientMessage m = (ClientMessage) msg;
        context.metrics.messagesIn.inc(m.type());
        if (m instanceof Ping ping) {
            session.send(new Pong(ping.id(), context.serverTime()));
        } else if (m instanceof Bye) {
            ctx.close();
        } else if (m instanceof Hello hello) {
            hello(hello);
        } else if (!session.welcomed()) {
            error(m.id(), ErrorCodes.NOT_WELCOMED, m.type() + " before hello");
        } else if (m instanceof PlayerPos pos) {
            playerPos(pos);
        } else if (m instanceof Spawn spawn) {
            enqueue(spawn);
        } else if (m instanceof PathQuery query) {
            pathQuery(query);
        } else if (m instanceof GroupPathQuery query) {
            groupPathQuery(query);
        } else if (m instanceof ValidatePath validate) {
            validatePath(validate);
        } else if (m instanceof MapEdit edit) {
            if (session.authority()) {
                enqueue(edit);
            } else {
                error(edit.id(), ErrorCodes.FORBIDDEN, "map_edit: only authority sessions may edit maps");
            }
        } else if (m instanceof MonsterSpawn || m instanceof MonsterCommand || m instanceof Route
                || m instanceof PlayerLeave) {
            if (session.authority()) {
                enqueue(m);
            } else {
                error(m.id(), ErrorCodes.FORBIDDEN, m.type() + ": only authority sessions may command monsters");
            }
        }
    }

    /** Applies the rate limit ({@link RateLimiter}): false when the message is dropped. */
    private boolean admit() {
        int max = context.config.get().server().maxMessagesPerSecond();
        RateLimiter.Verdict verdict = rateLimiter.admit(max);
        if (verdict == RateLimiter.Verdict.ADMITTED) {
            return true;
        }
        context.metrics.messagesDropped.inc("rate_limited");
        if (verdict.answer()) {
            error(null, ErrorCodes.RATE_LIMITED, "more than " + max + " messages per second: messages dropped");
        }
        if (verdict.close()) {
            session.closeWithBye(ByeReasons.RATE_LIMITED);
        }
        return false;
    }

    private void hello(Hello hello) {
        // The token first: a wrong one ends the connection whatever else the hello says, so a connection can never
        // try a second token.
        if (hello.token() != null && !authorityTokenMatches(hello.token())) {
            unauthorized(hello);
            return;
        }
        if (session.welcomed()) {
            error(hello.id(), ErrorCodes.ALREADY_WELCOMED, "hello already received for session " + session.id());
            return;
        }
        if (hello.protocol() != Protocol.VERSION) {
            error(hello.id(), ErrorCodes.BAD_FIELD,
                    "protocol: version " + hello.protocol() + " not supported, this server speaks " + Protocol.VERSION);
            return;
        }
        NavServerConfig cfg = context.config.get();
        String mapName = hello.map() == null ? cfg.maps().defaultMap() : hello.map();
        // Under the registry's monitor: a map edit or reload published meanwhile either comes before this welcome
        // (which then carries its version) or finds this session registered and sends it the map_patch.
        synchronized (context.maps) {
            GridMap map = context.maps.get(mapName);
            if (map == null && !context.ownership.knows(mapName)) {
                error(hello.id(), ErrorCodes.UNKNOWN_MAP, "map: no map named '" + mapName + "'");
                return;
            }
            // Under the same monitor as MapSessions.sendAway's collection: a hello either is welcomed before the
            // map is given up (and is then sent away with the others) or sees the new owner here. A cluster's map
            // not loaded here is served elsewhere, or by nobody yet.
            if (!SendAway.hello(session, mapName, map, context.ownership, hello.id(), context.metrics)) {
                welcome(hello, cfg, mapName, map);
            }
        }
    }

    private void welcome(Hello hello, NavServerConfig cfg, String mapName, GridMap map) {
        String role = hello.token() != null ? Roles.AUTHORITY : Roles.PLAYER;
        session.welcome(hello.player(), mapName, role);
        context.sessions.put(session.id(), session);
        context.sessionEvents.add(new ServerContext.SessionEvent(session, true));
        var t = map.transform();
        NavServerConfig.Chase chase = cfg.chase();
        session.send(new Welcome(hello.id(), Protocol.VERSION, session.id(), hello.player(),
                new MapInfo(map.name(), new Vec3(t.originX(), t.originY(), t.originZ()), t.cellSize(), map.width(),
                        map.height()),
                cfg.tick().hz(), chase.navIntervalSeconds(), chase.moveThresholdMeters(),
                chase.localNavDistanceMeters(), role, context.maps.version(map)));
        if (session.authority()) {
            LOG.info("session {} ({}) is an authority", session.id(), hello.player());
        }
    }

    /**
     * Whether {@code token} is the configured {@code server.authorityToken}, read now so that a reload decides
     * later hellos; always false when none is configured. Constant time ({@link Secrets#constantTimeEquals}).
     */
    private boolean authorityTokenMatches(String token) {
        String expected = context.config.get().server().authorityToken();
        return !expected.isEmpty() && Secrets.constantTimeEquals(token, expected);
    }

    /** {@code error unauthorized}, {@code bye unauthorized}, close; counted, logged without the token. */
    private void unauthorized(Hello hello) {
        context.metrics.authorityFailures.increment();
        LOG.warn("connection {} from {} refused: wrong authority token in hello (player '{}')", session.id(),
                session.channel().remoteAddress(), hello.player());
        error(hello.id(), ErrorCodes.UNAUTHORIZED, "token: not accepted");
        session.closeWithBye(ByeReasons.UNAUTHORIZED);
    }

    private void playerPos(PlayerPos pos) {
        if (pos.player() != null && !session.authority()) {
            error(pos.id(), ErrorCodes.FORBIDDEN, "player: only authority sessions may move other players");
            return;
        }
        GridMap map = context.maps.get(session.mapName());
        if (map.cellAt(pos.pos().x(), pos.pos().z()) == GridMap.NO_CELL) {
            error(pos.id(), ErrorCodes.OUT_OF_BOUNDS, "pos: " + pos.pos().x() + ", " + pos.pos().z()
                    + " is outside map " + map.name());
            return;
        }
        enqueue(pos);
    }

    private void enqueue(ClientMessage m) {
        if (!session.offer(m, System.nanoTime())) {
            context.metrics.messagesDropped.inc("inbox_full");
            error(m.id(), ErrorCodes.RATE_LIMITED, "server busy: " + m.type() + " dropped");
        }
    }

    private void pathQuery(PathQuery q) {
        GridMap map = context.maps.get(session.mapName());
        boolean unbounded = map != null && context.planner.unstructuredLongQuery(map, q.from().x(), q.from().z(),
                q.to().x(), q.to().z());
        runOn(unbounded ? context.longQueries : context.plannerPool, q.id(), () -> {
            long t0 = System.nanoTime();
            WorldPath path = context.planner.planQuery(map, q.from().x(), q.from().z(), q.to().x(), q.to().z());
            context.metrics.planned(System.nanoTime() - t0, path.expanded(),
                    path.hasPoints() ? path.status() : SearchStatus.UNREACHABLE);
            session.send(new PathResult(q.id(), path, context.maps.version(map)));
        });
    }

    private void groupPathQuery(GroupPathQuery q) {
        GridMap map = context.maps.get(session.mapName());
        double spacing = spacing(q, 2 * context.config.get().chase().monsterRadiusMeters());
        runOn(context.plannerPool, q.id(), () -> {
            GroupPlan plan = planGroup(context.groupPlanner, map, q, spacing);
            if (plan.fieldBuilt()) {
                context.metrics.sharedFieldsBuilt.increment();
                context.metrics.sharedFieldCells.record(plan.fieldCells());
            }
            switch (plan.outcome()) {
                case GOAL_OUT_OF_BOUNDS -> error(q.id(), ErrorCodes.OUT_OF_BOUNDS, "to: " + q.to().x() + ", "
                        + q.to().z() + " is outside map " + map.name());
                case NO_ROOM -> error(q.id(), ErrorCodes.NO_ROOM, "spacingMeters: only " + plan.goalsFound()
                        + " goals " + spacing + " m apart fit around to on its island, need " + q.from().size());
                default -> session.send(groupPath(q.id(), plan, map, context.maps.version(map)));
            }
        });
    }

    /**
     * The query's spacing, metres, or {@code defaultMeters} when it gives none: {@code 2 × chase.monsterRadiusMeters}
     * read when the query arrives, so that monsters' bodies at neighbouring goals do not overlap.
     */
    static double spacing(GroupPathQuery q, double defaultMeters) {
        return q.spacingMeters() == null ? defaultMeters : q.spacingMeters();
    }

    /** Plans a {@code group_path_query} on {@code map}. */
    static GroupPlan planGroup(GroupPlanner planner, GridMap map, GroupPathQuery q, double spacingMeters) {
        int n = q.from().size();
        double[] xs = new double[n];
        double[] zs = new double[n];
        for (int i = 0; i < n; i++) {
            xs[i] = q.from().get(i).x();
            zs[i] = q.from().get(i).z();
        }
        return planner.plan(map, xs, zs, q.to().x(), q.to().z(), spacingMeters);
    }

    /** The {@code group_path} of a planned group; goals carry the map's ground height, as path points do. */
    static GroupPath groupPath(RequestId id, GroupPlan plan, GridMap map, long mapVersion) {
        double y = map.transform().originY();
        List<GroupPathEntry> entries = new ArrayList<>(plan.units().size());
        for (GroupPlanner.UnitPath u : plan.units()) {
            entries.add(new GroupPathEntry(u.path(), new Vec3(u.goalX(), y, u.goalZ())));
        }
        return new GroupPath(id, entries, mapVersion);
    }

    private void validatePath(ValidatePath v) {
        GridMap map = context.maps.get(session.mapName());
        runOn(context.plannerPool, v.id(), () -> session.send(validate(map, v)));
    }

    /**
     * Answers a {@code validate_path} with {@link PathValidator} on the map's default grid; y is not checked.
     * {@code badSegment} and {@code reason} follow {@link PathCheck}.
     */
    static PathValid validate(GridMap map, ValidatePath v) {
        PathCheck check = PathValidator.ignoringHeight(map.navGrid()).check(Vec3.pack(v.points()));
        if (check.ok()) {
            return PathValid.ok(v.id());
        }
        return new PathValid(v.id(), false, check.badSegment() < 0 ? null : check.badSegment(),
                check.reason().wire());
    }

    /** Runs a query on {@code executor}; a refusal is answered: shutting down, or busy (the long-query queue). */
    private void runOn(ExecutorService executor, RequestId id, Runnable task) {
        try {
            executor.execute(() -> {
                try {
                    task.run();
                } catch (RuntimeException e) {
                    LOG.error("query on {} failed", session.id(), e);
                    error(id, ErrorCodes.INTERNAL, "internal error");
                }
            });
        } catch (RejectedExecutionException e) {
            error(id, executor.isShutdown() ? ErrorCodes.INTERNAL : ErrorCodes.RATE_LIMITED,
                    executor.isShutdown() ? "server shutting down" : "server busy: too many long path queries waiting");
        }
    }

    private void error(RequestId id, String code, String message) {
        context.metrics.errors.inc(code);
        session.send(new ErrorMessage(id, code, message));
    }
}
