package dev.navserver.server.it;

import static dev.navserver.server.it.PathAssertions.assertWalkable;
import static dev.navserver.server.it.PathAssertions.assertXz;
import static dev.navserver.server.it.PathAssertions.last;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static java.nio.charset.StandardCharsets.UTF_8;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.protocol.ErrorCodes;
import dev.navserver.protocol.PathStatus;
import dev.navserver.protocol.message.ErrorMessage;
import dev.navserver.protocol.message.Hello;
import dev.navserver.protocol.message.NavPath;
import dev.navserver.protocol.message.PathQuery;
import dev.navserver.protocol.message.PathResult;
import dev.navserver.protocol.message.PathValid;
import dev.navserver.protocol.message.PlayerPos;
import dev.navserver.protocol.message.RequestId;
import dev.navserver.protocol.message.Spawn;
import dev.navserver.protocol.message.Spawned;
import dev.navserver.protocol.message.ValidatePath;
import dev.navserver.protocol.message.Vec3;
import dev.navserver.protocol.message.Welcome;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * hello/welcome, session errors, spawn → nav_path geometry, partial paths across islands, path_query,
 * validate_path and the admin health/metrics pages, against one server on the bundled maps.
 *
 * <p>Arena landmarks (world x = −30 + col, z = 30 − row): rows 1..7 are open from wall to wall; 2x2 pillars at
 * rows 8..9, the first at cols 10..11; the closed room's interior is cols 39..51, rows 43..51, and the open cell
 * nearest to (col 42, row 45) outside it is (col 42, row 41).
 */
class HandshakeAndQueriesTest {
    @TempDir
    static Path tmp;
    static TestServer server;
    static final GridMap ARENA = TestServer.arena();

