package dev.navserver.server.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.navserver.protocol.ByeReasons;
import dev.navserver.protocol.ErrorCodes;
import dev.navserver.protocol.message.Bye;
import dev.navserver.protocol.message.CellRect;
import dev.navserver.protocol.message.ErrorMessage;
import dev.navserver.protocol.message.Hello;
import dev.navserver.protocol.message.MapEdit;
import dev.navserver.protocol.message.MapEdited;
import dev.navserver.protocol.message.Redirect;
import dev.navserver.protocol.message.RequestId;
import dev.navserver.protocol.message.TerrainEdit;
import dev.navserver.protocol.message.Welcome;
import dev.navserver.server.cluster.DirectoryServer;
import dev.navserver.server.cluster.EtcdProcesses;
import dev.navserver.server.cluster.agones.FakeAgonesSdk;
import dev.navserver.server.config.ConfigLoader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real-process scenarios: a 3-member etcd, three nodes as separate JVMs, a directory, six maps; the
 * owner of a map is killed (SIGKILL), paused past its lease (SIGSTOP, then SIGCONT) or drained (SIGTERM), and the
 * map's acknowledged edits are found on its new owner at the same version. No process outlives a test.
 */
@ExtendWith(ScenarioTally.class)
class ClusterProcessesTest {
    static final String AUTHORITY_TOKEN = "authority-0123456789-secret";
    static final int LEASE_SECONDS = 2;
    static final Duration AWAIT = Duration.ofSeconds(20);
    /** The file every map is a copy of; {@code -Dnavserver.clusterTestMap=maps/rooms512.map} measures 512² maps. */
    static final String MAP_FILE = System.getProperty("navserver.clusterTestMap", "maps/arena.txt");

    @TempDir
    Path tmp;

    EtcdProcesses etcd;
    Path mapsDir;
    final List<ServerProcess> nodes = new ArrayList<>();
    /** Each node's Agones SDK sidecar (a fake of its REST paths), in the order of {@link #nodes}. */
    final List<FakeAgonesSdk> agones = new ArrayList<>();
    DirectoryServer directory;
    final HttpClient http = HttpClient.newHttpClient();

    @BeforeEach
    void startCluster() throws Exception {
        assumeTrue(EtcdProcesses.available() || System.getenv("NAVSERVER_REQUIRE_ETCD") != null,
                "etcd is not installed (apt-get install etcd-server)");
        etcd = EtcdProcesses.start(tmp.resolve("etcd"), 3);
        mapsDir = Files.createDirectories(tmp.resolve("maps"));
        addMap("m1");
        for (String id : List.of("n1", "n2", "n3")) {
            Path config = Files.createDirectories(tmp.resolve(id)).resolve("navserver.yaml");
            Map<String, String> o = overrides(id);
            o.put("cluster.agones", "true");
            Files.writeString(config, TestServer.yaml(mapsDir, o));
            FakeAgonesSdk sdk = new FakeAgonesSdk();
            agones.add(sdk);
            nodes.add(ServerProcess.start(config, tmp.resolve(id + ".log"), 0,
                    Map.of("AGONES_SDK_HTTP_PORT", Integer.toString(sdk.port()))));
        }
        Path dirConfig = Files.createDirectories(tmp.resolve("directory")).resolve("navserver.yaml");
        Map<String, String> d = overrides("directory");
        d.remove("cluster.nodeId");
        Files.writeString(dirConfig, TestServer.yaml(mapsDir, d));
        directory = new DirectoryServer(ConfigLoader.load(dirConfig));
        directory.start();
        awaitOwner("m1", -1);
        for (int i = 2; i <= 6; i++) {
            addMap("m" + i);
        }
        for (int i = 2; i <= 6; i++) {
            awaitOwner("m" + i, -1);
        }
    }

    @AfterEach
    void stopAll() throws Exception {
        for (ServerProcess n : nodes) {
            signal("CONT", n);
            n.close();
        }
        if (directory != null) {
            directory.close();
        }
        agones.forEach(FakeAgonesSdk::close);
        if (etcd != null) {
            etcd.close();
        }
    }

    Map<String, String> overrides(String id) {
        Map<String, String> o = TestServer.clusterNode(etcd, id, LEASE_SECONDS, tmp.resolve("snapshots"));
        o.put("maps.default", "m1");
        o.put("server.authorityToken", "\"" + AUTHORITY_TOKEN + "\"");
        o.put("cluster.maxMaps", "3");
        o.put("cluster.drainSeconds", "15");
        return o;
    }

    void addMap(String name) throws Exception {
        Path t = mapsDir.resolve("." + name + ".tmp");
        Files.copy(TestServer.repoRoot().resolve(MAP_FILE), t);
        Files.move(t, mapsDir.resolve(name + MAP_FILE.substring(MAP_FILE.lastIndexOf('.'))),
                StandardCopyOption.ATOMIC_MOVE);
    }

