package dev.navserver.server.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.protocol.ErrorCodes;
import dev.navserver.protocol.message.BehaviourSpec;
import dev.navserver.protocol.message.CommandOk;
import dev.navserver.protocol.message.ErrorMessage;
import dev.navserver.protocol.message.Hello;
import dev.navserver.protocol.message.LocalNav;
import dev.navserver.protocol.message.MonsterCommand;
import dev.navserver.protocol.message.MonsterEnter;
import dev.navserver.protocol.message.MonsterEvent;
import dev.navserver.protocol.message.MonsterLeave;
import dev.navserver.protocol.message.MonsterSpawn;
import dev.navserver.protocol.message.NavPath;
import dev.navserver.protocol.message.PlayerLeave;
import dev.navserver.protocol.message.PlayerPos;
import dev.navserver.protocol.message.RequestId;
import dev.navserver.protocol.message.Route;
import dev.navserver.protocol.message.RouteOk;
import dev.navserver.protocol.message.Spawned;
import dev.navserver.protocol.message.Vec3;
import dev.navserver.protocol.message.Welcome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shared world over real loopback sockets: players side by side see the same monsters, an authority spawns,
 * commands and hears them, players may not, bad requests get specific errors, and world files spawn monsters live.
 * The arena (60 x 60 m, origin (-30, 0, 30)); views of 10 m (+ 2 m hysteresis) so that walking away leaves them.
 */
class SharedWorldSessionsTest {
    private static final String TOKEN = "authority-0123456789-secret";
    private static final Duration TIMEOUT = Duration.ofSeconds(8);
    private static final String KINDS = "{wolf: {speedMetersPerSecond: 4, radiusMeters: 0.5, aggroRadiusMeters: 0,"
            + " leashRadiusMeters: 0, leashSeconds: 4}, guard: {speedMetersPerSecond: 2.5, radiusMeters: 0.5,"
            + " aggroRadiusMeters: 6, leashRadiusMeters: 15, leashSeconds: 3}}";

    @TempDir
    Path tmp;

    private static Map<String, String> config() {
        Map<String, String> c = new LinkedHashMap<>();
        c.put("server.authorityToken", "\"" + TOKEN + "\"");
        c.put("monsters.kinds", KINDS);
        c.put("aoi.radiusMeters", "10");
        c.put("aoi.hysteresisMeters", "2");
        return c;
    }

    private static NdjsonClient authority(TestServer server) throws Exception {
        NdjsonClient gm = server.connect();
        gm.send(new Hello(null, 1, "game-master", "arena", TOKEN));
        gm.await(Welcome.class, w -> true);
        return gm;
    }

    private static String spawn(NdjsonClient gm, String id, double x, double z, BehaviourSpec behaviour)
            throws Exception {
        gm.send(new MonsterSpawn(RequestId.of(id), null, new Vec3(x, 0, z), "wolf", behaviour, null));
        return gm.await(Spawned.class, s -> RequestId.of(id).equals(s.id())).monster();
    }

    @Test
    void twoPlayersSideBySide_SeeTheSameMonster_AndTheOneWhoWalksAwayStopsSeeingIt() throws Exception {
        try (TestServer server = TestServer.startWithMapCopy(tmp, config());
                NdjsonClient gm = authority(server);
                NdjsonClient alice = server.player("alice");
                NdjsonClient bob = server.player("bob")) {
            alice.playerPos(1, -25, 25);
            bob.playerPos(1, -23.5, 25);
            String m = spawn(gm, "s1", -20, 25, BehaviourSpec.wander(3));
            for (NdjsonClient c : List.of(alice, bob, gm)) {
                MonsterEnter e = c.await(MonsterEnter.class, x -> x.monster().equals(m));
                assertThat(e.kind()).isEqualTo("wolf");
                assertThat(e.speedMetersPerSecond()).isEqualTo(4);
                NavPath p = c.await(NavPath.class, x -> x.monster().equals(m));
                assertThat(p.state()).isEqualTo("wander");
            }
            bob.playerPos(2, -25, 5); // 20 m away: beyond radius + hysteresis
            MonsterLeave left = bob.await(MonsterLeave.class, x -> x.monster().equals(m));
            assertThat(left.reason()).isEqualTo("out_of_range");
            alice.ping();
            assertThat(alice.received(MonsterLeave.class, x -> true)).isEmpty();
        }
    }

