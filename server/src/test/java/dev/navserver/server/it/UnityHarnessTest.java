package dev.navserver.server.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Unity package without Unity: {@code clients/unity/Tests~/Harness/build.sh} compiles the package's
 * {@code Runtime/} and {@code Editor/} folders with Mono's {@code mcs} (against compile-only UnityEngine stubs and
 * Debian's Newtonsoft.Json) and builds {@code NavHarness.exe} from the engine-free core; the harness then plays
 * headless monster-following clients against a real server on loopback, through a server restart on the same port,
 * its world scenario: two players and an authority session sharing one monster from spawn to despawn, and its
 * redirect scenario: two real servers, the first redirecting the map to the second.
 * Skipped when {@code mcs}, {@code mono} or Newtonsoft.Json is missing, unless {@code NAVSERVER_REQUIRE_MONO=1} (set by
 * {@code .ci/run}, which installs them), in which case a missing toolchain fails the test.
 */
class UnityHarnessTest {
    private static final Path NEWTONSOFT_DIR = Path.of("/usr/lib/cli");
    private static final Pattern SUMMARY = Pattern.compile("(?m)^harness: .*$");
    private static final Pattern WORLD_SUMMARY = Pattern.compile("(?m)^world: .*$");
    private static final Pattern REDIRECT_SUMMARY = Pattern.compile("(?m)^redirect: .*$");
    private static final String AUTHORITY_TOKEN = "unity-harness-authority-0123456789";
    private static final Duration BUILD_TIMEOUT = Duration.ofSeconds(180);

    @TempDir
    static Path tmp;
    private static Path exe;

    @BeforeEach
    void buildPackageOnce() throws Exception {
        if (exe != null) {
            return;
        }
        List<String> missing = new ArrayList<>();
        if (onPath("mcs") == null) {
            missing.add("mcs (apt-get install mono-mcs)");
        }
        if (onPath("mono") == null) {
            missing.add("mono (apt-get install mono-mcs)");
        }
        if (!newtonsoftPresent()) {
            missing.add(NEWTONSOFT_DIR + "/Newtonsoft.Json-*/Newtonsoft.Json.dll (apt-get install libnewtonsoft-json-cil-dev)");
        }
        if (!missing.isEmpty()) {
            String what = "Unity package check SKIPPED: missing " + String.join(", ", missing);
            if ("1".equals(System.getenv("NAVSERVER_REQUIRE_MONO"))) {
                throw new AssertionError("NAVSERVER_REQUIRE_MONO=1 but the Unity package check cannot run: " + what);
            }
            System.err.println(what);
        }
        assumeThat(missing).as("Unity package check SKIPPED: Mono toolchain present (mcs, mono, Newtonsoft.Json); "
                + "install mono-mcs and libnewtonsoft-json-cil-dev to run it").isEmpty();

        Path out = Path.of("target", "unity-harness").toAbsolutePath();
        Path buildScript = TestServer.repoRoot().resolve("clients/unity/Tests~/Harness/build.sh");
        Result build = run(List.of("sh", buildScript.toString(), out.toString()), BUILD_TIMEOUT);
        assertThat(build.exitCode).as("build.sh output:\n%s", build.output()).isZero();
        exe = out.resolve("NavHarness.exe");
        assertThat(exe).isRegularFile();
    }

    @Test
    void harnessSelfTest_CoreParsingFollowingStateMachineAndExport_AllChecksPass() throws Exception {
        Result r = run(List.of("mono", exe.toString(), "--self-test"), Duration.ofSeconds(60));
        assertThat(r.exitCode).as("self-test output:\n%s", r.output()).isZero();
        assertThat(r.stdout).containsPattern("self-test: checks=\\d+ failures=0");
    }