    /** The directory's redirect for {@code map}, or null when it says the map is unavailable. */
    Redirect whereIs(String map) throws Exception {
        try (NdjsonClient c = new NdjsonClient(directory.port())) {
            c.send(new Hello(null, 1, "lookup", map, null));
            Redirect r = c.poll(Redirect.class, x -> true, Duration.ofSeconds(2));
            return r;
        }
    }

    /** Polls the directory until it names an owner of {@code map} on a game port other than {@code notPort}. */
    Redirect awaitOwner(String map, int notPort) throws Exception {
        long deadline = System.nanoTime() + AWAIT.toNanos();
        while (System.nanoTime() < deadline) {
            Redirect r = whereIs(map);
            if (r != null && r.port() != notPort) {
                return r;
            }
            Thread.sleep(50); // polls the directory (a real TCP service) with a deadline
        }
        throw new AssertionError("no owner of " + map + " other than port " + notPort + " within " + AWAIT);
    }

    ServerProcess node(int gamePort) {
        return nodes.stream().filter(n -> n.gamePort == gamePort).findFirst().orElseThrow();
    }

    static void signal(String sig, ServerProcess p) throws Exception {
        if (p.process.isAlive()) {
            new ProcessBuilder("kill", "-" + sig, Long.toString(p.process.pid())).start().waitFor(5, TimeUnit.SECONDS);
        }
    }

