package dev.navserver.bots;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.io.MapLoader;
import dev.navserver.server.NavServer;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bots against the real server, embedded on ephemeral loopback ports with the shipped config and maps. */
class RealServerTest {
    private static final Path REPO = Path.of("..").toAbsolutePath().normalize();

    @TempDir
    Path dir;

    private Path config() throws Exception {
        String yaml = Files.readString(REPO.resolve("config/navserver.yaml"), StandardCharsets.UTF_8)
                .replaceAll("(?m)^  host: .*$", "  host: 127.0.0.1")
                .replaceAll("(?m)^  port: .*$", "  port: 0")
                .replaceAll("(?m)^  dir: .*$", "  dir: " + REPO.resolve("maps").toString().replace("\\", "/"));
        Path file = Files.createDirectories(dir.resolve("config")).resolve("navserver.yaml");
        Files.writeString(file, yaml);
        return file;
    }

    /** {@link #config()} with {@code admin.token} set, so the viewer is enabled. */
    private Path configWithAdminToken(String token) throws Exception {
        Path cfg = config();
        Files.writeString(cfg, Files.readString(cfg).replaceAll("(?m)^  token: .*$", "  token: \"" + token + "\""));
        return cfg;
    }

    /** {@link #config()} with {@code server.authorityToken} set, so edits are allowed. */
    private Path configWithAuthorityToken(String token) throws Exception {
        Path cfg = config();
        Files.writeString(cfg, Files.readString(cfg).replaceAll("(?m)^  authorityToken: .*$",
                "  authorityToken: \"" + token + "\""));
        return cfg;
    }

