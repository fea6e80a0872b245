package dev.navserver.bots;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.WorldTransform;
import dev.navserver.protocol.ByeReasons;
import dev.navserver.protocol.Protocol;
import dev.navserver.protocol.message.Bye;
import dev.navserver.protocol.message.ErrorMessage;
import dev.navserver.protocol.message.FromServer;
import dev.navserver.protocol.message.Hello;
import dev.navserver.protocol.message.MapPatch;
import dev.navserver.protocol.message.MapInfo;
import dev.navserver.protocol.message.Message;
import dev.navserver.protocol.message.MonsterSnapshot;
import dev.navserver.protocol.message.Monsters;
import dev.navserver.protocol.message.NavPath;
import dev.navserver.protocol.message.PlayerPos;
import dev.navserver.protocol.message.ProtocolError;
import dev.navserver.protocol.message.RequestId;
import dev.navserver.protocol.message.ServerMessage;
import dev.navserver.protocol.message.Spawn;
import dev.navserver.protocol.message.Spawned;
import dev.navserver.protocol.message.Vec3;
import dev.navserver.protocol.message.Welcome;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.util.HashMap;
import java.util.SplittableRandom;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * One bot: the application handler of one client connection. It says {@code hello}, waits for {@code welcome},
 * spawns its monsters, walks its {@link RouteWalker} sending {@code player_pos} at a fixed rate, and checks and
 * times every {@code nav_path}, recording into the run's shared {@link BotStats}.
 *
 * <p>Stateful, so one instance per channel. All its state is confined to that channel's event loop: Netty calls
 * the handler methods there, and the timers and {@link #finish()} run there too.
 */
final class BotSession extends ChannelInboundHandlerAdapter {
    /** How long a bot waits for {@code welcome} after connecting, nanoseconds. */
    static final long WELCOME_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(10);
    /** Sent {@code player_pos} remembered for latency: at 20 Hz, 12.8 s worth. Power of two. */
    private static final int RING = 256;
    private static final double MAP_TOLERANCE = 1e-9;
    /** A monster's spawn grace for the overlap check: from its first sighting, nanoseconds. */
    static final long SPAWN_GRACE_NANOS = TimeUnit.SECONDS.toNanos(1);
    /**
     * How far back the player positions the server may still be using reach, for the overlap check: every
     * position sent within this time before a snapshot arrived, and the newest one sent before that, nanoseconds.
     */
    static final long POSITION_LAG_NANOS = TimeUnit.MILLISECONDS.toNanos(250);

    private final int index;
    private final BotsSettings settings;
    private final BotMap map;
    private final BotStats stats;
    private final RunControl run;
    private final SplittableRandom random;
    private final RouteWalker walker;
    private final int startCell;
    private final long[] ringSeq = new long[RING];
    private final long[] ringNanos = new long[RING];
    /** Every sent player_pos by seq slot: send time and XZ position (kept for the overlap check). */
    private final long[] sentNanos = new long[RING];
    private final double[] sentX = new double[RING];
    private final double[] sentZ = new double[RING];
    private final double[] candidates = new double[2 * RING];
    /** Per monster id: {last nav_path seq (-1 before the first), first sighting nanos}. */
    private final HashMap<String, long[]> monsterSeq = new HashMap<>();
    private final MapVersions versions;
    private final Occupancy occupancy;
    /** The newest map version this bot knows: its welcome's, then each map_patch's; 0 before welcome. */
    private long mapVersion;
    private int block = -1;

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
    private long seq;

    BotSession(int index, BotsSettings settings, BotMap map, BotStats stats, RunControl run, SplittableRandom random,
               MapVersions versions, Occupancy occupancy) {
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
        java.util.Arrays.fill(ringSeq, -1);
    }

    /** Called just before connecting, on any thread (happens-before the channel's registration). */
    void connectStarted(long nanos) {
        connectStartNanos = nanos;
    }

    String player() {
        return "bot-" + index;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        channel = ctx.channel();
        // register before reading the flag: the runner sets the flag before finishing the registered bots, so a
        // bot is either finished by the runner or sees the flag here
        run.register(this, channel);
        if (run.ending()) {
            // connected only at the end of the run: give up
            closing = true;
            failureCounted = true;
            stats.connectFailure("connected_after_end");
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
        } else if (m instanceof Welcome w) {
            onWelcome(ctx, w);
        } else if (m instanceof Spawned s) {
            seeMonster(s.monster());
        } else if (m instanceof Monsters ms) {
            onMonsters(ms);
        } else if (m instanceof MapPatch p) {
            onMapPatch(p);
        } else if (m instanceof ErrorMessage e) {
            stats.error(e.code());
            if (!welcomed && !closing) {
                fail("hello_" + e.code(),
                        () -> player() + ": hello answered with error " + e.code() + ": " + e.message());
            }
        } else if (m instanceof Bye b) {
            if (!closing && !run.ending()) {
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
        String mismatch = mismatch(w.map(), map.map());
        if (mismatch != null) {
            fail("map_mismatch", () -> player() + ": " + mismatch);
            return;
        }
        welcomed = true;
        welcomeTimeout.cancel(false);
        mapVersion = w.mapVersion();
        versions.base(mapVersion);
        GridMap current = versions.map(mapVersion);
        if (current != null && current != map.map()) {
            walker.useGrid(current.navGrid()); // joined after edits
        }
        stats.welcomed.increment();
        stats.connected.incrementAndGet();
        stats.connectNanos(now - connectStartNanos);
        sendPos(now);
        for (int k = 0; k < settings.spawnPerPlayer(); k++) {
            int cell = spawnCell(current, BotsSettings.SPAWN_MIN_METERS, BotsSettings.SPAWN_MAX_METERS);
            if (cell == GridMap.NO_CELL) {
                break;
            }
            GridMap g = map.map();
            send(new Spawn(RequestId.of("r" + k), new Vec3(g.worldX(cell), g.transform().originY(), g.worldZ(cell))));
        }
        for (int k = 0; k < settings.crowdPerPlayer(); k++) {
            int cell = spawnCell(current, BotsSettings.CROWD_MIN_METERS, BotsSettings.CROWD_MAX_METERS);
            if (cell == GridMap.NO_CELL) {
                break;
            }
            GridMap g = map.map();
            send(new Spawn(RequestId.of("c" + k), new Vec3(g.worldX(cell), g.transform().originY(), g.worldZ(cell))));
        }
        lastTickNanos = now;
        ticker = ctx.executor().scheduleAtFixedRate(this::tick, periodNanos, periodNanos, TimeUnit.NANOSECONDS);
    }

    /**
     * A spawn cell in the ring around the start on the start's island of the bots' map, and walkable on the grid of
     * the version the bot joined at ({@code current}, null when that is the bots' map itself): a bot joining after
     * edits must not ask for a cell an edit walled (the server would answer {@code blocked}, rightly).
     */
    private int spawnCell(GridMap current, double minMeters, double maxMeters) {
        for (int attempt = 0; attempt < 32; attempt++) {
            int cell = map.randomIslandCellNear(startCell, minMeters, maxMeters, random);
            if (cell == GridMap.NO_CELL || current == null || current.navGrid().openCell(cell)) {
                return cell;
            }
        }
        return GridMap.NO_CELL;
    }

    /** Why the server's map differs from the bots' map, or null when it matches. */
    static String mismatch(MapInfo info, GridMap local) {
        WorldTransform t = local.transform();
        if (info.width() != local.width() || info.height() != local.height()
                || Math.abs(info.cellSize() - t.cellSize()) > MAP_TOLERANCE
                || Math.abs(info.origin().x() - t.originX()) > MAP_TOLERANCE
                || Math.abs(info.origin().y() - t.originY()) > MAP_TOLERANCE
                || Math.abs(info.origin().z() - t.originZ()) > MAP_TOLERANCE) {
            return "the server's map " + info.name() + " (" + info.width() + "x" + info.height() + ", origin "
                    + info.origin().x() + "," + info.origin().y() + "," + info.origin().z() + ", cell "
                    + info.cellSize() + ") differs from the bots' map " + local.name() + " (" + local.width() + "x"
                    + local.height() + ", origin " + t.originX() + "," + t.originY() + "," + t.originZ() + ", cell "
                    + t.cellSize() + "); pass the server's map file with --map";
        }
        return null;
    }

    private void onNavPath(NavPath p) {
        long now = System.nanoTime();
        stats.navPath(now);
        int slot = (int) (p.playerSeq() & (RING - 1));
        if (ringSeq[slot] == p.playerSeq()) {
            ringSeq[slot] = -1; // only the first nav_path for a player seq counts
            stats.latency(ringNanos[slot], now);
        }
        long[] last = seeMonster(p.monster());
        if (p.seq() <= last[0]) {
            stats.invalidPath(PathChecker.SEQ_NOT_INCREASING);
            run.note(() -> player() + ": nav_path for " + p.monster() + " has seq " + p.seq() + " after " + last[0]);
            return;
        }
        last[0] = p.seq();
        long lag = mapVersion - p.mapVersion();
        if (lag < 0) {
            stats.invalidPath(PathChecker.VERSION_AHEAD);
            run.note(() -> player() + ": nav_path for " + p.monster() + " seq " + p.seq() + " names map version "
                    + p.mapVersion() + " before its map_patch (latest known " + mapVersion + ")");
            return;
        }
        stats.versionLag(lag);
        PathChecker checker = versions.checker(p.mapVersion());
        if (checker == null) {
            stats.uncheckedPaths.increment();
            return;
        }
        PathVerdict v = checker.check(p.path());
        if (!v.valid()) {
            stats.invalidPath(v.problem());
            String where = v.badSegment() < 0 ? "" : " at segment " + v.badSegment();
            run.note(() -> player() + ": invalid nav_path for " + p.monster() + " seq " + p.seq() + " status "
                    + p.status() + " version " + p.mapVersion() + ": " + v.problem() + where + " in "
                    + p.navPath());
        }
    }

    private long[] seeMonster(String monster) {
        long[] last = monsterSeq.get(monster);
        if (last == null) {
            last = new long[] {-1, System.nanoTime()};
            monsterSeq.put(monster, last);
            stats.monsters.increment();
        }
        return last;
    }

    /**
     * Follows the map to the patch's version: versions must come one by one after the welcome's; the grid of the
     * new version (shared, see {@link MapVersions}) must agree with every other bot's, and the walk continues on it.
     */
    private void onMapPatch(MapPatch p) {
        if (!welcomed) {
            return;
        }
        if (p.version() != mapVersion + 1) {
            stats.patchProblem("out_of_order");
            run.note(() -> player() + ": map_patch version " + p.version() + " after version " + mapVersion);
        }
        mapVersion = Math.max(mapVersion, p.version());
        MapVersions.Offer o = versions.offer(p.version(), p.edits());
        if (o == MapVersions.Offer.MISMATCH || o == MapVersions.Offer.BAD_PATCH) {
            stats.patchProblem(o.name().toLowerCase(java.util.Locale.ROOT));
            run.note(() -> player() + ": map_patch version " + p.version() + ": " + o + " " + p);
        }
        GridMap g = versions.map(mapVersion);
        if (g != null) {
            walker.useGrid(g.navGrid());
        }
    }

    /** Counts the snapshot's monsters and its overlaps (see {@link Overlaps}). */
    private void onMonsters(Monsters ms) {
        long now = System.nanoTime();
        for (MonsterSnapshot s : ms.list()) {
            seeMonster(s.monster());
        }
        int n = 0;
        long used = ms.playerSeq();
        if (used >= 1 && used <= seq && used > seq - RING) {
            // the server names the position it kept the bodies clear of: check against exactly that one
            int slot = (int) (used & (RING - 1));
            candidates[0] = sentX[slot];
            candidates[1] = sentZ[slot];
            n = 1;
        }
        if (n == 0) { // an older server: any of the positions sent recently
            for (long s = seq; s >= 1 && s > seq - RING && n < RING; s--) {
                int slot = (int) (s & (RING - 1));
                candidates[2 * n] = sentX[slot];
                candidates[2 * n + 1] = sentZ[slot];
                n++;
                if (now - sentNanos[slot] > POSITION_LAG_NANOS) {
                    break; // the newest one sent before the window: the server has had it for a while
                }
            }
        }
        java.util.function.Predicate<String> inGrace = id -> {
            long[] m = monsterSeq.get(id);
            return m != null && now - m[1] < SPAWN_GRACE_NANOS;
        };
        int found = Overlaps.count(ms.list(), settings.monsterRadiusMeters(), settings.playerRadiusMeters(), inGrace,
                candidates, n);
        if (found > 0) {
            stats.overlaps.add(found);
            int candidatesUsed = n;
            run.note(() -> player() + ": " + found + " overlap(s) in monsters at serverTime " + ms.serverTime()
                    + ", first: " + Overlaps.describeFirst(ms.list(), settings.monsterRadiusMeters(),
                    settings.playerRadiusMeters(), inGrace, candidates, candidatesUsed));
        }
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
        seq++;
        int slot = (int) (seq & (RING - 1));
        ringSeq[slot] = seq;
        ringNanos[slot] = now;
        sentNanos[slot] = now;
        sentX[slot] = walker.x();
        sentZ[slot] = walker.z();
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
        if (!welcomed && !failureCounted) {
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

    /** Counts this bot as done with the run, once. On the event loop, or after a failed connect. */
    void release() {
        if (!released) {
            released = true;
            run.botDone();
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (!closing && !failureCounted && !run.ending()) {
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
