package dev.navserver.server.it;

import static dev.navserver.server.it.PathAssertions.assertWalkable;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.Terrain;
import dev.navserver.nav.io.MapLoader;
import dev.navserver.protocol.message.CellRect;
import dev.navserver.protocol.message.MapPatch;
import dev.navserver.protocol.message.NavPath;
import dev.navserver.protocol.message.PathQuery;
import dev.navserver.protocol.message.PathResult;
import dev.navserver.protocol.message.RequestId;
import dev.navserver.protocol.message.Spawn;
import dev.navserver.protocol.message.Spawned;
import dev.navserver.protocol.message.TerrainEdit;
import dev.navserver.protocol.message.Vec3;
import java.io.StringReader;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 9's admin map API over real loopback sockets: {@code POST /admin/maps/{name}/edit} takes the same path as an
 * authority's {@code map_edit} (no authority session needed), every bad request gets its status and code and changes
 * nothing, and {@code GET /admin/maps/{name}} serves the edited grid as a file that loads back to the same map.
 */
class AdminMapEditTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration TIMEOUT = Duration.ofSeconds(8);
    /** Column 30 from row 1 to row 57: a wall across the arena that leaves only row 58 open (as in MapEditTest). */
    private static final CellRect WALL = new CellRect(30, 1, 1, 57);
    private static final String WALL_BODY = "{\"edits\":[{\"cells\":[30,1,1,57],\"terrain\":\"wall\"}]}";
    /** Open cells of {@link #WALL} on the arena file. */
    private static final int WALL_OPEN_CELLS = 57 - 7;

    @TempDir
    Path tmp;

    private static JsonNode json(HttpResponse<String> r) throws Exception {
        return JSON.readTree(r.body());
    }

    private static HttpResponse<String> edit(TestServer server, String map, String body) {
        return server.http("POST", "/admin/maps/" + map + "/edit", TestServer.TOKEN, body);
    }

    private static void assertError(HttpResponse<String> r, int status, String code, String messageStart)
            throws Exception {
        assertThat(r.statusCode()).as(r.body()).isEqualTo(status);
        assertThat(r.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t)
                .startsWith("application/json"));
        JsonNode e = json(r);
        assertThat(e.get("error").asText()).isEqualTo(code);
        assertThat(e.get("message").asText()).startsWith(messageStart);
    }

    private static long pathVersion(NdjsonClient c, String id) throws Exception {
        RequestId q = RequestId.of(id);
        c.send(new PathQuery(q, new Vec3(-20, 0, 27), new Vec3(20, 0, 27)));
        return c.await(PathResult.class, p -> q.equals(p.id())).mapVersion();
    }

    /** A copy of a map's terrain kept from {@code map_patch}es, as a client keeps it. */
    private static GridMap patched(GridMap file, List<MapPatch> patches) {
        byte[] t = new byte[file.width() * file.height()];
        for (int i = 0; i < t.length; i++) {
            t[i] = (byte) file.terrain(i);
        }
        for (MapPatch p : patches) {
            for (TerrainEdit e : p.edits()) {
                byte k = 0;
                while (!Terrain.name(k).equals(e.terrain())) {
                    k++;
                }
                CellRect c = e.cells();
                for (int row = c.row(); row < c.row() + c.height(); row++) {
                    for (int col = c.col(); col < c.col() + c.width(); col++) {
                        t[row * file.width() + col] = k;
                    }
                }
            }
        }
        return new GridMap(file.name(), file.width(), file.height(), file.transform(), t);
    }

    private static void assertSameGrid(GridMap actual, GridMap expected) {
        assertThat(actual.width()).isEqualTo(expected.width());
        assertThat(actual.height()).isEqualTo(expected.height());
        assertThat(actual.transform()).isEqualTo(expected.transform());
        for (int cell = 0; cell < expected.width() * expected.height(); cell++) {
            assertThat(actual.terrain(cell)).as("terrain of cell %d", cell).isEqualTo(expected.terrain(cell));
        }
    }

    @Test
    void adminEdit_WithoutAnyAuthority_ReachesThePlayerAsMapPatch_AndTheMonsterReplansAroundIt() throws Exception {
        try (TestServer server = TestServer.startWithMapCopy(tmp, Map.of()); NdjsonClient p = server.player("alice")) {
            p.playerPos(1, -20, 27);
            p.send(new Spawn(RequestId.of("m"), new Vec3(20, 0, 27)));
            String monster = p.await(Spawned.class, s -> true).monster();
            assertThat(p.await(NavPath.class, n -> n.monster().equals(monster)).mapVersion()).isEqualTo(1);

            HttpResponse<String> r = edit(server, "arena", WALL_BODY);

            assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
            assertThat(json(r)).isEqualTo(JSON.readTree(
                    "{\"map\":\"arena\",\"version\":2,\"changedCells\":" + WALL_OPEN_CELLS + "}"));
            NavPath around = p.await(NavPath.class, n -> n.monster().equals(monster) && n.mapVersion() == 2, TIMEOUT);
            List<NdjsonClient.Received> seen = p.received();
            int patchAt = -1;
            int pathAt = -1;
            for (int i = 0; i < seen.size(); i++) {
                if (patchAt < 0 && seen.get(i).message() instanceof MapPatch) {
                    patchAt = i;
                }
                if (pathAt < 0 && seen.get(i).message() instanceof NavPath n && n.mapVersion() == 2) {
                    pathAt = i;
                }
            }
            assertThat(patchAt).as("map_patch before the first nav_path of version 2").isBetween(0, pathAt - 1);
            MapPatch patch = (MapPatch) seen.get(patchAt).message();
            assertThat(patch).isEqualTo(MapPatch.edits("arena", 2, List.of(TerrainEdit.cells(WALL, "wall"))));
            assertWalkable(patched(TestServer.arena(), List.of(patch)), around.navPath());
            assertThat(around.navPath()).as("detour through row 58").anySatisfy(v -> assertThat(v.z()).isLessThan(-20));
            assertThat(pathVersion(p, "q")).isEqualTo(2);
            assertThat(server.metric("navserver_map_edits_total{source=\"admin\"}")).isEqualTo(1);
            assertThat(server.metric("navserver_map_edits_total{source=\"session\"}")).isEqualTo(0);
        }
    }

    @Test
    void badRequests_EachGetItsStatusAndCode_AndLeaveMapAndVersionUnchanged() throws Exception {
        try (TestServer server = TestServer.startWithMapCopy(tmp, Map.of("maps.maxEditCells", "100"));
                NdjsonClient p = server.player("alice")) {
            String path = "/admin/maps/arena/edit";
            assertThat(server.http("POST", path, null, WALL_BODY).statusCode()).as("no token").isEqualTo(401);
            assertThat(server.http("POST", path, "wrong-token-0123456789", WALL_BODY).statusCode())
                    .as("wrong token").isEqualTo(401);
            assertThat(server.http("GET", "/admin/maps/arena", "wrong-token-0123456789").statusCode())
                    .as("wrong token on GET").isEqualTo(401);
            assertError(edit(server, "arena", "{\"edits\":[{\"cells\":[30,1,"), 400, "bad_json", "malformed JSON");
            assertError(edit(server, "arena", "[]"), 400, "bad_message", "body must be a JSON object, got an array");
            assertError(edit(server, "arena", "{\"edits\":[{\"cells\":[30,1,1,10],\"terrain\":\"wall\"},"
                    + "{\"cells\":[1,1,1,1],\"terrain\":\"lava\"}]}"), 400, "bad_field",
                    "edits[1].terrain: unknown terrain 'lava', expected one of open, wall,");
            assertError(edit(server, "arena", "{\"edits\":[{\"cells\":[30,1,0,10],\"terrain\":\"wall\"}]}"), 400,
                    "bad_field", "edits[0].cells: width and height must be >= 1, got 0x10");
            assertError(edit(server, "arena", "{\"edits\":[{\"cells\":[30,1,1,10],\"terrain\":\"wall\"},"
                    + "{\"cells\":[55,58,6,1],\"terrain\":\"wall\"}]}"), 400, "out_of_bounds",
                    "edits[1].cells: columns 55..60, rows 58..58 are not all on map arena");
            assertError(edit(server, "arena", "{\"edits\":[{\"cells\":[30,1,1,10],\"terrain\":\"wall\"},"
                    + "{\"rect\":[[0.2,0,0.2],[0.4,0,0.4]],\"terrain\":\"wall\"}]}"), 400, "bad_field",
                    "edits[1].rect: covers no cell centre");
            assertError(edit(server, "arena", "{\"edits\":[{\"cells\":[30,1,1,10],\"terrain\":\"wall\"},"
                    + "{\"cells\":[1,1,10,10],\"terrain\":\"wall\"}]}"), 400, "edit_too_large",
                    "edits cover more than maps.maxEditCells = 100 cells");
            assertError(edit(server, "nowhere", WALL_BODY), 404, "unknown_map", "map: no map named 'nowhere'");
            assertError(server.http("GET", "/admin/maps/nowhere", TestServer.TOKEN), 404, "unknown_map",
                    "map: no map named 'nowhere'");
            assertError(server.http("GET", "/admin/maps/arena?format=png", TestServer.TOKEN), 400, "bad_field",
                    "format: unknown format 'png', expected movingai or navexport");
            HttpResponse<String> wrongMethod = server.http("GET", path, TestServer.TOKEN);
            assertThat(wrongMethod.statusCode()).isEqualTo(405);
            assertThat(wrongMethod.headers().firstValue("Allow")).hasValue("POST");

            assertThat(pathVersion(p, "q")).as("version unchanged").isEqualTo(1);
            assertThat(server.http("GET", "/admin/maps/arena", TestServer.TOKEN).headers()
                    .firstValue("X-Map-Version")).hasValue("1");
            assertThat(p.received(MapPatch.class, m -> true)).isEmpty();
            assertThat(server.metric("navserver_map_edits_total{source=\"admin\"}")).isEqualTo(0);
            assertThat(server.metric("navserver_admin_edits_rejected_total{code=\"bad_field\"}")).isEqualTo(3);
            assertThat(server.metric("navserver_admin_edits_rejected_total{code=\"unknown_map\"}")).isEqualTo(1);
            HttpResponse<String> ok = edit(server, "arena",
                    "{\"edits\":[{\"cells\":[30,1,1,10],\"terrain\":\"wall\"}]}");
            assertThat(json(ok)).as("no rejected request left anything applied: all 8 open cells still change")
                    .isEqualTo(JSON.readTree("{\"map\":\"arena\",\"version\":2,\"changedCells\":8}"));
        }
    }

    @Test
    void noAdminTokenConfigured_MapEndpointsAre403() throws Exception {
        try (TestServer server = TestServer.startWithMapCopy(tmp, Map.of("admin.token", "\"\""))) {
            assertThat(server.http("POST", "/admin/maps/arena/edit", TestServer.TOKEN, WALL_BODY).statusCode())
                    .isEqualTo(403);
            assertThat(server.http("GET", "/admin/maps/arena", TestServer.TOKEN).statusCode()).isEqualTo(403);
        }
    }

    @Test
    void getAfterEdits_ServesTheEditedGrid_WhichLoadsBackExactly() throws Exception {
        try (TestServer server = TestServer.startWithMapCopy(tmp, Map.of()); NdjsonClient p = server.player("alice")) {
            assertThat(edit(server, "arena", WALL_BODY).statusCode()).isEqualTo(200);
            assertThat(edit(server, "arena", "{\"edits\":[{\"cells\":[30,20,1,3],\"terrain\":\"open\"},"
                    + "{\"rect\":[[-29,0,29],[-25,0,25]],\"terrain\":\"open\"}]}").statusCode()).isEqualTo(200);
            p.await(MapPatch.class, m -> m.version() == 3);
            GridMap expected = patched(TestServer.arena(), p.received(MapPatch.class, m -> true));

            HttpResponse<String> r = server.http("GET", "/admin/maps/arena", TestServer.TOKEN);

            assertThat(r.statusCode()).isEqualTo(200);
            assertThat(r.headers().firstValue("Content-Type")).hasValue("text/plain; charset=utf-8");
            assertThat(r.headers().firstValue("Content-Disposition")).hasValue("attachment; filename=\"arena.txt\"");
            assertThat(r.headers().firstValue("X-Map-Version")).hasValue("3");
            assertThat(r.body()).startsWith("startpos=(-30.0, 0.0, 30.0)\n");
            GridMap back = MapLoader.parse("arena", "download", new StringReader(r.body()));
            assertSameGrid(back, expected);
            assertThat(back.terrain(30, 5)).isEqualTo(Terrain.WALL);
            assertThat(back.terrain(30, 21)).isEqualTo(Terrain.OPEN);
            HttpResponse<String> same = server.http("GET", "/admin/maps/arena?format=navexport", TestServer.TOKEN);
            assertThat(same.body()).isEqualTo(r.body());

            assertError(server.http("GET", "/admin/maps/arena?format=movingai", TestServer.TOKEN), 409,
                    "unrepresentable", "map arena has a world transform");
            assertThat(edit(server, "arena", "{\"edits\":[{\"cells\":[2,2,1,1],\"terrain\":\"swamp\"}]}").statusCode())
                    .isEqualTo(200);
            assertError(server.http("GET", "/admin/maps/arena", TestServer.TOKEN), 409, "unrepresentable",
                    "map arena has terrain swamp at column 2, row 2; navexport holds open and wall only");
        }
    }

    @Test
    void movingAiMap_EditedWithTerrains_IsServedAsMovingAi_AndLoadsBackExactly() throws Exception {
        try (TestServer server = TestServer.start(tmp, Map.of())) {
            GridMap file = MapLoader.load(TestServer.repoRoot().resolve("maps/rooms512.map"));
            HttpResponse<String> e = edit(server, "rooms512", "{\"edits\":[{\"cells\":[0,0,5,5],\"terrain\":\"swamp\"},"
                    + "{\"cells\":[100,100,3,2],\"terrain\":\"water\"},{\"cells\":[1,1,1,1],\"terrain\":\"trees\"}]}");
            assertThat(e.statusCode()).as(e.body()).isEqualTo(200);
            assertThat(json(e).get("version").asLong()).isEqualTo(2);

            HttpResponse<String> r = server.http("GET", "/admin/maps/rooms512", TestServer.TOKEN);

            assertThat(r.statusCode()).isEqualTo(200);
            assertThat(r.headers().firstValue("Content-Disposition"))
                    .hasValue("attachment; filename=\"rooms512.map\"");
            assertThat(r.headers().firstValue("X-Map-Version")).hasValue("2");
            GridMap back = MapLoader.parse("rooms512", "download", new StringReader(r.body()));
            byte[] t = new byte[file.width() * file.height()];
            for (int cell = 0; cell < t.length; cell++) {
                t[cell] = (byte) file.terrain(cell);
            }
            for (int row = 0; row < 5; row++) {
                for (int col = 0; col < 5; col++) {
                    t[row * file.width() + col] = Terrain.SWAMP;
                }
            }
            for (int row = 100; row < 102; row++) {
                for (int col = 100; col < 103; col++) {
                    t[row * file.width() + col] = Terrain.WATER;
                }
            }
            t[file.width() + 1] = Terrain.TREES;
            assertSameGrid(back, new GridMap("rooms512", file.width(), file.height(), file.transform(), t));
        }
    }
}
