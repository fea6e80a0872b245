package dev.navserver.server.it;

import static dev.navserver.server.it.PathAssertions.assertWalkable;
import static dev.navserver.server.it.PathAssertions.last;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.protocol.ErrorCodes;
import dev.navserver.protocol.PathStatus;
import dev.navserver.protocol.message.ErrorMessage;
import dev.navserver.protocol.message.GroupPath;
import dev.navserver.protocol.message.GroupPathEntry;
import dev.navserver.protocol.message.GroupPathQuery;
import dev.navserver.protocol.message.PathQuery;
import dev.navserver.protocol.message.PathResult;
import dev.navserver.protocol.message.RequestId;
import dev.navserver.protocol.message.Vec3;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code group_path_query} over a real loopback connection on the bundled arena (world x = −30 + col,
 * z = 30 − row; rows 1..7 open wall to wall; the closed room's interior is cols 39..51, rows 43..51; the
 * column-45 wall holds (col 45, row 15)).
 */
class GroupPathQueryTest {
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
    void groupOfSix_InTheOpenNorthStrip_GetsDistinctSpacedReachableGoalsAndWalkablePathsFromOneField()
            throws Exception {
        List<Vec3> from = List.of(new Vec3(-25, 0, 27), new Vec3(-24, 0, 26), new Vec3(-23, 0, 25),
                new Vec3(-10, 0, 27), new Vec3(-12, 0, 24), new Vec3(-27, 0, 28));
        Vec3 to = new Vec3(15.5, 0, 25.5);
        double before = server.metric("navserver_shared_fields_built_total");
        try (NdjsonClient c = server.player("gina")) {
            GroupPath g = query(c, new GroupPathQuery(RequestId.of("g1"), from, to, 1.5));

            assertThat(g.id()).isEqualTo(RequestId.of("g1"));
            assertThat(g.mapVersion()).isEqualTo(1);
            assertThat(g.paths()).hasSize(from.size());
            int toIsland = ARENA.navGrid().island(ARENA.cellAt(to.x(), to.z()));
            for (int i = 0; i < from.size(); i++) {
                GroupPathEntry e = g.paths().get(i);
                assertThat(e.status()).isEqualTo(PathStatus.OK);
                assertThat(e.points().get(0)).isEqualTo(from.get(i));
                assertThat(last(e.points())).isEqualTo(e.goal());
                assertWalkable(ARENA, e.points());
                assertThat(ARENA.navGrid().island(ARENA.cellAt(e.goal().x(), e.goal().z()))).isEqualTo(toIsland);
                assertThat(e.length()).isGreaterThan(0);
                for (int j = 0; j < i; j++) {
                    Vec3 o = g.paths().get(j).goal();
                    assertThat(Math.hypot(e.goal().x() - o.x(), e.goal().z() - o.z())).as("goals %d, %d", i, j)
                            .isGreaterThanOrEqualTo(1.5);
                }
            }
            // scheme 2: the unit farthest from `to` (index 5) takes the goal nearest the goals' centroid
            double cx = g.paths().stream().mapToDouble(e -> e.goal().x()).average().orElseThrow();
            double cz = g.paths().stream().mapToDouble(e -> e.goal().z()).average().orElseThrow();
            double farthestGoal = Math.hypot(g.paths().get(5).goal().x() - cx, g.paths().get(5).goal().z() - cz);
            for (GroupPathEntry e : g.paths()) {
                assertThat(Math.hypot(e.goal().x() - cx, e.goal().z() - cz)).isGreaterThanOrEqualTo(farthestGoal);
            }
        }
        TestServer.awaitCondition("shared field counted", java.time.Duration.ofSeconds(5),
                () -> server.metric("navserver_shared_fields_built_total") >= before + 1);
        assertThat(server.metric("navserver_shared_field_cells_count")).isGreaterThanOrEqualTo(1);
    }

