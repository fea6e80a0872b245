package dev.navserver.server.it;

import static dev.navserver.server.it.PathAssertions.assertWalkable;
import static dev.navserver.server.it.PathAssertions.last;
import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.io.MapLoader;
import dev.navserver.protocol.ByeReasons;
import dev.navserver.protocol.ErrorCodes;
import dev.navserver.protocol.PathStatus;
import dev.navserver.protocol.Roles;
import dev.navserver.protocol.message.Bye;
import dev.navserver.protocol.message.ErrorMessage;
import dev.navserver.protocol.message.Hello;
import dev.navserver.protocol.message.NavPath;
import dev.navserver.protocol.message.PathQuery;
import dev.navserver.protocol.message.PathResult;
import dev.navserver.protocol.message.RequestId;
import dev.navserver.protocol.message.Spawn;
import dev.navserver.protocol.message.Spawned;
import dev.navserver.protocol.message.Vec3;
import dev.navserver.protocol.message.Welcome;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

/**
 * Issue 9's first slice over real loopback sockets: authority sessions ({@code server.authorityToken}, {@code hello
 * token}, {@code welcome role}, {@code unauthorized}), map versions on {@code welcome}, {@code nav_path} and
 * {@code path}, and {@code path_query} to a blocked cell answering {@code partial}. One server per test.
 */
class AuthorityAndVersionsTest {
    private static final String AUTHORITY_TOKEN = "authority-0123456789-secret";
    private static final String WRONG_TOKEN = "authority-0123456789-guess!";
    private static final Duration TIMEOUT = Duration.ofSeconds(8);

    @TempDir
    Path tmp;

    private static Map<String, String> withAuthority(String token) {
        return Map.of("server.authorityToken", "\"" + token + "\"");
    }

    /** Every log event of every logger while open, {@code dev.navserver} at DEBUG. */
    private static final class AllLogs extends AppenderBase<ILoggingEvent> implements AutoCloseable {
        private final List<ILoggingEvent> events = new CopyOnWriteArrayList<>();
        private final Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        private final Logger ours = (Logger) LoggerFactory.getLogger("dev.navserver");
        private final Level oursBefore = ours.getLevel();

        AllLogs() {
            setContext(root.getLoggerContext());
            start();
            root.addAppender(this);
            ours.setLevel(Level.DEBUG);
        }

        @Override
        protected void append(ILoggingEvent event) {
            events.add(event);
        }

        /** Every event's formatted message, arguments and throwable text. */
        String text() {
            StringBuilder sb = new StringBuilder();
            for (ILoggingEvent e : events) {
                sb.append(e.getFormattedMessage()).append('\n');
                if (e.getArgumentArray() != null) {
                    for (Object a : e.getArgumentArray()) {
                        sb.append(a).append('\n');
                    }
                }
                if (e.getThrowableProxy() != null) {
                    sb.append(e.getThrowableProxy().getMessage()).append('\n');
                }
            }
            return sb.toString();
        }

        @Override
        public void close() {
            ours.setLevel(oursBefore);
            root.detachAppender(this);
            stop();
        }
    }

    @Test
    void helloWithTheAuthorityToken_IsWelcomedAsAuthority_AndAHelloWithoutTokenAsPlayer() throws Exception {
        try (TestServer server = TestServer.start(tmp, withAuthority(AUTHORITY_TOKEN));
                NdjsonClient gm = server.connect(); NdjsonClient player = server.connect()) {
            gm.send(new Hello(RequestId.of("gm"), 1, "game-master", "arena", AUTHORITY_TOKEN));
            Welcome authority = gm.await(Welcome.class, w -> true);
            Welcome plain = player.hello("alice", "arena");

            assertThat(authority.id()).isEqualTo(RequestId.of("gm"));
            assertThat(authority.role()).isEqualTo(Roles.AUTHORITY);
            assertThat(plain.role()).isEqualTo(Roles.PLAYER);
            assertThat(authority.mapVersion()).isEqualTo(1);
            assertThat(plain.mapVersion()).isEqualTo(1);
            // an authority is served like any session
            gm.ping();
            RequestId q = RequestId.of("q");
            gm.send(new PathQuery(q, new Vec3(-20, 0, 27), new Vec3(20, 0, 27)));
            assertThat(gm.await(PathResult.class, p -> q.equals(p.id())).status()).isEqualTo(PathStatus.OK);
            assertThat(server.metric("navserver_authority_failures_total")).isZero();
        }
    }

