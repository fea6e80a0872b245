package dev.navserver.server.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.navserver.protocol.message.CellRect;
import dev.navserver.protocol.message.Hello;
import dev.navserver.protocol.message.MapEdit;
import dev.navserver.protocol.message.MapEdited;
import dev.navserver.protocol.message.RequestId;
import dev.navserver.protocol.message.TerrainEdit;
import dev.navserver.protocol.message.Welcome;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 27's durable edits over real loopback sockets and real files: acknowledged edits (authority
 * {@code map_edit}s and admin API edits) are in the edit log under {@code data/edits}, and a new server started on
 * the same directories welcomes at the same {@code mapVersion} with the same grid, each edit applied exactly once;
 * with fsync per tick (the default) and per message, also after compaction.
 */
class DurableEditsTest {
    private static final String AUTHORITY_TOKEN = "authority-0123456789-secret";
    private static final Duration TIMEOUT = Duration.ofSeconds(8);

    @TempDir
    Path tmp;

    private Path mapsDir;

    private TestServer start(Map<String, String> extra) throws Exception {
        Map<String, String> o = new HashMap<>(extra);
        o.put("server.authorityToken", "\"" + AUTHORITY_TOKEN + "\"");
        if (mapsDir == null) {
            mapsDir = Files.createDirectories(tmp.resolve("maps"));
            Files.copy(TestServer.repoRoot().resolve("maps/arena.txt"), mapsDir.resolve("arena.txt"));
        }
        return TestServer.start(tmp, mapsDir, o);
    }

    private static NdjsonClient authority(TestServer server) throws Exception {
        NdjsonClient gm = server.connect();
        gm.send(new Hello(null, 1, "game-master", "arena", AUTHORITY_TOKEN));
        gm.await(Welcome.class, w -> true);
        return gm;
    }

    private static long welcomeVersion(TestServer server) throws Exception {
        try (NdjsonClient c = server.connect()) {
            c.send(new Hello(null, 1, "late", "arena", null));
            return c.await(Welcome.class, w -> true).mapVersion();
        }
    }

    /** Edit {@code i}: a 1x3 strip at column 5 + i, wall for even i, open for odd (a cell may flip back). */
    private static TerrainEdit strip(int i) {
        return TerrainEdit.cells(new CellRect(5 + (i % 20), 5 + (i / 20), 1, 3), i % 2 == 0 ? "wall" : "open");
    }

    /** Sends {@code count} edits one after another, each after the last one's {@code map_edited}. */
    private static long sendEdits(NdjsonClient gm, int from, int count) throws Exception {
        long version = 0;
        for (int i = from; i < from + count; i++) {
            RequestId id = RequestId.of("e" + i);
            gm.send(new MapEdit(id, null, List.of(strip(i))));
            MapEdited ack = gm.await(MapEdited.class, m -> id.equals(m.id()), TIMEOUT);
            assertThat(ack.version()).as("versions go up by one").isGreaterThan(version);
            version = ack.version();
        }
        return version;
    }

    /** The edited arena as the admin API exports it (NavExport text). */
    private static String export(TestServer server) {
        HttpResponse<String> r = server.http("GET", "/admin/maps/arena", TestServer.TOKEN);
        assertThat(r.statusCode()).isEqualTo(200);
        return r.body();
    }