    @Test
    void oneUnit_OnAnOpenGoal_GoesExactlyToItAboutAsFarAsPathQuery() throws Exception {
        try (NdjsonClient c = server.player("hal")) {
            GroupPath g = query(c, new GroupPathQuery(RequestId.of("one"), List.of(new Vec3(-20, 0, 5)),
                    new Vec3(20, 0, 20), null));
            c.send(new PathQuery(RequestId.of("p"), new Vec3(-20, 0, 5), new Vec3(20, 0, 20)));
            PathResult single = c.await(PathResult.class, r -> RequestId.of("p").equals(r.id()));
            GroupPathEntry e = g.paths().get(0);
            assertThat(e.status()).isEqualTo(PathStatus.OK);
            assertThat(e.goal()).isEqualTo(new Vec3(20, 0, 20));
            // both smooth an optimal cell path; equal-cost cell paths may smooth a little differently
            assertThat(e.length()).isCloseTo(single.length(), within(0.03 * single.length()));
        }
    }

    @Test
    void unitInTheClosedRoom_IsPartialWhileTheOthersAreOk() throws Exception {
        try (NdjsonClient c = server.player("ivy")) {
            List<Vec3> from = List.of(new Vec3(0, 0, -26), new Vec3(12, 0, -15), new Vec3(-5, 0, -26));
            GroupPath g = query(c, new GroupPathQuery(RequestId.of("g2"), from, new Vec3(-20, 0, 25), 1.0));

            assertThat(g.paths()).extracting(GroupPathEntry::status)
                    .containsExactly(PathStatus.OK, PathStatus.PARTIAL, PathStatus.OK);
            GroupPathEntry inRoom = g.paths().get(1);
            assertThat(inRoom.points().get(0)).isEqualTo(new Vec3(12, 0, -15));
            assertWalkable(ARENA, inRoom.points());
            int roomIsland = ARENA.navGrid().island(ARENA.cellAt(12, -15));
            Vec3 end = last(inRoom.points());
            assertThat(ARENA.navGrid().island(ARENA.cellAt(end.x(), end.z()))).isEqualTo(roomIsland);
        }
    }

    @Test
    void perUnitStatuses_OffMapAndBlockedUnits_AnsweredInPlaceWithoutPoints() throws Exception {
        try (NdjsonClient c = server.player("jack")) {
            List<Vec3> from = List.of(new Vec3(100, 0, 0), new Vec3(-30, 0, 30), new Vec3(-20, 0, 27));
            GroupPath g = query(c, new GroupPathQuery(RequestId.of("g3"), from, new Vec3(0, 0, 27), null));

            assertThat(g.paths()).extracting(GroupPathEntry::status)
                    .containsExactly(PathStatus.OUT_OF_BOUNDS, PathStatus.BLOCKED, PathStatus.OK);
            assertThat(g.paths().get(0).points()).isEmpty();
            assertThat(g.paths().get(1).points()).isEmpty();
            // default spacing 0.8 m: goals on distinct cells
            assertThat(g.paths()).extracting(GroupPathEntry::goal).doesNotHaveDuplicates();
        }
    }

    @Test
    void spacingLeftOut_IsTwiceTheConfiguredMonsterRadius(@TempDir Path own) throws Exception {
        try (TestServer big = TestServer.start(own, Map.of("chase.monsterRadiusMeters", "1.5"));
                NdjsonClient c = big.player("lee")) {
            List<Vec3> from = List.of(new Vec3(-25, 0, 27), new Vec3(-24, 0, 26), new Vec3(-23, 0, 25),
                    new Vec3(-22, 0, 27));
            GroupPath g = query(c, new GroupPathQuery(RequestId.of("big"), from, new Vec3(15.5, 0, 25.5), null));
            List<Vec3> goals = g.paths().stream().map(GroupPathEntry::goal).toList();
            for (int i = 0; i < goals.size(); i++) {
                for (int j = i + 1; j < goals.size(); j++) {
                    assertThat(Math.hypot(goals.get(i).x() - goals.get(j).x(), goals.get(i).z() - goals.get(j).z()))
                            .as("goals %d and %d", i, j).isGreaterThanOrEqualTo(3.0 - 1e-9);
                }
            }
        }
    }

