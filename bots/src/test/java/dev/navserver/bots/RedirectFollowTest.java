package dev.navserver.bots;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.io.MapLoader;
import dev.navserver.server.NavServer;
import dev.navserver.server.cluster.MapOwnership;
import dev.navserver.server.cluster.Owner;
import dev.navserver.server.config.ConfigOverrides;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bots following issue 27's {@code redirect} and {@code map_unavailable} between two real servers in this JVM on
 * loopback: node A, whose ownership the test changes, and node B, which serves the arena.
 */
class RedirectFollowTest {
    private static final Path REPO = Path.of("..").toAbsolutePath().normalize();
    private static final Path MAP_FILE = REPO.resolve("maps/arena.txt");
    private static final String TOKEN = "bots-redirect-authority-0123456789";

    @TempDir
    Path dir;
    private final Map<String, Owner> owners = new ConcurrentHashMap<>();
    /** Node A's view of who serves what: the test's map, Local when unset. */
    private final MapOwnership ownership = map -> owners.getOrDefault(map, Owner.LOCAL);
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @Test
    void run_WhenNodeAGivesTheArenaToNodeB_EveryBotFollowsTheRedirectAndKeepsGettingNavPathsFromB()
            throws Exception {
        BotsReport r;
        try (NavServer a = server("a", ownership); NavServer b = server("b", MapOwnership.SINGLE_PROCESS)) {
            long startedAt = System.nanoTime();
            CompletableFuture<BotsReport> run = runBots(a.gamePort(), 3, 4.0);
            // every bot welcomed by A first: the arena's own monsters bring nav_paths with the first welcome, and a
            // hello that arrives after the move is redirected without a welcome from A (one CI run counted 4)
            await("3 welcomes from A", () -> a.metrics().messagesOut.get("welcome") == 3);
            await("nav_paths from A", () -> a.metrics().navPathPushes.count() >= 3);

            Owner.Remote nodeB = new Owner.Remote("b", "127.0.0.1", b.gamePort());
            owners.put("arena", nodeB);
            long movedAt = System.nanoTime();
            a.mapSessions().sendAway("arena", nodeB);

            await("3 welcomes from B", () -> b.metrics().messagesOut.get("welcome") == 3);
            System.out.printf("redirect: 3 bots moved from A to B (sendAway to B's third welcome) in %.1f ms, %.1f s"
                    + " into the bots' run%n", (System.nanoTime() - movedAt) / 1e6, (movedAt - startedAt) / 1e9);
            await("nav_paths from B", () -> b.metrics().navPathPushes.count() >= 3);
            double pushesOnB = b.metrics().navPathPushes.count();
            await("more nav_paths from B", () -> b.metrics().navPathPushes.count() > pushesOnB);
            r = run.get(30, TimeUnit.SECONDS);
            assertThat(a.metrics().redirects.get("redirect")).isEqualTo(3);
        }
        assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
        assertThat(r.redirects()).isEqualTo(3);
        assertThat(r.messagesIn()).containsEntry("redirect", 3L).containsEntry("welcome", 6L);
        assertThat(r.welcomed()).as("a move is not a new bot").isEqualTo(3);
        assertThat(r.disconnects()).isZero();
        assertThat(r.connectFailed()).as("failures %s", r.failuresByReason()).isZero();
        assertThat(r.invalid()).as("invalid %s", r.invalidByReason()).isZero();
        assertThat(r.errors()).as("errors %s", r.errorsByCode()).isZero();
        assertThat(r.exitStatus()).isZero();
        assertThat(r.summaryLine()).contains(" redirects=3");
    }

    @Test
    void run_WhenEveryNodeRedirectsToItself_TheBotGivesUpAfterFiveRedirectsInARow() throws Exception {
        BotsReport r;
        try (NavServer a = server("a", ownership)) {
            owners.put("arena", new Owner.Remote("a", "127.0.0.1", a.gamePort()));
            r = runBots(a.gamePort(), 1, 2.0).get(30, TimeUnit.SECONDS);
            assertThat(a.metrics().redirects.get("redirect")).isEqualTo(BotMoves.MAX_REDIRECTS_IN_A_ROW + 1);
        }
        assertThat(r.welcomed()).isZero();
        assertThat(r.failuresByReason()).containsExactly(Map.entry("redirect_loop", 1L));
        assertThat(r.redirects()).isEqualTo(BotMoves.MAX_REDIRECTS_IN_A_ROW + 1);
        assertThat(err.toString(StandardCharsets.UTF_8))
                .contains("bot-0: more than 5 redirects in a row without a welcome (the last to 127.0.0.1:");
        assertThat(r.exitStatus()).isEqualTo(1);
    }

