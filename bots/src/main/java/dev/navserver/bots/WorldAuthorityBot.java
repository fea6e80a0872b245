package dev.navserver.bots;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.protocol.ByeReasons;
import dev.navserver.protocol.MonsterCommands;
import dev.navserver.protocol.message.Bye;
import dev.navserver.protocol.message.CommandOk;
import dev.navserver.protocol.message.ErrorMessage;
import dev.navserver.protocol.message.MapPatch;
import dev.navserver.protocol.message.MonsterEnter;
import dev.navserver.protocol.message.MonsterEvent;
import dev.navserver.protocol.message.MonsterLeave;
import dev.navserver.protocol.message.MonsterSnapshot;
import dev.navserver.protocol.message.MonsterSpawn;
import dev.navserver.protocol.message.MonsterState;
import dev.navserver.protocol.message.Monsters;
import dev.navserver.protocol.message.NavPath;
import dev.navserver.protocol.message.PlayerPos;
import dev.navserver.protocol.message.RequestId;
import dev.navserver.protocol.message.Route;
import dev.navserver.protocol.message.RouteOk;
import dev.navserver.protocol.message.ServerMessage;
import dev.navserver.protocol.message.Spawned;
import dev.navserver.protocol.message.Vec3;
import dev.navserver.protocol.message.Welcome;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The run's world authority bot ({@code --world}, {@code --world-spawn}, {@code --authority-commands}; docs/bots.md
 * "Shared world"): an authority session on the bots' map whose view holds every monster. It stands on a wall cell of
 * the map file (no monster aggroes on it) with a {@code player_pos} every second, so its {@code monsters} snapshots
 * list every monster: the {@link WorldTruth} of the bots' view checks (read by the {@link TruthIntake} in front of its
 * decoder; a snapshot that reaches it decoded is added here). It checks every {@code nav_path} like a bot,
 * defines {@value #ROUTES} routes and spawns {@code --world-spawn} monsters ({@link WorldRequests}) at most
 * {@value #SPAWNS_PER_SECOND} per second, and sends {@code --authority-commands} random commands per second
 * ({@link CommandPicker}), every answer judged by its {@link AnswerLedger}; a monster despawned by a command is
 * replaced when the run spawns monsters. Timer runs that catch up after a stalled event loop are skipped, so requests
 * never burst past the server's message rate.
 *
 * <p>Stateful, one per run; confined to its channel's event loop.
 */
final class WorldAuthorityBot extends AuthorityBot {
    static final String PLAYER = "bots-world";
    static final int ROUTES = 2;
    static final int SPAWNS_PER_SECOND = 30;
    static final int ANSWER_WAIT_MILLIS = 1000;
    private static final long SPAWN_PERIOD_NANOS = TimeUnit.SECONDS.toNanos(1) / 10;

    private final MapVersions versions;
    private final WorldStats world;
    private final WorldTruth truth;
    private final SplittableRandom random;
    private final BotView view = new BotView(PLAYER);
    private final PathIntake intake;
    private final CommandPicker picker;
    private final int wallCell;
    private final AnswerLedger ledger;
    private final List<String> routes = new ArrayList<>();
    /** Monsters sent a {@code despawn} not yet answered. */
    private final java.util.Set<String> despawning = new java.util.HashSet<>();

    private long mapVersion;
    private long posSeq;
    private long nextId;
    private int spawnsLeft;
    private ScheduledFuture<?> spawnTimer;
    /** Last runs of the spawn and command timers, {@link System#nanoTime()}; 0 before the first. */
    private final long[] lastRun = new long[2];
    private final List<ScheduledFuture<?>> timers = new ArrayList<>();

    WorldAuthorityBot(BotsSettings settings, BotMap map, MapVersions versions, BotStats stats, WorldStats world,
                      WorldTruth truth, RunControl run, SplittableRandom random) {
        super(PLAYER, "world", settings, map, stats, run);
        this.versions = versions;
        this.world = world;
        this.truth = truth;
        this.random = random;
        this.intake = new PathIntake(PLAYER, false, versions, stats, run);
        this.wallCell = CommandPicker.wallCell(map);
        this.picker = new CommandPicker(map, wallCell, settings.world().badRequestShare());
        this.ledger = new AnswerLedger(PLAYER, stats, world, run, view::contains, this::newest);
    }

    @Override
    void onMessage(ChannelHandlerContext ctx, ServerMessage m) {
        long now = System.nanoTime();
        if (m instanceof Monsters ms) {
            for (MonsterSnapshot s : ms.list()) {
                view.snapshot(s, now);
            }
            truth.add(ms);
        } else if (m instanceof NavPath p) {
            world.authorityNavPaths.increment();
            view.navPath(p, now);
            intake.check(p, mapVersion);
        } else if (m instanceof MonsterEnter e) {
            intake.seen(e.monster());
            view.enter(e, now);
        } else if (m instanceof MonsterLeave l) {
            view.leave(l.monster());
            intake.left(l.monster());
        } else if (m instanceof MonsterState s) {
            view.state(s, now);
        } else if (m instanceof MonsterEvent e) {
            world.event(e.event());
        } else if (m instanceof CommandOk ok) {
            if (ledger.answered(ok.id(), null, null) == AnswerLedger.Verdict.OK && despawned(ok.monster())
                    && settings.world().spawn() > 0) {
                spawnOne(); // keep the population
            }
        } else if (m instanceof Spawned s) {
            ledger.answered(s.id(), null, null);
            world.spawned.increment();
        } else if (m instanceof RouteOk r) {
            ledger.answered(r.id(), null, null);
            routes.add(r.name());
        } else if (m instanceof ErrorMessage e) {
            if (!welcomed) {
                refuse("the server refused --authority-token: error " + e.code() + ": " + e.message());
            } else {
                ledger.answered(e.id(), e.code(), e.message());
            }
        } else if (m instanceof MapPatch p) {
            mapVersion = Math.max(mapVersion, p.version());
            versions.offer(p.version(), p.edits());
        } else if (m instanceof Welcome w) {
            onWelcome(ctx, w);
        } else if (m instanceof Bye b) {
            if (!welcomed) {
                refuse("the server said bye (" + b.reason() + ") before welcome");
            } else if (!closing && !run.ending()) {
                stats.disconnect("world_bye_" + b.reason());
                run.note(() -> PLAYER + ": server said bye (" + b.reason() + ") before the end");
            }
        }
    }

    private void onWelcome(ChannelHandlerContext ctx, Welcome w) {
        if (!acceptWelcome(w)) {
            return;
        }
        mapVersion = w.mapVersion();
        versions.base(mapVersion);
        standOnWall();
        timers.add(ctx.executor().scheduleAtFixedRate(this::standOnWall, 1, 1, TimeUnit.SECONDS));
        WorldSettings ws = settings.world();
        if (ws.spawn() > 0 || ws.commandsPerSecond() > 0) {
            for (int k = 0; k < ROUTES; k++) {
                defineRoute("bots-lane-" + k);
            }
        }
        spawnsLeft = ws.spawn();
        if (spawnsLeft > 0) {
            // after the routes' answers, so that half of them can patrol
            spawnTimer = ctx.executor().scheduleAtFixedRate(this::spawnSome, 2 * SPAWN_PERIOD_NANOS,
                    SPAWN_PERIOD_NANOS, TimeUnit.NANOSECONDS);
            timers.add(spawnTimer);
        }
        if (ws.commandsPerSecond() > 0) {
            long period = Math.max(1, Math.round(1e9 / ws.commandsPerSecond()));
            timers.add(ctx.executor().scheduleAtFixedRate(this::command, period, period, TimeUnit.NANOSECONDS));
        }
        ready.complete(null);
    }

    /** The authority's own position: a wall cell of the map file, so that it gets snapshots but aggroes nothing. */
    private void standOnWall() {
        if (closing || !channel.isActive()) {
            return;
        }
        GridMap g = map.map();
        int cell = wallCell != GridMap.NO_CELL ? wallCell : map.randomIslandCell(random);
        send(new PlayerPos(null, ++posSeq, new Vec3(g.worldX(cell), g.transform().originY(), g.worldZ(cell))));
    }

    private void defineRoute(String name) {
        String id = nextId("route");
        Route r = WorldRequests.route(id, name, picker, newest(), random);
        if (r != null) {
            ledger.sent(id, null, null);
            send(r);
        }
    }

    private void spawnSome() {
        if (closing || !channel.isActive() || run.ending() || catchUp(0, SPAWN_PERIOD_NANOS)) {
            return;
        }
        int batch = Math.min(spawnsLeft, Math.max(1, SPAWNS_PER_SECOND / 10));
        for (int i = 0; i < batch; i++) {
            spawnOne();
        }
        spawnsLeft -= batch;
        if (spawnsLeft <= 0) {
            spawnTimer.cancel(false);
        }
    }

    private void spawnOne() {
        List<String> kinds = settings.world().kinds();
        String id = nextId("s");
        MonsterSpawn m = WorldRequests.spawn(id, kinds.get((int) (nextId % kinds.size())), routes, picker, newest(),
                random);
        if (m != null) {
            ledger.sent(id, null, null);
            send(m);
        }
    }

    private void command() {
        if (closing || !channel.isActive() || run.ending()
                || catchUp(1, Math.round(1e9 / settings.world().commandsPerSecond()))) {
            return;
        }
        List<String> monsters = new ArrayList<>();
        for (BotView.Entry e : view.entries()) {
            monsters.add(e.monster);
        }
        String id = nextId("c");
        CommandPicker.Plan plan = picker.pick(RequestId.of(id), monsters, run.players(), routes, newest(), random);
        if (plan == null) {
            return;
        }
        ledger.sent(id, plan.expected(), plan.command());
        if (MonsterCommands.DESPAWN.equals(plan.command().command())) {
            despawning.add(plan.command().monster());
        }
        world.command(plan.command().command());
        send(plan.command());
    }

    /**
     * Whether this run of timer {@code which} is a catch-up after a stalled event loop (less than half a period
     * since the last run): skipped, so that a stall never sends a burst past the server's message rate.
     */
    private boolean catchUp(int which, long periodNanos) {
        long now = System.nanoTime();
        if (lastRun[which] != 0 && now - lastRun[which] < periodNanos / 2) {
            return true;
        }
        lastRun[which] = now;
        return false;
    }

    private GridMap newest() {
        return versions.map(versions.newest());
    }

    private String nextId(String prefix) {
        return prefix + (++nextId);
    }

    /** Whether {@code monster} was sent a {@code despawn} (forgets it). */
    private boolean despawned(String monster) {
        return despawning.remove(monster);
    }

    /**
     * Ends the bot at the end of the run: stops sending, waits for the answers still due (at most
     * {@value #ANSWER_WAIT_MILLIS} ms; the rest count as unanswered), says bye and closes. On the event loop.
     */
    void finish() {
        if (closing) {
            return;
        }
        closing = true;
        cancelTimers();
        sayByeWhenAnswered(System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(ANSWER_WAIT_MILLIS));
    }

    private void sayByeWhenAnswered(long deadlineNanos) {
        if (!channel.isActive()) {
            return;
        }
        if (ledger.pending() > 0 && System.nanoTime() < deadlineNanos) {
            channel.eventLoop().schedule(() -> sayByeWhenAnswered(deadlineNanos), 20, TimeUnit.MILLISECONDS);
            return;
        }
        world.commandsUnanswered.add(ledger.pendingCommands());
        stats.messageOut(Bye.TYPE);
        channel.writeAndFlush(new Bye(ByeReasons.CLIENT)).addListener(ChannelFutureListener.CLOSE);
    }

    @Override
    void cancelOwnTimers() {
        for (ScheduledFuture<?> t : timers) {
            t.cancel(false);
        }
    }
}