    @BeforeAll
    static void start() throws Exception {
        server = TestServer.start(tmp, Map.of());
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void hello_OnArena_WelcomeCarriesSessionMapAndChaseSettings() throws Exception {
        try (NdjsonClient c = server.connect()) {
            c.send(new Hello(RequestId.of("h1"), 1, "alice", "arena"));
            Welcome w = c.await(Welcome.class, x -> true);
            assertThat(w.id()).isEqualTo(RequestId.of("h1"));
            assertThat(w.protocol()).isEqualTo(1);
            assertThat(w.session()).matches("s-\\d+");
            assertThat(w.player()).isEqualTo("alice");
            assertThat(w.map().name()).isEqualTo("arena");
            assertThat(w.map().origin()).isEqualTo(new Vec3(-30, 0, 30));
            assertThat(w.map().cellSize()).isEqualTo(1.0);
            assertThat(w.map().width()).isEqualTo(60);
            assertThat(w.map().height()).isEqualTo(60);
            assertThat(w.tickHz()).isEqualTo(20);
            assertThat(w.navIntervalSeconds()).isEqualTo(0.5);
            assertThat(w.moveThresholdMeters()).isEqualTo(0.5);
            assertThat(w.localNavDistanceMeters()).isEqualTo(4.0);
        }
    }

    @Test
    void hello_WithoutMap_JoinsTheDefaultMapWithItsOwnSession() throws Exception {
        try (NdjsonClient a = server.connect(); NdjsonClient b = server.connect()) {
            Welcome wa = a.hello("a", null);
            Welcome wb = b.hello("b", "rooms512");
            assertThat(wa.map().name()).isEqualTo("arena");
            assertThat(wb.map().name()).isEqualTo("rooms512");
            assertThat(wb.map().width()).isEqualTo(512);
            assertThat(wa.session()).isNotEqualTo(wb.session());
        }
    }

    @Test
    void hello_WithUnknownMap_UnknownMapThenAHelloOnAKnownMapIsWelcomed() throws Exception {
        try (NdjsonClient c = server.connect()) {
            c.send(new Hello(RequestId.of(7), 1, "bob", "atlantis"));
            ErrorMessage e = c.awaitError(ErrorCodes.UNKNOWN_MAP);
            assertThat(e.id()).isEqualTo(RequestId.of(7));
            assertThat(c.hello("bob", "arena").map().name()).isEqualTo("arena");
        }
    }

    @Test
    void hello_SecondTime_AlreadyWelcomedAndSessionKept() throws Exception {
        try (NdjsonClient c = server.connect()) {
            Welcome first = c.hello("carol", "arena");
            c.send(new Hello(RequestId.of("again"), 1, "carol2", "arena"));
            assertThat(c.awaitError(ErrorCodes.ALREADY_WELCOMED).id()).isEqualTo(RequestId.of("again"));
            c.ping();
            assertThat(c.received(Welcome.class, w -> true)).containsExactly(first);
        }
    }

    @Test
    void helloEndingInCrLf_WelcomedAndByeClosesTheConnectionCleanly() throws Exception {
        try (NdjsonClient c = server.connect()) {
            c.sendRaw("{\"type\":\"hello\",\"protocol\":1,\"player\":\"crlf\"}\r\n".getBytes(UTF_8));
            assertThat(c.await(Welcome.class, w -> true).player()).isEqualTo("crlf");
            c.sendLine("{\"type\":\"bye\",\"reason\":\"client\"}");
            c.assertClosedWithin(Duration.ofSeconds(3));
            assertThat(c.received(ErrorMessage.class, e -> true)).isEmpty();
        }
    }

    @Test
    void messagesBeforeHello_NotWelcomedForEachAndPingStillAnswered() throws Exception {
        try (NdjsonClient c = server.connect()) {
            c.send(new PlayerPos(RequestId.of("p"), 1, new Vec3(0, 0, 0)));
            assertThat(c.awaitError(ErrorCodes.NOT_WELCOMED).id()).isEqualTo(RequestId.of("p"));
            c.send(new Spawn(RequestId.of("s"), new Vec3(0, 0, 0)));
            assertThat(c.awaitError(ErrorCodes.NOT_WELCOMED).id()).isEqualTo(RequestId.of("s"));
            c.send(new PathQuery(RequestId.of("q"), new Vec3(0, 0, 0), new Vec3(1, 0, 1)));
            assertThat(c.awaitError(ErrorCodes.NOT_WELCOMED).id()).isEqualTo(RequestId.of("q"));
            c.send(new ValidatePath(RequestId.of("v"), List.of(new Vec3(0, 0, 0))));
            assertThat(c.awaitError(ErrorCodes.NOT_WELCOMED).id()).isEqualTo(RequestId.of("v"));
            c.ping(); // ping needs no session: a client may measure latency before joining
            assertThat(c.hello("dave", "arena").session()).isNotEmpty();
        }
    }

    @Test
    void spawn_AcrossTheArena_NavPathRunsOnWalkableCellsFromMonsterToPlayer() throws Exception {
        try (NdjsonClient c = server.player("erin")) {
            c.playerPos(41, -20, 5);
            c.send(new Spawn(RequestId.of("r1"), new Vec3(20, 0, 20)));
            Spawned spawned = c.await(Spawned.class, s -> true);
            assertThat(spawned.id()).isEqualTo(RequestId.of("r1"));
            assertThat(spawned.monster()).matches("m-\\d+");
            assertThat(spawned.pos()).isEqualTo(new Vec3(20, 0, 20));

            NavPath p = c.await(NavPath.class, n -> n.monster().equals(spawned.monster()));
            assertThat(p.seq()).isEqualTo(1);
            assertThat(p.playerSeq()).isEqualTo(41);
            assertThat(p.status()).isEqualTo(PathStatus.OK);
            assertThat(p.speedMetersPerSecond()).isEqualTo(2.0);
            assertThat(p.navPath().get(0)).isEqualTo(new Vec3(20, 0, 20));
            assertThat(last(p.navPath())).isEqualTo(new Vec3(-20, 0, 5));
            assertThat(p.navPath().size()).as("walls in between force turns").isGreaterThan(2);
            assertWalkable(ARENA, p.navPath());
        }
    }

    @Test
    void spawn_OutsideTheClosedRoomWithThePlayerInside_PartialNavPathToTheNearestReachableCell() throws Exception {
        try (NdjsonClient c = server.player("frank")) {
            c.playerPos(1, 12, -15); // inside the closed room: col 42, row 45
            c.send(new Spawn(RequestId.of("r"), new Vec3(0, 0, -26)));
            String monster = c.await(Spawned.class, s -> true).monster();
            NavPath p = c.await(NavPath.class, n -> n.monster().equals(monster));
            assertThat(p.status()).isEqualTo(PathStatus.PARTIAL);
            assertThat(p.playerSeq()).isEqualTo(1);
            assertThat(p.navPath().get(0)).isEqualTo(new Vec3(0, 0, -26));
            assertXz(last(p.navPath()), 12, -11); // (col 42, row 41), 4 m north of the player through the wall
            assertWalkable(ARENA, p.navPath());
            int monsterIsland = ARENA.navGrid().island(ARENA.cellAt(0, -26));
            Vec3 end = last(p.navPath());
            assertThat(ARENA.navGrid().island(ARENA.cellAt(end.x(), end.z()))).isEqualTo(monsterIsland);
        }
    }

    @Test
    void spawn_OnAWallOrOffTheMap_BlockedOrOutOfBoundsWithTheRequestId() throws Exception {
        try (NdjsonClient c = server.player("gina")) {
            c.playerPos(1, 0, 27);
            c.send(new Spawn(RequestId.of("wall"), new Vec3(-30, 0, 30)));
            assertThat(c.awaitError(ErrorCodes.BLOCKED).id()).isEqualTo(RequestId.of("wall"));
            c.send(new Spawn(RequestId.of("off"), new Vec3(29.5, 0, -29)));
            assertThat(c.awaitError(ErrorCodes.OUT_OF_BOUNDS).id()).isEqualTo(RequestId.of("off"));
            c.ping();
            assertThat(c.received(Spawned.class, s -> true)).isEmpty();
        }
    }

    @Test
    void pathQuery_EachStatus_OkPartialOutOfBoundsBlockedAndSnappedGoal() throws Exception {
        try (NdjsonClient c = server.player("hank")) {
            PathResult ok = query(c, "ok", new Vec3(-20, 0, 5), new Vec3(20, 0, 20));
            assertThat(ok.status()).isEqualTo(PathStatus.OK);
            assertThat(ok.points().get(0)).isEqualTo(new Vec3(-20, 0, 5));
            assertThat(last(ok.points())).isEqualTo(new Vec3(20, 0, 20));
            assertWalkable(ARENA, ok.points());
            assertThat(ok.length()).isCloseTo(polylineLength(ok.points()), within(1e-6));

            PathResult partial = query(c, "partial", new Vec3(0, 0, -26), new Vec3(12, 0, -15));
            assertThat(partial.status()).isEqualTo(PathStatus.PARTIAL);
            assertXz(last(partial.points()), 12, -11);
            assertWalkable(ARENA, partial.points());

            PathResult off = query(c, "off", new Vec3(0, 0, 0), new Vec3(100, 0, 0));
            assertThat(off.status()).isEqualTo(PathStatus.OUT_OF_BOUNDS);
            assertThat(off.points()).isEmpty();

            PathResult blocked = query(c, "blocked", new Vec3(-30, 0, 30), new Vec3(0, 0, 0));
            assertThat(blocked.status()).isEqualTo(PathStatus.BLOCKED);
            assertThat(blocked.points()).isEmpty();

            // goal on the column-45 wall (col 45, row 15): the path leads to a walkable neighbour, which is partial
            // (issue 9: as Unity's NavMesh.CalculatePath reports PathPartial)
            PathResult snapped = query(c, "snapped", new Vec3(-20, 0, 5), new Vec3(15, 0, 15));
            assertThat(snapped.status()).isEqualTo(PathStatus.PARTIAL);
            Vec3 end = last(snapped.points());
            assertThat(Math.hypot(end.x() - 15, end.z() - 15)).isLessThanOrEqualTo(Math.sqrt(2) + 1e-9);
            assertWalkable(ARENA, snapped.points());
        }
    }

    @Test
    void validatePath_ValidBlockedCornerAndOffMap_ReportTheFirstBadSegment() throws Exception {
        try (NdjsonClient c = server.player("iris")) {
            PathValid valid = validate(c, "valid", new Vec3(-20, 0, 27), new Vec3(25, 0, 27), new Vec3(25, 0, 20));
            assertThat(valid.valid()).isTrue();
            assertThat(valid.badSegment()).isNull();
            assertThat(valid.reason()).isNull();

            // segment 1 crosses the row-18 wall (cols 5..13)
            PathValid blocked = validate(c, "blocked", new Vec3(-22, 0, 27), new Vec3(-22, 0, 15),
                    new Vec3(-22, 0, 9));
            assertThat(blocked).isEqualTo(new PathValid(RequestId.of("blocked"), false, 1, "blocked"));

            // segment 1 is the diagonal (col 9, row 8) -> (col 10, row 7) past the pillar cell (col 10, row 8)
            PathValid corner = validate(c, "corner", new Vec3(-25, 0, 22), new Vec3(-21, 0, 22),
                    new Vec3(-20, 0, 23));
            assertThat(corner).isEqualTo(new PathValid(RequestId.of("corner"), false, 1, "corner"));

            // point 2 is beyond the top edge of the map
            PathValid offMap = validate(c, "off", new Vec3(-20, 0, 27), new Vec3(0, 0, 27), new Vec3(0, 0, 40));
            assertThat(offMap).isEqualTo(new PathValid(RequestId.of("off"), false, 1, "off_map"));

            // a first point on a wall is bad segment 0
            PathValid wallStart = validate(c, "wall", new Vec3(-30, 0, 30), new Vec3(0, 0, 27));
            assertThat(wallStart).isEqualTo(new PathValid(RequestId.of("wall"), false, 0, "blocked"));
        }
    }

    @Test
    void healthAndMetrics_AfterTraffic_ExposeMessagesErrorsPlansTicksAndPushes() throws Exception {
        try (NdjsonClient c = server.player("jack")) {
            c.ping();
            c.playerPos(1, -20, 5);
            c.send(new Spawn(RequestId.of("m"), new Vec3(20, 0, 20)));
            c.await(NavPath.class, n -> true);
            query(c, "q", new Vec3(-20, 0, 5), new Vec3(20, 0, 20));
            c.sendLine("not json");
            c.awaitError(ErrorCodes.BAD_JSON);
            c.sendLine("{\"type\":\"fly\"}");
            c.awaitError(ErrorCodes.UNKNOWN_TYPE);
        }
        HttpResponse<String> health = server.http("GET", "/health", null);
        assertThat(health.statusCode()).isEqualTo(200);
        assertThat(health.body()).contains("\"status\":\"ok\"");

        String metrics = server.metrics();
        assertThat(metrics).contains(
                "navserver_connections ",
                "navserver_connections_opened_total ",
                "navserver_messages_in_total{type=\"hello\"} ",
                "navserver_messages_in_total{type=\"ping\"} ",
                "navserver_messages_in_total{type=\"player_pos\"} ",
                "navserver_messages_in_total{type=\"spawn\"} ",
                "navserver_messages_in_total{type=\"path_query\"} ",
                "navserver_messages_out_total{type=\"welcome\"} ",
                "navserver_messages_out_total{type=\"pong\"} ",
                "navserver_messages_out_total{type=\"nav_path\"} ",
                "navserver_messages_out_total{type=\"path\"} ",
                "navserver_messages_out_total{type=\"error\"} ",
                "navserver_errors_total{code=\"bad_json\"} ",
                "navserver_errors_total{code=\"unknown_type\"} ",
                "navserver_plans_total{status=\"ok\"} ",
                "navserver_plan_latency_seconds_bucket{",
                "navserver_plan_latency_seconds_count ",
                "navserver_plan_expanded_nodes_bucket{",
                "navserver_ticks_total ",
                "navserver_tick_duration_seconds_bucket{",
                "navserver_tick_duration_seconds_count ",
                "navserver_nav_path_pushes_total ",
                "navserver_uptime_seconds ");
        assertThat(server.metric("navserver_nav_path_pushes_total")).isGreaterThanOrEqualTo(1);
        assertThat(server.metric("navserver_errors_total{code=\"bad_json\"}")).isGreaterThanOrEqualTo(1);
        assertThat(server.metric("navserver_plan_latency_seconds_count")).isGreaterThanOrEqualTo(1);
        assertThat(server.metric("navserver_tick_duration_seconds_count")).isGreaterThan(0);
    }

    private static PathResult query(NdjsonClient c, String id, Vec3 from, Vec3 to) throws Exception {
        RequestId rid = RequestId.of(id);
        c.send(new PathQuery(rid, from, to));
        return c.await(PathResult.class, r -> rid.equals(r.id()));
    }

    private static PathValid validate(NdjsonClient c, String id, Vec3... points) throws Exception {
        RequestId rid = RequestId.of(id);
        c.send(new ValidatePath(rid, List.of(points)));
        return c.await(PathValid.class, r -> rid.equals(r.id()));
    }

    private static double polylineLength(List<Vec3> pts) {
        double sum = 0;
        for (int i = 1; i < pts.size(); i++) {
            sum += Math.hypot(pts.get(i).x() - pts.get(i - 1).x(), pts.get(i).z() - pts.get(i - 1).z());
        }
        return sum;
    }
}