    @Test
    void authority_DefinesARoute_SpawnsAPatrol_MakesItChaseAnotherPlayer_AndHearsWhatItDoes() throws Exception {
        try (TestServer server = TestServer.startWithMapCopy(tmp, config());
                NdjsonClient gm = authority(server);
                NdjsonClient alice = server.player("alice");
                NdjsonClient bob = server.player("bob")) {
            alice.playerPos(1, -20, 20);
            bob.playerPos(1, -18, 20);
            gm.send(new Route(RequestId.of("r"), null, "lane", List.of(new Vec3(-25, 0, 25), new Vec3(-15, 0, 25)),
                    "pingpong", 0));
            gm.await(RouteOk.class, r -> r.name().equals("lane"));
            String m = spawn(gm, "s", -25, 25, BehaviourSpec.patrol("lane"));
            gm.await(MonsterEvent.class, e -> e.monster().equals(m) && e.event().equals("waypoint")
                    && "lane".equals(e.route()));
            gm.send(MonsterCommand.withTarget(RequestId.of("c"), m, "chase", "alice"));
            gm.await(CommandOk.class, ok -> RequestId.of("c").equals(ok.id()));
            NavPath seenByBob = bob.await(NavPath.class, p -> p.monster().equals(m) && "alice".equals(p.target()));
            assertThat(seenByBob.state()).isIn("chase", "unreachable");
            alice.await(LocalNav.class, l -> l.monster().equals(m) && l.active());
            bob.ping();
            assertThat(bob.received(LocalNav.class, l -> true)).as("local_nav only for the chased player").isEmpty();
            gm.send(MonsterCommand.plain(RequestId.of("d"), m, "despawn"));
            gm.await(CommandOk.class, ok -> RequestId.of("d").equals(ok.id()));
            gm.await(MonsterEvent.class, e -> e.monster().equals(m) && e.event().equals("despawned"));
            assertThat(alice.await(MonsterLeave.class, l -> l.monster().equals(m)).reason()).isEqualTo("despawned");
        }
    }

    @Test
    void authority_ManagedPlayer_IsChasedLikeAConnectedOne_AndLeaves() throws Exception {
        try (TestServer server = TestServer.startWithMapCopy(tmp, config());
                NdjsonClient gm = authority(server)) {
            gm.send(new PlayerPos(null, 1, new Vec3(-20, 0, 20), "carol"));
            String m = spawn(gm, "s", -25, 25, BehaviourSpec.idle());
            gm.send(MonsterCommand.withTarget(RequestId.of("c"), m, "chase", "carol"));
            gm.await(CommandOk.class, ok -> RequestId.of("c").equals(ok.id()));
            assertThat(gm.await(NavPath.class, p -> p.monster().equals(m) && "carol".equals(p.target())).state())
                    .isIn("chase", "unreachable");
            gm.send(new PlayerLeave(RequestId.of("l"), "carol"));
            gm.await(MonsterEvent.class, e -> e.monster().equals(m) && e.event().equals("target_lost"));
            gm.send(new PlayerLeave(RequestId.of("l2"), "carol"));
            assertThat(gm.awaitError(ErrorCodes.UNKNOWN_TARGET).id()).isEqualTo(RequestId.of("l2"));
        }
    }

    @Test
    void aPlayer_CannotSpawnOrCommand_GetsForbidden_AndKeepsItsConnection() throws Exception {
        try (TestServer server = TestServer.startWithMapCopy(tmp, config());
                NdjsonClient alice = server.player("alice")) {
            alice.send(new MonsterSpawn(RequestId.of("x"), null, new Vec3(0, 0, 0), null, null, null));
            ErrorMessage e = alice.awaitError(ErrorCodes.FORBIDDEN);
            assertThat(e.id()).isEqualTo(RequestId.of("x"));
            alice.send(MonsterCommand.plain(RequestId.of("y"), "m-1", "despawn"));
            assertThat(alice.awaitError(ErrorCodes.FORBIDDEN).id()).isEqualTo(RequestId.of("y"));
            alice.send(new PlayerPos(RequestId.of("z"), 1, new Vec3(0, 0, 0), "mallory"));
            assertThat(alice.awaitError(ErrorCodes.FORBIDDEN).id()).isEqualTo(RequestId.of("z"));
            alice.ping();
        }
    }

