package dev.navserver.server.it;

import static dev.navserver.server.it.PathAssertions.assertWalkable;
import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.Terrain;
import dev.navserver.protocol.ErrorCodes;
import dev.navserver.protocol.message.CellRect;
import dev.navserver.protocol.message.ErrorMessage;
import dev.navserver.protocol.message.Hello;
import dev.navserver.protocol.message.MapEdit;
import dev.navserver.protocol.message.MapEdited;
import dev.navserver.protocol.message.MapPatch;
import dev.navserver.protocol.message.NavPath;
import dev.navserver.protocol.message.PathQuery;
import dev.navserver.protocol.message.PathResult;
import dev.navserver.protocol.message.RequestId;
import dev.navserver.protocol.message.Spawn;
import dev.navserver.protocol.message.Spawned;
import dev.navserver.protocol.message.TerrainEdit;
import dev.navserver.protocol.message.Vec3;
import dev.navserver.protocol.message.Welcome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 9's runtime edits over real loopback sockets: {@code map_edit} from an authority, {@code map_edited},
 * {@code map_patch} to every session on the map before any {@code nav_path} of the new version, monsters re-planning
 * around a new wall, {@code original}, every rejection leaving map and version unchanged, and a file reload sending
 * {@code reset}. Clients keep their own copy of the grid from the patches, as a real client would.
 */
class MapEditTest {
    private static final String AUTHORITY_TOKEN = "authority-0123456789-secret";
    private static final Duration TIMEOUT = Duration.ofSeconds(8);
    /** Column 30 from row 1 to row 57: a wall across the arena that leaves only row 58 open. */
    private static final CellRect WALL = new CellRect(30, 1, 1, 57);
    /** Open cells of {@link #WALL} on the arena file (rows 8, 9, 18, 26..28 and 38 of column 30 are walls). */
    private static final int WALL_OPEN_CELLS = 57 - 7;

    @TempDir
    Path tmp;

    private TestServer start(int maxEditCells) throws Exception {
        return TestServer.startWithMapCopy(tmp, Map.of("server.authorityToken", "\"" + AUTHORITY_TOKEN + "\"",
                "maps.maxEditCells", Integer.toString(maxEditCells)));
    }

    private static NdjsonClient authority(TestServer server) throws Exception {
        NdjsonClient gm = server.connect();
        gm.send(new Hello(null, 1, "game-master", "arena", AUTHORITY_TOKEN));
        gm.await(Welcome.class, w -> true);
        return gm;
    }

    /** A client's copy of a map's terrain, kept from {@code map_patch}es. */
    private static final class ClientGrid {
        final GridMap file;
        final byte[] terrain;

        ClientGrid(GridMap file) {
            this.file = file;
            this.terrain = new byte[file.width() * file.height()];
            for (int i = 0; i < terrain.length; i++) {
                terrain[i] = (byte) file.terrain(i);
            }
        }

        void apply(MapPatch patch) {
            for (TerrainEdit e : patch.edits()) {
                byte t = -1;
                for (byte k = 0; k < Terrain.COUNT; k++) {
                    if (Terrain.name(k).equals(e.terrain())) {
                        t = k;
                    }
                }
                assertThat(t).as("terrain %s is an engine name", e.terrain()).isNotNegative();
                CellRect c = e.cells();
                for (int row = c.row(); row < c.row() + c.height(); row++) {
                    for (int col = c.col(); col < c.col() + c.width(); col++) {
                        terrain[row * file.width() + col] = t;
                    }
                }
            }
        }

        GridMap map() {
            return new GridMap(file.name(), file.width(), file.height(), file.transform(), terrain);
        }
    }

    private static MapEdit edit(String id, String map, TerrainEdit... edits) {
        return new MapEdit(RequestId.of(id), map, List.of(edits));
    }

    private static long pathVersion(NdjsonClient c, String id) throws Exception {
        RequestId q = RequestId.of(id);
        c.send(new PathQuery(q, new Vec3(-20, 0, 27), new Vec3(20, 0, 27)));
        return c.await(PathResult.class, p -> q.equals(p.id())).mapVersion();
    }

    @Test
    void playerMapEdit_IsForbidden_AndTheSessionStaysServed() throws Exception {
        try (TestServer server = start(65536); NdjsonClient p = server.player("alice")) {
            p.send(edit("e1", null, TerrainEdit.cells(WALL, "wall")));

            ErrorMessage e = p.awaitError(ErrorCodes.FORBIDDEN);
            assertThat(e.id()).isEqualTo(RequestId.of("e1"));
            p.ping();
            assertThat(pathVersion(p, "q")).as("nothing applied").isEqualTo(1);
            assertThat(server.metric("navserver_errors_total{code=\"forbidden\"}")).isEqualTo(1);
        }
    }

