package dev.navserver.server.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.navserver.nav.search.Algorithm;
import dev.navserver.nav.search.SearchMode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ConfigLoaderTest {
    @TempDir
    Path tmp;

    static Path repoRoot() {
        for (Path p = Path.of(System.getProperty("user.dir")).toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("config/navserver.yaml")) && Files.isRegularFile(p.resolve("mvnw"))) {
                return p;
            }
        }
        throw new IllegalStateException("no repository root above " + System.getProperty("user.dir"));
    }

    private NavServerConfig parse(String yaml) throws ConfigException {
        return ConfigLoader.parse(yaml.getBytes(StandardCharsets.UTF_8), tmp.resolve("config/navserver.yaml"));
    }

    @Test
    void shippedConfig_LoadsAndEqualsTheDefaults_WithMapsNextToConfigDir() throws Exception {
        Path root = repoRoot();
        NavServerConfig shipped = ConfigLoader.load(root.resolve("config/navserver.yaml"));

        assertThat(shipped.maps().dir()).isEqualTo(root.resolve("maps").toAbsolutePath().normalize());
        assertThat(shipped.maps().editLogDir()).isEqualTo(root.resolve("data/edits").toAbsolutePath().normalize());
        NavServerConfig defaults = NavServerConfig.defaults();
        assertThat(shipped.server()).isEqualTo(defaults.server());
        assertThat(shipped.admin()).isEqualTo(defaults.admin());
        assertThat(shipped.tick()).isEqualTo(defaults.tick());
        assertThat(shipped.chase()).isEqualTo(defaults.chase());
        assertThat(shipped.search()).isEqualTo(defaults.search());
        assertThat(shipped.maps().defaultMap()).isEqualTo("arena");
    }

    @Test
    void shippedConfig_CommentsEveryKey() throws Exception {
        var lines = Files.readAllLines(repoRoot().resolve("config/navserver.yaml"));
        assertThat(lines.stream().filter(l -> !l.isBlank() && !l.strip().startsWith("#")).findFirst())
                .contains("configVersion: 1");
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i);
            if (l.startsWith("  ") && !l.strip().startsWith("#") && !l.isBlank()) {
                assertThat(lines.get(i - 1).strip()).as("comment above '%s'", l.strip()).startsWith("#");
            }
        }
        // Every key of the typed config appears in the file.
        String text = String.join("\n", lines);
        for (String key : NavServerConfig.defaults().keyValues().keySet()) {
            String leaf = key.substring(key.lastIndexOf('.') + 1);
            assertThat(text).as(key).contains(leaf + ":");
        }
    }

    @Test
    void minimalFile_TakesDefaultsForEveryMissingKey() throws Exception {
        NavServerConfig c = parse("configVersion: 1\n");
        assertThat(c.server().port()).isEqualTo(7400);
        assertThat(c.admin().host()).isEqualTo("127.0.0.1");
        assertThat(c.admin().port()).isEqualTo(7401);
        assertThat(c.admin().token()).isEmpty();
        assertThat(c.tick().hz()).isEqualTo(20);
        assertThat(c.chase().navIntervalSeconds()).isEqualTo(0.5);
        assertThat(c.search().algorithm()).isEqualTo(Algorithm.JPS);
        assertThat(c.search().mode()).isEqualTo(SearchMode.OPTIMAL);
        assertThat(c.search().maxExpandedNodes()).isEqualTo(8000);
        assertThat(c.search().landmarks()).isEqualTo(16);
        assertThat(c.maps().dir()).isEqualTo(tmp.resolve("maps"));
    }

    @Test
    void values_AreReadWithTheirTypes() throws Exception {
        NavServerConfig c = parse("""
                configVersion: 1
                server: {host: 127.0.0.1, port: 0, outboundLimitBytes: 2097152, ioThreads: 3}
                admin: {token: abcdefghijklmnopqrstuvwxyz}
                chase: {navIntervalSeconds: 0.25, allowClientSpawn: false, monstersPerPlayer: 0, snapshotHz: 0}
                search: {algorithm: astar, mode: approximate, landmarks: 8, plannerThreads: 4}
                maps: {dir: /srv/maps, default: dungeon}
                """);
        assertThat(c.server().port()).isZero();
        assertThat(c.server().outboundLimitBytes()).isEqualTo(2_097_152L);
        assertThat(c.server().ioThreads()).isEqualTo(3);
        assertThat(c.server().ioThreadCount()).isEqualTo(3);
        assertThat(NavServerConfig.defaults().server().ioThreadCount())
                .as("0 = Netty's default").isEqualTo(2 * Runtime.getRuntime().availableProcessors());
        assertThat(c.admin().token()).isEqualTo("abcdefghijklmnopqrstuvwxyz");
        assertThat(c.admin().toString()).doesNotContain("abcdefghijklmnopqrstuvwxyz");
        assertThat(c.describe().get("admin.token")).isEqualTo("(set)");
        assertThat(c.chase().navIntervalSeconds()).isEqualTo(0.25);
        assertThat(c.chase().allowClientSpawn()).isFalse();
        assertThat(c.search().algorithm()).isEqualTo(Algorithm.ASTAR);
        assertThat(c.search().mode()).isEqualTo(SearchMode.APPROXIMATE);
        assertThat(c.describe().get("search.mode")).isEqualTo("approximate");
        assertThat(c.search().landmarks()).isEqualTo(8);
        assertThat(c.search().plannerThreads()).isEqualTo(4);
        assertThat(c.maps().dir()).isEqualTo(Path.of("/srv/maps"));
        assertThat(c.maps().defaultMap()).isEqualTo("dungeon");
    }

    @Test
    void nullToken_MeansNoToken() throws Exception {
        assertThat(parse("configVersion: 1\nadmin:\n  token:\n").admin().token()).isEmpty();
        assertThat(parse("configVersion: 1\nserver:\n  authorityToken:\n").server().authorityToken()).isEmpty();
    }

    @Test
    void authorityToken_IsReadKeptOutOfToStringAndDescribe_AndAppliedLive() throws Exception {
        String token = "authority-" + "x".repeat(246); // 256 characters, the longest allowed
        NavServerConfig c = parse("configVersion: 1\nserver: {authorityToken: " + token + "}\n");
        assertThat(c.server().authorityToken()).isEqualTo(token);
        assertThat(c.toString()).doesNotContain(token).contains("authorityToken=(set)");
        assertThat(c.describe()).containsEntry("server.authorityToken", "(set)");
        assertThat(c.describe().toString()).doesNotContain(token);
        assertThat(NavServerConfig.defaults().server().authorityToken()).isEmpty();
        assertThat(NavServerConfig.defaults().describe()).containsEntry("server.authorityToken", "(empty)");

        ConfigDiff d = ConfigDiff.between(NavServerConfig.defaults(), c);
        assertThat(d.liveKeys()).containsExactly("server.authorityToken");
        assertThat(c.withRestartOnlyValuesFrom(NavServerConfig.defaults()).server().authorityToken()).isEqualTo(token);
    }

    @Test
    void relativeMapsDir_ResolvesAgainstTheParentOfTheConfigDirectory() {
        Path cfg = Path.of("/opt/navserver/config/navserver.yaml");
        assertThat(ConfigLoader.resolveMapsDir(cfg, Path.of("maps"))).isEqualTo(Path.of("/opt/navserver/maps"));
        assertThat(ConfigLoader.resolveMapsDir(cfg, Path.of("../data/maps"))).isEqualTo(Path.of("/opt/data/maps"));
        assertThat(ConfigLoader.resolveMapsDir(cfg, Path.of("/srv/m"))).isEqualTo(Path.of("/srv/m"));
        assertThat(ConfigLoader.resolveMapsDir(Path.of("/navserver.yaml"), Path.of("maps"))).isEqualTo(Path.of("/maps"));
    }

    static Stream<Arguments> invalidConfigs() {
        return Stream.of(
                Arguments.of("unknown top-level key", "configVersion: 1\nsever: {port: 1}\n",
                        "sever: unknown key"),
                Arguments.of("unknown nested key", "configVersion: 1\nserver: {prot: 7400}\n",
                        "server.prot: unknown key (known keys under server: host, port"),
                Arguments.of("string for an integer", "configVersion: 1\nserver: {port: \"7400\"}\n",
                        "server.port: expected a whole number, got the string \"7400\""),
                Arguments.of("fraction for an integer", "configVersion: 1\ntick: {hz: 20.5}\n",
                        "tick.hz: expected a whole number, got the number 20.5"),
                Arguments.of("huge integer", "configVersion: 1\nserver: {maxConnections: 99999999999}\n",
                        "server.maxConnections: 99999999999 is out of range for an integer"),
                Arguments.of("string for a number", "configVersion: 1\nchase: {navIntervalSeconds: fast}\n",
                        "chase.navIntervalSeconds: expected a number, got the string \"fast\""),
                Arguments.of("string for a boolean", "configVersion: 1\nchase: {allowClientSpawn: \"yes\"}\n",
                        "chase.allowClientSpawn: expected true or false, got the string \"yes\""),
                Arguments.of("number for a string", "configVersion: 1\nmaps: {default: 42}\n",
                        "maps.default: expected a string, got the number 42 (quote it)"),
                Arguments.of("number for a token: never quoted", "configVersion: 1\nadmin: {token: 12345678901234567}\n",
                        "admin.token: expected a string, got a number (quote it)"),
                Arguments.of("boolean for the authority token", "configVersion: 1\nserver: {authorityToken: true}\n",
                        "server.authorityToken: expected a string, got a boolean (quote it)"),
                Arguments.of("list for a scalar", "configVersion: 1\nserver: {host: [a, b]}\n",
                        "server.host: expected a string, got a list"),
                Arguments.of("scalar for a section", "configVersion: 1\nchase: 3\n",
                        "chase: expected a mapping of keys, got the number 3"),
                Arguments.of("NaN", "configVersion: 1\nchase: {moveThresholdMeters: .nan}\n",
                        "chase.moveThresholdMeters: .nan is not a finite number"),
                Arguments.of("infinity", "configVersion: 1\nchase: {monsterSpeedMetersPerSecond: -.inf}\n",
                        "chase.monsterSpeedMetersPerSecond: -.inf is not a finite number"),
                Arguments.of("zero interval", "configVersion: 1\nchase: {navIntervalSeconds: 0.0}\n",
                        "chase.navIntervalSeconds: 0.0 is out of range (0.01..60)"),
                Arguments.of("negative distance", "configVersion: 1\nchase: {stoppingDistanceMeters: -1}\n",
                        "chase.stoppingDistanceMeters: -1.0 is out of range (0..100)"),
                Arguments.of("negative monster radius", "configVersion: 1\nchase: {monsterRadiusMeters: -0.1}\n",
                        "chase.monsterRadiusMeters: -0.1 is out of range (0..10)"),
                Arguments.of("huge player radius", "configVersion: 1\nchase: {playerRadiusMeters: 11}\n",
                        "chase.playerRadiusMeters: 11.0 is out of range (0..10)"),
                Arguments.of("shared field for one monster", "configVersion: 1\nchase: {sharedFieldMinMonsters: 1}\n",
                        "chase.sharedFieldMinMonsters: 1 is out of range (2..10000)"),
                Arguments.of("shared field threshold too high",
                        "configVersion: 1\nchase: {sharedFieldMinMonsters: 10001}\n",
                        "chase.sharedFieldMinMonsters: 10001 is out of range (2..10000)"),
                Arguments.of("fractional shared field threshold", "configVersion: 1\nchase: {sharedFieldMinMonsters: 8.5}\n",
                        "chase.sharedFieldMinMonsters: expected a whole number, got the number 8.5"),
                Arguments.of("no neighbours", "configVersion: 1\ncrowd: {maxNeighbours: 0}\n",
                        "crowd.maxNeighbours: 0 is out of range (1..64)"),
                Arguments.of("string for the avoidance switch", "configVersion: 1\ncrowd: {avoidance: \"on\"}\n",
                        "crowd.avoidance: expected true or false, got the string \"on\""),
                Arguments.of("port too high", "configVersion: 1\nserver: {port: 70000}\n",
                        "server.port: 70000 is out of range (0..65535)"),
                Arguments.of("tiny frame", "configVersion: 1\nserver: {maxFrameBytes: 10}\n",
                        "server.maxFrameBytes: 10 is out of range (256..16777216)"),
                Arguments.of("negative I/O threads", "configVersion: 1\nserver: {ioThreads: -1}\n",
                        "server.ioThreads: -1 is out of range (0..256)"),
                Arguments.of("zero planner threads", "configVersion: 1\nsearch: {plannerThreads: 0}\n",
                        "search.plannerThreads: 0 is out of range (1..64)"),
                Arguments.of("tick too fast", "configVersion: 1\ntick: {hz: 1000}\n",
                        "tick.hz: 1000 is out of range (1..120)"),
                Arguments.of("syntax error inside a section", "configVersion: 1\nchase: {snapshotHz: 5, x\n",
                        "not valid YAML at line"),
                Arguments.of("unknown algorithm", "configVersion: 1\nsearch: {algorithm: dijkstra}\n",
                        "search.algorithm: 'dijkstra' is not one of (astar|jps|subgoal)"),
                Arguments.of("unknown search mode", "configVersion: 1\nsearch: {mode: fast}\n",
                        "search.mode: 'fast' is not one of (optimal|approximate)"),
                Arguments.of("search mode in upper case", "configVersion: 1\nsearch: {mode: APPROXIMATE}\n",
                        "search.mode: 'APPROXIMATE' is not one of (optimal|approximate)"),
                Arguments.of("search mode as a boolean", "configVersion: 1\nsearch: {mode: true}\n",
                        "search.mode: expected a string"),
                Arguments.of("too many landmarks", "configVersion: 1\nsearch: {landmarks: 33}\n",
                        "search.landmarks: 33 is out of range (0..32)"),
                Arguments.of("negative landmarks", "configVersion: 1\nsearch: {landmarks: -1}\n",
                        "search.landmarks: -1 is out of range (0..32)"),
                Arguments.of("negative landmark distance",
                        "configVersion: 1\nsearch: {landmarksMinDistanceCells: -1}\n",
                        "search.landmarksMinDistanceCells: -1 is out of range (0..1000000)"),
                Arguments.of("short token", "configVersion: 1\nadmin: {token: secret}\n",
                        "admin.token: length 6 is out of range (16..256)"),
                Arguments.of("token with space", "configVersion: 1\nadmin: {token: \"0123456789 abcdefgh\"}\n",
                        "admin.token: must not contain whitespace"),
                Arguments.of("short authority token", "configVersion: 1\nserver: {authorityToken: 0123456789abcde}\n",
                        "server.authorityToken: length 15 is out of range (16..256), or leave it empty to have no "
                                + "authority sessions"),
                Arguments.of("long authority token",
                        "configVersion: 1\nserver: {authorityToken: " + "t".repeat(257) + "}\n",
                        "server.authorityToken: length 257 is out of range (16..256)"),
                Arguments.of("authority token with space",
                        "configVersion: 1\nserver: {authorityToken: \"0123456789 abcdefgh\"}\n",
                        "server.authorityToken: must not contain whitespace"),
                Arguments.of("authority token with tab",
                        "configVersion: 1\nserver: {authorityToken: \"0123456789\\tabcdefgh\"}\n",
                        "server.authorityToken: must not contain whitespace"),
                Arguments.of("authority token as number",
                        "configVersion: 1\nserver: {authorityToken: 12345678901234567890}\n",
                        "server.authorityToken: expected a string"),
                Arguments.of("empty host", "configVersion: 1\nserver: {host: \"\"}\n",
                        "server.host: must not be empty"),
                Arguments.of("default map as path", "configVersion: 1\nmaps: {default: ../etc/passwd}\n",
                        "maps.default: '../etc/passwd' must be a map name"),
                Arguments.of("edit log sync unknown", "configVersion: 1\nmaps: {editLogSync: always}\n",
                        "maps.editLogSync: 'always' is not one of (message|tick)"),
                Arguments.of("compaction every 0 edits", "configVersion: 1\nmaps: {editLogCompactEdits: 0}\n",
                        "maps.editLogCompactEdits: 0 is out of range (1..1000000)"),
                Arguments.of("edit cap zero", "configVersion: 1\nmaps: {maxEditCells: 0}\n",
                        "maps.maxEditCells: 0 is out of range (1..16777216)"),
                Arguments.of("map cell limit beyond 16384 squared", "configVersion: 1\nmaps: {maxCells: 268435457}\n",
                        "maps.maxCells: 268435457 is out of range (1..268435456)"),
                Arguments.of("map cell limit zero", "configVersion: 1\nmaps: {maxCells: 0}\n",
                        "maps.maxCells: 0 is out of range (1..268435456)"),
                Arguments.of("spawn range inverted",
                        "configVersion: 1\nchase: {spawnMinDistanceMeters: 10, spawnMaxDistanceMeters: 5}\n",
                        "chase.spawnMaxDistanceMeters: 5.0 is less than chase.spawnMinDistanceMeters (10.0)"),
                Arguments.of("stopping beyond local-nav range",
                        "configVersion: 1\nchase: {localNavDistanceMeters: 2, stoppingDistanceMeters: 3}\n",
                        "chase.stoppingDistanceMeters: 3.0 is more than chase.localNavDistanceMeters (2.0)"),
                Arguments.of("snapshots faster than ticks", "configVersion: 1\ntick: {hz: 10}\nchase: {snapshotHz: 11}\n",
                        "chase.snapshotHz: 11.0 exceeds tick.hz (10)"),
                Arguments.of("same ports", "configVersion: 1\nserver: {port: 9000}\nadmin: {port: 9000}\n",
                        "admin.port: 9000 must differ from server.port"),
                Arguments.of("outbound below frame",
                        "configVersion: 1\nserver: {maxFrameBytes: 65536, outboundLimitBytes: 8192}\n",
                        "server.outboundLimitBytes: 8192 must be at least server.maxFrameBytes (65536)"),
                Arguments.of("cluster etcd not a URL", "configVersion: 1\ncluster: {etcd: [localhost2379]}\n",
                        "cluster.etcd[0]: 'localhost2379' is not an etcd client URL"),
                Arguments.of("cluster etcd as a string", "configVersion: 1\ncluster: {etcd: http://e:2379}\n",
                        "cluster.etcd"),
                Arguments.of("cluster node id too long", "configVersion: 1\ncluster: {nodeId: " + "n".repeat(65)
                        + "}\n", "cluster.nodeId: '" + "n".repeat(65) + "' must be 1..64 characters"),
                Arguments.of("cluster lease zero", "configVersion: 1\ncluster: {leaseSeconds: 0}\n",
                        "cluster.leaseSeconds: 0 is out of range (1..60)"),
                Arguments.of("cluster maxMaps zero", "configVersion: 1\ncluster: {maxMaps: 0}\n",
                        "cluster.maxMaps: 0 is out of range (1..100000)"),
                Arguments.of("cluster drain too long", "configVersion: 1\ncluster: {drainSeconds: 3601}\n",
                        "cluster.drainSeconds: 3601 is out of range (1..3600)"),
                Arguments.of("missing version", "server: {port: 7400}\n",
                        "configVersion: missing (must be 1)"),
                Arguments.of("wrong version", "configVersion: 2\n",
                        "configVersion: 2 is not supported (must be 1)"),
                Arguments.of("duplicate key", "configVersion: 1\nserver:\n  port: 1\n  port: 2\n",
                        "Duplicate field 'port'"),
                Arguments.of("not YAML", "configVersion: 1\nserver: {port: 1\n",
                        "not valid YAML at line"),
                Arguments.of("not a mapping", "- 1\n- 2\n",
                        "(top level): expected a mapping of keys, got a list"),
                Arguments.of("empty file", "", "empty file"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidConfigs")
    void invalidConfig_IsRejectedNamingFileAndKey(String scenario, String yaml, String expectedMessagePart) {
        assertThatThrownBy(() -> parse(yaml))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith(tmp.resolve("config/navserver.yaml") + ": ")
                .hasMessageContaining(expectedMessagePart);
    }

    @Test
    void tokenOfTheWrongType_IsRejectedWithoutItsValueInTheMessage() {
        assertThatThrownBy(() -> parse("configVersion: 1\nadmin: {token: 12345678901234567}\n"))
                .isInstanceOf(ConfigException.class)
                .hasMessageNotContaining("12345678901234567");
        assertThatThrownBy(() -> parse("configVersion: 1\nserver: {authorityToken: 98765432109876543210987}\n"))
                .isInstanceOf(ConfigException.class)
                .hasMessageNotContaining("98765432109876543210987");
    }

    @Test
    void records_CheckRangesWhenBuiltInCode() {
        NavServerConfig.Chase d = NavServerConfig.Chase.DEFAULT;
        assertThatThrownBy(() -> new NavServerConfig.Chase(Double.NaN, d.moveThresholdMeters(),
                d.localNavDistanceMeters(), d.localNavHysteresisMeters(), d.stoppingDistanceMeters(),
                d.monsterSpeedMetersPerSecond(), d.monstersPerPlayer(), d.allowClientSpawn(), d.snapshotHz(),
                d.spawnMinDistanceMeters(), d.spawnMaxDistanceMeters(), d.monsterRadiusMeters(), d.playerRadiusMeters(),
                d.sharedFieldMinMonsters()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("chase.navIntervalSeconds: NaN is not a finite number (allowed 0.01..60)");
        assertThatThrownBy(() -> new NavServerConfig.Tick(0)).hasMessage("tick.hz: 0 is out of range (1..120)");
        assertThat(new NavServerConfig.Tick(20).periodNanos()).isEqualTo(50_000_000L);
        assertThat(NavServerConfig.defaults().keyValues()).hasSize(62).containsEntry("search.algorithm", "jps")
                .containsEntry("search.longRouteMinCells", 256)
                .containsEntry("search.landmarks", 16).containsEntry("search.landmarksMinDistanceCells", 64)
                .containsEntry("search.mode", "optimal").containsEntry("server.ioThreads", 0)
                .containsEntry("maps.maxEditCells", 65536).containsEntry("maps.maxCells", 268_435_456L)
                .containsEntry("maps.editLogCompactEdits", 1000).containsEntry("maps.editLogSync", "tick")
                .containsEntry("chase.monsterRadiusMeters", 0.4)
                .containsEntry("chase.sharedFieldMinMonsters", 8)
                .containsEntry("crowd.avoidance", true).containsEntry("crowd.maxNeighbours", 6);
        assertThatThrownBy(() -> new NavServerConfig.Crowd(true, 0.1, 10, 1.5))
                .hasMessage("crowd.neighbourDistanceMeters: 0.1 is out of range (0.5..50)");
        assertThat(new NavServerConfig.Crowd(false, 3, 10, 1.5).orcaParams()).as("off").isNull();
    }

    @Test
    void invalidUtf8_IsRejected() {
        byte[] bytes = {'c', 'o', 'n', 'f', (byte) 0xC3, (byte) 0x28};
        assertThatThrownBy(() -> ConfigLoader.parse(bytes, tmp.resolve("x.yaml")))
                .isInstanceOf(ConfigException.class).hasMessageContaining("not valid UTF-8");
    }

    @Test
    void missingFile_IsRejectedNamingIt() {
        Path missing = tmp.resolve("nope.yaml");
        assertThatThrownBy(() -> ConfigLoader.load(missing))
                .isInstanceOf(ConfigException.class).hasMessageStartingWith(missing + ": cannot read");
    }

    @Test
    void oversizedFile_IsRejectedBeforeParsing() throws IOException {
        Path big = tmp.resolve("big.yaml");
        Files.write(big, new byte[ConfigLoader.MAX_FILE_BYTES + 1]);
        assertThatThrownBy(() -> ConfigLoader.load(big))
                .isInstanceOf(ConfigException.class).hasMessageContaining("larger than the limit");
    }

    @Test
    void clusterSection_IsReadWithDefaults_ResolvesSnapshotDir_AndNeedsARestart() throws Exception {
        NavServerConfig single = parse("configVersion: 1\n");
        assertThat(single.cluster().enabled()).isFalse();
        assertThat(single.cluster().snapshotDir()).isEqualTo(tmp.resolve("data/snapshots").toAbsolutePath());
        assertThat(single.describe()).containsEntry("cluster.etcd", List.of()).containsEntry("cluster.leaseSeconds", 3)
                .containsEntry("cluster.maxMaps", 64).containsEntry("cluster.drainSeconds", 30)
                .containsEntry("cluster.agones", false).containsEntry("cluster.nodeId", "");

        NavServerConfig node = parse("""
                configVersion: 1
                server: {host: 10.1.2.3}
                cluster:
                  etcd: [http://127.0.0.1:2379, http://127.0.0.1:22379]
                  nodeId: node-a
                  leaseSeconds: 5
                  maxMaps: 2
                  snapshotDir: /srv/snapshots
                """);
        assertThat(node.cluster().enabled()).isTrue();
        assertThat(node.cluster().etcd()).containsExactly("http://127.0.0.1:2379", "http://127.0.0.1:22379");
        assertThat(node.cluster().advertiseHost(node.server().host())).as("defaults to server.host")
                .isEqualTo("10.1.2.3");
        assertThat(node.cluster().snapshotDir()).isEqualTo(Path.of("/srv/snapshots"));
        assertThat(node.describe()).containsEntry("cluster.nodeId", "node-a").containsEntry("cluster.maxMaps", 2);
        NavServerConfig advertised = parse("configVersion: 1\ncluster: {etcd: [http://127.0.0.1:2379], "
                + "nodeId: n1, advertiseHost: game-1.example}\n");
        assertThat(advertised.cluster().advertiseHost("0.0.0.0")).isEqualTo("game-1.example");
        advertised.cluster().checkNode("0.0.0.0");

        ConfigDiff d = ConfigDiff.between(single, node);
        assertThat(d.restartRequiredKeys()).contains("server.host", "cluster.etcd", "cluster.nodeId",
                "cluster.leaseSeconds", "cluster.maxMaps", "cluster.snapshotDir");
        assertThat(node.withRestartOnlyValuesFrom(single).cluster()).isEqualTo(single.cluster());
    }

    @Test
    void clusterNode_NeedsANodeIdAndAReachableAdvertisedHost_TheDirectoryDoesNot() throws Exception {
        NavServerConfig noId = parse("configVersion: 1\nserver: {host: 10.0.0.5}\n"
                + "cluster: {etcd: [http://127.0.0.1:2379]}\n");
        assertThatThrownBy(() -> noId.cluster().checkNode(noId.server().host()))
                .hasMessage("cluster.nodeId: must be set when cluster.etcd is set");
        NavServerConfig wildcard = parse("configVersion: 1\ncluster: {etcd: [http://127.0.0.1:2379], nodeId: n1}\n");
        assertThatThrownBy(() -> wildcard.cluster().checkNode(wildcard.server().host()))
                .hasMessage("cluster.advertiseHost: '0.0.0.0' (from server.host) is a wildcard address clients "
                        + "cannot connect to; set cluster.advertiseHost to this node's reachable host or IP");
        NavServerConfig v6 = parse("configVersion: 1\n"
                + "cluster: {etcd: [http://127.0.0.1:2379], nodeId: n1, advertiseHost: '::'}\n");
        assertThatThrownBy(() -> v6.cluster().checkNode("10.0.0.5"))
                .hasMessageStartingWith("cluster.advertiseHost: '::' (from cluster.advertiseHost) is a wildcard");
        NavServerConfig.defaults().cluster().checkNode("0.0.0.0"); // a single process needs neither
    }

    @Test
    void diff_NamesChangedKeysAndThoseNeedingRestart() throws Exception {
        NavServerConfig a = parse("configVersion: 1\n");
        NavServerConfig b = parse("""
                configVersion: 1
                server: {port: 7500, maxConnections: 10}
                chase: {navIntervalSeconds: 0.25}
                search: {plannerThreads: 3}
                """);
        ConfigDiff d = ConfigDiff.between(a, b);
        assertThat(d.changedKeys()).containsExactly("server.port", "server.maxConnections",
                "chase.navIntervalSeconds", "search.plannerThreads");
        assertThat(d.restartRequiredKeys()).containsExactly("server.port", "search.plannerThreads");
        assertThat(d.liveKeys()).containsExactly("server.maxConnections", "chase.navIntervalSeconds");
        assertThat(ConfigDiff.between(a, a).isEmpty()).isTrue();

        NavServerConfig logMoved = parse("configVersion: 1\nmaps: {editLogDir: /srv/edits, editLogSync: message}\n");
        ConfigDiff moved = ConfigDiff.between(a, logMoved);
        assertThat(moved.restartRequiredKeys()).containsExactly("maps.editLogDir");
        assertThat(moved.liveKeys()).containsExactly("maps.editLogSync");
        assertThat(logMoved.withRestartOnlyValuesFrom(a).maps().editLogDir()).isEqualTo(a.maps().editLogDir());

        NavServerConfig effective = b.withRestartOnlyValuesFrom(a);
        assertThat(effective.server().port()).isEqualTo(7400);
        assertThat(effective.search().plannerThreads()).isEqualTo(2);
        assertThat(effective.server().maxConnections()).isEqualTo(10);
        assertThat(ConfigDiff.between(a, effective).changedKeys())
                .containsExactly("server.maxConnections", "chase.navIntervalSeconds");
    }
}
