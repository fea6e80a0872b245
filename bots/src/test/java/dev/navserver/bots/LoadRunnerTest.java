package dev.navserver.bots;

import static dev.navserver.bots.TestMaps.centre;
import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.WorldTransform;
import dev.navserver.protocol.ByeReasons;
import dev.navserver.protocol.ErrorCodes;
import dev.navserver.protocol.message.Bye;
import dev.navserver.protocol.message.ErrorMessage;
import dev.navserver.protocol.message.Hello;
import dev.navserver.protocol.message.MapInfo;
import dev.navserver.protocol.message.Message;
import dev.navserver.protocol.message.NavPath;
import dev.navserver.protocol.message.PlayerPos;
import dev.navserver.protocol.message.Spawn;
import dev.navserver.protocol.message.Spawned;
import dev.navserver.protocol.message.Vec3;
import dev.navserver.protocol.message.Welcome;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Bots against {@link FakeServer} over real loopback TCP. */
class LoadRunnerTest {
    static final GridMap MAP = TestMaps.ascii(WorldTransform.UNIT, TestMaps.WALLED);

    private final ByteArrayOutputStream outBytes = new ByteArrayOutputStream();
    private final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();

    private BotsReport run(FakeServer fake, int players, int spawn, double seconds, double progressSeconds)
            throws InterruptedException {
        BotsSettings s = new BotsSettings(InetAddress.getLoopbackAddress(), fake == null ? freePort() : fake.port(),
                players, spawn, seconds, Path.of("walled.map"), "walled", 3.0, 20, 42);
        return new LoadRunner(s, MAP, new PrintStream(outBytes, true, StandardCharsets.UTF_8),
                new PrintStream(errBytes, true, StandardCharsets.UTF_8), progressSeconds).run();
    }

    private BotsReport runWithRamp(FakeServer fake, int players, double rampSeconds, double seconds)
            throws InterruptedException {
        BotsSettings s = new BotsSettings(InetAddress.getLoopbackAddress(), fake.port(), players, 1, seconds,
                Path.of("walled.map"), "walled", 3.0, 20, 42, rampSeconds, 0);
        return new LoadRunner(s, MAP, new PrintStream(outBytes, true, StandardCharsets.UTF_8),
                new PrintStream(errBytes, true, StandardCharsets.UTF_8), 60).run();
    }

    private String out() {
        return outBytes.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return errBytes.toString(StandardCharsets.UTF_8);
    }

    private static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Answers every player_pos with one valid nav_path per monster. */
    static final FakeServer.Script VALID_PATHS = new FakeServer.Script() {
        @Override
        public void onPlayerPos(FakeServer.Session s, PlayerPos pos) {
            for (int i = 0; i < s.monsters.size(); i++) {
                s.send(s.validPathFor(i, pos));
            }
        }
    };

    @Test
    void run_WhenServerSendsValidPaths_ExpectedAllValidLatenciesTimedAndByeAtTheEnd() throws Exception {
        try (FakeServer fake = new FakeServer(MAP, 5, VALID_PATHS)) {
            BotsReport r = run(fake, 5, 2, 3.0, 60);

            assertThat(fake.awaitClosed(5)).isTrue();
            assertThat(fake.byes.get()).isEqualTo(5);
            assertThat(r.players()).isEqualTo(5);
            assertThat(r.welcomed()).isEqualTo(5);
            assertThat(r.monsters()).isEqualTo(10);
            assertThat(r.navPaths()).isPositive().isLessThanOrEqualTo(fake.navPathsSent.get());
            assertThat(r.invalid()).isZero();
            assertThat(r.errors()).isZero();
            assertThat(r.disconnects()).isZero();
            assertThat(r.connectFailed()).isZero();
            assertThat(r.exitStatus()).isZero();
            // two monsters answer each player_pos; only the first nav_path of a player seq is timed
            long timed = r.latencyMs().count();
            assertThat(r.navPaths()).isBetween(2 * timed - 1, 2 * timed);
            assertThat(timed).isLessThanOrEqualTo(r.messagesOut().get("player_pos"));
            assertThat(r.latencyMs().max()).isGreaterThanOrEqualTo(r.latencyMs().p99());
            assertThat(r.connectMs().count()).isEqualTo(5);
            assertThat(r.messagesOut()).containsEntry("hello", 5L).containsEntry("spawn", 10L)
                    .containsEntry("bye", 5L);
            assertThat(r.messagesIn()).containsEntry("welcome", 5L).containsEntry("spawned", 10L)
                    .containsEntry("nav_path", r.navPaths());
            assertThat(r.durationSeconds()).isBetween(2.9, 5.0);
            assertThat(err()).isEmpty();
        }
    }

