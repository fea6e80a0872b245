package dev.navserver.server.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.protocol.ErrorCodes;
import dev.navserver.protocol.message.BehaviourSpec;
import dev.navserver.protocol.message.ErrorMessage;
import dev.navserver.protocol.message.Hello;
import dev.navserver.protocol.message.MonsterSpawn;
import dev.navserver.protocol.message.RequestId;
import dev.navserver.protocol.message.Route;
import dev.navserver.protocol.message.RouteOk;
import dev.navserver.protocol.message.Spawned;
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
 * Issue 27: routes an authority defines at run time ({@code route}) are durable like edits. {@code route_ok} comes
 * only once the route is on disk ({@code data/edits/<map>.routes.json}); a new server on the same directories
 * knows it; a route that cannot be made durable is refused with {@code edit_not_durable} and not defined.
 */
class DurableRoutesTest {
    private static final String AUTHORITY_TOKEN = "authority-0123456789-secret";
    private static final Duration TIMEOUT = Duration.ofSeconds(8);
    private static final List<Vec3> LANE = List.of(new Vec3(-25, 0, 25), new Vec3(-15, 0, 25));

    @TempDir
    Path tmp;

    private Path mapsDir;

    private TestServer start() throws Exception {
        if (mapsDir == null) {
            mapsDir = Files.createDirectories(tmp.resolve("maps"));
            Files.copy(TestServer.repoRoot().resolve("maps/arena.txt"), mapsDir.resolve("arena.txt"));
        }
        return TestServer.start(tmp, mapsDir, Map.of("server.authorityToken", "\"" + AUTHORITY_TOKEN + "\""));
    }

    private static NdjsonClient authority(TestServer server) throws Exception {
        NdjsonClient gm = server.connect();
        gm.send(new Hello(null, 1, "game-master", "arena", AUTHORITY_TOKEN));
        gm.await(Welcome.class, w -> true);
        return gm;
    }

    private static void spawnPatrol(NdjsonClient gm, String id, String route) throws Exception {
        gm.send(new MonsterSpawn(RequestId.of(id), null, new Vec3(-25, 0, 25), null, BehaviourSpec.patrol(route),
                null));
    }

    @Test
    void acknowledgedRoute_IsKnownAfterARestart_AndItsReplacementWins() throws Exception {
        try (TestServer server = start(); NdjsonClient gm = authority(server)) {
            gm.send(new Route(RequestId.of("r1"), null, "lane", LANE, "loop", 0));
            gm.await(RouteOk.class, r -> RequestId.of("r1").equals(r.id()), TIMEOUT);
            gm.send(new Route(RequestId.of("r2"), null, "lane", List.of(new Vec3(-25, 0, 25), new Vec3(-20, 0, 25),
                    new Vec3(-15, 0, 25)), "pingpong", 1.5));
            gm.await(RouteOk.class, r -> RequestId.of("r2").equals(r.id()), TIMEOUT);
        }
        String stored = Files.readString(tmp.resolve("data/edits/arena.routes.json"));
        assertThat(stored).contains("\"name\" : \"lane\"").contains("\"mode\" : \"pingpong\"")
                .contains("\"waitSeconds\" : 1.5");

        try (TestServer again = start(); NdjsonClient gm = authority(again)) {
            spawnPatrol(gm, "s1", "lane");
            Spawned s = gm.await(Spawned.class, m -> RequestId.of("s1").equals(m.id()), TIMEOUT);
            assertThat(s.monster()).isNotBlank();
            spawnPatrol(gm, "s2", "never-defined");
            assertThat(gm.await(ErrorMessage.class, e -> RequestId.of("s2").equals(e.id()), TIMEOUT).code())
                    .isEqualTo(ErrorCodes.UNKNOWN_ROUTE);
        }
    }

    @Test
    void routeThatCannotBeMadeDurable_IsRefusedWithEditNotDurable_AndNotDefined() throws Exception {
        // A directory where the route file belongs: the atomic rename onto it fails.
        Files.createDirectories(tmp.resolve("data/edits/arena.routes.json/in-the-way"));
        try (TestServer server = start(); NdjsonClient gm = authority(server)) {
            gm.send(new Route(RequestId.of("r1"), null, "lane", LANE, "loop", 0));
            ErrorMessage e = gm.await(ErrorMessage.class, m -> RequestId.of("r1").equals(m.id()), TIMEOUT);
            assertThat(e.code()).isEqualTo(ErrorCodes.EDIT_NOT_DURABLE);
            assertThat(e.message()).contains("arena.routes.json");
            spawnPatrol(gm, "s1", "lane");
            assertThat(gm.await(ErrorMessage.class, m -> RequestId.of("s1").equals(m.id()), TIMEOUT).code())
                    .as("the refused route was not defined").isEqualTo(ErrorCodes.UNKNOWN_ROUTE);
        }
    }
}
