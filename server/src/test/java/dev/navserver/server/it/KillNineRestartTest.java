package dev.navserver.server.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.Terrain;
import dev.navserver.nav.io.MapLoader;
import dev.navserver.protocol.message.CellRect;
import dev.navserver.protocol.message.Hello;
import dev.navserver.protocol.message.MapEdit;
import dev.navserver.protocol.message.MapEdited;
import dev.navserver.protocol.message.RequestId;
import dev.navserver.protocol.message.TerrainEdit;
import dev.navserver.protocol.message.Welcome;
import java.io.IOException;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 27, scenario 5, with a real process: the server runs as its own JVM ({@code Main serve --config FILE}, the
 * test classpath, loopback, ephemeral ports, temporary directories), an authority sends edits and logs every
 * acknowledged version, the process is killed with SIGKILL while edits are still in flight, and a new process on
 * the same directories welcomes at a version no lower than the last acknowledged one, with a grid that is the
 * file plus exactly the edits that version counts, in order.
 */
@ExtendWith(ScenarioTally.class)
class KillNineRestartTest {
    private static final String AUTHORITY_TOKEN = "authority-0123456789-secret";
    private static final Duration TIMEOUT = Duration.ofSeconds(8);
    private static final int ACKED_ONE_BY_ONE = 20;
    private static final int IN_FLIGHT = 20;

    @TempDir
    Path tmp;

    /** Edit {@code i}: a 1x3 strip at column 5 + i % 20, rows from 5 + 3 (i / 20); wall for even i, open for odd. */
    private static TerrainEdit strip(int i) {
        return TerrainEdit.cells(new CellRect(5 + i % 20, 5 + 3 * (i / 20), 1, 3), i % 2 == 0 ? "wall" : "open");
    }

    /** The arena file with edits 0..count-1 applied in order, as terrain per cell. */
    private static byte[] expected(GridMap file, int count) {
        byte[] t = new byte[file.width() * file.height()];
        for (int i = 0; i < t.length; i++) {
            t[i] = (byte) file.terrain(i);
        }
        for (int i = 0; i < count; i++) {
            CellRect c = strip(i).cells();
            byte terrain = i % 2 == 0 ? Terrain.WALL : Terrain.OPEN;
            for (int row = c.row(); row < c.row() + c.height(); row++) {
                for (int col = c.col(); col < c.col() + c.width(); col++) {
                    t[row * file.width() + col] = terrain;
                }
            }
        }
        return t;
    }

    static byte[] exported(int adminPort) throws IOException, InterruptedException {
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + adminPort + "/admin/maps/arena"))
                .header("Authorization", "Bearer " + TestServer.TOKEN).timeout(Duration.ofSeconds(5)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).isEqualTo(200);
        return MapLoader.parse("arena", "export", new StringReader(r.body())).terrainCopy();
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void killNineAfterAcknowledgedEdits_RestartHasEveryAcknowledgedEditExactlyOnce() throws Exception {
        Path maps = Files.createDirectories(tmp.resolve("maps"));
        Files.copy(TestServer.repoRoot().resolve("maps/arena.txt"), maps.resolve("arena.txt"));
        Path config = Files.createDirectories(tmp.resolve("config")).resolve("navserver.yaml");
        Files.writeString(config, TestServer.yaml(maps,
                Map.of("server.authorityToken", "\"" + AUTHORITY_TOKEN + "\"", "maps.editLogCompactEdits", "15")));
        GridMap file = MapLoader.load(maps.resolve("arena.txt"));

        List<Long> acked = new ArrayList<>();
        try (ServerProcess first = ServerProcess.start(config, tmp.resolve("first.log"), 0);
                NdjsonClient gm = new NdjsonClient(first.gamePort)) {
            gm.send(new Hello(null, 1, "game-master", "arena", AUTHORITY_TOKEN));
            assertThat(gm.await(Welcome.class, w -> true).mapVersion()).isEqualTo(1);
            for (int i = 0; i < ACKED_ONE_BY_ONE; i++) {
                RequestId id = RequestId.of("e" + i);
                gm.send(new MapEdit(id, null, List.of(strip(i))));
                acked.add(gm.await(MapEdited.class, m -> id.equals(m.id()), TIMEOUT).version());
            }
            for (int i = ACKED_ONE_BY_ONE; i < ACKED_ONE_BY_ONE + IN_FLIGHT; i++) {
                gm.send(new MapEdit(RequestId.of("e" + i), null, List.of(strip(i))));
            }
            RequestId firstInFlight = RequestId.of("e" + ACKED_ONE_BY_ONE);
            acked.add(gm.await(MapEdited.class, m -> firstInFlight.equals(m.id()), TIMEOUT).version());
            first.kill();
            gm.received(MapEdited.class, m -> true).forEach(m -> {
                if (!acked.contains(m.version())) {
                    acked.add(m.version());
                }
            });
        }
        long lastAcked = acked.stream().mapToLong(Long::longValue).max().orElseThrow();
        assertThat(lastAcked).isGreaterThanOrEqualTo(ACKED_ONE_BY_ONE + 2);

        try (ServerProcess second = ServerProcess.start(config, tmp.resolve("second.log"), 0);
                NdjsonClient c = new NdjsonClient(second.gamePort)) {
            c.send(new Hello(null, 1, "after", "arena", null));
            long version = c.await(Welcome.class, w -> true, TIMEOUT).mapVersion();
            assertThat(version).as("acknowledged %s", acked).isBetween(lastAcked,
                    (long) 1 + ACKED_ONE_BY_ONE + IN_FLIGHT);
            assertThat(exported(second.adminPort)).as("file + the %d edits version %d counts", version - 1, version)
                    .isEqualTo(expected(file, (int) (version - 1)));
        }
    }
}
