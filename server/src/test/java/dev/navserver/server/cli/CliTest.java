package dev.navserver.server.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.server.Main;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The exact command-line forms other tools rely on: {@code path} JSON and {@code scen} summary/out lines. */
class CliTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private PrintStream oldOut;
    private PrintStream oldErr;

    @TempDir
    Path tmp;

    static Path root() {
        Path p = Path.of("").toAbsolutePath();
        while (p != null && !Files.exists(p.resolve("maps/movingai/README.txt"))) {
            p = p.getParent();
        }
        return p;
    }

    static Path movingAi(String rel) {
        return root().resolve("maps/movingai").resolve(rel);
    }

    @BeforeEach
    void capture() {
        oldOut = System.out;
        oldErr = System.err;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @AfterEach
    void restore() {
        System.setOut(oldOut);
        System.setErr(oldErr);
    }

    private int run(String... args) {
        return new CommandLine(new Main()).execute(args);
    }

    private String stdout() {
        return out.toString(StandardCharsets.UTF_8).trim();
    }

    @Test
    void path_WhenGoalIsTwoDiagonalsAndAStepAway_PrintsOneJsonLineWithCellsAndLength() {
        int code = run("path", movingAi("maps/dao/arena2.map").toString(), "100", "41", "98", "44");
        assertThat(code).isZero();
        String line = stdout();
        assertThat(line.lines()).hasSize(1);
        assertThat(line).startsWith("{\"status\":\"FOUND\",\"length\":3.8284,\"expanded\":");
        assertThat(line).matches(".*\"micros\":\\d+,\"cells\":\\[\\[100,41\\],.*\\[98,44\\]\\]\\}");
        assertThat(line).doesNotContain("points");
    }

    @Test
    void path_WhenAstarAndFourMovesAndSmooth_SameOptimumManhattanLengthAndWorldPoints() {
        run("path", movingAi("maps/dao/arena2.map").toString(), "100", "41", "98", "44", "--algo", "astar");
        assertThat(stdout()).contains("\"length\":3.8284");
        out.reset();
        run("path", movingAi("maps/dao/arena2.map").toString(), "100", "41", "98", "44", "--moves", "4");
        assertThat(stdout()).contains("\"length\":5.0000");
        out.reset();
        run("path", movingAi("maps/dao/arena2.map").toString(), "100", "41", "98", "44", "--smooth");
        // Moving AI maps: origin (0,0,0), 1 m cells, rows toward -z
        assertThat(stdout()).contains("\"points\":[[100.0,0.0,-41.0],").endsWith("[98.0,0.0,-44.0]]}");
    }

    @Test
    void path_WithLandmarks_SameOptimumAndACountOutOfRangeExitsTwo() {
        String map = movingAi("maps/dao/arena2.map").toString();
        assertThat(run("path", map, "100", "41", "98", "44", "--landmarks", "8")).isZero();
        assertThat(stdout()).contains("\"length\":3.8284");
        out.reset();
        assertThat(run("path", map, "100", "41", "98", "44", "--landmarks", "33")).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("--landmarks must be in [0, 32], got 33");
        assertThat(stdout()).isEmpty();
    }

    @Test
    void pathAndScen_InApproximateMode_StayWithinTheBoundAndABadModeExitsTwo() {
        String map = movingAi("maps/dao/arena2.map").toString();
        assertThat(run("path", map, "100", "41", "98", "44", "--mode", "approximate")).isZero();
        assertThat(stdout()).contains("\"length\":3.8284"); // a short query has no slack to use
        out.reset();
        assertThat(run("scen", movingAi("maps/dao/den312d.map").toString(),
                movingAi("scenarios/dao/den312d.map.scen").toString(), "--mode", "approximate", "--warmup", "0"))
                .isZero();
        assertThat(stdout()).startsWith("scen: queries=320 mismatches=0 mean_us=").endsWith(" mode=approximate");
        out.reset();
        assertThat(run("path", map, "100", "41", "98", "44", "--mode", "fast")).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains(
                "Invalid value for option '--mode': expected one of [optimal, approximate] (case-sensitive) but was "
                        + "'fast'");
        assertThat(stdout()).isEmpty();
    }

    @Test
    void path_WhenAlgoIsNotALowerCaseSpelling_ExitsTwoListingTheSpellings() {
        String map = movingAi("maps/dao/arena2.map").toString();
        assertThat(run("path", map, "100", "41", "98", "44", "--algo", "dijkstra")).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains(
                "Invalid value for option '--algo': expected one of [astar, jps, subgoal] (case-sensitive) but was 'dijkstra'");
        err.reset();
        assertThat(run("path", map, "100", "41", "98", "44", "--algo", "ASTAR")).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains(
                "Invalid value for option '--algo': expected one of [astar, jps, subgoal] (case-sensitive) but was 'ASTAR'");
        assertThat(stdout()).isEmpty();
    }

    @Test
    void path_WhenNavExportMapAndStartOffMap_ReportsOutOfBoundsWithNoCells() {
        Path arena = root().resolve("maps/arena.txt");
        assertThat(run("path", arena.toString(), "-1", "5", "10", "10")).isZero();
        assertThat(stdout()).startsWith("{\"status\":\"OUT_OF_BOUNDS\",\"length\":null,\"expanded\":0,")
                .endsWith("\"cells\":[]}");
    }

    @Test
    void path_WhenBudgetTooSmall_ReturnsPartialTowardTheGoal() {
        run("path", movingAi("maps/bg512/AR0011SR.map").toString(), "210", "395", "87", "201", "--algo", "astar",
                "--max-nodes", "50");
        assertThat(stdout()).startsWith("{\"status\":\"PARTIAL\"");
    }

    @Test
    void path_WhenMapFileIsMalformed_ExitsTwoNamingFileAndLine() throws IOException {
        Path bad = tmp.resolve("bad.map");
        Files.writeString(bad, "type octile\nheight 2\nwidth 3\nmap\n...\n..\n");
        assertThat(run("path", bad.toString(), "0", "0", "1", "1")).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("bad.map:6:");
    }

    @Test
    void path_WhenMapIsGzippedMovingAi_AnswersAsForThePlainFile() throws IOException {
        Path gz = tmp.resolve("den312d.map.gz");
        try (java.io.OutputStream o = new java.util.zip.GZIPOutputStream(Files.newOutputStream(gz))) {
            Files.copy(movingAi("maps/dao/den312d.map"), o);
        }
        assertThat(run("path", movingAi("maps/dao/den312d.map").toString(), "5", "5", "20", "30")).isZero();
        String plain = stdout().replaceAll("\"micros\":\\d+", "");
        out.reset();
        assertThat(run("path", gz.toString(), "5", "5", "20", "30")).isZero();
        assertThat(stdout().replaceAll("\"micros\":\\d+", "")).isEqualTo(plain);
    }

    @Test
    void path_WhenMapExceedsMaxCells_ExitsTwoNamingFileLineAndLimit() throws IOException {
        Path map = tmp.resolve("six.map");
        Files.writeString(map, "type octile\nheight 2\nwidth 3\nmap\n...\n...\n");
        assertThat(run("path", map.toString(), "0", "0", "1", "1", "--max-cells", "5")).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8))
                .contains(map + ":3: map of 3 x 2 = 6 cells exceeds the limit of 5 (maps.maxCells)");
        err.reset();
        assertThat(run("path", map.toString(), "0", "0", "1", "1", "--max-cells", "6")).isZero();
        assertThat(run("path", map.toString(), "0", "0", "1", "1", "--max-cells", "0")).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("--max-cells must be 1..268435456, got 0");
    }

    @Test
    void scen_WhenGzipMapIsTruncated_ExitsTwoNamingTheFile() throws IOException {
        Path gz = tmp.resolve("den312d.map.gz");
        try (java.io.OutputStream o = new java.util.zip.GZIPOutputStream(Files.newOutputStream(gz))) {
            Files.copy(movingAi("maps/dao/den312d.map"), o);
        }
        byte[] whole = Files.readAllBytes(gz);
        Files.write(gz, java.util.Arrays.copyOf(whole, whole.length / 2));
        int code = run("scen", gz.toString(), movingAi("scenarios/dao/den312d.map.scen").toString(), "--max-cells",
                "100000");
        assertThat(code).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8))
                .contains(gz + ": gzip data is truncated (the file ends inside the compressed stream)");
    }

    @Test
    void scen_WhenEveryQueryOptimal_SummaryLineAndOutFileWithNineColumns() throws IOException {
        Path outFile = tmp.resolve("out.tsv");
        int code = run("scen", movingAi("maps/dao/den312d.map").toString(),
                movingAi("scenarios/dao/den312d.map.scen").toString(), "--out", outFile.toString());
        assertThat(code).isZero();
        assertThat(stdout()).startsWith("scen: queries=320 mismatches=0 mean_us=");
        List<String> lines = Files.readAllLines(outFile);
        assertThat(lines).hasSize(320);
        assertThat(lines).allSatisfy(l -> assertThat(l.split("\t")).hasSize(9));
        assertThat(lines.get(0).split("\t")[6]).isEqualTo("FOUND");
    }

    @Test
    void scen_WhenLegacyVersionOneDotZeroFile_RunsAllQueries() {
        int code = run("scen", movingAi("maps/bg512/AR0011SR.map").toString(),
                movingAi("scenarios/bg512/AR0011SR.map.scen").toString(), "--warmup", "0");
        assertThat(code).isZero();
        assertThat(stdout()).startsWith("scen: queries=1280 mismatches=0");
    }

    @Test
    void scen_WhenAnOptimalLengthIsWrong_CountsTheMismatchAndExitsOne() throws IOException {
        Path scen = tmp.resolve("wrong.scen");
        Files.writeString(scen, "version 1\n"
                + "0\tmaps/dao/arena2.map\t281\t209\t100\t41\t98\t44\t3.82843\n"
                + "0\tmaps/dao/arena2.map\t281\t209\t101\t120\t103\t122\t2.5\n");
        int code = run("scen", movingAi("maps/dao/arena2.map").toString(), scen.toString());
        assertThat(code).isEqualTo(1);
        assertThat(stdout()).startsWith("scen: queries=2 mismatches=1");
    }

    @Test
    void launcher_WhenAskedForHelp_ListsEverySubcommand() throws Exception {
        Process p = new ProcessBuilder("bash", root().resolve("navserver").toString(), "--help")
                .redirectErrorStream(true).start();
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).isZero();
        assertThat(text).contains("serve", "directory [--config FILE]", "path MAP SX SY GX GY", "scen MAP SCEN",
                "genmap --kind", "bots");
        // every option of serve, path and scen is in the launcher's usage (the bots' are checked in the bots module)
        for (CommandLine sub : new CommandLine(new Main()).getSubcommands().values()) {
            for (CommandLine.Model.OptionSpec o : sub.getCommandSpec().options()) {
                if (!o.usageHelp() && !o.versionHelp()) {
                    assertThat(text).as("usage names %s %s", sub.getCommandName(), o.longestName())
                            .contains(o.longestName());
                }
            }
        }
    }
    @Test
    void serve_WhenAdminHostIsBlank_ExitsTwoNamingTheOption() {
        int code = run("serve", "--config", root().resolve("config/navserver.yaml").toString(), "--admin-host", " ");
        assertThat(code).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("invalid option --admin-host: must not be empty");
    }

    @Test
    void directory_WhenTheConfigHasNoEtcd_ExitsTwoNamingTheKey() {
        int code = run("directory", "--config", root().resolve("config/navserver.yaml").toString());
        assertThat(code).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("cluster.etcd: must be set for the directory");
    }

    @Test
    void serve_WhenAClusterNodeHasNoNodeIdOrAWildcardAdvertiseHost_ExitsTwoNamingTheKey() throws IOException {
        Path config = Files.createDirectories(tmp.resolve("config")).resolve("navserver.yaml");
        Files.writeString(config, "configVersion: 1\nserver: {host: 127.0.0.1}\n"
                + "cluster: {etcd: [http://127.0.0.1:1]}\n");
        assertThat(run("serve", "--config", config.toString())).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8))
                .contains(config + ": cluster.nodeId: must be set when cluster.etcd is set");
        Files.writeString(config, "configVersion: 1\ncluster: {etcd: [http://127.0.0.1:1], nodeId: n1}\n");
        assertThat(run("serve", "--config", config.toString())).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8))
                .contains("cluster.advertiseHost: '0.0.0.0' (from server.host) is a wildcard address");
    }
}