    @Test
    void run_WhenPathsCrossWallsCutCornersLeaveTheMapOrComeOutOfOrder_ExpectedEachCountedInvalid() throws Exception {
        FakeServer.Script script = new FakeServer.Script() {
            @Override
            public void onPlayerPos(FakeServer.Session s, PlayerPos pos) {
                if (s.positions != 2) { // the bot's first player_pos comes before its spawn
                    return;
                }
                String m = s.monsters.get(0);
                s.navSeq = 4;
                s.send(s.validPathFor(0, pos)); // seq 5
                s.send(new NavPath(m, 3, pos.seq(), "ok", s.validPathFor(0, pos).navPath(), 2, 1));
                s.send(path(m, 6, pos, centre(MAP, 8, 5), centre(MAP, 10, 5))); // through the wall
                s.send(path(m, 7, pos, centre(MAP, 9, 0), centre(MAP, 10, 1))); // past the corner of (9,1)
                s.send(path(m, 8, pos, centre(MAP, 8, 0), new Vec3(-3, 0, 0))); // off the map
            }
        };
        try (FakeServer fake = new FakeServer(MAP, 2, script)) {
            BotsReport r = run(fake, 2, 1, 2.5, 60);

            assertThat(r.navPaths()).isEqualTo(10);
            assertThat(r.invalid()).isEqualTo(8);
            assertThat(r.invalidByReason()).containsExactlyInAnyOrderEntriesOf(Map.of(
                    PathChecker.SEQ_NOT_INCREASING, 2L, "blocked", 2L, "corner", 2L, "off_map", 2L));
            assertThat(r.latencyMs().count()).isEqualTo(2);
            assertThat(r.exitStatus()).isEqualTo(1);
            assertThat(r.disconnects()).isZero();
            assertThat(err()).contains("invalid nav_path", "blocked", "seq 3 after 5");
        }
    }

    @Test
    void run_WhenPathsNameMapVersions_ExpectedEachCheckedOnItsOwnVersionAndLagsCounted() throws Exception {
        FakeServer.Script script = new FakeServer.Script() {
            @Override
            public void onPlayerPos(FakeServer.Session s, PlayerPos pos) {
                if (s.positions != 2) {
                    return;
                }
                String m = s.monsters.get(0);
                // version 2 walls (10,6), on the straight line from (10,5) to (10,7)
                s.send(dev.navserver.protocol.message.MapPatch.edits("walled", 2, List.of(
                        dev.navserver.protocol.message.TerrainEdit.cells(
                                new dev.navserver.protocol.message.CellRect(10, 6, 1, 1), "wall"))));
                List<Vec3> across = List.of(centre(MAP, 10, 5), centre(MAP, 10, 7));
                s.send(new NavPath(m, 1, pos.seq(), "ok", across, 2.0, 1.0, 1)); // planned before: valid
                s.send(new NavPath(m, 2, pos.seq(), "ok", across, 2.0, 1.0, 2)); // through the new wall
                s.send(new NavPath(m, 3, pos.seq(), "ok", List.of(centre(MAP, 1, 1), centre(MAP, 2, 2)), 2.0, 1.0,
                        2)); // valid on version 2
                s.send(new NavPath(m, 4, pos.seq(), "ok", List.of(centre(MAP, 1, 1), centre(MAP, 2, 2)), 2.0, 1.0,
                        3)); // a version no patch announced
            }
        };
        try (FakeServer fake = new FakeServer(MAP, 1, script)) {
            BotsReport r = run(fake, 1, 1, 1.5, 60);

            assertThat(r.navPaths()).isEqualTo(4);
            assertThat(r.invalidByReason()).containsExactlyInAnyOrderEntriesOf(Map.of(
                    "blocked", 1L, PathChecker.VERSION_AHEAD, 1L));
            assertThat(r.dynamics().pathsByVersionLag()).containsExactly(Map.entry("0", 2L), Map.entry("1", 1L),
                    Map.entry("2", 0L), Map.entry("3+", 0L));
            assertThat(r.dynamics().uncheckedPaths()).isZero();
            assertThat(r.dynamics().patchProblems()).isZero();
            assertThat(r.exitStatus()).isEqualTo(1);
            assertThat(err()).contains("version 2: blocked", "names map version 3 before its map_patch");
        }
    }