    @Test
    void harnessAgainstRealServer_ThroughARestart_WalkablePathsHandoffsAndAReconnect() throws Exception {
        Map<String, String> cfg = new HashMap<>();
        cfg.put("chase.monsterSpeedMetersPerSecond", "6.0");
        cfg.put("chase.monstersPerPlayer", "0");
        cfg.put("chase.allowClientSpawn", "true");
        cfg.put("chase.snapshotHz", "10");
        TestServer first = TestServer.start(tmp.resolve("first"), cfg);
        int port = first.gamePort();
        Path map = TestServer.repoRoot().resolve("maps/arena.txt");
        ProcessBuilder pb = new ProcessBuilder("mono", exe.toString(), "--host", "127.0.0.1", "--port",
                Integer.toString(port), "--map", map.toString(), "--monsters", "3", "--seconds", "11",
                "--hop-seconds", "4");
        Process harness = pb.start();
        Lines stdout = Lines.of(harness.getInputStream());
        Lines stderr = Lines.of(harness.getErrorStream());
        TestServer second = null;
        try {
            stderr.await("a handoff before the restart", Duration.ofSeconds(8),
                    l -> l.contains("reconnects=0 handoff monster="));
            first.close();
            cfg.put("server.port", Integer.toString(port));
            second = TestServer.start(tmp.resolve("second"), cfg);
            stderr.await("a handoff after the reconnect", Duration.ofSeconds(8),
                    l -> l.contains("reconnects=1 handoff monster="));
            assertThat(harness.waitFor(20, TimeUnit.SECONDS)).as("harness finished").isTrue();
        } finally {
            harness.destroyForcibly();
            first.close();
            if (second != null) {
                second.close();
            }
        }
        String out = stdout.joined();
        Matcher m = SUMMARY.matcher(out);
        assertThat(m.find()).as("a harness: line in\n%s\nstderr:\n%s", out, stderr.joined()).isTrue();
        String line = m.group();
        System.out.println(line);
        assertThat(harness.exitValue()).as("exit code; %s\nstderr:\n%s", line, stderr.joined()).isZero();
        Map<String, String> f = fields(line);
        assertThat(Long.parseLong(f.get("monsters"))).as(line).isGreaterThanOrEqualTo(6); // 3 per session
        assertThat(Long.parseLong(f.get("nav_paths"))).as(line).isPositive();
        assertThat(Long.parseLong(f.get("points"))).as(line).isPositive();
        assertThat(f.get("unwalkable")).as(line).isEqualTo("0");
        assertThat(f.get("parse_failures")).as(line).isEqualTo("0");
        assertThat(f.get("missing_handoffs")).as(line).isEqualTo("0");
        assertThat(f.get("errors")).as(line).isEqualTo("0");
        assertThat(Long.parseLong(f.get("handoffs"))).as(line).isGreaterThanOrEqualTo(2);
        assertThat(Long.parseLong(f.get("reconnects"))).as(line).isGreaterThanOrEqualTo(3); // every client
        assertThat(f.get("result")).as(line).isEqualTo("ok");
    }

    @Test
    void harnessWorldScenario_TwoPlayersAndAnAuthority_ShareOneMonsterFromSpawnToDespawn() throws Exception {
        Map<String, String> cfg = new HashMap<>();
        cfg.put("server.authorityToken", "\"" + AUTHORITY_TOKEN + "\"");
        cfg.put("chase.monstersPerPlayer", "0");
        cfg.put("chase.monsterSpeedMetersPerSecond", "4.0");
        cfg.put("chase.snapshotHz", "10");
        cfg.put("aoi.radiusMeters", "15");
        cfg.put("aoi.hysteresisMeters", "2");
        Path map = TestServer.repoRoot().resolve("maps/arena.txt");
        try (TestServer server = TestServer.start(tmp.resolve("world"), cfg)) {
            Result r = run(List.of("mono", exe.toString(), "--scenario", "world", "--token", AUTHORITY_TOKEN,
                    "--host", "127.0.0.1", "--port", Integer.toString(server.gamePort()), "--map", map.toString(),
                    "--step-seconds", "10"), Duration.ofSeconds(150));
            Matcher m = WORLD_SUMMARY.matcher(r.stdout);
            assertThat(m.find()).as("a world: line in\n%s", r.output()).isTrue();
            String line = m.group();
            System.out.println(line);
            assertThat(r.exitCode).as("exit code; %s\nstderr:\n%s", line, r.stderr).isZero();
            Map<String, String> f = fields(line);
            assertThat(f.get("steps")).as(line).isEqualTo("10/10");
            assertThat(Long.parseLong(f.get("enters_alice"))).as(line).isGreaterThanOrEqualTo(1);
            assertThat(Long.parseLong(f.get("enters_bob"))).as(line).isGreaterThanOrEqualTo(1);
            assertThat(Long.parseLong(f.get("bob_paths_toward_alice"))).as(line).isPositive();
            assertThat(Long.parseLong(f.get("handoffs_alice"))).as(line).isPositive();
            assertThat(f.get("unwalkable")).as(line).isEqualTo("0");
            assertThat(f.get("foreign_local_nav")).as(line).isEqualTo("0");
            assertThat(f.get("parse_failures")).as(line).isEqualTo("0");
            assertThat(f.get("expected_errors")).as(line).isEqualTo("2");
            assertThat(f.get("unexpected_errors")).as(line).isEqualTo("0");
            assertThat(f.get("result")).as(line).isEqualTo("ok");
        }
    }

