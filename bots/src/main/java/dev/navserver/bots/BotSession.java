package dev.navserver.bots;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.protocol.ByeReasons;
import dev.navserver.protocol.ErrorCodes;
import dev.navserver.protocol.Protocol;
import dev.navserver.protocol.message.Bye;
import dev.navserver.protocol.message.ErrorMessage;
import dev.navserver.protocol.message.FromServer;
import dev.navserver.protocol.message.Hello;
import dev.navserver.protocol.message.MapPatch;
import dev.navserver.protocol.message.Message;
import dev.navserver.protocol.message.MonsterEnter;
import dev.navserver.protocol.message.MonsterLeave;
import dev.navserver.protocol.message.MonsterState;
import dev.navserver.protocol.message.Monsters;
import dev.navserver.protocol.message.NavPath;
import dev.navserver.protocol.message.PlayerPos;
import dev.navserver.protocol.message.ProtocolError;
import dev.navserver.protocol.message.Redirect;
import dev.navserver.protocol.message.ServerMessage;
import dev.navserver.protocol.message.Spawn;
import dev.navserver.protocol.message.Spawned;
import dev.navserver.protocol.message.Vec3;
import dev.navserver.protocol.message.Welcome;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.net.InetSocketAddress;
import java.util.SplittableRandom;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * One bot: the application handler of one client connection. It says {@code hello}, waits for {@code welcome},
 * spawns its monsters, walks its {@link RouteWalker} sending {@code player_pos} at a fixed rate, and checks and
 * times every {@code nav_path}, recording into the run's shared {@link BotStats}.
 *
 * <p>It follows {@code redirect} and retries after {@code map_unavailable} ({@link BotMoves}): it connects again and
 * says the same {@code hello}; once welcomed again it re-sends its position and spawns its monsters anew.
 *
 * <p>Stateful: in one pipeline at a time, marked sharable only so that it can follow a move into its next
 * connection's pipeline. All its state is confined to one event loop (every connection of the bot uses the same):
 * Netty calls the handler methods there, and the timers and {@link #finish()} run there too.
 */
@ChannelHandler.Sharable
final class BotSession extends ChannelInboundHandlerAdapter {
    /** How long a bot waits for {@code welcome} after connecting, nanoseconds. */
    static final long WELCOME_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(10);

    private final int index;
    private final BotsSettings settings;
    private final BotMap map;
    private final BotStats stats;
    private final RunControl run;
    private final SplittableRandom random;
    private final RouteWalker walker;
    private final int startCell;
    private final SentPositions sent = new SentPositions();
    private final BotSight sight;
    private final WorldStats world;
    private final ByteCounter bytes = new ByteCounter();
    private long welcomeNanos;
    private final MapVersions versions;
    private final Occupancy occupancy;
    private final MapFollower mapFollower;
    private int block = -1;
    private final BotMoves moves;
    /** Whether the bot was welcomed on any connection (a move's welcome is not a new bot). */
    private boolean everWelcomed;

    private Channel channel;
    private long connectStartNanos;
    private boolean welcomed;
    private boolean closing;
    private boolean failureCounted;
    private boolean released;
    private ScheduledFuture<?> ticker;
    private ScheduledFuture<?> welcomeTimeout;
    private final long periodNanos;
    private long lastTickNanos;

    BotSession(int index, BotsSettings settings, BotMap map, BotStats stats, RunControl run, SplittableRandom random,
               MapVersions versions, Occupancy occupancy) {
        this(index, settings, map, stats, run, random, versions, occupancy, new WorldStats(), null);
    }

    /**
     * @param world the run's shared-world counters
     * @param truth the world authority bot's snapshots for the view checks, or null for no checks
     */
    BotSession(int index, BotsSettings settings, BotMap map, BotStats stats, RunControl run, SplittableRandom random,
               MapVersions versions, Occupancy occupancy, WorldStats world, WorldTruth truth) {
        this.world = world;
        this.sight = new BotSight("bot-" + index, settings, versions, stats, run, world, truth);
        this.versions = versions;
        this.occupancy = occupancy;
        this.index = index;
        this.settings = settings;
        this.map = map;
        this.stats = stats;
        this.run = run;
        this.random = random;
        this.periodNanos = Math.max(1, Math.round(1e9 / settings.posHz()));
        this.startCell = map.randomIslandCell(random);
        this.walker = new RouteWalker(map, startCell, random);
        this.moves = new BotMoves(new InetSocketAddress(settings.host(), settings.port()));
        this.mapFollower = new MapFollower(player(), versions, walker, stats, run);
    }

    /** How the bot opens its next connection when it follows a move; set before the first connect. */
    void connector(BotMoves.Connector c) {
        moves.connector(c);
    }

    /** Called just before connecting, on any thread (happens-before the channel's registration). */
    void connectStarted(long nanos) {
        connectStartNanos = nanos;
    }

    String player() {
        return "bot-" + index;
    }

    /** The handler that counts this bot's downstream bytes; goes first in its pipeline. */
    ByteCounter byteCounter() {
        return bytes;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        channel = ctx.channel();
        moves.connected();
        // register before reading the flag: the runner sets the flag before finishing the registered bots, so a
        // bot is either finished by the runner or sees the flag here
        run.register(this, channel);
        if (run.ending()) {
            // connected only at the end of the run: give up (not a failure for a bot served before, in a move)
            closing = true;
            if (!everWelcomed && !failureCounted) {
                stats.connectFailure("connected_after_end");
            }
            failureCounted = true;
            ctx.close();
            ctx.fireChannelActive();
            return;
        }
        send(new Hello(null, Protocol.VERSION, player(), settings.mapName()));
        welcomeTimeout = ctx.executor().schedule(() -> {
            if (!welcomed && !closing) {
                fail("no_welcome",
                        () -> player() + ": no welcome within " + WELCOME_TIMEOUT_NANOS / 1_000_000_000 + " s");
            }
        }, WELCOME_TIMEOUT_NANOS, TimeUnit.NANOSECONDS);
        ctx.fireChannelActive();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        FromServer in = (FromServer) msg;
        if (in instanceof ProtocolError e) {
            stats.undecodable.increment();
            stats.messageIn("undecodable:" + e.code());
            run.note(() -> player() + ": undecodable line from the server: " + e.code() + " " + e.message());
            return;
        }
        ServerMessage m = (ServerMessage) in;
        stats.messageIn(m.type());
        if (m instanceof NavPath p) {
            onNavPath(p);
        } else if (m instanceof Redirect r) {
            moves.redirect(r);
        } else if (m instanceof ErrorMessage e && ErrorCodes.MAP_UNAVAILABLE.equals(e.code())) {
            moves.unavailable();
        } else if (m instanceof Welcome w) {
            onWelcome(ctx, w);
        } else if (m instanceof MonsterEnter e) {
            sight.enter(e);
        } else if (m instanceof MonsterLeave l) {
            sight.leave(l);
        } else if (m instanceof MonsterState st) {
            sight.state(st);
        } else if (m instanceof Spawned s) {
            sight.spawned(s.monster());
        } else if (m instanceof Monsters ms) {
            sight.snapshot(ms, sent);
        } else if (m instanceof MapPatch p) {
            if (welcomed) {
                mapFollower.patch(p);
            }
        } else if (m instanceof ErrorMessage e) {
            stats.error(e.code());
            if (!welcomed && !closing) {
                fail("hello_" + e.code(),
                        () -> player() + ": hello answered with error " + e.code() + ": " + e.message());
            }
        } else if (m instanceof Bye b) {
            if (moves.moving()) {
                ctx.close(); // the move starts when the connection is closed
            } else if (!closing && !run.ending()) {
                failureCounted = true;
                stats.disconnect("bye_" + b.reason());
                run.note(() -> player() + ": server said bye (" + b.reason() + ") before the end");
            }
        }
    }

    private void onWelcome(ChannelHandlerContext ctx, Welcome w) {
        if (welcomed) {
            return;
        }
        long now = System.nanoTime();
        String mismatch = BotMap.mismatch(w.map(), map.map());
        if (mismatch != null) {
            fail("map_mismatch", () -> player() + ": " + mismatch);
            return;
        }
        welcomed = true;
        welcomeTimeout.cancel(false);
        moves.welcomed();
        GridMap current = mapFollower.welcomed(w.mapVersion(), map.map());
        if (!everWelcomed) {
            everWelcomed = true;
            welcomeNanos = now;
            bytes.startCounting();
            stats.welcomed.increment();
            stats.connectNanos(now - connectStartNanos);
        }
        stats.connected.incrementAndGet();
        run.player(player(), true);
        sendPos(now);
        for (Spawn sp : SpawnRequests.of(map, startCell, current, settings, random)) {
            send(sp);
        }
        lastTickNanos = now;
        ticker = ctx.executor().scheduleAtFixedRate(this::tick, periodNanos, periodNanos, TimeUnit.NANOSECONDS);
    }

    private void onNavPath(NavPath p) {
        long now = System.nanoTime();
        stats.navPath(now);
        // playerSeq is the chased player's: only a path chasing this bot's player (or, from a server before the
        // shared world, any path: they all chased it) times one of its positions; only the first per seq counts
        boolean mine = p.target() == null ? p.state() == null : p.target().equals(player());
        long sentAt = mine ? sent.takeLatencyStart(p.playerSeq()) : -1;
        if (sentAt >= 0) {
            stats.latency(sentAt, now);
        }
        sight.navPath(p, mapFollower.version(), now);
    }

    private void tick() {
        if (closing || !channel.isActive()) {
            return;
        }
        long now = System.nanoTime();
        if (now - lastTickNanos < periodNanos / 2) {
            return; // a catch-up run after a stalled event loop: keep the rate steady rather than send a burst
        }
        walker.advance(settings.speedMetersPerSecond() * (now - lastTickNanos) / 1e9);
        lastTickNanos = now;
        sendPos(now);
    }

    private void sendPos(long now) {
        long seq = sent.add(now, walker.x(), walker.z());
        GridMap g = map.map();
        int cell = g.cellAt(walker.x(), walker.z());
        int b = cell == GridMap.NO_CELL ? -1 : occupancy.block(g.col(cell), g.row(cell));
        occupancy.move(block, b);
        block = b;
        send(new PlayerPos(null, seq, new Vec3(walker.x(), walker.y(), walker.z())));
    }

    private void send(Message m) {
        stats.messageOut(m.type());
        channel.writeAndFlush(m, channel.voidPromise());
    }

    /** Ends this bot at the end of the run: stops its timers, says {@code bye} and closes. On the event loop. */
    void finish() {
        if (closing) {
            return;
        }
        closing = true;
        cancelTimers();
        if (!everWelcomed && !failureCounted) {
            failureCounted = true; // a whole run was not enough to be served
            stats.connectFailure("no_welcome_before_end");
        }
        if (channel.isActive()) {
            stats.messageOut(Bye.TYPE);
            channel.writeAndFlush(new Bye(ByeReasons.CLIENT)).addListener(ChannelFutureListener.CLOSE);
        }
    }

    private void fail(String reason, Supplier<String> message) {
        closing = true;
        failureCounted = true;
        cancelTimers();
        stats.connectFailure(reason);
        run.note(message);
        channel.close();
    }

    private void cancelTimers() {
        if (ticker != null) {
            ticker.cancel(false);
        }
        if (welcomeTimeout != null) {
            welcomeTimeout.cancel(false);
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        cancelTimers();
        if (welcomed) {
            stats.connected.decrementAndGet();
            run.player(player(), false);
        }
        if (moves.moving() && !closing && !run.ending()) {
            move(ctx);
            ctx.fireChannelInactive();
            return;
        }
        if (everWelcomed) {
            long elapsed = System.nanoTime() - welcomeNanos;
            if (elapsed > 0) {
                world.downstream(bytes.bytes() / (elapsed / 1e9));
            }
        }
        if (!closing && !failureCounted && !run.ending()) {
            failureCounted = true;
            if (welcomed) {
                stats.disconnect("closed_by_server");
                run.note(() -> player() + ": connection closed by the server before the end");
            } else {
                stats.connectFailure("closed_before_welcome");
                run.note(() -> player() + ": connection closed by the server before welcome");
            }
        }
        closing = true;
        occupancy.move(block, -1);
        block = -1;
        release();
        ctx.fireChannelInactive();
    }

    /**
     * The connection closed after {@code redirect} or {@code map_unavailable}: forgets what it knew of the old
     * server's monsters and follows the move ({@link BotMoves#follow}).
     */
    private void move(ChannelHandlerContext ctx) {
        welcomed = false;
        occupancy.move(block, -1);
        block = -1;
        sight.moved();
        if (moves.redirected()) {
            stats.redirects.increment();
        }
        moves.follow(ctx.channel().eventLoop(), System.nanoTime(), () -> closing || run.ending(), (reason, why) -> {
            closing = true;
            if (reason != null && !failureCounted) {
                failureCounted = true;
                stats.connectFailure(reason);
                run.note(() -> player() + ": " + why);
            }
            release();
        });
    }

    /** Counts this bot as done with the run, once. On the event loop, or after a failed connect. */
    void release() {
        if (!released) {
            released = true;
            run.botDone();
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (!closing && !failureCounted && !run.ending() && !moves.moving()) {
            failureCounted = true;
            if (welcomed) {
                stats.disconnect("io_error");
            } else {
                stats.connectFailure("io_error");
            }
            run.note(() -> player() + ": " + cause);
        }
        ctx.close();
    }
}
