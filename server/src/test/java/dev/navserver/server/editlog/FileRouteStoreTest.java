package dev.navserver.server.editlog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.navserver.protocol.message.Vec3;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileRouteStoreTest {
    private static final StoredRoute LANE = new StoredRoute("lane", List.of(new Vec3(1, 0, 2), new Vec3(3, 0.5, 4)),
            "loop", 0);
    private static final StoredRoute RING = new StoredRoute("ring", List.of(new Vec3(0, 0, 0), new Vec3(5, 0, 5),
            new Vec3(0, 0, 9)), "pingpong", 2.5);

    @TempDir
    Path dir;

    @Test
    void putRoutes_AreReadBackByAFreshStore_InFirstDefinitionOrder_AReplacementKeepingItsPlace() throws Exception {
        FileRouteStore store = new FileRouteStore(dir.resolve("edits"));
        store.put("arena", LANE);
        store.put("arena", RING);
        StoredRoute lane2 = new StoredRoute("lane", List.of(new Vec3(7, 0, 7), new Vec3(8, 0, 8)), "once", 1);
        store.put("arena", lane2);
        store.put("other", RING);

        FileRouteStore fresh = new FileRouteStore(dir.resolve("edits"));
        assertThat(fresh.load("arena")).containsExactly(lane2, RING);
        assertThat(fresh.load("other")).containsExactly(RING);
        assertThat(fresh.load("empty")).isEmpty();
        assertThat(Files.exists(dir.resolve("edits/arena.routes.json.tmp"))).as("no temporary file left").isFalse();
    }

    @Test
    void damagedFile_IsReportedNamingIt_LeftAlone_AndPutsForThatMapAreRefused() throws Exception {
        Path root = Files.createDirectories(dir.resolve("edits"));
        Path file = root.resolve("arena.routes.json");
        Files.writeString(file, "{\"format\":1,\"routes\":[{\"name\":\"lane\",\"points\":[[1,0]],\"mode\":\"loop\","
                + "\"waitSeconds\":0}]}");
        FileRouteStore store = new FileRouteStore(root);

        assertThatThrownBy(() -> store.load("arena")).isInstanceOf(EditLogException.class)
                .hasMessageContaining("arena.routes.json").hasMessageContaining("routes[0]");
        assertThatThrownBy(() -> store.put("arena", LANE)).isInstanceOf(EditLogException.class)
                .hasMessageContaining("could not be read");
        assertThat(Files.readString(file)).as("left as it was").contains("[[1,0]]");
        store.put("other", LANE);
        assertThat(store.load("other")).containsExactly(LANE);
    }

    @Test
    void notJson_IsReportedAsSuch() throws Exception {
        Path root = Files.createDirectories(dir.resolve("edits"));
        Files.writeString(root.resolve("arena.routes.json"), "{\"format\":1,\"routes\":[");

        assertThatThrownBy(() -> new FileRouteStore(root).load("arena")).isInstanceOf(EditLogException.class)
                .hasMessageContaining("not valid JSON");
    }

    @Test
    void failedWrite_LeavesTheStoreAsItWas() throws Exception {
        Path root = Files.createDirectories(dir.resolve("edits"));
        FileRouteStore store = new FileRouteStore(root);
        store.put("arena", LANE);
        Path file = root.resolve("arena.routes.json");
        Files.delete(file);
        Files.createDirectories(file.resolve("in-the-way"));

        assertThatThrownBy(() -> store.put("arena", RING)).isInstanceOf(EditLogException.class)
                .hasMessageContaining("cannot write");
        assertThat(store.load("arena")).as("the failed route is not remembered").containsExactly(LANE);
    }
}