    @Test
    void harnessRedirectScenario_NodeARedirectsTheArenaToNodeB_EveryClientIsWelcomedAndChasedByB() throws Exception {
        Map<String, String> cfg = new HashMap<>();
        cfg.put("chase.monstersPerPlayer", "0");
        cfg.put("chase.allowClientSpawn", "true");
        cfg.put("chase.monsterSpeedMetersPerSecond", "6.0");
        Path map = TestServer.repoRoot().resolve("maps/arena.txt");
        MutableOwnership ownership = new MutableOwnership();
        try (TestServer b = TestServer.start(tmp.resolve("redirect-b"), cfg);
             TestServer a = TestServer.start(tmp.resolve("redirect-a"), TestServer.repoRoot().resolve("maps"), cfg,
                     ownership.set("arena", new dev.navserver.server.cluster.Owner.Remote("b", "127.0.0.1",
                             b.gamePort())))) {
            Result r = run(List.of("mono", exe.toString(), "--scenario", "redirect", "--host", "127.0.0.1", "--port",
                    Integer.toString(a.gamePort()), "--map", map.toString(), "--monsters", "2", "--seconds", "5"),
                    Duration.ofSeconds(60));
            assertBothClientsRedirectedTo(r, b.gamePort());
            assertThat(a.metric("navserver_redirects_total{reason=\"redirect\"}")).isEqualTo(2.0);
            assertThat(b.metric("navserver_nav_path_pushes_total")).as("the paths came from B").isPositive();
        }
    }

    /**
     * The same redirect scenario against a real two-node cluster: one etcd member, two nodes with one map slot each
     * (so each claims one of {@code arena} and {@code other}); the harness connects to the node that does not own
     * {@code arena} and is sent to the one that does by etcd's ownership, not by a test's fixed answer.
     */
    @Test
    void harnessRedirectScenario_AgainstARealTwoNodeCluster_EveryClientEndsOnTheArenasOwner() throws Exception {
        assumeThat(dev.navserver.server.cluster.EtcdProcesses.available()
                || System.getenv("NAVSERVER_REQUIRE_ETCD") != null).as("etcd installed").isTrue();
        Path cluster = Files.createDirectories(tmp.resolve("cluster"));
        Path maps = Files.createDirectories(cluster.resolve("maps"));
        Files.copy(TestServer.repoRoot().resolve("maps/arena.txt"), maps.resolve("arena.txt"));
        Files.copy(TestServer.repoRoot().resolve("maps/arena.txt"), maps.resolve("other.txt"));
        try (var etcd = dev.navserver.server.cluster.EtcdProcesses.start(cluster.resolve("etcd"), 1)) {
            Map<String, String> a = TestServer.clusterNode(etcd, "a", 2, cluster.resolve("snapshots"));
            Map<String, String> b = TestServer.clusterNode(etcd, "b", 2, cluster.resolve("snapshots"));
            for (Map<String, String> cfg : List.of(a, b)) {
                cfg.put("chase.monstersPerPlayer", "0");
                cfg.put("chase.allowClientSpawn", "true");
                cfg.put("chase.monsterSpeedMetersPerSecond", "6.0");
                cfg.put("cluster.maxMaps", "1");
            }
            try (TestServer na = TestServer.start(cluster.resolve("a"), maps, a);
                 TestServer nb = TestServer.start(cluster.resolve("b"), maps, b)) {
                TestServer.awaitCondition("each node serves one map", Duration.ofSeconds(30),
                        () -> na.server().clusterNode().served().size() == 1
                                && nb.server().clusterNode().served().size() == 1);
                TestServer owner = na.server().clusterNode().served().contains("arena") ? na : nb;
                TestServer other = owner == na ? nb : na;
                Result r = run(List.of("mono", exe.toString(), "--scenario", "redirect", "--host", "127.0.0.1",
                        "--port", Integer.toString(other.gamePort()), "--map", maps.resolve("arena.txt").toString(),
                        "--monsters", "2", "--seconds", "5"), Duration.ofSeconds(60));
                assertBothClientsRedirectedTo(r, owner.gamePort());
            }
        }
    }