    @Test
    void run_WhenPatchesSkipAVersion_ExpectedAPatchProblemAndExit1() throws Exception {
        FakeServer.Script script = new FakeServer.Script() {
            @Override
            public void onPlayerPos(FakeServer.Session s, PlayerPos pos) {
                if (s.positions == 2) {
                    s.send(dev.navserver.protocol.message.MapPatch.edits("walled", 3, List.of(
                            dev.navserver.protocol.message.TerrainEdit.cells(
                                    new dev.navserver.protocol.message.CellRect(0, 0, 1, 1), "wall"))));
                }
            }
        };
        try (FakeServer fake = new FakeServer(MAP, 1, script)) {
            BotsReport r = run(fake, 1, 0, 1.0, 60);

            assertThat(r.dynamics().patchProblems()).isEqualTo(1);
            assertThat(r.failuresByReason()).containsEntry("patch_out_of_order", 1L);
            assertThat(r.exitStatus()).isEqualTo(1);
            assertThat(err()).contains("map_patch version 3 after version 1");
        }
    }

    @Test
    void run_WhenASnapshotShowsTwoMonstersOnTopOfEachOther_ExpectedAnOverlapAndExit1ButNotDuringTheSpawnGrace()
            throws Exception {
        FakeServer.Script script = new FakeServer.Script() {
            @Override
            public void onPlayerPos(FakeServer.Session s, PlayerPos pos) {
                if (s.monsters.size() < 2 || (s.positions != 3 && s.positions != 40)) {
                    return; // at 20 Hz: right after the spawns (in their grace), and 2 s later
                }
                // far from the player: only the pair overlaps
                double x = pos.pos().x() < 10 ? 17.5 : 2.5;
                s.send(new dev.navserver.protocol.message.Monsters(1.0, List.of(
                        new dev.navserver.protocol.message.MonsterSnapshot(s.monsters.get(0), new Vec3(x, 0, -10.5),
                                "chase"),
                        new dev.navserver.protocol.message.MonsterSnapshot(s.monsters.get(1),
                                new Vec3(x + 0.3, 0, -10.5), "chase"))));
            }
        };
        try (FakeServer fake = new FakeServer(MAP, 1, script)) {
            BotsReport r = run(fake, 1, 2, 2.5, 60);

            assertThat(r.messagesIn()).containsEntry("monsters", 2L);
            assertThat(r.dynamics().overlaps()).isEqualTo(1);
            assertThat(r.summaryLine()).contains(" overlaps=1");
            assertThat(r.exitStatus()).isEqualTo(1);
            assertThat(err()).contains("1 overlap(s) in monsters", "apart (limit 0.750)");
        }
    }

    @Test
    void run_WhenASnapshotNamesTheOlderPositionItWasMadeFor_TheMonsterOnThatPositionIsAnOverlap() throws Exception {
        FakeServer.Script script = new FakeServer.Script() {
            private final java.util.Map<Long, Vec3> sent = new java.util.HashMap<>();

            @Override
            public void onPlayerPos(FakeServer.Session s, PlayerPos pos) {
                sent.put(pos.seq(), pos.pos());
                if (s.monsters.isEmpty() || s.positions != 60) {
                    return;
                }
                // made for the position of 1 s ago, far from the newest (the bot walks at 2.5 m/s): a monster on
                // that older position overlaps the player the snapshot names, though not the newest position
                long older = pos.seq() - 20;
                Vec3 then = sent.get(older);
                s.send(new dev.navserver.protocol.message.Monsters(3.0, List.of(
                        new dev.navserver.protocol.message.MonsterSnapshot(s.monsters.get(0), then, "chase")),
                        older));
            }
        };
        try (FakeServer fake = new FakeServer(MAP, 1, script)) {
            BotsReport r = run(fake, 1, 1, 4.0, 60);

            assertThat(r.messagesIn()).containsEntry("monsters", 1L);
            assertThat(r.dynamics().overlaps()).isEqualTo(1);
            assertThat(err()).contains("from the player (limit 0.850)");
        }
    }