    String get(int adminPort, String path) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + adminPort + path))
                .header("Authorization", "Bearer " + TestServer.TOKEN).timeout(Duration.ofSeconds(5)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(path).isEqualTo(200);
        return r.body();
    }

    double metric(ServerProcess p, String sample) throws Exception {
        Matcher m = Pattern.compile("(?m)^" + Pattern.quote(sample) + " (\\S+)$").matcher(get(p.adminPort, "/metrics"));
        return m.find() ? Double.parseDouble(m.group(1)) : 0;
    }

    static NdjsonClient authority(int port, String map) throws Exception {
        NdjsonClient gm = new NdjsonClient(port);
        gm.send(new Hello(null, 1, "game-master", map, AUTHORITY_TOKEN));
        gm.await(Welcome.class, w -> true);
        return gm;
    }

    static MapEdit strip(String id, int i) {
        return new MapEdit(RequestId.of(id), null, List.of(TerrainEdit.cells(new CellRect(5 + i, 5, 1, 3),
                i % 2 == 0 ? "wall" : "open")));
    }

    /** Sends {@code n} edits one by one; the version of each acknowledgement. */
    static List<Long> edits(NdjsonClient gm, int n) {
        List<Long> acked = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            RequestId id = RequestId.of("e" + i);
            try {
                gm.send(strip("e" + i, i));
            } catch (java.io.IOException e) {
                throw new AssertionError(e);
            }
            acked.add(gm.await(MapEdited.class, m -> id.equals(m.id()), Duration.ofSeconds(8)).version());
        }
        return acked;
    }

    static long welcomeVersion(int port, String map) throws Exception {
        try (NdjsonClient c = new NdjsonClient(port)) {
            c.send(new Hello(null, 1, "late", map, null));
            return c.await(Welcome.class, w -> true).mapVersion();
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void killNineTheOwner_ANewOwnerServesTheMapAtTheLastAcknowledgedVersionWithTheSameGrid() throws Exception {
        Redirect before = awaitOwner("m3", -1);
        ServerProcess owner = node(before.port());
        List<Long> acked;
        try (NdjsonClient gm = authority(before.port(), "m3")) {
            acked = edits(gm, 5);
        }
        assertThat(acked).containsExactly(2L, 3L, 4L, 5L, 6L);
        String grid = get(owner.adminPort, "/admin/maps/m3");

        long killed = System.nanoTime();
        owner.kill();
        Redirect after = awaitOwner("m3", before.port());
        long failoverMillis = (System.nanoTime() - killed) / 1_000_000;
        assertThat(welcomeVersion(after.port(), "m3")).isEqualTo(6);
        System.out.println("failover after kill -9: " + failoverMillis + " ms to the directory's new owner, "
                + (System.nanoTime() - killed) / 1_000_000 + " ms to its welcome (lease " + LEASE_SECONDS + " s, "
                + MAP_FILE + ")");
        assertThat(get(node(after.port()).adminPort, "/admin/maps/m3")).isEqualTo(grid);
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void sigstopTheOwnerPastItsLease_MapMoves_AfterSigcontItAppendsNothingUnderItsOldClaim() throws Exception {
        Redirect before = awaitOwner("m4", -1);
        ServerProcess owner = node(before.port());
        try (NdjsonClient gm = authority(before.port(), "m4")) {
            assertThat(edits(gm, 2)).containsExactly(2L, 3L);
            String grid = get(owner.adminPort, "/admin/maps/m4");

            signal("STOP", owner);
            Redirect after = awaitOwner("m4", before.port());
            gm.send(strip("late", 9)); // queued in the socket while the owner is stopped
            signal("CONT", owner);
            // the resumed node stops serving at once: the late edit is refused or never applied, and the session is
            // sent to the map's new owner
            Redirect sent = gm.await(Redirect.class, r -> true, AWAIT);
            assertThat(sent.port()).as("redirected to the new owner").isEqualTo(after.port());
            assertThat(gm.received(MapEdited.class, m -> true)).as("nothing acknowledged after the pause").hasSize(2);
            assertThat(gm.received(ErrorMessage.class, e -> RequestId.of("late").equals(e.id())))
                    .allMatch(e -> e.code().equals(ErrorCodes.EDIT_NOT_DURABLE));

            assertThat(welcomeVersion(after.port(), "m4")).as("nothing appended under the old claim").isEqualTo(3);
            assertThat(get(node(after.port()).adminPort, "/admin/maps/m4")).isEqualTo(grid);
            TestServer.awaitCondition("the paused node counted its lost lease", AWAIT, () -> {
                try {
                    return metric(owner, "navserver_cluster_lease_lost_total") >= 1;
                } catch (Exception e) {
                    return false;
                }
            });
            try (NdjsonClient gm2 = authority(after.port(), "m4")) {
                assertThat(edits(gm2, 1)).as("the new owner continues the versions").containsExactly(4L);
            }
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void sigtermTheOwner_ItDrainsItsMapsToTheOthersAndExitsZero_NoAcknowledgedEditLost() throws Exception {
        Redirect before = awaitOwner("m5", -1);
        ServerProcess owner = node(before.port());
        List<Long> acked;
        try (NdjsonClient gm = authority(before.port(), "m5")) {
            acked = edits(gm, 3);
        }
        String grid = get(owner.adminPort, "/admin/maps/m5");
        FakeAgonesSdk sdk = agones.get(nodes.indexOf(owner));
        NdjsonClient player = new NdjsonClient(before.port());
        assertThat(player.hello("watcher", "m5").mapVersion()).isEqualTo(acked.get(acked.size() - 1));
        List<String> itsMaps = new ArrayList<>();
        for (int i = 1; i <= 6; i++) {
            if (whereIs("m" + i) != null && whereIs("m" + i).port() == before.port()) {
                itsMaps.add("m" + i);
            }
        }

        owner.process.destroy(); // SIGTERM
        assertThat(owner.process.waitFor(20, TimeUnit.SECONDS)).as("exited within drainSeconds").isTrue();
        assertThat(owner.process.exitValue()).isZero();
        for (String map : itsMaps) {
            Redirect r = whereIs(map);
            assertThat(r).as("%s has a new owner at once", map).isNotNull();
            assertThat(r.port()).isNotEqualTo(before.port());
        }
        Redirect after = whereIs("m5");
        assertThat(welcomeVersion(after.port(), "m5")).isEqualTo(acked.get(acked.size() - 1));
        assertThat(get(node(after.port()).adminPort, "/admin/maps/m5")).isEqualTo(grid);
        assertThat(Files.readString(tmp.resolve(nodeIdOf(owner) + ".log"))).contains("drained");
        Redirect sent = player.await(Redirect.class, r -> true, AWAIT);
        assertThat(sent.port()).as("the connected client was sent to the new owner").isEqualTo(after.port());
        assertThat(player.await(Bye.class, b -> true, AWAIT).reason()).isEqualTo(ByeReasons.REDIRECT);
        player.close();
        // on the (fake) Agones sidecar: Ready before the first accept, every map removed, Shutdown after the last
        FakeAgonesSdk.Call ready = sdk.calls("/ready").get(0);
        assertThat(ready.at()).as("Ready before the node's first accepted connection").isBefore(firstAccept(owner));
        List<FakeAgonesSdk.Call> removes = sdk.calls("/v1beta1/lists/maps:removeValue");
        assertThat(removes).extracting(FakeAgonesSdk.Call::body).allMatch(b -> itsMaps.stream().anyMatch(b::contains));
        assertThat(removes).hasSize(itsMaps.size());
        FakeAgonesSdk.Call shutdown = sdk.awaitCall("/shutdown", AWAIT);
        assertThat(shutdown.at()).isAfterOrEqualTo(removes.get(removes.size() - 1).at());
    }

    /** When {@code node} accepted its first game connection, from its log line's timestamp. */
    Instant firstAccept(ServerProcess node) throws Exception {
        for (String line : Files.readAllLines(tmp.resolve(nodeIdOf(node) + ".log"))) {
            if (line.contains("] d.n.server.net.SessionHandler - connection ") && line.contains(" opened from ")) {
                return Instant.parse(line.substring(0, line.indexOf(' ')));
            }
        }
        throw new AssertionError("no accepted connection in " + nodeIdOf(node) + ".log");
    }

    String nodeIdOf(ServerProcess p) {
        return "n" + (nodes.indexOf(p) + 1);
    }
}
