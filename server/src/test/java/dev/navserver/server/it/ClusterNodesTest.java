package dev.navserver.server.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.navserver.protocol.message.CellRect;
import dev.navserver.protocol.message.Hello;
import dev.navserver.protocol.message.MapEdit;
import dev.navserver.protocol.message.MapEdited;
import dev.navserver.protocol.message.RequestId;
import dev.navserver.protocol.message.BehaviourSpec;
import dev.navserver.protocol.message.MonsterSpawn;
import dev.navserver.protocol.message.Route;
import dev.navserver.protocol.message.RouteOk;
import dev.navserver.protocol.message.Spawned;
import dev.navserver.protocol.message.Vec3;
import dev.navserver.protocol.message.TerrainEdit;
import dev.navserver.protocol.message.Welcome;
import dev.navserver.server.NavServer;
import dev.navserver.server.cluster.EtcdProcesses;
import dev.navserver.server.cluster.MapSessions;
import dev.navserver.server.cluster.NodeEvents;
import dev.navserver.server.cluster.Owner;
import dev.navserver.server.cluster.DirectoryServer;
import dev.navserver.server.config.ConfigLoader;
import dev.navserver.server.config.ConfigOverrides;
import dev.navserver.protocol.ByeReasons;
import dev.navserver.protocol.ErrorCodes;
import dev.navserver.protocol.message.Bye;
import dev.navserver.protocol.message.Ping;
import dev.navserver.protocol.message.Redirect;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Cluster nodes ({@code cluster.etcd} set) as several NavServers in this JVM on loopback, sharing one maps
 * directory and a real single-member etcd: placement, failover after a crash, same version and grid on the new
 * owner.
 */
class ClusterNodesTest {
    static final String AUTHORITY_TOKEN = "authority-0123456789-secret";
    static final Duration AWAIT = Duration.ofSeconds(20);
    static final int LEASE_SECONDS = 2;

    @TempDir
    Path tmp;

    EtcdProcesses etcd;
    Path mapsDir;
    final List<TestServer> nodes = new ArrayList<>();
    final List<NavServer> recorded = new ArrayList<>();

    @BeforeEach
    void startEtcd() throws Exception {
        assumeTrue(EtcdProcesses.available() || System.getenv("NAVSERVER_REQUIRE_ETCD") != null,
                "etcd is not installed (apt-get install etcd-server)");
        etcd = EtcdProcesses.start(tmp.resolve("etcd"), 1);
        mapsDir = Files.createDirectories(tmp.resolve("maps"));
    }

    @AfterEach
    void stopAll() throws Exception {
        for (TestServer n : nodes) {
            n.close();
        }
        recorded.forEach(NavServer::close);
        if (etcd != null) {
            etcd.close();
        }
    }

    /** Copies the arena as map {@code name} into the shared maps directory (temp file, then rename). */
    void addMap(String name) throws Exception {
        Path t = mapsDir.resolve("." + name + ".tmp");
        Files.copy(TestServer.repoRoot().resolve("maps/arena.txt"), t);
        Files.move(t, mapsDir.resolve(name + ".txt"), StandardCopyOption.ATOMIC_MOVE);
    }

    TestServer node(String id) throws Exception {
        TestServer s = TestServer.start(tmp.resolve(id), mapsDir, overrides(id));
        nodes.add(s);
        return s;
    }

    Map<String, String> overrides(String id) {
        Map<String, String> o = TestServer.clusterNode(etcd, id, LEASE_SECONDS, tmp.resolve("snapshots"));
        o.put("maps.default", "m1");
        o.put("server.authorityToken", "\"" + AUTHORITY_TOKEN + "\"");
        o.put("cluster.drainSeconds", "10");
        return o;
    }

    /** Records what a node tells its sessions and its orchestrator, in order. */
    static final class Recorder implements MapSessions, NodeEvents {
        final List<String> calls = new CopyOnWriteArrayList<>();

        @Override
        public void sendAway(String map, Owner next) {
            calls.add("sendAway " + map + " " + (next instanceof Owner.Remote r ? r.nodeId() + ":" + r.port() : next));
        }

