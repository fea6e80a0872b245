package dev.navserver.bots;

import static dev.navserver.bots.TestMaps.centre;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.io.MapLoader;
import dev.navserver.protocol.message.NavPath;
import dev.navserver.protocol.message.PlayerPos;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BotsMainTest {
    static final String SUMMARY = "bots: players=\\d+ monsters=\\d+ duration=\\d+\\.\\ds nav_paths=\\d+ invalid=\\d+"
            + " errors=\\d+ disconnects=\\d+ latency_ms p50=\\d+\\.\\d p90=\\d+\\.\\d p99=\\d+\\.\\d max=\\d+\\.\\d"
            + " connect_ms p50=\\d+\\.\\d p99=\\d+\\.\\d .*";

    @TempDir
    Path dir;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int main(String... args) {
        return BotsMain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "--host=10.1.2.3          | refusing host '10.1.2.3': load tests target loopback only",
        "--host=example.com       | refusing host 'example.com'",
        "--port=0                 | --port must be 1..65535, got 0",
        "--port=65536             | --port must be 1..65535",
        "--players=0              | --players must be 1..100000, got 0",
        "--spawn=-1               | --spawn must be 0..100",
        "--spawn=101              | --spawn must be 0..100",
        "--duration=0             | --duration must be > 0 and <= 86400 seconds",
        "--duration=NaN           | --duration must be > 0",
        "--ramp-up=-1             | --ramp-up must be >= 0 and <= 3600 seconds, got -1.0",
        "--ramp-up=3601           | --ramp-up must be >= 0 and <= 3600 seconds",
        "--ramp-up=NaN            | --ramp-up must be >= 0",
        "--admin-port=0           | --admin-port must be 1..65535, got 0",
        "--admin-port=70000       | --admin-port must be 1..65535",
        "--viewers=9              | --viewers must be 0..8, got 9",
        "--viewers=1              | --viewers needs --admin-port",
        "--speed=0                | --speed must be > 0 and <= 100 m/s",
        "--pos-hz=1000            | --pos-hz must be > 0 and <= 100",
        "--map=/no/such/file.map  | --map /no/such/file.map is not a readable file",
        "--map-name=              | --map-name must be 1..64 characters",
        "--edits-per-second=-1    | --edits-per-second must be 0..1000, got -1.0",
        "--edits-per-second=1001  | --edits-per-second must be 0..1000",
        "--edits-per-second=NaN   | --edits-per-second must be 0..1000",
        "--authority-token=a\tb   | --authority-token must be 1..256 characters without whitespace",
        "--monster-radius=-0.1    | --monster-radius must be >= 0 and <= 10 m, got -0.1",
        "--player-radius=11       | --player-radius must be >= 0 and <= 10 m",
        "--crowd=101              | --crowd must be 0..100, got 101",
        "--crowd=-1               | --crowd must be 0..100",
        "--world-spawn=-1         | --world-spawn must be 0..100000, got -1",
        "--authority-commands=1001 | --authority-commands must be 0..1000, got 1001.0",
        "--world-kinds=wolf,a b   | --world-kinds must list kind names of 1..64 characters",
        "--bad-requests=1.5       | --bad-requests must be 0..1, got 1.5",
        "--aoi-radius=0           | --aoi-radius must be > 0 and <= 100000 m, got 0.0",
        "--aoi-hysteresis=40      | --aoi-hysteresis must be >= 0 and < --aoi-radius, got 40.0",
        "--snapshot-hz=0          | --snapshot-hz must be > 0 and <= 120, got 0.0",
        "--players=ten            | Invalid value for option '--players'",
        "--bogus                  | Unknown option: '--bogus'",
    })
    void main_WhenAnArgumentIsBad_ExpectedExit2WithAClearMessageAndNoConnection(String arg, String message) {
        assertThat(main(arg, "--seed=1")).isEqualTo(2);
        assertThat(err()).contains(message);
        assertThat(out()).doesNotContain("bots: players=");
    }

    @Test
    void main_WhenAskedForHelp_ExpectedUsageWithEveryFlagAndExit0() {
        assertThat(main("--help")).isZero();
        assertThat(out()).contains("Usage: bots", "--host", "--port", "--players", "--spawn", "--duration", "--map",
                "--map-name", "--speed", "--pos-hz", "--report", "--seed", "loopback only", "Exit status:", "--ramp-up",
                "--admin-port", "--report-html", "--ramp-up + --duration", "--viewers", "--admin-token",
                "--edits-per-second", "--authority-token", "--monster-radius", "--player-radius", "--crowd",
                "--world", "--world-spawn", "--world-kinds", "--authority-commands", "--bad-requests", "--aoi-radius",
                "--aoi-hysteresis", "--snapshot-hz");
    }

    @Test
    void main_WhenEditsAreAskedForWithoutAToken_ExpectedExit2NamingTheMissingToken() {
        org.junit.jupiter.api.Assumptions.assumeTrue(System.getenv("NAVSERVER_AUTHORITY_TOKEN") == null);
        assertThat(main("--edits-per-second", "5")).isEqualTo(2);
        assertThat(err()).contains("--edits-per-second needs --authority-token or NAVSERVER_AUTHORITY_TOKEN");
    }

    @Test
    void main_WhenWorldSpawnsOrCommandsAreAskedForWithoutAToken_ExpectedExit2NamingTheMissingToken() {
        org.junit.jupiter.api.Assumptions.assumeTrue(System.getenv("NAVSERVER_AUTHORITY_TOKEN") == null);
        assertThat(main("--world-spawn", "5")).isEqualTo(2);
        assertThat(err()).contains("--world-spawn needs --authority-token or NAVSERVER_AUTHORITY_TOKEN");
        assertThat(main("--authority-commands", "5")).isEqualTo(2);
        assertThat(err()).contains("--authority-commands needs --authority-token or NAVSERVER_AUTHORITY_TOKEN");
    }

    @Test
    void main_WhenTheEditorIsWelcomedAsAPlayer_ExpectedExit1BeforeAnyPlayerConnects() throws Exception {
        Path mapFile = TestMaps.writeMovingAi(dir, "walled", TestMaps.WALLED);
        GridMap map = MapLoader.load(mapFile);
        try (FakeServer fake = new FakeServer(map, 1, LoadRunnerTest.VALID_PATHS)) {
            assertThat(main("--port", String.valueOf(fake.port()), "--players", "3", "--duration", "1",
                    "--ramp-up", "0", "--map", mapFile.toString(), "--edits-per-second", "10",
                    "--authority-token", "secret-authority-token-42")).isEqualTo(1);
            assertThat(fake.hellos.get()).isEqualTo(1);
        }
        assertThat(err()).contains("bots: authority bot: --authority-token was not accepted: welcome role is "
                + "'player', not 'authority'").doesNotContain("secret-authority-token-42");
        assertThat(out()).doesNotContain("bots: players=");
    }

    @Test
    void main_WhenTheMapFileIsNotAMap_ExpectedExit2() throws Exception {
        Path notAMap = dir.resolve("notes.txt");
        java.nio.file.Files.writeString(notAMap, "hello\n");
        assertThat(main("--map", notAMap.toString())).isEqualTo(2);
        assertThat(err()).contains("cannot load map", "notes.txt");
    }

    @Test
    void defaultMap_ExpectedArenaUnderNavserverHome() throws Exception {
        String old = System.getProperty("navserver.home");
        try {
            System.setProperty("navserver.home", "..");
            Path map = BotsMain.defaultMap();
            assertThat(map).isEqualTo(Path.of("..", "maps", "arena.txt"));
            GridMap arena = MapLoader.load(map);
            assertThat(arena.width()).isEqualTo(60);
            System.clearProperty("navserver.home");
            assertThat(BotsMain.defaultMap()).isEqualTo(Path.of("maps", "arena.txt"));
        } finally {
            if (old == null) {
                System.clearProperty("navserver.home");
            } else {
                System.setProperty("navserver.home", old);
            }
        }
    }

    @Test
    void main_WhenAPathCrossesAWall_ExpectedSummaryLineJsonReportAndExit1() throws Exception {
        Path mapFile = TestMaps.writeMovingAi(dir, "walled", TestMaps.WALLED);
        GridMap map = MapLoader.load(mapFile);
        Queue<String> helloMaps = new ConcurrentLinkedQueue<>();
        FakeServer.Script script = new FakeServer.Script() {
            @Override
            public void onPlayerPos(FakeServer.Session s, PlayerPos pos) {
                if (s.positions == 1) {
                    helloMaps.add(s.hello.map());
                    s.send(new NavPath("m-wall", 1, pos.seq(), "ok",
                            List.of(centre(map, 8, 5), centre(map, 10, 5)), 2.0, 1.0));
                }
                LoadRunnerTest.VALID_PATHS.onPlayerPos(s, pos);
            }
        };
        Path report = dir.resolve("report.json");
        try (FakeServer fake = new FakeServer(map, 2, script)) {
            int status = main("--port", String.valueOf(fake.port()), "--players", "2", "--spawn", "1",
                    "--duration", "3", "--ramp-up", "0", "--map", mapFile.toString(), "--report", report.toString(),
                    "--seed", "9",
                    "--pos-hz", "20", "--speed", "4");
            assertThat(status).isEqualTo(1);
        }
        assertThat(helloMaps).containsExactly("walled", "walled");
        List<String> lines = out().lines().toList();
        String summary = lines.get(lines.size() - 1);
        assertThat(summary).matches(SUMMARY).startsWith("bots: players=2 monsters=4 duration=3.")
                .contains(" invalid=2 errors=0 disconnects=0 ", " connect_failed=0 ");

        JsonNode json = new ObjectMapper().readTree(report.toFile());
        assertThat(json.get("players").asInt()).isEqualTo(2);
        assertThat(json.get("monsters").asInt()).isEqualTo(4);
        assertThat(json.get("invalid").asInt()).isEqualTo(2);
        assertThat(json.get("invalid_by_reason").get("blocked").asInt()).isEqualTo(2);
        assertThat(json.get("nav_paths").asLong()).isPositive();
        assertThat(json.get("errors").asInt()).isZero();
        assertThat(json.get("disconnects").asInt()).isZero();
        assertThat(json.get("duration_seconds").asDouble()).isBetween(2.9, 5.0);
        JsonNode latency = json.get("latency_ms");
        assertThat(latency.get("count").asLong()).isPositive();
        for (String key : List.of("p50", "p90", "p99", "max", "mean")) {
            assertThat(latency.get(key).isNumber()).as(key).isTrue();
        }
        assertThat(json.get("connect_ms").get("count").asInt()).isEqualTo(2);
        assertThat(json.get("messages_out").get("hello").asInt()).isEqualTo(2);
        assertThat(json.get("messages_in").get("nav_path").asLong()).isEqualTo(json.get("nav_paths").asLong());
        assertThat(json.get("settings").get("map_name").asText()).isEqualTo("walled");
        assertThat(json.get("settings").get("seed").asLong()).isEqualTo(9);
        assertThat(json.get("settings").get("host").asText()).isEqualTo("127.0.0.1");
        assertThat(json.get("exit_status").asInt()).isEqualTo(1);
    }

    @Test
    void main_WhenEveryPathIsValid_ExpectedExit0AndTheMapNameFromTheFlag() throws Exception {
        Path mapFile = TestMaps.writeMovingAi(dir, "walled", TestMaps.WALLED);
        GridMap map = MapLoader.load(mapFile);
        Queue<String> helloMaps = new ConcurrentLinkedQueue<>();
        FakeServer.Script script = new FakeServer.Script() {
            @Override
            public void onPlayerPos(FakeServer.Session s, PlayerPos pos) {
                if (s.positions == 1) {
                    helloMaps.add(s.hello.map());
                }
                LoadRunnerTest.VALID_PATHS.onPlayerPos(s, pos);
            }
        };
        try (FakeServer fake = new FakeServer(map, 1, script)) {
            assertThat(main("--host", "localhost", "--port", String.valueOf(fake.port()), "--players", "1",
                    "--spawn", "3", "--duration", "2", "--ramp-up", "0", "--map", mapFile.toString(),
                    "--map-name", "arena2"))
                    .isEqualTo(0);
        }
        assertThat(helloMaps).containsExactly("arena2");
        assertThat(out().lines().reduce((a, b) -> b).orElseThrow()).matches(SUMMARY)
                .contains("players=1 monsters=3 ", " invalid=0 errors=0 disconnects=0 ");
        assertThat(err()).isEmpty();
    }

    @Test
    void launcherUsage_NamesEveryBotsOption() throws Exception {
        Path root = Path.of("").toAbsolutePath();
        while (!java.nio.file.Files.isRegularFile(root.resolve("navserver"))) {
            root = root.getParent();
        }
        String launcher = java.nio.file.Files.readString(root.resolve("navserver"), StandardCharsets.UTF_8);
        String usage = launcher.substring(launcher.indexOf("usage: ./navserver"), launcher.indexOf("USAGE\n}"));
        for (picocli.CommandLine.Model.OptionSpec o : new picocli.CommandLine(new BotsMain(System.out, System.err)).getCommandSpec()
                .options()) {
            if (!o.usageHelp() && !o.versionHelp()) {
                assertThat(usage).as("the launcher's usage names %s", o.longestName()).contains(o.longestName());
            }
        }
    }
}