    @Test
    void helloWithAWrongToken_UnauthorizedByeAndClose_OthersServed_CountedAndTheTokenNeverLogged() throws Exception {
        try (AllLogs logs = new AllLogs();
                TestServer server = TestServer.start(tmp, withAuthority(AUTHORITY_TOKEN));
                NdjsonClient bystander = server.player("bystander");
                NdjsonClient gm = server.connect();
                NdjsonClient intruder = server.connect()) {
            gm.send(new Hello(null, 1, "game-master", "arena", AUTHORITY_TOKEN));
            assertThat(gm.await(Welcome.class, w -> true).role()).isEqualTo(Roles.AUTHORITY);

            intruder.send(new Hello(RequestId.of("h"), 1, "mallory", "arena", WRONG_TOKEN));
            ErrorMessage refused = intruder.awaitError(ErrorCodes.UNAUTHORIZED);
            assertThat(refused.id()).isEqualTo(RequestId.of("h"));
            assertThat(intruder.await(Bye.class, b -> true).reason()).isEqualTo(ByeReasons.UNAUTHORIZED);
            intruder.assertClosedWithin(TIMEOUT);
            assertThat(intruder.received(Welcome.class, w -> true)).isEmpty();

            bystander.ping();
            gm.ping();
            assertThat(server.metric("navserver_authority_failures_total")).isEqualTo(1);
            assertThat(server.metric("navserver_errors_total{code=\"unauthorized\"}")).isEqualTo(1);
            TestServer.awaitCondition("close counted", TIMEOUT,
                    () -> server.metric("navserver_connections_closed_total{reason=\"unauthorized\"}") == 1);

            String logged = logs.text();
            assertThat(logged).contains("wrong authority token").contains("is an authority");
            assertThat(logged).doesNotContain(AUTHORITY_TOKEN).doesNotContain(WRONG_TOKEN);
            assertThat(server.status().toString()).doesNotContain(AUTHORITY_TOKEN);
            assertThat(server.status().path("config").path("server.authorityToken").asText()).isEqualTo("(set)");
        }
    }

    @Test
    void wrongTokenInASecondHello_StillClosesTheWelcomedConnection() throws Exception {
        try (TestServer server = TestServer.start(tmp, withAuthority(AUTHORITY_TOKEN));
                NdjsonClient c = server.connect()) {
            assertThat(c.hello("prober", "arena").role()).isEqualTo(Roles.PLAYER);
            c.send(new Hello(RequestId.of(2), 1, "prober", "arena", WRONG_TOKEN));
            assertThat(c.awaitError(ErrorCodes.UNAUTHORIZED).id()).isEqualTo(RequestId.of(2));
            assertThat(c.await(Bye.class, b -> true).reason()).isEqualTo(ByeReasons.UNAUTHORIZED);
            c.assertClosedWithin(TIMEOUT);
        }
    }

    @Test
    void noAuthorityTokenConfigured_AnyTokenIsUnauthorized_AndHellosWithoutTokenArePlayers() throws Exception {
        try (TestServer server = TestServer.start(tmp, Map.of());
                NdjsonClient player = server.connect(); NdjsonClient c = server.connect()) {
            assertThat(player.hello("alice", null).role()).isEqualTo(Roles.PLAYER);
            c.send(new Hello(null, 1, "would-be-gm", "arena", AUTHORITY_TOKEN));
            c.awaitError(ErrorCodes.UNAUTHORIZED);
            assertThat(c.await(Bye.class, b -> true).reason()).isEqualTo(ByeReasons.UNAUTHORIZED);
            c.assertClosedWithin(TIMEOUT);
            player.ping();
            assertThat(server.metric("navserver_authority_failures_total")).isEqualTo(1);
        }
    }

    @Test
    void authorityTokenReload_DecidesLaterHellos_WelcomedAuthoritiesKeepTheirSession() throws Exception {
        String next = "the-next-authority-token-42";
        try (TestServer server = TestServer.start(tmp, withAuthority(AUTHORITY_TOKEN));
                NdjsonClient before = server.connect()) {
            before.send(new Hello(null, 1, "gm-1", "arena", AUTHORITY_TOKEN));
            assertThat(before.await(Welcome.class, w -> true).role()).isEqualTo(Roles.AUTHORITY);

            server.rewriteConfig(withAuthority(next));
            TestServer.awaitCondition("reload applied", TIMEOUT,
                    () -> "applied".equals(server.status().path("lastReload").path("outcome").asText()));
            assertThat(server.status().path("lastReload").path("changedKeys").toString())
                    .contains("server.authorityToken").doesNotContain(next);

            try (NdjsonClient old = server.connect(); NdjsonClient fresh = server.connect()) {
                old.send(new Hello(null, 1, "gm-2", "arena", AUTHORITY_TOKEN));
                old.awaitError(ErrorCodes.UNAUTHORIZED);
                old.assertClosedWithin(TIMEOUT);
                fresh.send(new Hello(null, 1, "gm-3", "arena", next));
                assertThat(fresh.await(Welcome.class, w -> true).role()).isEqualTo(Roles.AUTHORITY);
            }
            before.ping();
        }
    }

