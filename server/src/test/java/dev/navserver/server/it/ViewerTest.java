package dev.navserver.server.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.navserver.protocol.message.MonsterSnapshot;
import dev.navserver.protocol.message.Monsters;
import dev.navserver.protocol.message.RequestId;
import dev.navserver.protocol.message.Spawn;
import dev.navserver.protocol.message.Spawned;
import dev.navserver.protocol.message.Vec3;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.net.http.WebSocketHandshakeException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The live viewer on a real server: the handshake's token check, the viewer limit, {@code hello}, {@code watch},
 * {@code full} and {@code delta} against monsters a real game client spawned, the frame rate, tiles and page files.
 */
class ViewerTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration TIMEOUT = Duration.ofSeconds(5);
    private static final String PROTOCOL = "navserver.view.v1";

    @TempDir
    Path tmp;

    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(TIMEOUT).build();

    /** A WebSocket viewer that queues every complete text message as JSON, and notes when it is closed. */
    static final class Viewer implements WebSocket.Listener {
        final BlockingQueue<JsonNode> messages = new LinkedBlockingQueue<>();
        final CompletableFuture<Integer> closed = new CompletableFuture<>();
        private final StringBuilder part = new StringBuilder();
        WebSocket socket;

        @Override
        public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
            part.append(data);
            if (last) {
                try {
                    messages.add(JSON.readTree(part.toString()));
                } catch (IOException e) {
                    throw new AssertionError("viewer message is not JSON: " + part, e);
                }
                part.setLength(0);
            }
            ws.request(1);
            return null;
        }

        @Override
        public CompletionStage<?> onClose(WebSocket ws, int statusCode, String reason) {
            closed.complete(statusCode);
            return null;
        }

        @Override
        public void onError(WebSocket ws, Throwable error) {
            closed.complete(-1);
        }

        JsonNode next(Predicate<JsonNode> match) throws InterruptedException {
            return next(match, TIMEOUT);
        }

        JsonNode next(Predicate<JsonNode> match, Duration timeout) throws InterruptedException {
            long deadline = System.nanoTime() + timeout.toNanos();
            while (true) {
                JsonNode n = messages.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                if (n == null) {
                    throw new AssertionError("no matching viewer message within " + timeout);
                }
                if (match.test(n)) {
                    return n;
                }
            }
        }

        JsonNode next(String type) throws InterruptedException {
            return next(n -> type.equals(n.path("type").asText()));
        }

        void send(String text) {
            socket.sendText(text, true).join();
        }
    }

    private static String bearer(String token) {
        return "bearer." + Base64.getUrlEncoder().withoutPadding()
                .encodeToString(token.getBytes(StandardCharsets.UTF_8));
    }

    private CompletableFuture<WebSocket> open(TestServer server, Viewer listener, String... subprotocols) {
        WebSocket.Builder b = http.newWebSocketBuilder().connectTimeout(TIMEOUT);
        if (subprotocols.length > 0) {
            b.subprotocols(subprotocols[0], java.util.Arrays.copyOfRange(subprotocols, 1, subprotocols.length));
        }
        return b.buildAsync(URI.create("ws://127.0.0.1:" + server.server().adminPort() + "/view/ws"), listener);
    }

    private Viewer connect(TestServer server) throws Exception {
        Viewer v = new Viewer();
        v.socket = open(server, v, PROTOCOL, bearer(TestServer.TOKEN)).get(5, TimeUnit.SECONDS);
        assertThat(v.socket.getSubprotocol()).isEqualTo(PROTOCOL);
        return v;
    }

    /** The HTTP status a refused handshake got. */
    private int refusedStatus(TestServer server, String... subprotocols) throws Exception {
        try {
            WebSocket ws = open(server, new Viewer(), subprotocols).get(5, TimeUnit.SECONDS);
            ws.abort();
            throw new AssertionError("handshake was accepted");
        } catch (ExecutionException e) {
            assertThat(e.getCause()).isInstanceOf(WebSocketHandshakeException.class);
            return ((WebSocketHandshakeException) e.getCause()).getResponse().statusCode();
        }
    }

    private HttpResponse<byte[]> get(TestServer server, String path, String token) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.server().adminPort()
                + path)).timeout(TIMEOUT).GET();
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    @Test
    void handshakeWithoutOrWithAWrongToken_IsRefusedWith401() throws Exception {
        try (TestServer server = TestServer.start(tmp, Map.of())) {
            assertThat(refusedStatus(server, PROTOCOL)).isEqualTo(401);
            assertThat(refusedStatus(server, PROTOCOL, bearer("not-the-token-at-all"))).isEqualTo(401);
            assertThat(refusedStatus(server, PROTOCOL, "bearer.%%%")).isEqualTo(401);
            assertThat(server.metric("navserver_viewers")).isZero();
        }
    }

    @Test
    void disabledViewer_RefusesSocketPageAndTilesWith403() throws Exception {
        try (TestServer server = TestServer.start(tmp, Map.of("admin.token", "\"\""))) {
            assertThat(refusedStatus(server, PROTOCOL, bearer(""))).isEqualTo(403);
            assertThat(refusedStatus(server, PROTOCOL, bearer("anything-goes-here"))).isEqualTo(403);
            HttpResponse<byte[]> page = get(server, "/view", null);
            assertThat(page.statusCode()).isEqualTo(403);
            assertThat(new String(page.body(), StandardCharsets.UTF_8)).contains("admin.token");
            assertThat(get(server, "/view/tile?map=arena&layer=terrain&level=0&tx=0&ty=0", "x").statusCode())
                    .isEqualTo(403);
        }
    }

    @Test
    void ninthViewer_IsRefusedWith503_AndASlotFreesWhenOneCloses() throws Exception {
        try (TestServer server = TestServer.start(tmp, Map.of())) {
            List<Viewer> open = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                open.add(connect(server));
            }
            assertThat(refusedStatus(server, PROTOCOL, bearer(TestServer.TOKEN))).isEqualTo(503);
            assertThat(server.metric("navserver_viewers")).isEqualTo(8);
            open.get(0).socket.sendClose(WebSocket.NORMAL_CLOSURE, "bye").join();
            TestServer.awaitCondition("a viewer slot frees", TIMEOUT, () -> server.metric("navserver_viewers") == 7);
            connect(server).socket.abort();
            for (Viewer v : open) {
                v.socket.abort();
            }
        }
    }

    @Test
    void helloListsTheMaps_AndBadOrUnknownWatchGetsAnErrorWithoutClosing() throws Exception {
        try (TestServer server = TestServer.start(tmp, Map.of())) {
            Viewer v = connect(server);
            JsonNode hello = v.next("hello");
            assertThat(hello.get("protocol").asInt()).isEqualTo(1);
            assertThat(hello.get("maxHz").asInt()).isEqualTo(10);
            assertThat(hello.get("tileSize").asInt()).isEqualTo(256);
            JsonNode arena = null;
            for (JsonNode m : hello.get("maps")) {
                if (m.get("name").asText().equals("arena")) {
                    arena = m;
                }
            }
            assertThat(arena).isNotNull();
            assertThat(arena.get("width").asInt()).isEqualTo(60);
            assertThat(arena.get("originX").asDouble()).isEqualTo(-30.0);
            assertThat(arena.get("originZ").asDouble()).isEqualTo(30.0);
            assertThat(arena.get("version").asLong()).isEqualTo(1);
            assertThat(arena.get("levels").asInt()).isEqualTo(1);
            assertThat(arena.get("islands").asInt()).isEqualTo(TestServer.arena().navGrid().islandCount());

            v.send("{\"type\":\"spawn\"}");
            assertThat(v.next("error").get("code").asText()).isEqualTo("bad_message");
            v.send("not json");
            assertThat(v.next("error").get("code").asText()).isEqualTo("bad_message");
            v.send("{\"type\":\"watch\",\"map\":\"atlantis\"}");
            assertThat(v.next("error").get("code").asText()).isEqualTo("unknown_map");

            // a known map without a world yet still answers with a full, empty
            v.send("{\"type\":\"watch\",\"map\":\"arena\"}");
            JsonNode full = v.next("full");
            assertThat(full.get("map").asText()).isEqualTo("arena");
            assertThat(full.get("monsters")).isEmpty();
            assertThat(full.get("edits")).isEmpty();
            assertThat(full.get("settings").get("localNavDistanceMeters").asDouble()).isEqualTo(4.0);
            assertThat(full.get("settings").get("stoppingDistanceMeters").asDouble()).isEqualTo(1.0);
        }
    }

    @Test
    void oversizedMessage_ClosesTheSocket() throws Exception {
        try (TestServer server = TestServer.start(tmp, Map.of())) {
            Viewer v = connect(server);
            v.next("hello");
            v.socket.sendText("{\"type\":\"watch\",\"map\":\"" + "a".repeat(5000) + "\"}", true);
            assertThat(v.closed.get(5, TimeUnit.SECONDS)).isIn(1009, -1);
        }
    }

    @Test
    void watchedArena_FullThenDeltasTrackTheMonstersAGameClientSpawned() throws Exception {
        Map<String, String> cfg = Map.of("chase.monsterSpeedMetersPerSecond", "8.0");
        try (TestServer server = TestServer.start(tmp, cfg); NdjsonClient c = server.player("hunted")) {
            c.playerPos(1, -28, 27);
            List<String> ids = new ArrayList<>();
            Vec3[] spawns = {new Vec3(-18, 0, 27), new Vec3(-22, 0, 24), new Vec3(-15, 0, 25)};
            for (int i = 0; i < spawns.length; i++) {
                c.send(new Spawn(RequestId.of("m" + i), spawns[i]));
                String id = "m" + i;
                ids.add(c.await(Spawned.class, s -> s.id().equals(RequestId.of(id))).monster());
            }

            Viewer v = connect(server);
            v.next("hello");
            v.send("{\"type\":\"watch\",\"map\":\"arena\"}");
            JsonNode full = v.next("full");
            Map<String, double[]> model = new HashMap<>();
            for (JsonNode m : full.get("monsters")) {
                model.put(m.get("id").asText(), new double[] {m.get("x").asDouble(), m.get("z").asDouble()});
            }
            assertThat(model.keySet()).containsExactlyInAnyOrderElementsOf(ids);
            assertThat(full.get("players").get(0).get("seq").asLong()).isEqualTo(1);
            assertThat(full.get("players").get(0).get("x").asDouble()).isEqualTo(-28.0);

            // follow deltas until every monster stands still near the player; the page's model must agree
            boolean sawMoved = false;
            double lastTime = full.get("time").asDouble();
            long lastFrame = full.get("frame").asLong();
            JsonNode lastRecord = null;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            int still = 0;
            while (still < 5) {
                assertThat(System.nanoTime()).as("monsters settle").isLessThan(deadline);
                JsonNode d = v.next(n -> n.path("type").asText().equals("delta"));
                assertThat(d.get("frame").asLong()).isGreaterThan(lastFrame);
                assertThat(d.get("time").asDouble() - lastTime).as("frame spacing").isGreaterThan(0.1 - 1e-6);
                lastFrame = d.get("frame").asLong();
                lastTime = d.get("time").asDouble();
                boolean changed = false;
                for (JsonNode m : d.path("moved")) {
                    model.put(m.get(0).asText(), new double[] {m.get(1).asDouble(), m.get(2).asDouble()});
                    sawMoved = true;
                    changed = true;
                }
                for (JsonNode m : d.path("monsters")) {
                    model.put(m.get("id").asText(), new double[] {m.get("x").asDouble(), m.get("z").asDouble()});
                    lastRecord = m;
                    changed = true;
                }
                assertThat(d.has("monstersGone")).isFalse();
                still = changed ? 0 : still + 1;
            }
            assertThat(sawMoved).as("some delta carried only positions").isTrue();
            for (double[] p : model.values()) {
                assertThat(Math.hypot(p[0] + 28, p[1] - 27)).as("monster stopped near the player")
                        .isLessThan(4.5);
            }
            // the game client's snapshot of the same (now still) monsters agrees to the millimetre
            while (c.poll(Monsters.class, s -> true, Duration.ZERO) != null) {
                // drop the snapshots queued while the monsters walked
            }
            Monsters snap = c.await(Monsters.class, s -> s.list().size() == 3);
            for (MonsterSnapshot s : snap.list()) {
                double[] p = model.get(s.monster());
                assertThat(p[0]).as("%s x", s.monster()).isCloseTo(s.pos().x(), within(0.0006));
                assertThat(p[1]).as("%s z", s.monster()).isCloseTo(s.pos().z(), within(0.0006));
            }
            // the chase state the page shows on click
            JsonNode rec = lastRecord != null ? lastRecord : full.get("monsters").get(0);
            assertThat(rec.get("player").asText()).isNotEmpty();
            assertThat(rec.get("state").asText()).isIn("chase", "local", "idle", "unreachable");
            assertThat(rec.get("detail").asText()).isNotEmpty();
            assertThat(server.metric("navserver_view_frames_total")).isGreaterThanOrEqualTo(6);
        }
    }

    @Test
    void fullAfterPlans_CarriesPathsAndTheChaseStateOfEveryMonster() throws Exception {
        try (TestServer server = TestServer.start(tmp, Map.of()); NdjsonClient c = server.player("hunted")) {
            c.playerPos(7, -28, 27);
            c.send(new Spawn(RequestId.of("a"), new Vec3(-10, 0, 27)));
            String id = c.await(Spawned.class, s -> true).monster();
            c.await(dev.navserver.protocol.message.NavPath.class, n -> n.monster().equals(id));
            Viewer v = connect(server);
            v.next("hello");
            v.send("{\"type\":\"watch\",\"map\":\"arena\"}");
            JsonNode full = v.next("full");
            JsonNode m = full.get("monsters").get(0);
            assertThat(m.get("id").asText()).isEqualTo(id);
            assertThat(m.get("playerSeq").asLong()).isEqualTo(7);
            assertThat(m.get("status").asText()).isEqualTo("found");
            assertThat(m.get("expansions").asInt()).isPositive();
            assertThat(m.get("mapVersion").asLong()).isEqualTo(1);
            assertThat(m.get("pathSeq").asLong()).isGreaterThanOrEqualTo(1);
            assertThat(m.get("lastPlan").isNumber()).isTrue();
            assertThat(full.get("paths").get(id).size()).isGreaterThanOrEqualTo(2);
            assertThat(full.get("stats").get("sessions").asInt()).isEqualTo(1);
            assertThat(full.get("stats").has("tickP99Ms")).isTrue();
        }
    }

    @Test
    void mapReload_SendsHelloThenAFullWithTheNextVersion_AndTilesShowTheNewWall() throws Exception {
        try (TestServer server = TestServer.startWithMapCopy(tmp, Map.of());
                NdjsonClient c = server.player("hunted")) {
            c.playerPos(1, -28, 27);
            Viewer v = connect(server);
            v.next("hello");
            v.send("{\"type\":\"watch\",\"map\":\"arena\"}");
            assertThat(v.next("full").get("version").asLong()).isEqualTo(1);
            String q = "/view/tile?map=arena&layer=terrain&level=0&tx=0&ty=0";
            assertThat(get(server, q, TestServer.TOKEN).body()[3 * 256 + 30]).isEqualTo((byte) 0);

            String walled = HotReloadTest.withWall(
                    java.nio.file.Files.readString(server.mapsDir.resolve("arena.txt")), 30, 1, 7);
            server.replaceMapFile("arena.txt", walled);
            // the map watcher may take a few seconds to see the file (polling file systems)
            JsonNode hello = v.next(n -> n.path("type").asText().equals("hello"), Duration.ofSeconds(10));
            assertThat(hello.get("maps").get(0).get("version").asLong()).as("hello again, with the new version")
                    .isEqualTo(2);
            JsonNode full = v.next("full");
            assertThat(full.get("version").asLong()).isEqualTo(2);
            assertThat(get(server, q, TestServer.TOKEN).body()[3 * 256 + 30]).isEqualTo((byte) 1);
            JsonNode delta = v.next("delta");
            assertThat(delta.get("version").asLong()).isEqualTo(2);
        }
    }

    @Test
    void adminEdit_ReachesTheWatchingViewerInTheNextVersionsFull_WithItsCellsTerrainAndVersion() throws Exception {
        try (TestServer server = TestServer.start(tmp, Map.of())) {
            Viewer v = connect(server);
            v.next("hello");
            v.send("{\"type\":\"watch\",\"map\":\"arena\"}");
            assertThat(v.next("full").get("edits")).isEmpty();
            String body = "{\"edits\":[{\"cells\":[30,3,2,1],\"terrain\":\"wall\"},"
                    + "{\"cells\":[33,4,1,1],\"terrain\":\"water\"}]}";
            assertThat(server.http("POST", "/admin/maps/arena/edit", TestServer.TOKEN, body).statusCode())
                    .isEqualTo(200);
            // the new map version brings a hello and a full (the edit's frame), later deltas only new edits
            JsonNode delta = v.next(n -> n.path("edits").size() > 0);
            assertThat(delta.get("type").asText()).isEqualTo("full");
            assertThat(delta.get("version").asLong()).isEqualTo(2);
            JsonNode edits = delta.get("edits");
            assertThat(edits).hasSize(2);
            assertThat(edits.get(0).get("cells").toString()).isEqualTo("[30,3,2,1]");
            assertThat(edits.get(0).get("terrain").asText()).isEqualTo("wall");
            assertThat(edits.get(0).get("version").asLong()).isEqualTo(2);
            assertThat(edits.get(1).get("cells").toString()).isEqualTo("[33,4,1,1]");
            assertThat(edits.get(1).get("terrain").asText()).isEqualTo("water");
            assertThat(edits.get(1).get("time").asDouble()).isLessThanOrEqualTo(delta.get("time").asDouble());

            Viewer late = connect(server);
            late.next("hello");
            late.send("{\"type\":\"watch\",\"map\":\"arena\"}");
            assertThat(late.next("full").get("edits")).as("a viewer arriving later sees the recent edits").hasSize(2);
        }
    }

    @Test
    void frames_ComeAtMostTenPerSecond() throws Exception {
        try (TestServer server = TestServer.start(tmp, Map.of("tick.hz", "60"))) {
            Viewer v = connect(server);
            v.next("hello");
            v.send("{\"type\":\"watch\",\"map\":\"arena\"}");
            v.next("full");
            long t0 = System.nanoTime();
            List<Long> arrivals = new ArrayList<>();
            while (System.nanoTime() - t0 < TimeUnit.MILLISECONDS.toNanos(1000)) {
                JsonNode n = v.messages.poll(50, TimeUnit.MILLISECONDS);
                if (n != null && n.path("type").asText().equals("delta")) {
                    arrivals.add(System.nanoTime());
                }
            }
            assertThat(arrivals.size()).as("deltas in one second").isBetween(5, 11);
        }
    }

    @Test
    void tiles_NeedTheTokenAndAreExactly65536Bytes() throws Exception {
        try (TestServer server = TestServer.start(tmp, Map.of())) {
            String q = "/view/tile?map=arena&layer=terrain&level=0&tx=0&ty=0";
            assertThat(get(server, q, null).statusCode()).isEqualTo(401);
            assertThat(get(server, q, "wrong-token-wrong-token").statusCode()).isEqualTo(401);
            HttpResponse<byte[]> ok = get(server, q, TestServer.TOKEN);
            assertThat(ok.statusCode()).isEqualTo(200);
            assertThat(ok.headers().firstValue("Content-Type")).hasValue("application/octet-stream");
            assertThat(ok.headers().firstValue("Cache-Control")).hasValue("no-store");
            byte[] tile = ok.body();
            assertThat(tile).hasSize(65_536);
            assertThat(tile[0]).isEqualTo((byte) 1); // the arena's border wall
            assertThat(tile[256 + 1]).isEqualTo((byte) 0);
            assertThat(tile[60] & 0xff).isEqualTo(255);
            HttpResponse<byte[]> islands = get(server, q.replace("terrain", "islands"), TestServer.TOKEN);
            assertThat(islands.body()[0]).isEqualTo((byte) 0);
            assertThat(islands.body()[257] & 0xff).isBetween(1, 250);

            assertThat(get(server, q.replace("arena", "atlantis"), TestServer.TOKEN).statusCode()).isEqualTo(404);
            HttpResponse<byte[]> badLevel = get(server, q.replace("level=0", "level=1"), TestServer.TOKEN);
            assertThat(badLevel.statusCode()).isEqualTo(400);
            assertThat(new String(badLevel.body(), StandardCharsets.UTF_8)).contains("level");
            assertThat(new String(get(server, q.replace("tx=0", "tx=-1"), TestServer.TOKEN).body(),
                    StandardCharsets.UTF_8)).contains("tx");
            assertThat(new String(get(server, q.replace("ty=0", "ty=1"), TestServer.TOKEN).body(),
                    StandardCharsets.UTF_8)).contains("ty");
            assertThat(get(server, q.replace("terrain", "heights"), TestServer.TOKEN).statusCode()).isEqualTo(400);
        }
    }

    @Test
    void page_IsHtmlFromTheJar_AndAssetNamesCannotLeaveTheFolder() throws Exception {
        try (TestServer server = TestServer.start(tmp, Map.of())) {
            HttpResponse<byte[]> page = get(server, "/view", null);
            assertThat(page.statusCode()).isEqualTo(200);
            assertThat(page.headers().firstValue("Content-Type")).hasValue("text/html; charset=utf-8");
            assertThat(new String(page.body(), StandardCharsets.UTF_8)).containsIgnoringCase("<html");
            assertThat(get(server, "/view/assets/no-such.js", null).statusCode()).isEqualTo(404);
            assertThat(get(server, "/view/assets/%2e%2e%2fViewHttp.class", null).statusCode()).isEqualTo(404);
            assertThat(rawStatus(server, "/view/assets/../x")).isEqualTo(404);
            assertThat(rawStatus(server, "/view/assets/../../admin/AdminServer.class")).isEqualTo(404);
        }
    }

    /** Status of a GET sent byte for byte (no client-side path normalisation). */
    private static int rawStatus(TestServer server, String path) throws IOException {
        try (Socket s = new Socket("127.0.0.1", server.server().adminPort())) {
            s.setSoTimeout(5000);
            OutputStream out = s.getOutputStream();
            out.write(("GET " + path + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = s.getInputStream();
            String head = new String(in.readNBytes(12), StandardCharsets.US_ASCII);
            return Integer.parseInt(head.substring(9, 12));
        }
    }
}