    @Test
    void wallAcrossTheArena_PatchReachesThePlayerBeforeTheNavPathOfItsVersion_WhichGoesAround() throws Exception {
        try (TestServer server = start(65536); NdjsonClient p = server.player("alice");
                NdjsonClient gm = authority(server)) {
            ClientGrid grid = new ClientGrid(TestServer.arena());
            p.playerPos(1, -20, 27);
            p.send(new Spawn(RequestId.of("m"), new Vec3(20, 0, 27)));
            String monster = p.await(Spawned.class, s -> true).monster();
            assertThat(p.await(NavPath.class, n -> n.monster().equals(monster)).mapVersion()).isEqualTo(1);

            gm.send(edit("e1", "arena", TerrainEdit.cells(WALL, "wall")));

            MapEdited edited = gm.await(MapEdited.class, m -> true);
            assertThat(edited).isEqualTo(new MapEdited(RequestId.of("e1"), "arena", 2, WALL_OPEN_CELLS));
            assertThat(gm.received(MapPatch.class, m -> true)).as("authorities get the patch too, before map_edited")
                    .extracting(MapPatch::version).containsExactly(2L);
            NavPath around = p.await(NavPath.class, n -> n.monster().equals(monster) && n.mapVersion() == 2,
                    TIMEOUT);
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
            grid.apply(patch);
            GridMap walled = grid.map();
            assertWalkable(walled, around.navPath());
            assertThat(around.navPath()).as("detour through row 58").anySatisfy(v -> assertThat(v.z()).isLessThan(-20));
            assertThat(pathVersion(p, "q")).isEqualTo(2);
            TestServer.awaitCondition("the edit's latency to the monster's new path recorded", TIMEOUT,
                    () -> server.metric("navserver_edit_to_path_seconds_count") == 1);
            assertThat(server.status().path("editToPathMs").path("count").asLong()).isEqualTo(1);
        }
    }

    @Test
    void original_RestoresTheFile_AndThePatchNamesTheRestoredTerrain() throws Exception {
        try (TestServer server = start(65536); NdjsonClient p = server.player("alice");
                NdjsonClient gm = authority(server)) {
            ClientGrid grid = new ClientGrid(TestServer.arena());
            gm.send(edit("e1", null, TerrainEdit.cells(WALL, "wall")));
            grid.apply(p.await(MapPatch.class, m -> m.version() == 2));
            // a rect whose corners are the centres of (30, 1) and (30, 57): x = 0, z = 29 and z = -27
            gm.send(edit("e2", null, TerrainEdit.rect(new Vec3(0, 0, 29), new Vec3(0, 0, -27), "original")));

            assertThat(gm.await(MapEdited.class, m -> RequestId.of("e2").equals(m.id())))
                    .isEqualTo(new MapEdited(RequestId.of("e2"), "arena", 3, WALL_OPEN_CELLS));
            MapPatch restore = p.await(MapPatch.class, m -> m.version() == 3);
            assertThat(restore.edits()).allSatisfy(e -> assertThat(e.terrain()).isIn("open", "wall"));
            grid.apply(restore);
            GridMap file = TestServer.arena();
            for (int cell = 0; cell < file.width() * file.height(); cell++) {
                assertThat(grid.terrain[cell]).as("cell %d", cell).isEqualTo((byte) file.terrain(cell));
            }
            RequestId q = RequestId.of("q");
            p.send(new PathQuery(q, new Vec3(-20, 0, 27), new Vec3(20, 0, 27)));
            PathResult straight = p.await(PathResult.class, r -> q.equals(r.id()));
            assertThat(straight.mapVersion()).isEqualTo(3);
            assertThat(straight.points()).as("straight again").hasSize(2);
        }
    }

