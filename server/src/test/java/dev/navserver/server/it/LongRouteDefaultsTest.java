package dev.navserver.server.it;

import static dev.navserver.server.it.PathAssertions.assertWalkable;
import static dev.navserver.server.it.PathAssertions.last;
import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.Terrain;
import dev.navserver.nav.io.MapLoader;
import dev.navserver.nav.search.PathResult;
import dev.navserver.nav.search.PathSearch;
import dev.navserver.nav.search.SearchOptions;
import dev.navserver.nav.search.SearchStatus;
import dev.navserver.protocol.PathStatus;
import dev.navserver.protocol.message.CellRect;
import dev.navserver.protocol.message.Hello;
import dev.navserver.protocol.message.MapEdit;
import dev.navserver.protocol.message.MapEdited;
import dev.navserver.protocol.message.PathQuery;
import dev.navserver.protocol.message.RequestId;
import dev.navserver.protocol.message.TerrainEdit;
import dev.navserver.protocol.message.Vec3;
import dev.navserver.protocol.message.Welcome;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 28: long {@code path_query} routes with the shipped search settings ({@code search.algorithm: jps},
 * {@code search.maxExpandedNodes: 8000}, {@code search.longRouteMinCells: 256}, nothing switched on) over real
 * sockets, on a rooms map generated here: {@value #ROOMS} x {@value #ROOMS} rooms of 7 x 7 cells in a one-cell wall
 * grid, one door per wall at a seeded place:
 * <pre>
 *   @@@@@@@@@@@@@@@@@...
 *   @.......@.......@
 *   @.......@.......@
 *   @...............@    one door in each wall between two rooms
 *   @.......@.......@
 *   @@@@.@@@@@@@.@@@@...
 * </pre>
 * The route from the top-left room to the bottom-right one is far longer than the 8,000-node chase budget reaches.
 */
class LongRouteDefaultsTest {
    private static final int ROOMS = 128;
    private static final int SIDE = 8 * ROOMS + 1;
    private static final String AUTHORITY_TOKEN = "authority-0123456789-secret";
    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    @TempDir
    Path tmp;

    /** The rooms map's terrain, row-major: '.' open, '@' wall. */
    private static byte[] roomsTerrain(long seed) {
        Random rnd = new Random(seed);
        byte[] t = new byte[SIDE * SIDE];
        for (int r = 0; r < SIDE; r++) {
            for (int c = 0; c < SIDE; c++) {
                t[r * SIDE + c] = r % 8 == 0 || c % 8 == 0 ? Terrain.WALL : Terrain.OPEN;
            }
        }
        for (int i = 0; i < ROOMS; i++) {
            for (int j = 0; j < ROOMS; j++) {
                if (j + 1 < ROOMS) { // door in the wall east of room (i, j)
                    t[(8 * i + 1 + rnd.nextInt(7)) * SIDE + 8 * (j + 1)] = Terrain.OPEN;
                }
                if (i + 1 < ROOMS) { // door in the wall south of it
                    t[8 * (i + 1) * SIDE + 8 * j + 1 + rnd.nextInt(7)] = Terrain.OPEN;
                }
            }
        }
        return t;
    }

    /** Writes the rooms map as a Moving AI file next to a copy of the default map; returns the directory. */
    private Path mapsWithRooms(byte[] terrain) throws Exception {
        Path maps = Files.createDirectories(tmp.resolve("maps"));
        Files.copy(TestServer.repoRoot().resolve("maps/arena.txt"), maps.resolve("arena.txt"));
        StringBuilder sb = new StringBuilder("type octile\nheight " + SIDE + "\nwidth " + SIDE + "\nmap\n");
        for (int r = 0; r < SIDE; r++) {
            for (int c = 0; c < SIDE; c++) {
                sb.append(terrain[r * SIDE + c] == Terrain.WALL ? '@' : '.');
            }
            sb.append('\n');
        }
        Files.writeString(maps.resolve("rooms.map"), sb.toString(), StandardCharsets.US_ASCII);
        return maps;
    }

    private static Vec3 centre(GridMap map, int col, int row) {
        int cell = map.cell(col, row);
        return new Vec3(map.worldX(cell), map.transform().originY(), map.worldZ(cell));
    }

    private static dev.navserver.protocol.message.PathResult query(NdjsonClient c, String id, Vec3 from, Vec3 to) {
        RequestId rid = RequestId.of(id);
        try {
            c.send(new PathQuery(rid, from, to));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return c.await(dev.navserver.protocol.message.PathResult.class, r -> rid.equals(r.id()), TIMEOUT);
    }

    /** An authority's session on the rooms map, once version 1's hierarchy is built. */
    private static NdjsonClient gameMasterOnceBuilt(TestServer server) throws Exception {
        NdjsonClient gm = server.connect();
        gm.send(new Hello(null, 1, "game-master", "rooms", AUTHORITY_TOKEN));
        gm.await(Welcome.class, w -> true);
        TestServer.awaitCondition("version 1's hierarchy", TIMEOUT,
                () -> graphProgress(server, "subgoal_hierarchy") == 1);
        return gm;
    }

    /**
     * Walls {@code rect} of version 1 (the edit makes version 2), then asks for the route from {@code a} to {@code b}
     * at once: complete, on version 2, walkable on {@code after}, no longer than {@code optimal}.
     */
    private static void wallAndRoute(NdjsonClient gm, CellRect rect, Vec3 a, Vec3 b, GridMap after, double optimal)
            throws java.io.IOException {
        gm.send(new MapEdit(RequestId.of("e"), "rooms", List.of(TerrainEdit.cells(rect, "wall"))));
        assertThat(gm.await(MapEdited.class, e -> true, TIMEOUT).version()).isEqualTo(2);
        dev.navserver.protocol.message.PathResult next = query(gm, "after", a, b);
        assertThat(next.status()).isEqualTo(PathStatus.OK);
        assertThat(next.mapVersion()).isEqualTo(2);
        assertWalkable(after, next.points());
        assertThat(next.length()).isLessThanOrEqualTo(optimal + 1e-6);
    }

    private static double graphProgress(TestServer server, String structure) {
        return server.metric("navserver_nav_build_progress_ratio{map=\"rooms\",structure=\"" + structure + "\"}");
    }

    @Test
    void pathQuery_RouteBeyondTheChaseBudget_IsCompleteWithTheShippedSettings_BeforeAndAfterTheBuild()
            throws Exception {
        byte[] terrain = roomsTerrain(28);
        Path maps = mapsWithRooms(terrain);
        GridMap map = MapLoader.load(maps.resolve("rooms.map"));
        PathSearch search = new PathSearch();
        PathResult budgeted = search.find(map.navGrid(), 4, 4, SIDE - 5, SIDE - 5,
                SearchOptions.DEFAULT.withMaxExpandedNodes(8000));
        PathResult optimal = search.find(map.navGrid(), 4, 4, SIDE - 5, SIDE - 5, SearchOptions.DEFAULT);
        assertThat(budgeted.status()).as("the chase budget cannot reach the goal").isEqualTo(SearchStatus.PARTIAL);
        assertThat(optimal.status()).isEqualTo(SearchStatus.FOUND);
        Vec3 a = centre(map, 4, 4);
        Vec3 b = centre(map, SIDE - 5, SIDE - 5);

        try (TestServer server = TestServer.start(tmp, maps, Map.of()); NdjsonClient c = server.connect()) {
            c.hello("walker", "rooms");
            // whether or not the background build has finished by now: complete
            dev.navserver.protocol.message.PathResult first = query(c, "first", a, b);
            assertThat(first.status()).isEqualTo(PathStatus.OK);
            assertThat(last(first.points())).isEqualTo(b);
            assertWalkable(map, first.points());
            assertThat(first.length()).isLessThanOrEqualTo(optimal.length() + 1e-6);

            TestServer.awaitCondition("the rooms map's hierarchy", TIMEOUT,
                    () -> graphProgress(server, "subgoal_hierarchy") == 1);
            dev.navserver.protocol.message.PathResult built = query(c, "built", a, b);
            assertThat(built.status()).isEqualTo(PathStatus.OK);
            assertThat(last(built.points())).isEqualTo(b);
            assertWalkable(map, built.points());
            assertThat(built.length()).isLessThanOrEqualTo(optimal.length() + 1e-6);
            assertThat(server.metric("navserver_plans_total{status=\"partial\"}")).isZero();
        }
    }

    @Test
    void mapLoad_BuildsEveryMapsGraphAndHierarchyInTheBackground_WithoutAnyQuery() throws Exception {
        Path maps = mapsWithRooms(roomsTerrain(5));
        try (TestServer server = TestServer.start(tmp, maps, Map.of())) {
            TestServer.awaitCondition("the rooms map's graph and hierarchy", TIMEOUT,
                    () -> graphProgress(server, "subgoal_graph") == 1 && graphProgress(server, "subgoal_hierarchy") == 1);
            // arena and rooms (loaded in directory order): a graph and a hierarchy each, and no query asked for them
            TestServer.awaitCondition("both graphs", TIMEOUT, () -> server.metric(
                    "navserver_nav_builds_total{outcome=\"built\",structure=\"subgoal_graph\"}") == 2);
            TestServer.awaitCondition("both hierarchies", TIMEOUT, () -> server.metric(
                    "navserver_nav_builds_total{outcome=\"built\",structure=\"subgoal_hierarchy\"}") == 2);
            assertThat(server.metric("navserver_nav_build_seconds_count{map=\"rooms\",structure=\"subgoal_graph\"}"))
                    .isEqualTo(1);
            assertThat(server.metric("navserver_plans_total{status=\"ok\"}")).isZero();
        }
    }

    @Test
    void mapEdit_WallInADoorOnTheRoute_GraphIsRepairedAtOnce_AndLongQueriesTakeTheOptimalDetour() throws Exception {
        byte[] terrain = roomsTerrain(7);
        Path maps = mapsWithRooms(terrain);
        GridMap map = MapLoader.load(maps.resolve("rooms.map"));
        // the door in the wall south of the top-left room: the straight way down the first room column
        //   @.......@
        //   @@@.@@@@@   <- row 8: its one open cell walled
        //   @.......@
        CellRect door = new CellRect(1, 8, 7, 1);
        byte[] edited = terrain.clone();
        for (int col = 1; col < 8; col++) {
            edited[8 * SIDE + col] = Terrain.WALL;
        }
        GridMap after = new GridMap("rooms", SIDE, SIDE, map.transform(), edited);
        PathSearch search = new PathSearch();
        double before = search.find(map.navGrid(), 4, 4, 4, SIDE - 5, SearchOptions.DEFAULT).length();
        double optimal = search.find(after.navGrid(), 4, 4, 4, SIDE - 5, SearchOptions.DEFAULT).length();
        assertThat(optimal).as("the door was on every shortest route").isGreaterThan(before + 1);
        Vec3 a = centre(map, 4, 4);
        Vec3 b = centre(map, 4, SIDE - 5);

        try (TestServer server = TestServer.start(tmp, maps, Map.of("server.authorityToken",
                "\"" + AUTHORITY_TOKEN + "\""));
                NdjsonClient gm = gameMasterOnceBuilt(server)) {

            // right after the edit, repaired or not yet: the new wall is seen
            wallAndRoute(gm, door, a, b, after, optimal);

            TestServer.awaitCondition("version 2's graph repaired", TIMEOUT, () -> server.metric(
                    "navserver_nav_repair_seconds_count{map=\"rooms\"}") == 1);
            dev.navserver.protocol.message.PathResult repaired = query(gm, "repaired", a, b);
            assertThat(repaired.status()).isEqualTo(PathStatus.OK);
            assertWalkable(after, repaired.points());
            assertThat(repaired.length()).isLessThanOrEqualTo(optimal + 1e-6);
            assertThat(graphProgress(server, "subgoal_graph")).isEqualTo(1);

            TestServer.awaitCondition("version 2's hierarchy, over the repaired graph", TIMEOUT,
                    () -> graphProgress(server, "subgoal_hierarchy") == 1);
            assertThat(server.metric("navserver_nav_builds_total{outcome=\"built\",structure=\"subgoal_graph\"}"))
                    .as("arena's and version 1's graphs; version 2's was repaired, not built").isEqualTo(2);
            dev.navserver.protocol.message.PathResult viaHierarchy = query(gm, "hierarchy", a, b);
            assertWalkable(after, viaHierarchy.points());
            assertThat(viaHierarchy.length()).isLessThanOrEqualTo(optimal + 1e-6);
            assertThat(server.metric("navserver_plans_total{status=\"partial\"}")).isZero();
        }
    }

    @Test
    void mapEdit_ClosingDoorsOnTheRoute_NextQueryAvoidsTheNewWall_AndTheNewVersionIsBuilt() throws Exception {
        byte[] terrain = roomsTerrain(11);
        Path maps = mapsWithRooms(terrain);
        GridMap map = MapLoader.load(maps.resolve("rooms.map"));
        // the wall between room rows 31 and 32, all doors closed but the last room column's
        int wallRow = 8 * (ROOMS / 2);
        CellRect closed = new CellRect(0, wallRow, 8 * (ROOMS - 1) + 1, 1);
        byte[] edited = terrain.clone();
        for (int col = closed.col(); col < closed.col() + closed.width(); col++) {
            edited[wallRow * SIDE + col] = Terrain.WALL;
        }
        GridMap after = new GridMap("rooms", SIDE, SIDE, map.transform(), edited);
        Vec3 a = centre(map, 4, 4);
        Vec3 b = centre(map, 4, SIDE - 5);
        double optimal = new PathSearch().find(after.navGrid(), 4, 4, 4, SIDE - 5, SearchOptions.DEFAULT).length();

        try (TestServer server = TestServer.start(tmp, maps, Map.of("server.authorityToken",
                "\"" + AUTHORITY_TOKEN + "\""));
                NdjsonClient gm = gameMasterOnceBuilt(server)) {
            assertWalkable(map, query(gm, "before", a, b).points());

            wallAndRoute(gm, closed, a, b, after, optimal);

            // the edit's box (1,017 x 1 cells) is small enough to repair version 1's graph into version 2's
            TestServer.awaitCondition("version 2's graph", TIMEOUT, () -> server.metric(
                    "navserver_nav_repair_seconds_count{map=\"rooms\"}") == 1);
            TestServer.awaitCondition("version 2's hierarchy", TIMEOUT,
                    () -> graphProgress(server, "subgoal_hierarchy") == 1);
            dev.navserver.protocol.message.PathResult rebuilt = query(gm, "rebuilt", a, b);
            assertThat(rebuilt.status()).isEqualTo(PathStatus.OK);
            assertWalkable(after, rebuilt.points());
            assertThat(rebuilt.length()).isLessThanOrEqualTo(optimal + 1e-6);
        }
    }
}
