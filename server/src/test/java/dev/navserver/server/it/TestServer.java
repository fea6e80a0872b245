package dev.navserver.server.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.io.MapLoader;
import dev.navserver.server.NavServer;
import dev.navserver.server.cluster.MapOwnership;
import dev.navserver.server.config.ConfigOverrides;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A real {@link NavServer} on loopback with ephemeral ports, started from a config file written into a temporary
 * directory: the test defaults of {@link #DEFAULTS} plus per-test overrides ({@code "section.key" -> YAML value}).
 */
final class TestServer implements AutoCloseable {
    static final String TOKEN = "it-token-0123456789abcdef";
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Test defaults: loopback, ephemeral ports, no automatic spawns, generous limits. */
    static final Map<String, String> DEFAULTS;

    static {
        Map<String, String> d = new LinkedHashMap<>();
        d.put("server.host", "127.0.0.1");
        d.put("server.port", "0");
        d.put("server.maxFrameBytes", "65536");
        d.put("server.maxConnections", "64");
        d.put("server.maxMessagesPerSecond", "1000");
        d.put("server.outboundLimitBytes", "1048576");
        d.put("server.idleTimeoutSeconds", "60");
        d.put("admin.host", "127.0.0.1");
        d.put("admin.port", "0");
        d.put("admin.token", "\"" + TOKEN + "\"");
        d.put("tick.hz", "20");
        d.put("chase.navIntervalSeconds", "0.5");
        d.put("chase.moveThresholdMeters", "0.5");
        d.put("chase.localNavDistanceMeters", "4.0");
        d.put("chase.localNavHysteresisMeters", "1.0");
        d.put("chase.stoppingDistanceMeters", "1.0");
        d.put("chase.monsterSpeedMetersPerSecond", "2.0");
        d.put("chase.monstersPerPlayer", "0");
        d.put("chase.allowClientSpawn", "true");
        d.put("chase.snapshotHz", "5");
        d.put("search.algorithm", "jps");
        d.put("search.maxExpandedNodes", "8000");
        d.put("search.plannerThreads", "2");
        d.put("maps.default", "arena");
        DEFAULTS = Map.copyOf(d);
    }

    final Path configFile;
    final Path mapsDir;
    private final NavServer server;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    private TestServer(Path configFile, Path mapsDir, MapOwnership ownership) throws Exception {
        this.configFile = configFile;
        this.mapsDir = mapsDir;
        this.server = new NavServer(configFile, ConfigOverrides.NONE, ownership);
        server.start();
    }

    /** Starts a server on the repository's {@code maps/} directory. */
    static TestServer start(Path tmp, Map<String, String> overrides) throws Exception {
        return start(tmp, repoRoot().resolve("maps"), overrides);
    }

    /** Starts a server on a temporary copy of {@code maps/arena.txt}, for tests that edit maps. */
    static TestServer startWithMapCopy(Path tmp, Map<String, String> overrides) throws Exception {
        Path maps = Files.createDirectories(tmp.resolve("maps"));
        Files.copy(repoRoot().resolve("maps/arena.txt"), maps.resolve("arena.txt"));
        return start(tmp, maps, overrides);
    }

    /** Starts a server on {@code mapsDir} with its config (and so its {@code data/edits}) under {@code tmp}. */
    static TestServer start(Path tmp, Path mapsDir, Map<String, String> overrides) throws Exception {
        return start(tmp, mapsDir, overrides, MapOwnership.SINGLE_PROCESS);
    }

    /** As {@link #start(Path, Path, Map)}, serving only the maps {@code ownership} names {@code Local}. */
    static TestServer start(Path tmp, Path mapsDir, Map<String, String> overrides, MapOwnership ownership)
            throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("config"));
        Path config = dir.resolve("navserver.yaml");
        Files.writeString(config, yaml(mapsDir, overrides));
        return new TestServer(config, mapsDir, ownership);
    }

    /** The config file text: {@link #DEFAULTS} with {@code overrides} applied. */
    /**
     * Config overrides of a cluster node on {@code etcd}: its members as {@code cluster.etcd}, {@code nodeId}, a
     * lease of {@code leaseSeconds} and a shared {@code snapshotDir}; a mutable map for the test's own keys.
     */
    static Map<String, String> clusterNode(dev.navserver.server.cluster.EtcdProcesses etcd, String nodeId,
            int leaseSeconds, Path snapshotDir) {
        Map<String, String> o = new java.util.HashMap<>();
        o.put("cluster.etcd", "[" + String.join(", ", etcd.clientUrls()) + "]");
        o.put("cluster.nodeId", nodeId);
        o.put("cluster.leaseSeconds", Integer.toString(leaseSeconds));
        o.put("cluster.snapshotDir", "\"" + snapshotDir + "\"");
        return o;
    }

    static String yaml(Path mapsDir, Map<String, String> overrides) {
        Map<String, String> all = new LinkedHashMap<>();
        DEFAULTS.keySet().stream().sorted().forEach(k -> all.put(k, DEFAULTS.get(k)));
        all.putAll(overrides);
        all.put("maps.dir", "\"" + mapsDir.toAbsolutePath().toString().replace("\\", "\\\\") + "\"");
        Map<String, StringBuilder> sections = new LinkedHashMap<>();
        all.forEach((key, value) -> {
            int dot = key.indexOf('.');
            sections.computeIfAbsent(key.substring(0, dot), s -> new StringBuilder(s + ":\n"))
                    .append("  ").append(key.substring(dot + 1)).append(": ").append(value).append('\n');
        });
        StringBuilder sb = new StringBuilder("configVersion: 1\n");
        sections.values().forEach(sb::append);
        return sb.toString();
    }

    /** Rewrites the config file in place with {@link #DEFAULTS} plus {@code overrides}. */
    void rewriteConfig(Map<String, String> overrides) throws IOException {
        Files.writeString(configFile, yaml(mapsDir, overrides));
    }

    /** Rewrites the config file with raw text, the way an editor saving in place does. */
    void rewriteConfigText(String text) throws IOException {
        Files.writeString(configFile, text);
    }

    /** Replaces a map file the way a deploy script does: write a temporary file, then rename it over the old one. */
    void replaceMapFile(String fileName, String text) throws IOException {
        Path tmp = mapsDir.resolve("." + fileName + ".tmp");
        Files.writeString(tmp, text);
        Files.move(tmp, mapsDir.resolve(fileName), StandardCopyOption.REPLACE_EXISTING,
                StandardCopyOption.ATOMIC_MOVE);
    }

    NavServer server() {
        return server;
    }

    int gamePort() {
        return server.gamePort();
    }

    NdjsonClient connect() throws IOException {
        return new NdjsonClient(server.gamePort());
    }

    /** A new client that said hello on {@code arena}. */
    NdjsonClient player(String name) throws IOException {
        NdjsonClient c = connect();
        c.hello(name, "arena");
        return c;
    }

    HttpResponse<String> http(String method, String path, String token) {
        return http(method, path, token, null);
    }

    /** An admin HTTP request with a UTF-8 body, or none when {@code body} is null. */
    HttpResponse<String> http(String method, String path, String token, String body) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.adminPort() + path))
                .timeout(Duration.ofSeconds(5))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body));
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        try {
            return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** {@code GET /admin/status} as JSON. */
    JsonNode status() {
        HttpResponse<String> r = http("GET", "/admin/status", TOKEN);
        assertThat(r.statusCode()).isEqualTo(200);
        try {
            return JSON.readTree(r.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    String metrics() {
        HttpResponse<String> r = http("GET", "/metrics", null);
        assertThat(r.statusCode()).isEqualTo(200);
        return r.body();
    }

    /** The value of one metric sample, e.g. {@code navserver_errors_total{code="bad_json"}}; 0 when absent. */
    double metric(String sample) {
        Matcher m = Pattern.compile("(?m)^" + Pattern.quote(sample) + " (\\S+)$").matcher(metrics());
        return m.find() ? Double.parseDouble(m.group(1)) : 0;
    }

    /** Polls a cheap server-side condition (admin HTTP, metrics) until it holds; fails after the timeout. */
    static void awaitCondition(String what, Duration timeout, BooleanSupplier condition) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline >= 0) {
                throw new AssertionError("timed out after " + timeout + " waiting for " + what);
            }
            try {
                Thread.sleep(20); // poll interval of an HTTP condition, not a wait for an outcome
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }

    @Override
    public void close() {
        server.close();
    }

    /** The repository root: the first directory upward from {@code user.dir} that holds {@code maps/arena.txt}. */
    static Path repoRoot() {
        for (Path p = Path.of(System.getProperty("user.dir")).toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("maps/arena.txt")) && Files.isRegularFile(p.resolve("pom.xml"))) {
                return p;
            }
        }
        throw new IllegalStateException("no maps/arena.txt above " + System.getProperty("user.dir"));
    }

    /** The bundled arena, loaded the way the server loads it. */
    static GridMap arena() {
        try {
            return MapLoader.load(repoRoot().resolve("maps/arena.txt"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