    @Test
    void rejectedEdits_LeaveMapAndVersionUnchanged_NothingHalfApplied() throws Exception {
        try (TestServer server = start(100); NdjsonClient p = server.player("alice");
                NdjsonClient gm = authority(server)) {
            TerrainEdit good = TerrainEdit.cells(new CellRect(30, 1, 1, 10), "wall");
            gm.send(edit("oob", null, good, TerrainEdit.cells(new CellRect(55, 58, 6, 1), "wall")));
            assertThat(gm.awaitError(ErrorCodes.OUT_OF_BOUNDS).message())
                    .startsWith("edits[1].cells: columns 55..60, rows 58..58 are not all on map arena");
            gm.send(edit("rect", null, good, TerrainEdit.rect(new Vec3(0.2, 0, 0.2), new Vec3(0.4, 0, 0.4), "wall")));
            assertThat(gm.awaitError(ErrorCodes.BAD_FIELD).message()).isEqualTo("edits[1].rect: covers no cell centre");
            gm.sendLine("{\"type\":\"map_edit\",\"id\":\"lava\",\"edits\":[{\"cells\":[30,1,1,10],\"terrain\":\"wall\"},"
                    + "{\"cells\":[1,1,1,1],\"terrain\":\"lava\"}]}");
            assertThat(gm.awaitError(ErrorCodes.BAD_FIELD).message()).startsWith("edits[1].terrain: unknown terrain");
            gm.send(edit("big", null, good, TerrainEdit.cells(new CellRect(1, 1, 10, 10), "wall")));
            assertThat(gm.awaitError(ErrorCodes.EDIT_TOO_LARGE).id()).isEqualTo(RequestId.of("big"));
            gm.send(edit("nowhere", "nowhere", good));
            assertThat(gm.awaitError(ErrorCodes.UNKNOWN_MAP).message()).isEqualTo("map: no map named 'nowhere'");

            assertThat(pathVersion(p, "q")).as("version unchanged").isEqualTo(1);
            assertThat(p.received(MapPatch.class, m -> true)).isEmpty();
            gm.send(edit("ok", null, good));
            assertThat(gm.await(MapEdited.class, m -> true))
                    .as("the good edit of each rejected message was not applied: all its cells still change")
                    .isEqualTo(new MapEdited(RequestId.of("ok"), "arena", 2, 10 - 2));
        }
    }

    @Test
    void burstOfEdits_AllAppliedInOrder_PatchesArriveInVersionOrderAndRebuildTheGrid() throws Exception {
        try (TestServer server = start(65536); NdjsonClient p = server.player("alice");
                NdjsonClient gm = authority(server)) {
            ClientGrid grid = new ClientGrid(TestServer.arena());
            for (int i = 0; i < 10; i++) {
                gm.send(edit("b" + i, null, TerrainEdit.cells(new CellRect(2 + i, 2, 1, 3), i % 2 == 0 ? "wall" : "water"),
                        TerrainEdit.cells(new CellRect(2 + i, 3, 1, 1), i < 5 ? "original" : "swamp")));
            }
            for (int i = 0; i < 10; i++) {
                String id = "b" + i;
                assertThat(gm.await(MapEdited.class, m -> RequestId.of(id).equals(m.id())).version()).isEqualTo(2 + i);
            }
            p.await(MapPatch.class, m -> m.version() == 11);
            List<MapPatch> patches = p.received(MapPatch.class, m -> true);
            assertThat(patches).extracting(MapPatch::version).containsExactly(2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 10L, 11L);
            patches.forEach(grid::apply);
            String[] rows = new String[3];
            for (int r = 0; r < 3; r++) {
                StringBuilder sb = new StringBuilder();
                for (int c = 2; c < 12; c++) {
                    sb.append(".#~~s".charAt(grid.terrain[(2 + r) * 60 + c])); // open, wall, (trees), water, swamp
                }
                rows[r] = sb.toString();
            }
            assertThat(rows).containsExactly(
                    "#~#~#~#~#~",
                    ".....sssss",
                    "#~#~#~#~#~");
        }
    }

    @Test
    void fileReloadAfterEdits_SendsResetAndDropsTheEdits() throws Exception {
        try (TestServer server = start(65536); NdjsonClient p = server.player("alice");
                NdjsonClient gm = authority(server)) {
            gm.send(edit("e1", null, TerrainEdit.cells(WALL, "wall")));
            p.await(MapPatch.class, m -> m.version() == 2);

            server.replaceMapFile("arena.txt", Files.readString(server.mapsDir.resolve("arena.txt")) + "\n");

            MapPatch reset = p.await(MapPatch.class, m -> m.version() == 3, TIMEOUT);
            assertThat(reset).isEqualTo(MapPatch.reset("arena", 3));
            assertThat(p.received().stream().filter(r -> r.message() instanceof MapPatch).count()).isEqualTo(2);
            RequestId q = RequestId.of("q");
            p.send(new PathQuery(q, new Vec3(-20, 0, 27), new Vec3(20, 0, 27)));
            PathResult straight = p.await(PathResult.class, r -> q.equals(r.id()));
            assertThat(straight.mapVersion()).isEqualTo(3);
            assertThat(straight.points()).as("the wall edit is gone").hasSize(2);
            gm.send(edit("e2", null, TerrainEdit.cells(WALL, "original")));
            assertThat(gm.await(MapEdited.class, m -> RequestId.of("e2").equals(m.id())))
                    .as("original is the reloaded file").isEqualTo(new MapEdited(RequestId.of("e2"), "arena", 4, 0));
        }
    }
}