    @Test
    void run_WhileTheArenaIsUnavailable_TheBotRetriesWithBackoff_AndPlaysOnceItIsServed() throws Exception {
        BotsReport r;
        try (NavServer a = server("a", ownership)) {
            owners.put("arena", Owner.UNOWNED);
            CompletableFuture<BotsReport> run = runBots(a.gamePort(), 1, 3.0);
            await("two refusals", () -> a.metrics().redirects.get("unavailable") >= 2);

            owners.remove("arena");

            await("nav_paths once served", () -> a.metrics().navPathPushes.count() >= 1);
            r = run.get(30, TimeUnit.SECONDS);
        }
        assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
        assertThat(r.welcomed()).isEqualTo(1);
        assertThat(r.connectFailed()).as("failures %s", r.failuresByReason()).isZero();
        assertThat(r.messagesIn().get("bye")).as("one bye unavailable per refusal").isGreaterThanOrEqualTo(2);
        assertThat(r.errors()).as("map_unavailable is an answer the bot follows, not an error").isZero();
        assertThat(r.navPaths()).isPositive();
        assertThat(r.exitStatus()).isZero();
    }

    @Test
    void run_ThroughANodeThatRedirectsTheArena_TheEditingBotFollowsWithItsTokenAndEditsOnTheOwner() throws Exception {
        BotsReport r;
        try (NavServer a = server("a", ownership); NavServer b = server("b", MapOwnership.SINGLE_PROCESS)) {
            owners.put("arena", new Owner.Remote("b", "127.0.0.1", b.gamePort()));
            r = runBots(new BotsSettings(InetAddress.getLoopbackAddress(), a.gamePort(), 2, 1, 2.0, MAP_FILE,
                    "arena", 3.0, 10, 2028).withBodies(0, 0, 0).withEditor(10, TOKEN)).get(30, TimeUnit.SECONDS);
            assertThat(a.metrics().mapEdits.get("session")).isZero();
            assertThat(b.metrics().mapEdits.get("session")).as("edits applied by the owner").isPositive();
        }
        assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
        assertThat(r.redirects()).as("two players and the editor").isEqualTo(3);
        assertThat(r.dynamics().edits()).isPositive();
        assertThat(r.dynamics().patchProblems()).isZero();
        assertThat(r.connectFailed()).as("failures %s", r.failuresByReason()).isZero();
        assertThat(r.invalid()).as("invalid %s", r.invalidByReason()).isZero();
        assertThat(r.exitStatus()).isZero();
    }

    /** A started server on the shipped config with loopback ephemeral ports, its edit log under {@code dir/name}. */
    private NavServer server(String name, MapOwnership owns) throws Exception {
        String yaml = Files.readString(REPO.resolve("config/navserver.yaml"), StandardCharsets.UTF_8)
                .replaceAll("(?m)^  host: .*$", "  host: 127.0.0.1")
                .replaceAll("(?m)^  port: .*$", "  port: 0")
                .replaceAll("(?m)^  dir: .*$", "  dir: " + REPO.resolve("maps").toString().replace("\\", "/"))
                .replaceAll("(?m)^  authorityToken: .*$", "  authorityToken: \"" + TOKEN + "\"");
        Path file = Files.createDirectories(dir.resolve(name).resolve("config")).resolve("navserver.yaml");
        Files.writeString(file, yaml);
        NavServer server = new NavServer(file, ConfigOverrides.NONE, owns);
        server.start();
        return server;
    }

    private CompletableFuture<BotsReport> runBots(int port, int players, double seconds) throws Exception {
        return runBots(new BotsSettings(InetAddress.getLoopbackAddress(), port, players, 1, seconds, MAP_FILE,
                "arena", 3.0, 10, 2027).withBodies(0, 0, 0));
    }

    private CompletableFuture<BotsReport> runBots(BotsSettings s) throws Exception {
        GridMap map = MapLoader.load(MAP_FILE);
        LoadRunner runner = new LoadRunner(s, map, new PrintStream(new ByteArrayOutputStream(), true,
                StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8), 60);
        return CompletableFuture.supplyAsync(() -> {
            try {
                return runner.run();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
    }

    /** Polls a server-side condition until it holds; fails after 10 s. */
    private static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime() - deadline).as("timed out waiting for " + what).isNegative();
            Thread.sleep(1); // poll interval of a metric, not a wait for an outcome
        }
    }
}