    @Test
    void goalOnAWall_IsAnsweredLikePathQuery_PartialAroundTheNearestWalkableCell() throws Exception {
        try (NdjsonClient c = server.player("kim")) {
            List<Vec3> from = List.of(new Vec3(-20, 0, 5), new Vec3(-21, 0, 5));
            GroupPath g = query(c, new GroupPathQuery(RequestId.of("g4"), from, new Vec3(15, 0, 15), 1.0));

            for (GroupPathEntry e : g.paths()) {
                assertThat(e.status()).isEqualTo(PathStatus.PARTIAL);
                assertThat(ARENA.navGrid().openCell(ARENA.cellAt(e.goal().x(), e.goal().z()))).isTrue();
                assertThat(Math.hypot(e.goal().x() - 15, e.goal().z() - 15)).isLessThan(4);
                assertWalkable(ARENA, e.points());
            }
        }
    }

    @Test
    void badInputs_EachGetTheirSpecificError_AndTheConnectionKeepsBeingServed() throws Exception {
        try (NdjsonClient c = server.player("lou")) {
            c.sendLine("{\"type\":\"group_path_query\",\"id\":\"z\",\"from\":[],\"to\":[0,0,27]}");
            assertError(c, "z", ErrorCodes.BAD_FIELD, "from: must have 1..256 elements, got 0");

            c.sendLine(manyUnits("many", 257, "1.0"));
            assertError(c, "many", ErrorCodes.BAD_FIELD, "from: must have 1..256 elements, got 257");

            c.sendLine("{\"type\":\"group_path_query\",\"id\":\"nf\",\"from\":[[0,0,27],[1,0,27],[2,0,27],"
                    + "[1e400,0,27]],\"to\":[0,0,27]}");
            assertError(c, "nf", ErrorCodes.BAD_FIELD, "from[3][0]: ");

            c.sendLine("{\"type\":\"group_path_query\",\"id\":\"neg\",\"from\":[[0,0,27]],\"to\":[0,0,27],"
                    + "\"spacingMeters\":-1}");
            assertError(c, "neg", ErrorCodes.BAD_FIELD, "spacingMeters: -1.0 is out of range [0.0, 50.0]");

            c.sendLine("{\"type\":\"group_path_query\",\"id\":\"huge\",\"from\":[[0,0,27]],\"to\":[0,0,27],"
                    + "\"spacingMeters\":1e6}");
            assertError(c, "huge", ErrorCodes.BAD_FIELD, "spacingMeters: 1000000.0 is out of range [0.0, 50.0]");

            c.send(new GroupPathQuery(RequestId.of("off"), List.of(new Vec3(0, 0, 27)), new Vec3(0, 0, 99), null));
            assertError(c, "off", ErrorCodes.OUT_OF_BOUNDS, "to: 0.0, 99.0 is outside map arena");

            c.sendLine(manyUnits("crowd", 256, "50"));
            assertError(c, "crowd", ErrorCodes.NO_ROOM, "spacingMeters: only ");

            GroupPath ok = query(c, new GroupPathQuery(RequestId.of("after"), List.of(new Vec3(-20, 0, 27)),
                    new Vec3(0, 0, 27), null));
            assertThat(ok.paths().get(0).status()).isEqualTo(PathStatus.OK);
        }
    }

    private static void assertError(NdjsonClient c, String id, String code, String messageStart) {
        ErrorMessage e = c.await(ErrorMessage.class, m -> RequestId.of(id).equals(m.id()));
        assertThat(e.code()).isEqualTo(code);
        assertThat(e.message()).startsWith(messageStart);
    }

    private static String manyUnits(String id, int n, String spacing) {
        List<String> points = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            points.add("[" + (-25 + i % 50) + ",0," + (27 - (i / 50)) + "]");
        }
        return "{\"type\":\"group_path_query\",\"id\":\"" + id + "\",\"from\":[" + String.join(",", points)
                + "],\"to\":[0,0,27],\"spacingMeters\":" + spacing + "}";
    }

    private static GroupPath query(NdjsonClient c, GroupPathQuery q) throws Exception {
        c.send(q);
        return c.await(GroupPath.class, g -> q.id().equals(g.id()));
    }
}