    private static NavPath path(String monster, long seq, PlayerPos pos, Vec3... points) {
        return new NavPath(monster, seq, pos.seq(), "ok", List.of(points), 2.0, 1.0);
    }

    @Test
    void run_WhenServerAnswersLate_ExpectedLatencyAtLeastTheDelay() throws Exception {
        FakeServer.Script delayed = new FakeServer.Script() {
            @Override
            public void onPlayerPos(FakeServer.Session s, PlayerPos pos) {
                NavPath p = s.validPathFor(0, pos);
                s.channel.eventLoop().schedule(() -> s.send(p), 60, TimeUnit.MILLISECONDS);
            }
        };
        try (FakeServer fake = new FakeServer(MAP, 3, delayed)) {
            BotsReport r = run(fake, 3, 1, 2.5, 60);

            assertThat(r.latencyMs().count()).isPositive();
            assertThat(r.latencyMs().p50()).isGreaterThanOrEqualTo(60.0).isLessThan(1000.0);
            assertThat(r.invalid()).isZero();
            assertThat(r.exitStatus()).isZero();
        }
    }

    @Test
    void run_WhenServerSpawnsMonstersItselfAndRejectsClientSpawns_ExpectedMonstersFromPathsAndErrorsByCode()
            throws Exception {
        SplittableRandom random = new SplittableRandom(5);
        FakeServer.Script script = new FakeServer.Script() {
            @Override
            public Message onHello(FakeServer.Session s, Hello hello, Welcome welcome) {
                for (int i = 0; i < 3; i++) {
                    s.addMonster(s.randomIslandPoint(random)); // one fake event loop: one thread uses random
                }
                return welcome;
            }

            @Override
            public Message onSpawn(FakeServer.Session s, Spawn spawn, Spawned spawned) {
                return new ErrorMessage(spawn.id(), ErrorCodes.SPAWN_DISABLED, "spawn is disabled");
            }

            @Override
            public void onPlayerPos(FakeServer.Session s, PlayerPos pos) {
                VALID_PATHS.onPlayerPos(s, pos);
            }
        };
        try (FakeServer fake = new FakeServer(MAP, 2, script)) {
            BotsReport r = run(fake, 2, 2, 2.5, 60);

            assertThat(r.monsters()).isEqualTo(6);
            assertThat(r.errors()).isEqualTo(4);
            assertThat(r.errorsByCode()).containsExactly(Map.entry(ErrorCodes.SPAWN_DISABLED, 4L));
            assertThat(r.invalid()).isZero();
            assertThat(r.navPaths()).isPositive();
            assertThat(r.exitStatus()).isZero();
        }
    }

    @Test
    void run_WhenServerClosesOrSaysByeEarly_ExpectedDisconnectsCountedOnceEachAndExit1() throws Exception {
        FakeServer.Script script = new FakeServer.Script() {
            @Override
            public void onPlayerPos(FakeServer.Session s, PlayerPos pos) {
                if (s.positions != 3) {
                    return;
                }
                if (s.hello.player().equals("bot-0")) {
                    s.channel.writeAndFlush(new Bye(ByeReasons.IDLE)).addListener(f -> s.channel.close());
                } else if (s.hello.player().equals("bot-1")) {
                    s.channel.close();
                }
            }
        };
        try (FakeServer fake = new FakeServer(MAP, 3, script)) {
            BotsReport r = run(fake, 3, 0, 2.5, 60);

            assertThat(r.welcomed()).isEqualTo(3);
            assertThat(r.disconnects()).isEqualTo(2);
            assertThat(r.failuresByReason()).containsExactlyInAnyOrderEntriesOf(Map.of("bye_idle", 1L,
                    "closed_by_server", 1L));
            assertThat(r.connectFailed()).isZero();
            assertThat(r.exitStatus()).isEqualTo(1);
            assertThat(err()).contains("bot-0: server said bye (idle)", "bot-1: connection closed by the server");
        }
    }

