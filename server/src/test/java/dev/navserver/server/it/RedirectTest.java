package dev.navserver.server.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.protocol.ErrorCodes;
import dev.navserver.protocol.message.Bye;
import dev.navserver.protocol.message.ErrorMessage;
import dev.navserver.protocol.message.Hello;
import dev.navserver.protocol.message.NavPath;
import dev.navserver.protocol.message.Redirect;
import dev.navserver.protocol.message.RequestId;
import dev.navserver.protocol.message.Spawn;
import dev.navserver.protocol.message.Vec3;
import dev.navserver.protocol.message.Welcome;
import dev.navserver.server.cluster.Owner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 27's redirect over real sockets: a server whose {@link dev.navserver.server.cluster.MapOwnership} says another
 * node (or nobody) serves a map sends a {@code hello} for it away in the exact form, and
 * {@link dev.navserver.server.cluster.MapSessions#sendAway} sends the sessions on a map it gives up away while the
 * sessions on its other maps keep playing. Two copies of the arena, {@code arena} and {@code yard}, are served.
 */
class RedirectTest {
    private static final String TOKEN = "redirect-authority-0123456789";
    private static final Owner.Remote NODE_B = new Owner.Remote("node-b", "127.0.0.1", 17002);

    @TempDir
    Path tmp;
    private final MutableOwnership ownership = new MutableOwnership();
    private TestServer server;

    @BeforeEach
    void start() throws Exception {
        Path maps = Files.createDirectories(tmp.resolve("maps"));
        Files.copy(TestServer.repoRoot().resolve("maps/arena.txt"), maps.resolve("arena.txt"));
        Files.copy(TestServer.repoRoot().resolve("maps/arena.txt"), maps.resolve("yard.txt"));
        server = TestServer.start(tmp, maps, Map.of("server.authorityToken", "\"" + TOKEN + "\""), ownership);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void hello_ForAMapAnotherNodeServes_IsAnsweredByRedirectThenByeRedirect_AndTheConnectionCloses()
            throws Exception {
        ownership.set("arena", NODE_B);
        try (NdjsonClient c = server.connect()) {
            c.sendLine("{\"type\":\"hello\",\"protocol\":1,\"player\":\"ann\",\"map\":\"arena\"}");

            c.assertClosedWithin(NdjsonClient.TIMEOUT);
            assertThat(lines(c)).containsExactly(
                    "{\"type\":\"redirect\",\"map\":\"arena\",\"host\":\"127.0.0.1\",\"port\":17002}",
                    "{\"type\":\"bye\",\"reason\":\"redirect\"}");
        }
        assertThat(server.metric("navserver_redirects_total{reason=\"redirect\"}")).isEqualTo(1.0);
        assertThat(server.metric("navserver_redirects_total{reason=\"unavailable\"}")).isEqualTo(0.0);
        TestServer.awaitCondition("the close counted", NdjsonClient.TIMEOUT,
                () -> server.metric("navserver_connections_closed_total{reason=\"redirect\"}") == 1.0);
    }

    @Test
    void hello_ForAMapNobodyServes_IsMapUnavailableSayingRetryLater_ThenByeUnavailable_AndTheConnectionCloses()
            throws Exception {
        ownership.set("arena", Owner.UNOWNED);
        try (NdjsonClient c = server.connect()) {
            c.sendLine("{\"type\":\"hello\",\"id\":7,\"protocol\":1,\"player\":\"ann\",\"map\":\"arena\"}");

            c.assertClosedWithin(NdjsonClient.TIMEOUT);
            assertThat(lines(c)).containsExactly(
                    "{\"type\":\"error\",\"id\":7,\"code\":\"map_unavailable\",\"message\":\"map: 'arena' is not"
                            + " served by any node at the moment; retry later\"}",
                    "{\"type\":\"bye\",\"reason\":\"unavailable\"}");
        }
        assertThat(server.metric("navserver_redirects_total{reason=\"unavailable\"}")).isEqualTo(1.0);
        assertThat(server.metric("navserver_errors_total{code=\"map_unavailable\"}")).isEqualTo(1.0);
    }

    @Test
    void hello_ForALocalMap_IsWelcomedAsBefore_WhileAnotherMapIsRedirected() throws Exception {
        ownership.set("yard", NODE_B);
        try (NdjsonClient c = server.connect()) {
            Welcome w = c.hello("ann", "arena");

            assertThat(w.map().name()).isEqualTo("arena");
            c.ping();
        }
        assertThat(server.metric("navserver_redirects_total{reason=\"redirect\"}")).isEqualTo(0.0);
    }

    @Test
    void hello_ForAnUnknownMap_StaysUnknownMap_EvenWhenOwnershipWouldRedirectIt() throws Exception {
        ownership.set("nowhere", NODE_B);
        try (NdjsonClient c = server.connect()) {
            c.send(new Hello(RequestId.of(3), 1, "ann", "nowhere"));

            ErrorMessage e = c.awaitError(ErrorCodes.UNKNOWN_MAP);
            assertThat(e.message()).isEqualTo("map: no map named 'nowhere'");
            c.ping(); // still open: the client may say hello again
        }
    }

    @Test
    void sendAway_OfAMapWithAPlayerAndAnAuthority_BothGetExactlyRedirectThenByeThenEof_TheOtherMapKeepsPlaying()
            throws Exception {
        try (NdjsonClient player = server.player("ann");
             NdjsonClient authority = server.connect();
             NdjsonClient other = server.connect()) {
            authority.send(new Hello(null, 1, "gm", "arena", TOKEN));
            assertThat(authority.await(Welcome.class, w -> true).role()).isEqualTo("authority");
            other.hello("bob", "yard");
            chase(other);
            chase(player);
            int playerBefore = player.received().size();
            int authorityBefore = authority.received().size();

            ownership.set("arena", NODE_B);
            server.server().mapSessions().sendAway("arena", NODE_B);

            player.assertClosedWithin(NdjsonClient.TIMEOUT);
            authority.assertClosedWithin(NdjsonClient.TIMEOUT);
            String redirect = "{\"type\":\"redirect\",\"map\":\"arena\",\"host\":\"127.0.0.1\",\"port\":17002}";
            String bye = "{\"type\":\"bye\",\"reason\":\"redirect\"}";
            assertThat(tail(player, playerBefore)).endsWith(redirect, bye).containsOnlyOnce(redirect, bye);
            assertThat(tail(authority, authorityBefore)).endsWith(redirect, bye).containsOnlyOnce(redirect, bye);
            // redirect and bye are the last words: nothing but stale monster messages came before them
            assertThat(tail(player, playerBefore).subList(0, tail(player, playerBefore).size() - 2))
                    .allMatch(l -> l.contains("\"type\":\"nav_path\"") || l.contains("\"type\":\"monsters\"")
                            || l.contains("\"type\":\"monster_"));

            int otherBefore = other.received().size();
            other.playerPos(2, 5, 27);
            other.await(NavPath.class, p -> p.playerSeq() == 2, Duration.ofSeconds(5));
            assertThat(other.received().subList(otherBefore, other.received().size()))
                    .noneMatch(r -> r.message() instanceof Redirect || r.message() instanceof Bye);
        }
        assertThat(server.metric("navserver_redirects_total{reason=\"redirect\"}")).isEqualTo(2.0);
        TestServer.awaitCondition("both players left arena's world", NdjsonClient.TIMEOUT,
                () -> server.status().get("sessions").asInt() == 0);
    }

    @Test
    void sendAway_WithNobodyNext_SendsMapUnavailableThenByeUnavailable_AndANewHelloIsToldTheSame()
            throws Exception {
        try (NdjsonClient player = server.player("ann")) {
            ownership.set("arena", Owner.UNOWNED);
            server.server().mapSessions().sendAway("arena", Owner.UNOWNED);

            player.assertClosedWithin(NdjsonClient.TIMEOUT);
            List<String> lines = lines(player);
            assertThat(lines.subList(lines.size() - 2, lines.size())).containsExactly(
                    "{\"type\":\"error\",\"code\":\"map_unavailable\",\"message\":\"map: 'arena' is not served by"
                            + " any node at the moment; retry later\"}",
                    "{\"type\":\"bye\",\"reason\":\"unavailable\"}");
        }
        try (NdjsonClient again = server.connect()) {
            again.send(new Hello(null, 1, "ann", "arena"));
            again.assertClosedWithin(NdjsonClient.TIMEOUT);
            assertThat(again.received(Bye.class, b -> "unavailable".equals(b.reason()))).hasSize(1);
        }
    }

    @Test
    void helloFollowingRedirects_FromANodeThatRedirectsTheArena_EndsWelcomedAndChasedOnTheOwner() throws Exception {
        try (TestServer owner = TestServer.start(tmp.resolve("owner"), Map.of())) {
            ownership.set("arena", new Owner.Remote("owner", "127.0.0.1", owner.gamePort()));
            try (NdjsonClient c = NdjsonClient.helloFollowingRedirects(server.gamePort(), "ann", "arena", null)) {
                assertThat(c.socket().getPort()).isEqualTo(owner.gamePort());
                chase(c);
            }
            assertThat(owner.metric("navserver_redirects_total{reason=\"redirect\"}")).isEqualTo(0.0);
        }
        assertThat(server.metric("navserver_redirects_total{reason=\"redirect\"}")).isEqualTo(1.0);
    }

    /** Spawns one monster for the client's player and waits for its first nav_path. */
    private static void chase(NdjsonClient c) throws Exception {
        c.playerPos(1, 0, 27); // row 3: open from wall to wall
        c.send(new Spawn(RequestId.of(1), new Vec3(-10, 0, 27)));
        c.await(NavPath.class, p -> true, Duration.ofSeconds(5));
    }

    private static List<String> lines(NdjsonClient c) {
        return c.received().stream().map(NdjsonClient.Received::line).toList();
    }

    private static List<String> tail(NdjsonClient c, int from) {
        List<String> all = lines(c);
        return all.subList(from, all.size());
    }
}