    @Test
    void mapVersions_OneAtStart_TwoAfterTheMapFileIsReplaced_OnWelcomeNavPathAndPath() throws Exception {
        try (TestServer server = TestServer.startWithMapCopy(tmp, Map.of());
                NdjsonClient c = server.player("cartographer")) {
            assertThat(c.received(Welcome.class, w -> true)).singleElement()
                    .extracting(Welcome::mapVersion).isEqualTo(1L);
            c.playerPos(1, -20, 27);
            c.send(new Spawn(RequestId.of("m"), new Vec3(20, 0, 27)));
            String monster = c.await(Spawned.class, s -> true).monster();
            NavPath first = c.await(NavPath.class, n -> n.monster().equals(monster));
            assertThat(first.mapVersion()).isEqualTo(1);
            RequestId q1 = RequestId.of("q1");
            c.send(new PathQuery(q1, new Vec3(-20, 0, 27), new Vec3(20, 0, 27)));
            assertThat(c.await(PathResult.class, p -> q1.equals(p.id())).mapVersion()).isEqualTo(1);

            String walled = HotReloadTest.withWall(Files.readString(server.mapsDir.resolve("arena.txt")), 30, 1, 7);
            server.replaceMapFile("arena.txt", walled);

            NavPath replanned = c.await(NavPath.class, n -> n.monster().equals(monster) && n.seq() > first.seq(),
                    TIMEOUT);
            assertThat(replanned.mapVersion()).isEqualTo(2);
            assertWalkable(MapLoader.parse("arena", "walled", new StringReader(walled)), replanned.navPath());
            RequestId q2 = RequestId.of("q2");
            c.send(new PathQuery(q2, new Vec3(-20, 0, 27), new Vec3(20, 0, 27)));
            PathResult around = c.await(PathResult.class, p -> q2.equals(p.id()));
            assertThat(around.mapVersion()).isEqualTo(2);
            assertThat(around.points().size()).as("planned on the walled map").isGreaterThan(2);
            try (NdjsonClient late = server.connect()) {
                assertThat(late.hello("late", "arena").mapVersion()).isEqualTo(2);
            }
        }
    }

    @Test
    void pathQueryToAWallCell_IsPartial_EndingOnAWalkableCellNextToIt() throws Exception {
        GridMap arena = TestServer.arena();
        Vec3 wall = new Vec3(0, 0, 30); // col 30, row 0: the arena's border wall
        int wallCell = arena.cellAt(wall.x(), wall.z());
        assertThat(arena.navGrid().openCell(wallCell)).isFalse();
        try (TestServer server = TestServer.start(tmp, Map.of());
                NdjsonClient c = server.player("clicker")) {
            RequestId q = RequestId.of("wall");
            c.send(new PathQuery(q, new Vec3(0, 0, 0), wall));
            PathResult r = c.await(PathResult.class, p -> q.equals(p.id()));

            assertThat(r.status()).isEqualTo(PathStatus.PARTIAL);
            assertWalkable(arena, r.points());
            Vec3 end = last(r.points());
            int endCell = arena.cellAt(end.x(), end.z());
            assertThat(arena.navGrid().openCell(endCell)).isTrue();
            assertThat(Math.abs(arena.col(endCell) - arena.col(wallCell))).isLessThanOrEqualTo(1);
            assertThat(Math.abs(arena.row(endCell) - arena.row(wallCell))).isLessThanOrEqualTo(1);
            assertThat(end).as("ends at the substitute cell's centre")
                    .isEqualTo(new Vec3(arena.worldX(endCell), 0, arena.worldZ(endCell)));

            // an open goal is still ok, and ends exactly at the goal
            RequestId open = RequestId.of("open");
            c.send(new PathQuery(open, new Vec3(0, 0, 0), new Vec3(0.3, 0, 28.8)));
            PathResult ok = c.await(PathResult.class, p -> open.equals(p.id()));
            assertThat(ok.status()).isEqualTo(PathStatus.OK);
            assertThat(last(ok.points())).isEqualTo(new Vec3(0.3, 0, 28.8));
        }
    }

    @Test
    void monsterChasingAPlayerOnAWallCell_StaysOk_AsDocumentedForNavPath() throws Exception {
        try (TestServer server = TestServer.start(tmp, Map.of());
                NdjsonClient c = server.player("wall-hugger")) {
            c.playerPos(1, 0, 30); // col 30, row 0: on the border wall
            c.send(new Spawn(RequestId.of("m"), new Vec3(0, 0, 15)));
            String monster = c.await(Spawned.class, s -> true).monster();
            NavPath p = c.await(NavPath.class, n -> n.monster().equals(monster));
            assertThat(p.status()).isEqualTo(PathStatus.OK);
            assertWalkable(TestServer.arena(), p.navPath());
        }
    }
}