    @Test
    void acknowledgedEdits_ComeBackAfterARestart_AtTheSameVersionWithTheSameGrid() throws Exception {
        long last;
        String grid;
        try (TestServer server = start(Map.of()); NdjsonClient gm = authority(server)) {
            sendEdits(gm, 0, 5);
            HttpResponse<String> admin = server.http("POST", "/admin/maps/arena/edit", TestServer.TOKEN,
                    "{\"edits\":[{\"cells\":[40,40,3,2],\"terrain\":\"wall\"}]}");
            assertThat(admin.statusCode()).isEqualTo(200);
            last = sendEdits(gm, 5, 2);
            assertThat(last).isEqualTo(1 + 5 + 1 + 2);
            grid = export(server);
            assertThat(server.metric("navserver_edit_log_appends_total")).isEqualTo(8);
        }
        assertThat(Files.readAllLines(tmp.resolve("data/edits/arena/log"))).as("header and 8 records").hasSize(9);

        try (TestServer again = start(Map.of())) {
            assertThat(welcomeVersion(again)).isEqualTo(last);
            assertThat(export(again)).isEqualTo(grid);
            assertThat(again.metric("navserver_edit_log_replayed_edits_total")).isEqualTo(8);
            try (NdjsonClient gm = authority(again)) {
                assertThat(sendEdits(gm, 7, 1)).as("the next edit continues the versions").isEqualTo(last + 1);
            }
        }
    }

    @Test
    void compactedLog_ComesBackAtTheSameVersionWithTheSameGrid() throws Exception {
        long last;
        String grid;
        try (TestServer server = start(Map.of("maps.editLogCompactEdits", "3")); NdjsonClient gm = authority(server)) {
            last = sendEdits(gm, 0, 7);
            TestServer.awaitCondition("two compactions", TIMEOUT,
                    () -> server.metric("navserver_edit_log_compactions_total") == 2);
            grid = export(server);
        }
        assertThat(tmp.resolve("data/edits/arena/snapshot")).isRegularFile();
        assertThat(Files.readAllLines(tmp.resolve("data/edits/arena/log"))).as("header and record 8").hasSize(2);

        try (TestServer again = start(Map.of("maps.editLogCompactEdits", "3"))) {
            assertThat(welcomeVersion(again)).isEqualTo(last);
            assertThat(export(again)).isEqualTo(grid);
            assertThat(again.metric("navserver_edit_log_replayed_edits_total")).isEqualTo(1);
        }
    }

    @Test
    void fsyncPerMessage_TwoAuthoritiesAtOnce_EachEditAcknowledgedOnce_AndBackAfterARestart() throws Exception {
        long last;
        String grid;
        Map<String, String> perMessage = Map.of("maps.editLogSync", "message");
        try (TestServer server = start(perMessage); NdjsonClient gm = authority(server);
                NdjsonClient gm2 = authority(server)) {
            // two authorities send at once: their edits may share a pass, each with its own fsync
            for (int i = 0; i < 6; i++) {
                gm.send(new MapEdit(RequestId.of("a" + i), null, List.of(strip(i))));
                gm2.send(new MapEdit(RequestId.of("b" + i), null, List.of(strip(20 + i))));
            }
            gm.await(MapEdited.class, m -> RequestId.of("a5").equals(m.id()), TIMEOUT);
            gm2.await(MapEdited.class, m -> RequestId.of("b5").equals(m.id()), TIMEOUT);
            List<Long> versions = new java.util.ArrayList<>();
            gm.received(MapEdited.class, m -> true).forEach(m -> versions.add(m.version()));
            gm2.received(MapEdited.class, m -> true).forEach(m -> versions.add(m.version()));
            assertThat(versions).as("12 acknowledgements, each version once").doesNotHaveDuplicates().hasSize(12);
            last = versions.stream().mapToLong(Long::longValue).max().orElseThrow();
            assertThat(last).isEqualTo(13);
            grid = export(server);
        }
        try (TestServer again = start(perMessage)) {
            assertThat(welcomeVersion(again)).isEqualTo(last);
            assertThat(export(again)).isEqualTo(grid);
        }
    }

    @Test
    void editLogDirThatCannotBeCreated_StopsTheStartNamingKeyAndPath() throws Exception {
        Path notADir = Files.writeString(tmp.resolve("occupied"), "a file, not a directory");
        String dir = notADir.resolve("edits").toString();
        assertThatThrownBy(() -> start(Map.of("maps.editLogDir", "\"" + dir + "\"")))
                .isInstanceOf(java.io.IOException.class)
                .hasMessageStartingWith("maps.editLogDir: cannot create " + dir);
    }
}
