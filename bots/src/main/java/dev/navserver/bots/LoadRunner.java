package dev.navserver.bots;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.protocol.codec.ProtocolPipeline;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import java.io.PrintStream;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs one load test: {@code players} bots on one Netty client event loop group. Bot {@code i} starts connecting
 * {@code i / players} of the way through the ramp ({@link RampSchedule}), with at most
 * {@value #MAX_CONNECTS_IN_FLIGHT} connects in flight; the steady window follows the ramp and lasts
 * {@code durationSeconds}; then every bot says {@code bye} and closes, with at most {@value #GRACE_SECONDS} s of
 * grace before the rest are closed. With an admin port it reads the server's {@code /metrics} at the start and the
 * end of the steady window. Prints a progress line every {@code progressIntervalSeconds} to {@code out} and problem
 * notes to {@code err}.
 *
 * <p>{@link #run} blocks the calling thread for the ramp plus the run's duration plus at most a few seconds; a
 * runner is used once, from one thread.
 */
public final class LoadRunner {
    /** Connects started but not finished at any time, so a large run does not overflow the server's backlog. */
    static final int MAX_CONNECTS_IN_FLIGHT = 64;
    /** Longest wait for the bots to close after the end of the run, seconds. */
    static final int GRACE_SECONDS = 3;
    /** Longest accepted line from the server, bytes: long paths on large maps fit. */
    static final int MAX_FRAME_BYTES = 1 << 20;

    private final BotsSettings settings;
    private final BotMap map;
    private final PrintStream out;
    private final PrintStream err;
    private final double progressIntervalSeconds;
    private final BotStats stats;
    private final AtomicInteger nextBot = new AtomicInteger();
    private final MapVersions versions;
    private final Occupancy occupancy;
    private final WorldStats world = new WorldStats();

    /**
     * @param progressIntervalSeconds seconds between progress lines, {@code > 0}
     */
    public LoadRunner(BotsSettings settings, GridMap map, PrintStream out, PrintStream err,
                      double progressIntervalSeconds) {
        this.settings = settings;
        this.map = new BotMap(map);
        this.out = out;
        this.err = err;
        this.progressIntervalSeconds = progressIntervalSeconds;
        this.stats = new BotStats(settings.runSeconds());
        this.versions = new MapVersions(map, () -> reload(settings.mapFile()));
        this.occupancy = new Occupancy(map.width(), map.height());
    }

    /** The map file re-read for a {@code reset} patch, or null when there is none or it cannot be read. */
    private static GridMap reload(java.nio.file.Path file) {
        if (file == null) {
            return null;
        }
        try {
            return dev.navserver.nav.io.MapLoader.load(file);
        } catch (java.io.IOException | RuntimeException e) {
            return null;
        }
    }

    /** Runs the bots and returns the report; the caller prints or writes it. */
    public BotsReport run() throws InterruptedException {
        int players = settings.players();
        RunControl run = new RunControl(players);
        int threads = Math.max(1, Runtime.getRuntime().availableProcessors());
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(threads, NioIoHandler.newFactory());
        SplittableRandom root = new SplittableRandom(settings.seed());
        BotSession[] bots = new BotSession[players];
        WorldTruth truth = settings.worldAuthority() ? WorldTruth.forChecks(settings.world()) : null;
        // the truth's reader on a thread of its own: behind the players' event loops it fell behind at 5,000 monsters
        EventLoopGroup truthGroup = truth == null ? null : new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        for (int i = 0; i < players; i++) {
            bots[i] = new BotSession(i, settings, map, stats, run, root.split(), versions, occupancy, world, truth);
        }
        EditorBot editor = settings.editing()
                ? new EditorBot(settings, map, versions, occupancy, stats, run, root.split()) : null;
        WorldAuthorityBot authority = truth == null ? null
                : new WorldAuthorityBot(settings, map, versions, stats, world, truth, run, root.split());
        PipelineWarmUp.run(MAX_FRAME_BYTES);
        long durationNanos = Math.round(settings.durationSeconds() * 1e9);
        long rampNanos = Math.round(settings.rampUpSeconds() * 1e9);
        RampSchedule ramp = new RampSchedule(players, rampNanos);
        AdminScraper scraper = settings.adminPort() > 0 ? new AdminScraper(settings.host(), settings.adminPort()) : null;
        CompletableFuture<AdminScraper.Result> startScrape = null;
        CompletableFuture<AdminScraper.Result> endScrape = null;
        Bootstrap base = new Bootstrap().group(group).channel(NioSocketChannel.class)
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS,
                        (int) Math.max(100, Math.min(5000, durationNanos / 1_000_000)));
        long end;
        long start;
        long steadyStart;
        try {
            // the first channel's registration loads the transport; keep that out of the connect times too
            base.clone().handler(new ChannelInboundHandlerAdapter()).register().sync().channel().close().sync();
            if (editor != null) {
                editorChannel = connectAuthority(base, "editor", editor, editor.ready(), null);
            }
            if (authority != null) {
                authorityChannel = connectAuthority(base.clone(truthGroup), "world", authority,
                        authority.ready(), () -> new TruthIntake(truth, stats, world));
            }
            if (scraper != null && rampNanos == 0) {
                startScrape = scraper.scrape();
            }
            start = System.nanoTime();
            steadyStart = start + rampNanos;
            stats.begin(start, steadyStart);
            for (int i = 0; i < Math.min(players, MAX_CONNECTS_IN_FLIGHT); i++) {
                launchNext(base, bots, run, start, ramp);
            }
            long deadline = steadyStart + durationNanos;
            long progressNanos = Math.round(progressIntervalSeconds * 1e9);
            long nextProgress = start + progressNanos;
            long lastPaths = 0;
            long lastProgress = start;
            while (true) {
                long now = System.nanoTime();
                if (scraper != null && startScrape == null && now >= steadyStart) {
                    startScrape = scraper.scrape();
                }
                if (now >= deadline) {
                    break;
                }
                long wake = Math.min(deadline, nextProgress);
                if (scraper != null && startScrape == null) {
                    wake = Math.min(wake, steadyStart);
                }
                if (run.awaitAllDone(wake - now)) {
                    break; // every bot has failed or been closed: nothing left to measure
                }
                now = System.nanoTime();
                if (now >= nextProgress && now < deadline) {
                    long paths = stats.navPaths.sum();
                    stats.drainLatencies();
                    out.println(String.format(Locale.ROOT,
                            "progress t=%.1fs connected=%d/%d nav_paths/s=%.1f invalid=%d errors=%d p99_ms=%.1f"
                                    + " edits=%d overlaps=%d%s",
                            (now - start) / 1e9, stats.connected.get(), players,
                            (paths - lastPaths) / ((now - lastProgress) / 1e9), stats.invalidPaths.sum(),
                            stats.errors.sum(), stats.latency().p99(), stats.edits.sum(), stats.overlaps.sum(),
                            truth == null ? "" : " view_errors=" + world.viewErrors.sum() + " view_checks="
                                    + world.viewChecks.sum() + " view_checks_skipped=" + world.viewChecksSkipped.sum()));
                    out.flush();
                    lastPaths = paths;
                    lastProgress = now;
                    nextProgress += progressNanos;
                }
            }
            end = System.nanoTime();
            if (scraper != null && startScrape != null) {
                endScrape = scraper.scrape();
            }
            run.startEnding();
            int launched = Math.min(players, nextBot.getAndSet(Integer.MAX_VALUE));
            for (int i = launched; i < players; i++) {
                stats.connectFailure("not_started");
                run.botDone();
            }
            if (launched < players) {
                run.note(() -> (players - launched) + " bots were not started before the end of the run");
            }
            for (Map.Entry<BotSession, Channel> e : run.live().entrySet()) {
                e.getValue().eventLoop().execute(e.getKey()::finish);
            }
            if (editorChannel != null) {
                editorChannel.eventLoop().execute(editor::finish);
            }
            if (authorityChannel != null) {
                authorityChannel.eventLoop().execute(authority::finish);
            }
            long graceEnd = System.nanoTime() + TimeUnit.SECONDS.toNanos(GRACE_SECONDS);
            if (!run.awaitAllDone(TimeUnit.SECONDS.toNanos(GRACE_SECONDS))) {
                for (Channel c : run.live().values()) {
                    c.close();
                }
            }
            if (editorChannel != null) {
                try {
                    editor.closed().get(Math.max(1, graceEnd - System.nanoTime()), TimeUnit.NANOSECONDS);
                } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
                    editorChannel.close();
                }
            }
            if (authorityChannel != null) {
                try {
                    authority.closed().get(Math.max(1, graceEnd - System.nanoTime()), TimeUnit.NANOSECONDS);
                } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
                    authorityChannel.close();
                }
            }
            if (truthGroup != null) {
                world.truthThreadCpuNanos.add(TruthIntake.threadCpuNanos(truthGroup));
            }
        } finally {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).await(5, TimeUnit.SECONDS);
            if (truthGroup != null) {
                truthGroup.shutdownGracefully(0, 1, TimeUnit.SECONDS).await(5, TimeUnit.SECONDS);
            }
        }
        if (truth != null) {
            world.truthEnded(truth.snapshots(), truth.missed());
            String warning = WorldReport.of(world).viewCheckWarning();
            if (warning != null) {
                err.println("bots: WARN: " + warning);
            }
        }
        stats.drainLatencies();
        for (String note : run.notes()) {
            err.println("bots: " + note);
        }
        if (run.noteCount() > RunControl.MAX_NOTES) {
            err.println("bots: ... and " + (run.noteCount() - RunControl.MAX_NOTES) + " more problems");
        }
        ServerLatency server = scraper == null ? null : serverLatency(startScrape, endScrape);
        if (server != null && server.problem() != null) {
            err.println("bots: server metrics: " + server.problem());
        }
        return report((end - start) / 1e9, Math.max(0, end - steadyStart) / 1e9, server);
    }

    /** The server's latency over the steady window from the two scrapes (either may be missing). */
    private ServerLatency serverLatency(CompletableFuture<AdminScraper.Result> startScrape,
                                        CompletableFuture<AdminScraper.Result> endScrape)
            throws InterruptedException {
        if (startScrape == null) {
            return new ServerLatency(settings.adminPort(), null, null,
                    "the run ended before the steady window started; /metrics not read");
        }
        AdminScraper.Result a = AdminScraper.await(startScrape);
        AdminScraper.Result b = endScrape == null ? new AdminScraper.Result(null, "not read")
                : AdminScraper.await(endScrape);
        return ServerLatency.between(settings.adminPort(), a.body(), b.body(), a.problem(), b.problem());
    }

    private Channel editorChannel;
    private Channel authorityChannel;

    /**
     * Connects an authority bot (the editing bot, the world authority bot) before any player and waits for its
     * {@code welcome}; returns its channel.
     *
     * @param ready completes with null once welcomed as an authority, or with why not
     * @param truth makes the world truth's intake for each of its channels' pipelines (not sharable), or null
     * @throws IllegalStateException when it cannot connect or is not welcomed as an authority (the run is over)
     */
    private Channel connectAuthority(Bootstrap base, String name, AuthorityBot bot, CompletableFuture<String> ready,
                                     java.util.function.Supplier<TruthIntake> truth)
            throws InterruptedException {
        Bootstrap b = authorityBootstrap(base.clone(), name, bot, truth);
        bot.connector((loop, address) -> authorityBootstrap(base.clone(loop), name, bot, truth).connect(address));
        ChannelFuture f = b.connect(settings.host(), settings.port()).await();
        if (!f.isSuccess()) {
            throw new IllegalStateException("the " + name + " authority bot cannot connect to "
                    + settings.host().getHostAddress() + ":" + settings.port() + ": " + f.cause());
        }
        String problem;
        try {
            problem = ready.get(BotSession.WELCOME_TIMEOUT_NANOS + TimeUnit.SECONDS.toNanos(1), TimeUnit.NANOSECONDS);
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            problem = "no answer to the authority hello";
        }
        if (problem != null) {
            f.channel().close().await();
            throw new IllegalStateException("authority bot: " + problem);
        }
        return f.channel();
    }

    /**
     * Takes the next bot and connects it at its ramp time (at once when that has passed); when the connect
     * completes, the next one follows. Each call chain keeps at most one connect in flight.
     */
    private void launchNext(Bootstrap base, BotSession[] bots, RunControl run, long start, RampSchedule ramp) {
        int i = nextBot.getAndIncrement();
        if (i >= bots.length) {
            return;
        }
        long delay = start + ramp.offsetNanos(i) - System.nanoTime();
        if (delay > 0) {
            base.config().group().next().schedule(() -> connect(base, bots, run, start, ramp, i), delay,
                    TimeUnit.NANOSECONDS);
        } else {
            connect(base, bots, run, start, ramp, i);
        }
    }

    private void connect(Bootstrap base, BotSession[] bots, RunControl run, long start, RampSchedule ramp, int i) {
        BotSession bot = bots[i];
        if (run.ending()) {
            stats.connectFailure("not_started");
            bot.release();
            return;
        }
        Bootstrap b = botBootstrap(base.clone(), bot);
        bot.connector((loop, address) -> botBootstrap(base.clone(loop), bot).connect(address));
        bot.connectStarted(System.nanoTime());
        ChannelFuture f = b.connect(settings.host(), settings.port());
        f.addListener(done -> {
            if (!done.isSuccess()) {
                stats.connectFailure("connect");
                run.note(() -> bot.player() + ": cannot connect to " + settings.host().getHostAddress() + ":"
                        + settings.port() + ": " + done.cause());
                bot.release();
            }
            if (!run.ending()) {
                launchNext(base, bots, run, start, ramp);
            }
        });
    }

    /** {@code b} with an authority bot's pipeline: client codec, the truth's intake when given, the bot. */
    private static Bootstrap authorityBootstrap(Bootstrap b, String name, AuthorityBot bot,
                                                java.util.function.Supplier<TruthIntake> truth) {
        return b.handler(new ChannelInitializer<SocketChannel>() {
            @Override
            protected void initChannel(SocketChannel ch) {
                ProtocolPipeline.addClientCodec(ch.pipeline(), MAX_FRAME_BYTES);
                if (truth != null) {
                    ch.pipeline().addAfter(ProtocolPipeline.FRAME_DECODER, "truth", truth.get());
                }
                ch.pipeline().addLast(name, bot);
            }
        });
    }

    /** {@code b} with a bot's pipeline: byte counter, client codec, the bot. */
    private static Bootstrap botBootstrap(Bootstrap b, BotSession bot) {
        return b.handler(new ChannelInitializer<SocketChannel>() {
            @Override
            protected void initChannel(SocketChannel ch) {
                ch.pipeline().addLast("bytes", bot.byteCounter());
                ProtocolPipeline.addClientCodec(ch.pipeline(), MAX_FRAME_BYTES);
                ch.pipeline().addLast("bot", bot);
            }
        });
    }

    private BotsReport report(double durationSeconds, double steadySeconds, ServerLatency server) {
        long navPaths = stats.navPaths.sum();
        long invalid = stats.invalidPaths.sum();
        long disconnects = stats.disconnects.sum();
        long connectFailed = stats.connectFailures.sum();
        long undecodable = stats.undecodable.sum();
        BotsReport.Settings s = new BotsReport.Settings(settings.host().getHostAddress(), settings.port(),
                String.valueOf(settings.mapFile()), settings.mapName(), settings.spawnPerPlayer(),
                settings.durationSeconds(), settings.speedMetersPerSecond(), settings.posHz(), settings.seed(),
                settings.editing() ? settings.editsPerSecond() : 0, settings.crowdPerPlayer(),
                settings.monsterRadiusMeters(), settings.playerRadiusMeters(), settings.world());
        long viewErrors = world.viewErrors.sum();
        return new BotsReport(settings.players(), stats.welcomed.sum(), stats.monsters.sum(), durationSeconds,
                navPaths, invalid, stats.errors.sum(), disconnects, connectFailed, undecodable, stats.latency(),
                stats.connect(), durationSeconds > 0 ? navPaths / durationSeconds : 0, stats.invalidByReason(),
                stats.errorsByCode(), stats.failuresByReason(), stats.messagesIn(), stats.messagesOut(), s,
                Math.max(viewErrors > 0 ? 1 : 0, BotsReport.exitStatusOf(invalid, disconnects, connectFailed,
                        undecodable, stats.overlaps.sum(), stats.patchProblems.sum())), settings.rampUpSeconds(),
                steadySeconds, stats.steadyLatency(), steadySeconds > 0 ? stats.steadyNavPaths.sum() / steadySeconds : 0,
                server, stats.timeline(durationSeconds, settings.rampUpSeconds()),
                new BotsReport.Dynamics(stats.edits.sum(), stats.editsSkipped.sum(), stats.overlaps.sum(),
                        stats.patchProblems.sum(), stats.uncheckedPaths.sum(), stats.pathsByVersionLag()),
                WorldReport.of(world), stats.redirects.sum());
    }
}