    @Test
    void badRequests_GetSpecificErrors_AndChangeNothing() throws Exception {
        try (TestServer server = TestServer.startWithMapCopy(tmp, config());
                NdjsonClient gm = authority(server)) {
            gm.send(MonsterCommand.plain(RequestId.of(1), "m-404", "stop"));
            assertThat(gm.awaitError(ErrorCodes.UNKNOWN_MONSTER).message()).contains("m-404");
            String m = spawn(gm, "s", -25, 25, BehaviourSpec.idle());
            gm.send(MonsterCommand.withTarget(RequestId.of(2), m, "follow", "nobody"));
            assertThat(gm.awaitError(ErrorCodes.UNKNOWN_TARGET).id()).isEqualTo(RequestId.of(2));
            gm.send(MonsterCommand.patrol(RequestId.of(3), m, "nowhere"));
            assertThat(gm.awaitError(ErrorCodes.UNKNOWN_ROUTE).id()).isEqualTo(RequestId.of(3));
            gm.send(new MonsterSpawn(RequestId.of(4), null, new Vec3(-25, 0, 25), "dragon", null, null));
            assertThat(gm.awaitError(ErrorCodes.UNKNOWN_KIND).id()).isEqualTo(RequestId.of(4));
            gm.send(new MonsterSpawn(RequestId.of(5), "atlantis", new Vec3(0, 0, 0), null, null, null));
            assertThat(gm.awaitError(ErrorCodes.UNKNOWN_MAP).id()).isEqualTo(RequestId.of(5));
            gm.send(MonsterCommand.withPos(RequestId.of(6), m, "teleport", new Vec3(500, 0, 0)));
            assertThat(gm.awaitError(ErrorCodes.OUT_OF_BOUNDS).id()).isEqualTo(RequestId.of(6));
            gm.sendLine("{\"type\":\"route\",\"id\":7,\"name\":\"short\",\"points\":[[0,0,0]]}");
            assertThat(gm.awaitError(ErrorCodes.BAD_FIELD).message()).contains("points");
            gm.sendLine("{\"type\":\"monster_command\",\"id\":8,\"monster\":\"" + m + "\",\"command\":\"dance\"}");
            assertThat(gm.awaitError(ErrorCodes.BAD_FIELD).message()).contains("command");
            gm.ping();
            assertThat(gm.received(CommandOk.class, ok -> true)).isEmpty();
        }
    }

    @Test
    void worldFile_WrittenWhileRunning_SpawnsItsGroups_ABadOneIsRefusedAndTheOldOneStays() throws Exception {
        try (TestServer server = TestServer.startWithMapCopy(tmp, config());
                NdjsonClient gm = authority(server)) {
            Path file = server.mapsDir.resolve("arena.world.yaml");
            write(file, Files.readString(TestServer.repoRoot().resolve("maps/arena.world.yaml")));
            // the watcher may report the new file more than once: each load replaces the previous one's monsters
            TestServer.awaitCondition("the authority sees the file's 9 monsters", TIMEOUT,
                    () -> server.metric("navserver_world_file_loads_total{outcome=\"loaded\"}") >= 1
                            && inView(gm) == 9);
            double loads = server.metric("navserver_world_file_loads_total{outcome=\"loaded\"}");
            assertThat(view(gm).values()).filteredOn("wolf"::equals).hasSize(4);
            int leftBefore = gm.received(MonsterLeave.class, l -> true).size();
            write(file, "routes:\n  - name: broken\n    points: [[-22, 0, 25]]\n");
            TestServer.awaitCondition("bad world file refused", TIMEOUT,
                    () -> server.metric("navserver_world_file_loads_total{outcome=\"rejected\"}") >= 1);
            gm.ping();
            assertThat(gm.received(MonsterLeave.class, l -> true)).as("nothing of the old file went")
                    .hasSize(leftBefore);
            assertThat(server.metric("navserver_world_file_loads_total{outcome=\"loaded\"}")).isEqualTo(loads);
        }
    }

    /** Monsters in the session's view: entered minus left. */
    private static int inView(NdjsonClient c) {
        return view(c).size();
    }

    /** The session's view as it heard it: monster id to kind, entered and not left since. */
    private static Map<String, String> view(NdjsonClient c) {
        Map<String, String> view = new LinkedHashMap<>();
        for (NdjsonClient.Received r : c.received()) {
            if (r.message() instanceof MonsterEnter e) {
                view.put(e.monster(), e.kind());
            } else if (r.message() instanceof MonsterLeave l) {
                view.remove(l.monster());
            }
        }
        return view;
    }

    private static void write(Path file, String text) throws Exception {
        Path tmp = file.resolveSibling("." + file.getFileName() + ".tmp");
        Files.writeString(tmp, text);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