    @Test
    void run_WhenServerMapDiffersFromTheBotsMap_ExpectedConnectFailuresAndAnEarlyEnd() throws Exception {
        try (FakeServer fake = new FakeServer(MAP, 2, VALID_PATHS)) {
            fake.announce(new MapInfo("arena", new Vec3(-30, 0, 30), 1.0, 60, 60));
            BotsReport r = run(fake, 2, 1, 30, 60);

            assertThat(r.durationSeconds()).isLessThan(10);
            assertThat(r.welcomed()).isZero();
            assertThat(r.connectFailed()).isEqualTo(2);
            assertThat(r.failuresByReason()).containsExactly(Map.entry("map_mismatch", 2L));
            assertThat(r.exitStatus()).isEqualTo(1);
            assertThat(err()).contains("differs from the bots' map", "--map");
        }
    }

    @Test
    void run_WhenHelloIsRefused_ExpectedConnectFailuresAndErrorsByCode() throws Exception {
        FakeServer.Script script = new FakeServer.Script() {
            @Override
            public Message onHello(FakeServer.Session s, Hello hello, Welcome welcome) {
                return new ErrorMessage(hello.id(), ErrorCodes.UNKNOWN_MAP, "no map " + hello.map());
            }
        };
        try (FakeServer fake = new FakeServer(MAP, 2, script)) {
            BotsReport r = run(fake, 2, 0, 30, 60);

            assertThat(r.durationSeconds()).isLessThan(10);
            assertThat(r.connectFailed()).isEqualTo(2);
            assertThat(r.failuresByReason()).containsExactly(Map.entry("hello_unknown_map", 2L));
            assertThat(r.errorsByCode()).containsExactly(Map.entry(ErrorCodes.UNKNOWN_MAP, 2L));
            assertThat(r.exitStatus()).isEqualTo(1);
        }
    }

    @Test
    void run_WhenServerNeverWelcomes_ExpectedConnectFailuresAtTheEnd() throws Exception {
        FakeServer.Script silent = new FakeServer.Script() {
            @Override
            public Message onHello(FakeServer.Session s, Hello hello, Welcome welcome) {
                return null;
            }
        };
        try (FakeServer fake = new FakeServer(MAP, 2, silent)) {
            BotsReport r = run(fake, 2, 0, 1.5, 60);

            assertThat(r.welcomed()).isZero();
            assertThat(r.connectFailed()).isEqualTo(2);
            assertThat(r.failuresByReason()).containsExactly(Map.entry("no_welcome_before_end", 2L));
            assertThat(r.exitStatus()).isEqualTo(1);
            assertThat(fake.awaitClosed(5)).isTrue();
            assertThat(fake.byes.get()).isEqualTo(2);
        }
    }

    @Test
    void run_WhenNothingListens_ExpectedEveryConnectFailedAnEarlyEndAndExit1() throws Exception {
        BotsReport r = run(null, 4, 0, 30, 60);

        assertThat(r.durationSeconds()).isLessThan(10);
        assertThat(r.connectFailed()).isEqualTo(4);
        assertThat(r.failuresByReason()).containsExactly(Map.entry("connect", 4L));
        assertThat(r.exitStatus()).isEqualTo(1);
        assertThat(err()).contains("bot-0: cannot connect to 127.0.0.1:");
    }

    @Test
    void run_WhenRunLastsSeveralIntervals_ExpectedProgressLines() throws Exception {
        try (FakeServer fake = new FakeServer(MAP, 2, VALID_PATHS)) {
            run(fake, 2, 1, 2.6, 0.6);
        }
        List<String> lines = out().lines().toList();
        assertThat(lines).hasSizeBetween(3, 4).allMatch(l -> l.matches(
                "progress t=\\d+\\.\\ds connected=\\d/2 nav_paths/s=\\d+\\.\\d invalid=0 errors=0 p99_ms=\\d+\\.\\d"
                        + " edits=0 overlaps=0"));
        assertThat(lines.get(lines.size() - 1)).contains("connected=2/2");
    }

