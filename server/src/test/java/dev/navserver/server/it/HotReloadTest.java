package dev.navserver.server.it;

import static dev.navserver.server.it.PathAssertions.assertWalkable;
import static dev.navserver.server.it.PathAssertions.last;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.io.MapLoader;
import dev.navserver.nav.search.Algorithm;
import dev.navserver.nav.search.PathSearch;
import dev.navserver.nav.search.SearchOptions;
import dev.navserver.nav.search.SubgoalGraph;
import dev.navserver.protocol.ErrorCodes;
import dev.navserver.protocol.message.NavPath;
import dev.navserver.protocol.message.PathQuery;
import dev.navserver.protocol.message.PathResult;
import dev.navserver.protocol.message.RequestId;
import dev.navserver.protocol.message.Spawn;
import dev.navserver.protocol.message.Spawned;
import dev.navserver.protocol.message.Vec3;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.StandardCopyOption;
import java.util.zip.GZIPOutputStream;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Config and map files edited under a running server; one server per test, on a temporary config and maps. */
class HotReloadTest {
    private static final Duration RELOAD_TIMEOUT = Duration.ofSeconds(8);
    private static final Vec3 FAR = new Vec3(-25, 0, -25);

    @TempDir
    Path tmp;

    private static JsonNode lastReload(TestServer server) {
        return server.status().path("lastReload");
    }

    private static double navIntervalInForce(TestServer server) {
        return server.status().path("config").path("chase.navIntervalSeconds").asDouble();
    }

    /** Arrival times (seconds, relative to {@code t0}) of a monster's nav_paths. */
    private static List<Double> pathTimes(NdjsonClient c, String monster, long t0) {
        List<Double> times = new ArrayList<>();
        for (NdjsonClient.Received r : c.received()) {
            if (r.message() instanceof NavPath p && p.monster().equals(monster)) {
                times.add((r.nanos() - t0) / 1e9);
            }
        }
        return times;
    }