    /** The harness's redirect: line says both clients were redirected to {@code port}, welcomed and chased. */
    private static void assertBothClientsRedirectedTo(Result r, int port) {
        Matcher m = REDIRECT_SUMMARY.matcher(r.stdout);
        assertThat(m.find()).as("a redirect: line in\n%s", r.output()).isTrue();
        String line = m.group();
        System.out.println(line);
        assertThat(r.exitCode).as("exit code; %s\nstderr:\n%s", line, r.stderr).isZero();
        Map<String, String> f = fields(line);
        assertThat(f.get("redirects")).as(line).isEqualTo("2");
        assertThat(f.get("redirected_to")).as(line).isEqualTo("127.0.0.1:" + port);
        assertThat(f.get("welcomed")).as(line).isEqualTo("2");
        assertThat(Long.parseLong(f.get("nav_paths"))).as(line).isPositive();
        assertThat(f.get("unwalkable")).as(line).isEqualTo("0");
        assertThat(f.get("gave_up")).as(line).isEqualTo("0");
        assertThat(f.get("errors")).as(line).isEqualTo("0");
        assertThat(f.get("result")).as(line).isEqualTo("ok");
    }

    private static Map<String, String> fields(String line) {
        Map<String, String> f = new HashMap<>();
        for (String token : line.substring(line.indexOf(':') + 1).trim().split(" ")) {
            int eq = token.indexOf('=');
            f.put(token.substring(0, eq), token.substring(eq + 1));
        }
        return f;
    }

    private static Path onPath(String command) {
        String path = System.getenv("PATH");
        if (path == null) {
            return null;
        }
        for (String dir : path.split(File.pathSeparator)) {
            Path p = Path.of(dir, command);
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }

    private static boolean newtonsoftPresent() throws IOException {
        if (!Files.isDirectory(NEWTONSOFT_DIR)) {
            return false;
        }
        try (var dirs = Files.list(NEWTONSOFT_DIR)) {
            return dirs.anyMatch(d -> d.getFileName().toString().startsWith("Newtonsoft.Json-")
                    && Files.isRegularFile(d.resolve("Newtonsoft.Json.dll")));
        }
    }

    /** A finished process: exit code and both streams. */
    private record Result(int exitCode, String stdout, String stderr) {
        String output() {
            return stdout + stderr;
        }
    }

    private static Result run(List<String> command, Duration timeout) throws Exception {
        Process p = new ProcessBuilder(command).start();
        Lines out = Lines.of(p.getInputStream());
        Lines err = Lines.of(p.getErrorStream());
        if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(command + " did not finish within " + timeout + "\n" + out.joined() + err.joined());
        }
        out.thread.join(5000);
        err.thread.join(5000);
        return new Result(p.exitValue(), out.joined(), err.joined());
    }

    /** The lines of a process stream, collected by a daemon thread; {@link #await} waits for one that matches. */
    private static final class Lines {
        private final List<String> all = new ArrayList<>();
        private final BlockingQueue<String> fresh = new LinkedBlockingQueue<>();
        private Thread thread;

        static Lines of(InputStream in) {
            Lines lines = new Lines();
            lines.thread = new Thread(() -> {
                try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                    String l;
                    while ((l = r.readLine()) != null) {
                        synchronized (lines.all) {
                            lines.all.add(l);
                        }
                        lines.fresh.add(l);
                    }
                } catch (IOException e) {
                    // the process ended: what was read is kept
                }
            }, "harness-output");
            lines.thread.setDaemon(true);
            lines.thread.start();
            return lines;
        }

        void await(String what, Duration timeout, java.util.function.Predicate<String> match)
                throws InterruptedException {
            long deadline = System.nanoTime() + timeout.toNanos();
            while (true) {
                long left = deadline - System.nanoTime();
                String l = left > 0 ? fresh.poll(left, TimeUnit.NANOSECONDS) : null;
                if (l == null) {
                    throw new AssertionError("timed out after " + timeout + " waiting for " + what + "; output:\n"
                            + joined());
                }
                if (match.test(l)) {
                    return;
                }
            }
        }

        String joined() {
            synchronized (all) {
                return String.join("\n", all) + "\n";
            }
        }
    }
}
