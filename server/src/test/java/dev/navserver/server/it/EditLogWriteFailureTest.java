package dev.navserver.server.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.Terrain;
import dev.navserver.nav.io.MapLoader;
import dev.navserver.protocol.ErrorCodes;
import dev.navserver.protocol.message.CellRect;
import dev.navserver.protocol.message.ErrorMessage;
import dev.navserver.protocol.message.Hello;
import dev.navserver.protocol.message.MapEdit;
import dev.navserver.protocol.message.MapEdited;
import dev.navserver.protocol.message.MapPatch;
import dev.navserver.protocol.message.RequestId;
import dev.navserver.protocol.message.ServerMessage;
import dev.navserver.protocol.message.TerrainEdit;
import dev.navserver.protocol.message.Welcome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A write to the edit log that fails, for real: the server process runs under a file size limit ({@code ulimit -f}),
 * so appending a large record fails with "File too large" (the JVM ignores {@code SIGXFSZ}). The edit is refused
 * {@code edit_not_durable}, nobody gets its {@code map_patch}, the map keeps its version, the next (small) edit
 * takes that version; after a kill and a restart without the limit the map holds exactly the acknowledged edits.
 */
class EditLogWriteFailureTest {
    private static final String AUTHORITY_TOKEN = "authority-0123456789-secret";
    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    /** 128 blocks: 64 KiB with {@code /bin/sh}'s 512-byte blocks, 128 KiB with 1 KiB blocks. */
    private static final int FILE_SIZE_BLOCKS = 128;

    @TempDir
    Path tmp;

    /** One message of 1024 one-cell edits, all {@code terrain}: a log record of about 40 KB. */
    private static List<TerrainEdit> big(String terrain) {
        List<TerrainEdit> edits = new ArrayList<>();
        for (int i = 0; i < 1024; i++) {
            edits.add(TerrainEdit.cells(new CellRect(i % 60, i / 60, 1, 1), terrain));
        }
        return edits;
    }

    private static final List<TerrainEdit> SMALL = List.of(TerrainEdit.cells(new CellRect(30, 30, 2, 2), "wall"));

    private static void apply(byte[] t, int width, List<TerrainEdit> edits) {
        for (TerrainEdit e : edits) {
            byte terrain = "wall".equals(e.terrain()) ? Terrain.WALL : Terrain.OPEN;
            CellRect c = e.cells();
            for (int row = c.row(); row < c.row() + c.height(); row++) {
                for (int col = c.col(); col < c.col() + c.width(); col++) {
                    t[row * width + col] = terrain;
                }
            }
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void logFileHitsTheSizeLimit_EditNotDurable_NothingPublished_AndTheRestartHasOnlyAcknowledgedEdits()
            throws Exception {
        Path maps = Files.createDirectories(tmp.resolve("maps"));
        Files.copy(TestServer.repoRoot().resolve("maps/arena.txt"), maps.resolve("arena.txt"));
        Path config = Files.createDirectories(tmp.resolve("config")).resolve("navserver.yaml");
        Files.writeString(config, TestServer.yaml(maps, Map.of("server.authorityToken", "\"" + AUTHORITY_TOKEN + "\"",
                "maps.editLogSync", "message")));
        GridMap file = MapLoader.load(maps.resolve("arena.txt"));
        byte[] expected = file.terrainCopy();
        long version;

        try (ServerProcess server = ServerProcess.start(config, tmp.resolve("limited.log"), FILE_SIZE_BLOCKS);
                NdjsonClient gm = new NdjsonClient(server.gamePort);
                NdjsonClient player = new NdjsonClient(server.gamePort)) {
            gm.send(new Hello(null, 1, "game-master", "arena", AUTHORITY_TOKEN));
            version = gm.await(Welcome.class, w -> true).mapVersion();
            player.hello("watcher", "arena");
            ErrorMessage refused = null;
            for (int k = 0; k < 6 && refused == null; k++) {
                RequestId id = RequestId.of("big" + k);
                List<TerrainEdit> edits = big(k % 2 == 0 ? "wall" : "open");
                gm.send(new MapEdit(id, null, edits));
                ServerMessage answer = gm.await(ServerMessage.class, m -> m instanceof MapEdited a && id.equals(a.id())
                        || m instanceof ErrorMessage b && id.equals(b.id()), TIMEOUT);
                MapEdited ok = answer instanceof MapEdited e ? e : null;
                refused = answer instanceof ErrorMessage e ? e : null;
                if (ok != null) {
                    assertThat(ok.version()).isEqualTo(version + 1);
                    version = ok.version();
                    apply(expected, file.width(), edits);
                }
            }
            assertThat(refused).as("a record beyond the file size limit is refused").isNotNull();
            assertThat(refused.code()).isEqualTo(ErrorCodes.EDIT_NOT_DURABLE);
            assertThat(refused.message()).startsWith("edit log: cannot append to ").contains("File too large")
                    .endsWith("; nothing was applied, the map stays at its version");

            RequestId small = RequestId.of("small");
            gm.send(new MapEdit(small, null, SMALL));
            assertThat(gm.await(MapEdited.class, m -> small.equals(m.id()), TIMEOUT).version())
                    .as("the refused edit took no version").isEqualTo(version + 1);
            version++;
            apply(expected, file.width(), SMALL);
            long last = version;
            player.await(MapPatch.class, m -> m.version() == last, TIMEOUT);
            assertThat(player.received(MapPatch.class, m -> true)).as("one patch per acknowledged edit, in order")
                    .extracting(MapPatch::version).containsExactlyElementsOf(versionsUpTo(last));
            server.kill();
        }

        try (ServerProcess again = ServerProcess.start(config, tmp.resolve("again.log"), 0);
                NdjsonClient c = new NdjsonClient(again.gamePort)) {
            c.send(new Hello(null, 1, "after", "arena", null));
            assertThat(c.await(Welcome.class, w -> true, TIMEOUT).mapVersion()).isEqualTo(version);
            assertThat(KillNineRestartTest.exported(again.adminPort)).isEqualTo(expected);
        }
    }

    private static List<Long> versionsUpTo(long last) {
        List<Long> out = new ArrayList<>();
        for (long v = 2; v <= last; v++) {
            out.add(v);
        }
        return out;
    }
}