    @Test
    void run_WithFiftyBots_ExpectedOneSmallEventLoopGroupServesThemAll() throws Exception {
        int before = Thread.activeCount();
        AtomicInteger peakThreads = new AtomicInteger();
        FakeServer.Script script = new FakeServer.Script() {
            @Override
            public void onPlayerPos(FakeServer.Session s, PlayerPos pos) {
                peakThreads.accumulateAndGet(Thread.activeCount(), Math::max);
                VALID_PATHS.onPlayerPos(s, pos);
            }
        };
        try (FakeServer fake = new FakeServer(MAP, 50, script)) {
            BotsReport r = run(fake, 50, 1, 3.0, 60);

            assertThat(r.welcomed()).isEqualTo(50);
            assertThat(r.invalid()).isZero();
            assertThat(r.disconnects()).isZero();
            assertThat(r.exitStatus()).isZero();
            assertThat(fake.awaitClosed(5)).isTrue();
        }
        assertThat(peakThreads.get() - before).isLessThan(50);
    }

    @Test
    void run_WithARamp_ExpectedHellosSpreadOverTheRampAndSteadyFieldsCoveringOnlyTheWindowAfterIt()
            throws Exception {
        Queue<Long> hellos = new ConcurrentLinkedQueue<>();
        FakeServer.Script script = new FakeServer.Script() {
            @Override
            public Message onHello(FakeServer.Session s, Hello hello, Welcome welcome) {
                hellos.add(System.nanoTime());
                return welcome;
            }

            @Override
            public void onPlayerPos(FakeServer.Session s, PlayerPos pos) {
                VALID_PATHS.onPlayerPos(s, pos);
            }
        };
        try (FakeServer fake = new FakeServer(MAP, 5, script)) {
            BotsReport r = runWithRamp(fake, 5, 1.0, 1.0);

            assertThat(fake.awaitClosed(5)).isTrue();
            List<Long> t = hellos.stream().sorted().toList();
            assertThat(t).hasSize(5);
            // bots start at 0, 0.2, 0.4, 0.6, 0.8 s: the last hello comes at least 0.7 s after the first
            assertThat(TimeUnit.NANOSECONDS.toMillis(t.get(4) - t.get(0))).isBetween(700L, 1000L);
            for (int i = 1; i < 5; i++) {
                assertThat(TimeUnit.NANOSECONDS.toMillis(t.get(i) - t.get(i - 1))).as("gap %d", i)
                        .isGreaterThanOrEqualTo(100L);
            }
            assertThat(r.rampUpSeconds()).isEqualTo(1.0);
            assertThat(r.durationSeconds()).isBetween(2.0, 2.5);
            assertThat(r.steadyDurationSeconds()).isBetween(1.0, 1.5);
            assertThat(r.welcomed()).isEqualTo(5);
            assertThat(r.steadyLatencyMs().count()).isPositive().isLessThan(r.latencyMs().count());
            assertThat(r.steadyNavPathsPerSecond()).isPositive();
            assertThat(r.server()).isNull();
            assertThat(r.summaryLine()).contains(" ramp_up=1.0s steady_duration=1.").doesNotContain("server_p99_ms");
            assertThat(r.timeline().points()).hasSizeBetween(2, 3);
            assertThat(r.timeline().points().get(0).latencySamples()).isPositive();
            assertThat(r.exitStatus()).isZero();
            assertThat(err()).isEmpty();
        }
    }

    @Test
    void run_WithAnAdminPortNobodyListensOn_ExpectedAProblemLineAndNaFieldsNotACrash() throws Exception {
        try (FakeServer fake = new FakeServer(MAP, 1, VALID_PATHS)) {
            BotsSettings s = new BotsSettings(InetAddress.getLoopbackAddress(), fake.port(), 1, 1, 0.5,
                    Path.of("walled.map"), "walled", 3.0, 20, 42, 0, freePort());
            BotsReport r = new LoadRunner(s, MAP, new PrintStream(outBytes, true, StandardCharsets.UTF_8),
                    new PrintStream(errBytes, true, StandardCharsets.UTF_8), 60).run();

            assertThat(r.exitStatus()).isZero();
            assertThat(r.server().posToPathMs()).isNull();
            assertThat(r.server().tickMs()).isNull();
            assertThat(r.summaryLine()).endsWith(" server_p99_ms=n/a tick_p99_ms=n/a");
            assertThat(err()).startsWith("bots: server metrics: cannot read /metrics at the start of the steady "
                    + "window: GET http://127.0.0.1:");
        }
    }
}