    @Test
    void configEdit_NavIntervalFromOneSecondToAFifth_ReplanRateFollowsWithoutDroppingTheConnection()
            throws Exception {
        try (TestServer server = TestServer.startWithMapCopy(tmp, Map.of("chase.navIntervalSeconds", "1.0"));
                NdjsonClient c = server.player("runner")) {
            c.playerPos(1, -28, 27);
            c.send(new Spawn(RequestId.of("m"), FAR));
            String monster = c.await(Spawned.class, s -> true).monster();
            c.await(NavPath.class, n -> n.monster().equals(monster));

            // the player runs along row 3 at 6 m/s for the whole test, from another thread
            AtomicBoolean stop = new AtomicBoolean();
            long t0 = System.nanoTime();
            CompletableFuture<Void> runner = CompletableFuture.runAsync(() -> {
                long period = TimeUnit.MILLISECONDS.toNanos(100);
                try {
                    for (int k = 1; !stop.get() && k < 80; k++) {
                        for (long left; (left = t0 + k * period - System.nanoTime()) > 0; ) {
                            LockSupport.parkNanos(left);
                        }
                        c.playerPos(1 + k, -28 + 0.6 * k, 27);
                    }
                } catch (Exception e) {
                    throw new RuntimeException(e);
                }
            });

            // 2.2 s at the old interval: plans at about 1 s spacing
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(2200)); // the scenario's own time base
            server.rewriteConfig(Map.of("chase.navIntervalSeconds", "0.2"));
            long editAt = System.nanoTime();
            TestServer.awaitCondition("reload applied", RELOAD_TIMEOUT,
                    () -> "applied".equals(lastReload(server).path("outcome").asText()));
            double applied = (System.nanoTime() - t0) / 1e9;
            double edited = (editAt - t0) / 1e9;
            JsonNode reload = lastReload(server);
            assertThat(reload.path("source").asText()).isEqualTo("file-watch");
            assertThat(reload.path("changedKeys").toString()).contains("chase.navIntervalSeconds");
            assertThat(navIntervalInForce(server)).isEqualTo(0.2);

            // 1.5 s at the new interval
            LockSupport.parkNanos(Math.max(0, editAt + TimeUnit.MILLISECONDS.toNanos(1500) - System.nanoTime()));
            stop.set(true);
            runner.get(5, TimeUnit.SECONDS);
            double end = (System.nanoTime() - t0) / 1e9;

            List<Double> times = pathTimes(c, monster, t0);
            List<Double> before = new ArrayList<>();
            List<Double> after = new ArrayList<>();
            for (int i = 1; i < times.size(); i++) {
                double gap = times.get(i) - times.get(i - 1);
                if (times.get(i - 1) < 0) {
                    continue; // the spawn's plan: its latency (cold planner) is not the throttle's business
                }
                // The server applies the edit somewhere between `edited` and the moment the test sees it applied
                // (`applied`; a cold /admin/status can take half a second): a gap ending in that window may be
                // either interval's, so it is neither "before" nor "after".
                if (times.get(i) < edited) {
                    before.add(gap);
                } else if (times.get(i - 1) > applied + 0.1) {
                    after.add(gap);
                }
            }
            assertThat(before).as("gaps before the edit, times %s", times).isNotEmpty()
                    .allSatisfy(g -> assertThat(g).isBetween(1.0 - 2 * 0.05, 1.0 + 3 * 0.05));
            assertThat(after).as("gaps after the edit (applied at %.2f s, end %.2f s), times %s", applied, end, times)
                    .hasSizeGreaterThanOrEqualTo(3)
                    .allSatisfy(g -> assertThat(g).isBetween(0.1, 0.35));

            c.ping(); // same connection, still answering
            try (NdjsonClient fresh = server.connect()) {
                assertThat(fresh.hello("late", "arena").navIntervalSeconds()).isEqualTo(0.2);
            }
        }
    }

    @Test
    void invalidConfigEdit_RejectedAndTheOldConfigStaysInForce() throws Exception {
        try (TestServer server = TestServer.startWithMapCopy(tmp, Map.of());
                NdjsonClient c = server.player("watcher")) {
            server.rewriteConfig(Map.of("chase.navIntervalSeconds", "-1"));
            TestServer.awaitCondition("reload rejected", RELOAD_TIMEOUT,
                    () -> "rejected".equals(lastReload(server).path("outcome").asText()));
            JsonNode reload = lastReload(server);
            assertThat(reload.path("message").asText()).contains("chase.navIntervalSeconds");
            assertThat(reload.path("ok").asBoolean()).isFalse();
            assertThat(navIntervalInForce(server)).isEqualTo(0.5);
            assertThat(server.metric("navserver_config_reloads_total{outcome=\"rejected\"}")).isEqualTo(1);

            c.ping();
            try (NdjsonClient fresh = server.connect()) {
                assertThat(fresh.hello("late", "arena").navIntervalSeconds()).isEqualTo(0.5);
            }

            // a YAML syntax error is rejected the same way
            server.rewriteConfigText("configVersion: 1\nchase: [unclosed\n");
            TestServer.awaitCondition("syntax error rejected", RELOAD_TIMEOUT,
                    () -> server.metric("navserver_config_reloads_total{outcome=\"rejected\"}") == 2);
            assertThat(navIntervalInForce(server)).isEqualTo(0.5);
            c.ping();
        }
    }

    @Test
    void adminReload_NeedsTheBearerTokenAndReportsTheOutcome() throws Exception {
        try (TestServer server = TestServer.startWithMapCopy(tmp, Map.of());
                NdjsonClient c = server.player("operator")) {
            assertThat(server.http("POST", "/admin/reload", null).statusCode()).isEqualTo(401);
            assertThat(server.http("POST", "/admin/reload", "wrong-token-0123456789").statusCode()).isEqualTo(401);
            assertThat(server.http("GET", "/admin/status", null).statusCode()).isEqualTo(401);

            HttpResponse<String> unchanged = server.http("POST", "/admin/reload", TestServer.TOKEN);
            assertThat(unchanged.statusCode()).isEqualTo(200);
            assertThat(unchanged.body()).contains("\"outcome\":\"unchanged\"", "\"source\":\"request\"");

            server.rewriteConfig(Map.of("chase.navIntervalSeconds", "abc"));
            HttpResponse<String> rejected = server.http("POST", "/admin/reload", TestServer.TOKEN);
            assertThat(rejected.statusCode()).isEqualTo(422);
            assertThat(rejected.body()).contains("\"outcome\":\"rejected\"", "chase.navIntervalSeconds");
            assertThat(navIntervalInForce(server)).isEqualTo(0.5);

            server.rewriteConfig(Map.of("chase.navIntervalSeconds", "0.75"));
            HttpResponse<String> ok = server.http("POST", "/admin/reload", TestServer.TOKEN);
            assertThat(ok.statusCode()).isEqualTo(200); // applied, or unchanged if the file watcher was first
            assertThat(navIntervalInForce(server)).isEqualTo(0.75);
            c.ping();
        }
    }

    @Test
    void configEdit_ClientSpawnSwitchedOff_SpawnDisabledOnTheOpenConnection() throws Exception {
        try (TestServer server = TestServer.startWithMapCopy(tmp, Map.of());
                NdjsonClient c = server.player("spawner")) {
            c.playerPos(1, 0, 27);
            c.send(new Spawn(RequestId.of("before"), new Vec3(-10, 0, 27)));
            c.await(Spawned.class, s -> RequestId.of("before").equals(s.id()));

            server.rewriteConfig(Map.of("chase.allowClientSpawn", "false"));
            assertThat(server.http("POST", "/admin/reload", TestServer.TOKEN).statusCode()).isEqualTo(200);
            c.send(new Spawn(RequestId.of("after"), new Vec3(-12, 0, 27)));
            assertThat(c.awaitError(ErrorCodes.SPAWN_DISABLED).id()).isEqualTo(RequestId.of("after"));
            c.ping();
        }
    }

    /**
     * A Moving AI map with two routes from s (3, 1) to g (43, 1): the shortest goes up at once along row 0; JPS in
     * approximate mode first goes round the wall below the start (0.6 % longer as cells; see the engine's
     * {@code ApproximateSearchTest}).
     */
    private static final String TWO_ROUTES_MAP = """
            type octile
            height 3
            width 53
            map
            ...@...................@@.....@..@....@@@............
            .....@@.........@.@...........................@......
            ..@......@..@.@..................@...@@..............
            """;

    @Test
    void configEdit_SearchModeToApproximate_PathQueriesTakeTheLongerRouteAndABadModeIsRejected() throws Exception {
        try (TestServer server = TestServer.startWithMapCopy(tmp, Map.of())) {
            server.replaceMapFile("tworoutes.map", TWO_ROUTES_MAP);
            TestServer.awaitCondition("tworoutes loaded", RELOAD_TIMEOUT,
                    () -> server.metric("navserver_map_loads_total{outcome=\"loaded\"}") == 1);
            GridMap map = MapLoader.parse("tworoutes", "test", new StringReader(TWO_ROUTES_MAP));
            int s = map.cell(3, 1);
            int g = map.cell(43, 1);
            Vec3 from = new Vec3(map.worldX(s), 0, map.worldZ(s));
            Vec3 to = new Vec3(map.worldX(g), 0, map.worldZ(g));
            try (NdjsonClient c = server.connect()) {
                c.hello("asker", "tworoutes");
                PathResult optimal = query(c, "optimal", from, to);
                assertThat(optimal.status()).isEqualTo("ok");
                assertWalkable(map, optimal.points());

                server.rewriteConfig(Map.of("search.mode", "approximate"));
                TestServer.awaitCondition("reload applied", RELOAD_TIMEOUT,
                        () -> "applied".equals(lastReload(server).path("outcome").asText()));
                assertThat(lastReload(server).path("changedKeys").toString()).isEqualTo("[\"search.mode\"]");
                assertThat(server.status().path("config").path("search.mode").asText()).isEqualTo("approximate");
                // the planner takes the new options at the next tick boundary
                PathResult[] approx = new PathResult[1];
                int[] asked = {0};
                TestServer.awaitCondition("a longer path", RELOAD_TIMEOUT, () -> {
                    approx[0] = query(c, "approximate-" + asked[0]++, from, to);
                    return approx[0].length() > optimal.length() + 1e-6;
                });
                assertThat(approx[0].status()).isEqualTo("ok");
                assertWalkable(map, approx[0].points());
                assertThat(approx[0].length()).isLessThanOrEqualTo(1.02 * optimal.length());

                server.rewriteConfig(Map.of("search.mode", "fast"));
                TestServer.awaitCondition("reload rejected", RELOAD_TIMEOUT,
                        () -> "rejected".equals(lastReload(server).path("outcome").asText()));
                assertThat(lastReload(server).path("message").asText())
                        .contains("search.mode: 'fast' is not one of (optimal|approximate)");
                assertThat(server.status().path("config").path("search.mode").asText()).isEqualTo("approximate");
                assertThat(query(c, "after-rejection", from, to).length()).isEqualTo(approx[0].length());
            }
        }
    }

    /**
     * A U-shaped wall opening away from s (14, 0), g (14, 8) inside it: A* with the octile heuristic fills the area
     * above the wall before it goes round (187 nodes), with landmarks it goes round at once (52).
     */
    private static final String U_TRAP_MAP = """
            type octile
            height 16
            width 30
            map
            ..............................
            ..............................
            ..............................
            ..............................
            .....@@@@@@@@@@@@@@@@@@@@.....
            .....@..................@.....
            .....@..................@.....
            .....@..................@.....
            .....@..................@.....
            .....@..................@.....
            .....@..................@.....
            .....@..................@.....
            .....@..................@.....
            ..............................
            ..............................
            ..............................
            """;

    @Test
    void configEdit_SearchLandmarks_TableBuiltInTheBackground_ThenFewerNodesForTheSameLength_UnlessBelowTheMinDistance()
            throws Exception {
        try (TestServer server = TestServer.startWithMapCopy(tmp, Map.of("search.algorithm", "astar",
                "search.landmarks", "0"))) {
            GridMap map = loadUTrap(server);
            Vec3 from = center(map, 14, 0);
            Vec3 to = center(map, 14, 8);
            try (NdjsonClient c = server.connect()) {
                c.hello("asker", "utrap");
                double before = server.metric("navserver_plan_expanded_nodes_sum");
                PathResult octile = query(c, "octile", from, to);
                double octileExpanded = server.metric("navserver_plan_expanded_nodes_sum") - before;
                assertThat(octile.status()).isEqualTo("ok");
                assertThat(octileExpanded).as("a path_query counts in the plan metrics").isGreaterThan(100);

                // s and g are 8 cells apart: landmarks from 0 cells on, not from the default 64
                server.rewriteConfig(Map.of("search.algorithm", "astar", "search.landmarks", "16",
                        "search.landmarksMinDistanceCells", "0"));
                TestServer.awaitCondition("reload applied", RELOAD_TIMEOUT,
                        () -> "applied".equals(lastReload(server).path("outcome").asText()));
                assertThat(lastReload(server).path("changedKeys").toString())
                        .isEqualTo("[\"search.landmarks\",\"search.landmarksMinDistanceCells\"]");
                assertThat(server.status().path("config").path("search.landmarks").asInt()).isEqualTo(16);
                // octile until the grid has settled (2 s) and the background thread has built its table
                PathResult[] with = new PathResult[1];
                int[] asked = {0};
                TestServer.awaitCondition("a query with landmarks", Duration.ofSeconds(20), () -> {
                    double b = server.metric("navserver_plan_expanded_nodes_sum");
                    with[0] = query(c, "landmarks-" + asked[0]++, from, to);
                    return server.metric("navserver_plan_expanded_nodes_sum") - b < octileExpanded / 2;
                });
                assertThat(with[0].status()).isEqualTo("ok");
                assertThat(with[0].length()).isCloseTo(octile.length(), within(1e-9));
                assertThat(server.metric("navserver_landmark_tables_built_total")).isGreaterThanOrEqualTo(1);
                assertWalkable(map, with[0].points());

                // from 9 cells on: this 8-cell query searches with the octile distance again
                server.rewriteConfig(Map.of("search.algorithm", "astar", "search.landmarks", "16",
                        "search.landmarksMinDistanceCells", "9"));
                TestServer.awaitCondition("second reload applied", RELOAD_TIMEOUT,
                        () -> lastReload(server).path("changedKeys").toString()
                                .equals("[\"search.landmarksMinDistanceCells\"]"));
                // the planner takes the new options at the next tick boundary
                PathResult[] gated = new PathResult[1];
                TestServer.awaitCondition("a query with the octile distance again", RELOAD_TIMEOUT, () -> {
                    double b = server.metric("navserver_plan_expanded_nodes_sum");
                    gated[0] = query(c, "gated-" + asked[0]++, from, to);
                    return server.metric("navserver_plan_expanded_nodes_sum") - b == octileExpanded;
                });
                assertThat(gated[0].length()).isCloseTo(octile.length(), within(1e-9));
            }
        }
    }

    @Test
    void configEdit_SearchAlgorithmSubgoal_GraphAndHierarchyAreBuiltInTheBackground_ThenQueriesSearchThemForTheSameLength()
            throws Exception {
        try (TestServer server = TestServer.startWithMapCopy(tmp, Map.of("search.algorithm", "jps"))) {
            GridMap map = loadUTrap(server);
            Vec3 from = center(map, 14, 0);
            Vec3 to = center(map, 14, 8);
            // what the same search over the subgoal graph's hierarchy expands, computed here on the same map
            SubgoalGraph.forGrid(map.navGrid()).buildHierarchy();
            int graphExpanded = new PathSearch().find(map.navGrid(), 14, 0, 14, 8,
                    SearchOptions.DEFAULT.withAlgorithm(Algorithm.SUBGOAL)).expanded();
            int jpsExpanded = new PathSearch().find(map.navGrid(), 14, 0, 14, 8, SearchOptions.DEFAULT).expanded();
            assertThat(graphExpanded).isNotEqualTo(jpsExpanded);
            try (NdjsonClient c = server.connect()) {
                c.hello("asker", "utrap");
                PathResult jps = query(c, "jps", from, to);
                assertThat(jps.status()).isEqualTo("ok");

                server.rewriteConfig(Map.of("search.algorithm", "subgoal"));
                TestServer.awaitCondition("reload applied", RELOAD_TIMEOUT,
                        () -> "applied".equals(lastReload(server).path("outcome").asText()));
                assertThat(server.status().path("config").path("search.algorithm").asText()).isEqualTo("subgoal");
                // JPS until the background builds the map's load started have published its graph, the graph's A*
                // until they have published the graph's hierarchy
                PathResult[] with = new PathResult[1];
                int[] asked = {0};
                TestServer.awaitCondition("a query over the hierarchy", Duration.ofSeconds(20), () -> {
                    double b = server.metric("navserver_plan_expanded_nodes_sum");
                    with[0] = query(c, "subgoal-" + asked[0]++, from, to);
                    return server.metric("navserver_plan_expanded_nodes_sum") - b == graphExpanded;
                });
                assertThat(with[0].status()).isEqualTo("ok");
                assertThat(with[0].length()).isCloseTo(jps.length(), within(1e-9));
                assertThat(server.metric("navserver_nav_builds_total{outcome=\"built\",structure=\"subgoal_graph\"}"))
                        .isGreaterThanOrEqualTo(1);
                assertThat(server.metric(
                        "navserver_nav_builds_total{outcome=\"built\",structure=\"subgoal_hierarchy\"}"))
                        .isGreaterThanOrEqualTo(1);
                assertWalkable(map, with[0].points());
            }
        }
    }

    /** Adds {@link #U_TRAP_MAP} to the server's maps, waits until it is loaded, and returns the same map parsed here. */
    private static GridMap loadUTrap(TestServer server) throws Exception {
        server.replaceMapFile("utrap.map", U_TRAP_MAP);
        TestServer.awaitCondition("utrap loaded", RELOAD_TIMEOUT,
                () -> server.metric("navserver_map_loads_total{outcome=\"loaded\"}") == 1);
        return MapLoader.parse("utrap", "test", new StringReader(U_TRAP_MAP));
    }

    /** The world position of cell (col, row)'s centre on the ground. */
    private static Vec3 center(GridMap map, int col, int row) {
        return new Vec3(map.worldX(map.cell(col, row)), 0, map.worldZ(map.cell(col, row)));
    }

    private static PathResult query(NdjsonClient c, String id, Vec3 from, Vec3 to) {
        RequestId rid = RequestId.of(id);
        try {
            c.send(new PathQuery(rid, from, to));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return c.await(PathResult.class, p -> rid.equals(p.id()));
    }

    @Test
    void mapFileAdded_NewMapJoinableWithoutARestart() throws Exception {
        try (TestServer server = TestServer.startWithMapCopy(tmp, Map.of());
                NdjsonClient early = server.connect()) {
            early.send(new dev.navserver.protocol.message.Hello(RequestId.of(1), 1, "early", "arena2"));
            early.awaitError(ErrorCodes.UNKNOWN_MAP);

            String walled = withWall(Files.readString(server.mapsDir.resolve("arena.txt")), 30, 1, 7);
            server.replaceMapFile("arena2.txt", walled);
            TestServer.awaitCondition("arena2 loaded", RELOAD_TIMEOUT,
                    () -> server.metric("navserver_map_loads_total{outcome=\"loaded\"}") == 1);

            assertThat(early.hello("early", "arena2").map().name()).isEqualTo("arena2");
            RequestId q = RequestId.of("q");
            early.send(new PathQuery(q, new Vec3(-20, 0, 27), new Vec3(20, 0, 27)));
            PathResult r = early.await(PathResult.class, p -> q.equals(p.id()));
            assertWalkable(MapLoader.parse("arena2", "walled", new StringReader(walled)), r.points());
            assertThat(r.points().size()).as("arena2 has the wall, arena has not").isGreaterThan(2);
        }
    }

    /** The arena text with cells (col, row) for the given rows of one column made blocked. */
    static String withWall(String arena, int col, int fromRow, int toRow) {
        String[] lines = arena.split("\n", -1);
        int header = 4;
        for (int row = fromRow; row <= toRow; row++) {
            String line = lines[header + row];
            String body = line.substring(1, line.length() - 2); // "{" ... "},"
            String[] cells = body.split(",", -1);
            cells[col] = "0";
            lines[header + row] = "{" + String.join(",", cells) + "},";
        }
        return String.join("\n", lines);
    }

    @Test
    void mapFileEdit_MonstersReplanAroundTheNewWallAndAnInvalidEditKeepsTheMap() throws Exception {
        try (TestServer server = TestServer.startWithMapCopy(tmp, Map.of());
                NdjsonClient c = server.player("cartographer")) {
            c.playerPos(1, -20, 27); // col 10, row 3, standing still
            c.send(new Spawn(RequestId.of("m"), new Vec3(20, 0, 27))); // col 50, row 3: straight along row 3
            String monster = c.await(Spawned.class, s -> true).monster();
            NavPath straight = c.await(NavPath.class, n -> n.monster().equals(monster));
            assertThat(straight.navPath()).hasSize(2);

            // wall across rows 1..7 at col 30 (x = 0): with the pillar at rows 8..9 the way leads below row 9
            String original = Files.readString(server.mapsDir.resolve("arena.txt"));
            String walled = withWall(original, 30, 1, 7);
            GridMap walledMap = MapLoader.parse("arena", "walled", new StringReader(walled));
            server.replaceMapFile("arena.txt", walled);

            NavPath around = c.await(NavPath.class, n -> n.monster().equals(monster), RELOAD_TIMEOUT);
            assertThat(around.seq()).isEqualTo(straight.seq() + 1);
            assertThat(around.playerSeq()).as("re-planned without the player moving").isEqualTo(1);
            assertThat(around.navPath().size()).isGreaterThan(2);
            assertThat(last(around.navPath())).isEqualTo(new Vec3(-20, 0, 27));
            assertWalkable(walledMap, around.navPath());
            assertThat(server.metric("navserver_map_loads_total{outcome=\"loaded\"}")).isEqualTo(1);

            // a broken file is rejected: the walled map stays, monsters are not disturbed
            server.replaceMapFile("arena.txt", walled.replaceFirst("\\{0,", "{0,x,"));
            TestServer.awaitCondition("map edit rejected", RELOAD_TIMEOUT,
                    () -> server.metric("navserver_map_loads_total{outcome=\"rejected\"}") == 1);
            RequestId q = RequestId.of("q");
            c.send(new PathQuery(q, new Vec3(-20, 0, 27), new Vec3(20, 0, 27)));
            PathResult r = c.await(PathResult.class, p -> q.equals(p.id()));
            assertThat(r.points().size()).as("still routed around the wall").isGreaterThan(2);
            assertWalkable(walledMap, r.points());
            c.ping();
            assertThat(c.received(NavPath.class, n -> n.monster().equals(monster))).hasSize(2);
        }
    }

    /** An all-open Moving AI map of {@code side x side} cells, gzip-compressed. */
    private static byte[] gzipOpenMap(int side) throws IOException {
        StringBuilder b = new StringBuilder("type octile\nheight " + side + "\nwidth " + side + "\nmap\n");
        for (int r = 0; r < side; r++) {
            b.append(".".repeat(side)).append('\n');
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (OutputStream out = new GZIPOutputStream(bytes)) {
            out.write(b.toString().getBytes(StandardCharsets.UTF_8));
        }
        return bytes.toByteArray();
    }

    private static void replaceWithBytes(Path mapsDir, String fileName, byte[] bytes) throws IOException {
        Path tmp = mapsDir.resolve("." + fileName + ".tmp");
        Files.write(tmp, bytes);
        Files.move(tmp, mapsDir.resolve(fileName), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    @Test
    void gzipMapOverMaxCells_RefusedAndTheOldMapServes_GzipMapUnderItJoinable() throws Exception {
        // arena is 60 x 60 = 3600 cells; the limit admits it and a 50 x 50 map, not 80 x 80
        try (TestServer server = TestServer.startWithMapCopy(tmp, Map.of("maps.maxCells", "5000"));
                NdjsonClient c = server.player("surveyor")) {
            replaceWithBytes(server.mapsDir, "arena.txt", gzipOpenMap(80));
            TestServer.awaitCondition("oversized arena rejected", RELOAD_TIMEOUT,
                    () -> server.metric("navserver_map_loads_total{outcome=\"rejected\"}") == 1);
            try (NdjsonClient late = server.connect()) {
                assertThat(late.hello("late", "arena").map().width()).isEqualTo(60);
            }

            replaceWithBytes(server.mapsDir, "plain.map.gz", gzipOpenMap(50));
            TestServer.awaitCondition("gzip map loaded", RELOAD_TIMEOUT,
                    () -> server.metric("navserver_map_loads_total{outcome=\"loaded\"}") == 1);
            try (NdjsonClient other = server.connect()) {
                assertThat(other.hello("other", "plain").map().width()).isEqualTo(50);
                RequestId q = RequestId.of("q");
                other.send(new PathQuery(q, new Vec3(1, 0, -1), new Vec3(40, 0, -40)));
                assertThat(other.await(PathResult.class, p -> q.equals(p.id())).points()).isNotEmpty();
            }
            c.ping();
        }
    }
}