        @Override
        public void listening() {
            calls.add("listening");
        }

        @Override
        public void mapClaimed(String map) {
            calls.add("claimed " + map);
        }

        @Override
        public void mapReleased(String map) {
            calls.add("released " + map);
        }

        @Override
        public void drained() {
            calls.add("drained");
        }
    }

    /** A node built on NavServer directly, reporting to {@code recorder}. */
    NavServer recordedNode(String id, Recorder recorder) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve(id).resolve("config"));
        Path config = dir.resolve("navserver.yaml");
        Files.writeString(config, TestServer.yaml(mapsDir, overrides(id)));
        NavServer s = new NavServer(config, ConfigOverrides.NONE, recorder, recorder);
        recorded.add(s);
        s.start();
        return s;
    }

    static int owned(TestServer s) {
        return s.server().clusterNode().served().size();
    }

    static TestServer ownerOf(List<TestServer> among, String map) {
        for (TestServer s : among) {
            if (s.server().clusterNode().served().contains(map)) {
                return s;
            }
        }
        return null;
    }

    static NdjsonClient authority(TestServer s, String map) throws Exception {
        NdjsonClient gm = s.connect();
        gm.send(new Hello(null, 1, "game-master", map, AUTHORITY_TOKEN));
        gm.await(Welcome.class, w -> true);
        return gm;
    }

    static long edit(NdjsonClient gm, String id, int col, String terrain) throws Exception {
        RequestId rid = RequestId.of(id);
        gm.send(new MapEdit(rid, null, List.of(TerrainEdit.cells(new CellRect(col, 5, 1, 3), terrain))));
        return gm.await(MapEdited.class, m -> rid.equals(m.id()), Duration.ofSeconds(8)).version();
    }

    static String export(TestServer s, String map) {
        HttpResponse<String> r = s.http("GET", "/admin/maps/" + map, TestServer.TOKEN);
        assertThat(r.statusCode()).isEqualTo(200);
        return r.body();
    }

    static long welcomeVersion(TestServer s, String map) throws Exception {
        try (NdjsonClient c = s.connect()) {
            c.send(new Hello(null, 1, "late", map, null));
            return c.await(Welcome.class, w -> true).mapVersion();
        }
    }

    @Test
    void sixMapsAppearingAfterThreeNodesJoined_AreSpreadTwoPerNode() throws Exception {
        addMap("m1");
        TestServer a = node("a");
        TestServer b = node("b");
        TestServer c = node("c");
        TestServer.awaitCondition("m1 claimed", AWAIT, () -> ownerOf(nodes, "m1") != null);
        for (int i = 2; i <= 6; i++) {
            addMap("m" + i);
        }
        TestServer.awaitCondition("six maps owned", AWAIT, () -> owned(a) + owned(b) + owned(c) == 6);
        assertThat(List.of(owned(a), owned(b), owned(c))).containsExactly(2, 2, 2);
        Set<String> all = new TreeSet<>();
        nodes.forEach(n -> all.addAll(n.server().clusterNode().served()));
        assertThat(all).containsExactly("m1", "m2", "m3", "m4", "m5", "m6");
        assertThat(a.metric("navserver_cluster_maps_owned")).isEqualTo(2);
    }

    @Test
    void ownerCrashes_AnotherNodeServesItsMaps_AtTheSameVersionWithTheSameGrid() throws Exception {
        addMap("m1");
        addMap("m2");
        TestServer a = node("a");
        TestServer b = node("b");
        TestServer.awaitCondition("both maps owned", AWAIT, () -> owned(a) + owned(b) == 2);
        TestServer owner = ownerOf(nodes, "m1");
        TestServer other = owner == a ? b : a;
        long last;
        try (NdjsonClient gm = authority(owner, "m1")) {
            assertThat(edit(gm, "e1", 5, "wall")).isEqualTo(2);
            assertThat(edit(gm, "e2", 6, "wall")).isEqualTo(3);
            last = edit(gm, "e3", 5, "open");
            assertThat(last).isEqualTo(4);
        }
        String grid = export(owner, "m1");

        long crashed = System.nanoTime();
        owner.server().clusterNode().halt();
        TestServer.awaitCondition("the other node serves m1", AWAIT,
                () -> other.server().clusterNode().served().contains("m1"));
        long failoverMillis = (System.nanoTime() - crashed) / 1_000_000;
        assertThat(failoverMillis).as("within about two leases").isLessThan(2L * LEASE_SECONDS * 1000 + 5000);
        assertThat(welcomeVersion(other, "m1")).isEqualTo(last);
        assertThat(export(other, "m1")).isEqualTo(grid);
        try (NdjsonClient gm = authority(other, "m1")) {
            assertThat(edit(gm, "e4", 7, "wall")).as("versions continue on the new owner").isEqualTo(last + 1);
        }
        assertThat(other.metric("navserver_cluster_claims_total{outcome=\"claimed\"}")).isGreaterThanOrEqualTo(2);
    }

    @Test
    void routeDefinedAtRunTime_MovesWithItsMap_WhenTheOwnerCrashes() throws Exception {
        addMap("m1");
        TestServer a = node("a");
        TestServer b = node("b");
        TestServer.awaitCondition("m1 owned", AWAIT, () -> owned(a) + owned(b) == 1);
        TestServer owner = ownerOf(nodes, "m1");
        TestServer other = owner == a ? b : a;
        try (NdjsonClient gm = authority(owner, "m1")) {
            gm.send(new Route(RequestId.of("r1"), null, "lane", List.of(
                    new Vec3(-25, 0, 25),
                    new Vec3(-15, 0, 25)), "pingpong", 0));
            gm.await(RouteOk.class, r -> RequestId.of("r1").equals(r.id()), AWAIT);
        }
        owner.server().clusterNode().halt();
        TestServer.awaitCondition("the other node serves m1", AWAIT,
                () -> other.server().clusterNode().served().contains("m1"));
        try (NdjsonClient gm = authority(other, "m1")) {
            gm.send(new MonsterSpawn(RequestId.of("s1"), null,
                    new Vec3(-25, 0, 25), null,
                    BehaviourSpec.patrol("lane"), null));
            assertThat(gm.await(Spawned.class,
                    m -> RequestId.of("s1").equals(m.id()), AWAIT).monster()).as("the route came along").isNotBlank();
        }
    }

    @Test
    void drain_ReleasesMapsOneByOne_ToTheOtherNode_KeepingAcknowledgedEdits() throws Exception {
        for (int i = 1; i <= 4; i++) {
            addMap("m" + i);
        }
        Recorder events = new Recorder();
        NavServer a = recordedNode("a", events);
        TestServer b = node("b");
        TestServer.awaitCondition("four maps owned", AWAIT,
                () -> a.clusterNode().served().size() + owned(b) == 4 && owned(b) == 2);
        List<String> mine = new ArrayList<>(new TreeSet<>(a.clusterNode().served()));
        String edited = mine.get(0);
        try (NdjsonClient gm = new NdjsonClient(a.gamePort())) {
            gm.send(new Hello(null, 1, "game-master", edited, AUTHORITY_TOKEN));
            gm.await(Welcome.class, w -> true);
            assertThat(edit(gm, "e1", 5, "wall")).isEqualTo(2);
        }

        long started = System.nanoTime();
        a.close();
        long drainMillis = (System.nanoTime() - started) / 1_000_000;
        assertThat(drainMillis).as("within cluster.drainSeconds").isLessThan(10_000);
        assertThat(b.server().clusterNode().served()).containsExactlyInAnyOrder("m1", "m2", "m3", "m4");
        assertThat(events.calls).first().isEqualTo("listening");
        assertThat(events.calls).last().isEqualTo("drained");
        int firstRelease = events.calls.indexOf("sendAway " + mine.get(0) + " b:" + b.gamePort());
        assertThat(firstRelease).as("calls %s", events.calls).isPositive();
        assertThat(events.calls.subList(firstRelease, events.calls.size())).containsExactly(
                "sendAway " + mine.get(0) + " b:" + b.gamePort(), "released " + mine.get(0),
                "sendAway " + mine.get(1) + " b:" + b.gamePort(), "released " + mine.get(1), "drained");
        assertThat(welcomeVersion(b, edited)).isEqualTo(2);
    }

    @Test
    void directory_RedirectsToTheOwner_SaysUnavailableForAnUnownedMap_AndUnknownForNoFile() throws Exception {
        addMap("m1");
        addMap("m2");
        Map<String, String> o = new HashMap<>(overrides("a"));
        o.put("cluster.maxMaps", "1");
        TestServer a = TestServer.start(tmp.resolve("a"), mapsDir, o);
        nodes.add(a);
        TestServer.awaitCondition("one map owned", AWAIT, () -> owned(a) == 1);
        String owned = a.server().clusterNode().served().iterator().next();
        String unowned = owned.equals("m1") ? "m2" : "m1";

        Path dirConfig = Files.createDirectories(tmp.resolve("directory")).resolve("navserver.yaml");
        Map<String, String> d = overrides("unused");
        d.remove("cluster.nodeId");
        d.put("server.host", "0.0.0.0"); // a directory has nothing to advertise
        Files.writeString(dirConfig, TestServer.yaml(mapsDir, d));
        try (DirectoryServer directory = new DirectoryServer(ConfigLoader.load(dirConfig))) {
            directory.start();
            try (NdjsonClient c = new NdjsonClient(directory.port())) {
                c.send(new Hello(null, 1, "p1", owned, null));
                Redirect r = c.await(Redirect.class, x -> true, AWAIT);
                assertThat(r).isEqualTo(new Redirect(owned, "127.0.0.1", a.gamePort()));
                assertThat(c.await(Bye.class, x -> true).reason()).isEqualTo(ByeReasons.REDIRECT);
                c.assertClosedWithin(Duration.ofSeconds(5));
            }
            try (NdjsonClient c = new NdjsonClient(directory.port())) {
                c.send(new Hello(null, 1, "p2", unowned, null));
                assertThat(c.awaitError(ErrorCodes.MAP_UNAVAILABLE).message()).contains(unowned);
                assertThat(c.await(Bye.class, x -> true).reason()).isEqualTo(ByeReasons.UNAVAILABLE);
                c.assertClosedWithin(Duration.ofSeconds(5));
            }
            try (NdjsonClient c = new NdjsonClient(directory.port())) {
                c.send(new Hello(null, 1, "p3", "nowhere", null));
                assertThat(c.awaitError(ErrorCodes.UNKNOWN_MAP).message()).isEqualTo("map: no map named 'nowhere'");
                c.send(new Ping(RequestId.of(7))); // still open, but only hello is answered
                assertThat(c.awaitError(ErrorCodes.NOT_WELCOMED).message()).startsWith("ping before hello");
            }
        }
    }

    @Test
    void etcdUnreachable_TheNodeStopsServingAtOnce_AndSendsItsSessionsAway() throws Exception {
        addMap("m1");
        Recorder events = new Recorder();
        NavServer a = recordedNode("a", events);
        TestServer.awaitCondition("m1 served", AWAIT, () -> a.clusterNode().served().contains("m1"));
        assertThat(a.ownership().ownerOf("m1")).isEqualTo(Owner.LOCAL);

        long cut = System.nanoTime();
        etcd.kill(0); // no keep-alive is acknowledged any more
        TestServer.awaitCondition("m1 given up", AWAIT, () -> events.calls.contains("released m1"));
        long millis = (System.nanoTime() - cut) / 1_000_000;
        assertThat(millis).as("within about one lease of the last acknowledgement").isLessThan(LEASE_SECONDS * 1500L);
        assertThat(a.ownership().ownerOf("m1")).isEqualTo(Owner.UNOWNED);
        assertThat(events.calls).containsSubsequence("claimed m1", "sendAway m1 Unowned[]", "released m1");
        assertThat(a.metrics().scrape()).contains("navserver_cluster_lease_lost_total 1.0");
    }
}