    @Test
    void main_WithAnEditorAtTwentyEditsPerSecond_ExpectedEditsAppliedAndEveryPathValidOnItsOwnVersion()
            throws Exception {
        String token = "bots-authority-token-0123456789";
        Path report = dir.resolve("bots.json");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status;
        try (NavServer server = new NavServer(configWithAuthorityToken(token))) {
            server.start();
            status = BotsMain.run(new String[] {"--port", String.valueOf(server.gamePort()), "--players", "10",
                "--spawn", "3", "--ramp-up", "0", "--duration", "3", "--map", REPO.resolve("maps/arena.txt").toString(),
                "--edits-per-second", "20", "--authority-token", token, "--monster-radius", "0",
                "--player-radius", "0", "--report", report.toString(), "--seed", "11"},
                    new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        }
        assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
        assertThat(status).isZero();
        String summary = out.toString(StandardCharsets.UTF_8).lines().reduce((a, b) -> b).orElseThrow();
        assertThat(summary).matches(BotsMainTest.SUMMARY).contains(" overlaps=0").doesNotContain(token);
        long edits = Long.parseLong(summary.replaceAll(".* edits=(\\d+) .*", "$1"));
        assertThat(edits).as("3 s at 20/s, plus the final restore").isBetween(20L, 61L);
        com.fasterxml.jackson.databind.JsonNode json = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(report.toFile());
        com.fasterxml.jackson.databind.JsonNode dynamics = json.get("dynamics");
        assertThat(dynamics.get("edits").asLong()).isEqualTo(edits);
        assertThat(dynamics.get("patch_problems").asLong()).isZero();
        assertThat(json.get("invalid").asLong()).isZero();
        com.fasterxml.jackson.databind.JsonNode lag = dynamics.get("paths_by_version_lag");
        long byLag = lag.get("0").asLong() + lag.get("1").asLong() + lag.get("2").asLong() + lag.get("3+").asLong();
        assertThat(byLag).isEqualTo(json.get("nav_paths").asLong());
        assertThat(dynamics.get("unchecked_paths").asLong()).isLessThanOrEqualTo(byLag / 100);
        assertThat(json.get("messages_in").get("map_patch").asLong()).as("every bot hears every edit")
                .isGreaterThanOrEqualTo(10 * (edits - 1));
    }

    @Test
    void main_WithAWrongAuthorityToken_ExpectedExit1NamingTheRefusalWithoutTheToken() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status;
        try (NavServer server = new NavServer(configWithAuthorityToken("bots-authority-token-0123456789"))) {
            server.start();
            status = BotsMain.run(new String[] {"--port", String.valueOf(server.gamePort()), "--players", "2",
                "--ramp-up", "0", "--duration", "1", "--map", REPO.resolve("maps/arena.txt").toString(),
                "--edits-per-second", "5", "--authority-token", "not-the-token-0123456789"},
                    new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        }
        assertThat(status).isEqualTo(1);
        assertThat(err.toString(StandardCharsets.UTF_8))
                .startsWith("bots: authority bot: the server refused --authority-token: error unauthorized")
                .doesNotContain("not-the-token-0123456789");
        assertThat(out.toString(StandardCharsets.UTF_8)).doesNotContain("bots: players=");
    }

    @Test
    void run_WithTwentyBotsOnTheArena_ExpectedEveryPathValidAndNoErrorsOrDisconnects() throws Exception {
        Path mapFile = REPO.resolve("maps/arena.txt");
        GridMap map = MapLoader.load(mapFile);
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        BotsReport r;
        try (NavServer server = new NavServer(config())) {
            server.start();
            BotsSettings s = new BotsSettings(InetAddress.getLoopbackAddress(), server.gamePort(), 20, 1, 4.0,
                    mapFile, "arena", 3.0, 10, 2024)
                    // these runs test paths and reports, not bodies (issue 10 has its own checks): overlap check off
                    .withBodies(0, 0, 0);
            r = new LoadRunner(s, map, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                    new PrintStream(err, true, StandardCharsets.UTF_8), 60).run();
        }
        assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
        assertThat(r.welcomed()).isEqualTo(20);
        assertThat(r.monsters()).isGreaterThanOrEqualTo(20);
        assertThat(r.navPaths()).isPositive();
        assertThat(r.latencyMs().count()).isPositive();
        assertThat(r.invalid()).isZero();
        assertThat(r.errors()).as("errors by code %s", r.errorsByCode()).isZero();
        assertThat(r.disconnects()).isZero();
        assertThat(r.connectFailed()).isZero();
        assertThat(r.undecodable()).isZero();
        assertThat(r.exitStatus()).isZero();
    }

    @Test
    void main_WithARampAdminPortAndHtmlReport_ExpectedSteadyServerAndTickP99AndAPageWithTwoCharts()
            throws Exception {
        Path html = dir.resolve("bots.html");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status;
        try (NavServer server = new NavServer(config())) {
            server.start();
            status = BotsMain.run(new String[] {"--port", String.valueOf(server.gamePort()), "--players", "10",
                "--spawn", "1", "--ramp-up", "1", "--duration", "2", "--map", REPO.resolve("maps/arena.txt").toString(),
                "--monster-radius", "0", "--player-radius", "0", "--admin-port", String.valueOf(server.adminPort()),
                "--report-html", html.toString(), "--seed", "7"},
                    new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        }
        assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
        assertThat(status).isZero();
        String summary = out.toString(StandardCharsets.UTF_8).lines().reduce((a, b) -> b).orElseThrow();
        assertThat(summary).matches(BotsMainTest.SUMMARY).contains(" ramp_up=1.0s ")
                .containsPattern(" steady_p99_ms=\\d+\\.\\d ")
                .containsPattern(" server_p99_ms=\\d+\\.\\d ")
                .containsPattern(" tick_p99_ms=\\d+\\.\\d\\d$");
        String page = Files.readString(html, StandardCharsets.UTF_8);
        HtmlReportTest.assertSelfContained(page);
        assertThat(HtmlReportTest.parseXml(page).getElementsByTagName("svg").getLength()).isEqualTo(2);
    }

    @Test
    void main_WithAViewerAttached_ExpectedAViewersLineWithAFullAndDeltas() throws Exception {
        String token = "bots-viewer-token-0123456789";
        Path cfg = configWithAdminToken(token);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status;
        try (NavServer server = new NavServer(cfg)) {
            server.start();
            status = BotsMain.run(new String[] {"--port", String.valueOf(server.gamePort()), "--players", "5",
                "--spawn", "1", "--ramp-up", "0", "--duration", "2", "--map", REPO.resolve("maps/arena.txt").toString(),
                "--monster-radius", "0", "--player-radius", "0", "--admin-port", String.valueOf(server.adminPort()),
                "--viewers", "1", "--admin-token", token,
                "--seed", "7"},
                    new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        }
        assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
        assertThat(status).isZero();
        String last = out.toString(StandardCharsets.UTF_8).lines().reduce((a, b) -> b).orElseThrow();
        // 2 s at up to 10 frames per second: one full, then deltas
        assertThat(last).startsWith("viewers: sockets=1 fulls=1 deltas=").doesNotContain("problem=");
        long deltas = Long.parseLong(last.replaceAll(".* deltas=(\\d+) .*", "$1"));
        assertThat(deltas).isBetween(5L, 25L);
    }

    @Test
    void main_WithAViewerAndAWrongToken_ExpectedExit1NamingTheRefusal() throws Exception {
        String token = "bots-viewer-token-0123456789";
        Path cfg = configWithAdminToken(token);
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status;
        try (NavServer server = new NavServer(cfg)) {
            server.start();
            status = BotsMain.run(new String[] {"--port", String.valueOf(server.gamePort()), "--players", "1",
                "--duration", "1", "--map", REPO.resolve("maps/arena.txt").toString(),
                "--admin-port", String.valueOf(server.adminPort()), "--viewers", "1", "--admin-token", "wrong-token-0123456789"},
                    new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                    new PrintStream(err, true, StandardCharsets.UTF_8));
        }
        assertThat(status).isEqualTo(1);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("viewer socket 1").contains("refused")
                .doesNotContain("wrong-token-0123456789");
    }
}
