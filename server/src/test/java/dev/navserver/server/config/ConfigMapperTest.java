package dev.navserver.server.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.navserver.nav.search.Algorithm;
import dev.navserver.nav.search.SearchMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Jackson binding details that {@link ConfigLoaderTest} does not pin: coercions refused, defaults and key order. */
class ConfigMapperTest {
    @TempDir
    Path tmp;

    private NavServerConfig parse(String yaml) throws ConfigException {
        return ConfigLoader.parse(yaml.getBytes(StandardCharsets.UTF_8), tmp.resolve("config/navserver.yaml"));
    }

    @Test
    void defaultsTree_HoldsEverySectionInFileOrder_WithAlgorithmAndDirAsWritten() {
        assertThat(ConfigMapper.DEFAULTS.properties()).extracting(e -> e.getKey())
                .containsExactly("configVersion", "server", "admin", "tick", "chase", "monsters", "aoi", "crowd",
                        "search", "maps", "cluster");
        assertThat(ConfigMapper.DEFAULTS.at("/monsters/kinds").isEmpty()).as("default kind follows chase.*").isTrue();
        assertThat(ConfigMapper.DEFAULTS.at("/search/algorithm").textValue()).isEqualTo("jps");
        assertThat(ConfigMapper.DEFAULTS.at("/maps/dir").textValue()).isEqualTo("maps");
        assertThat(ConfigMapper.DEFAULTS.at("/maps/default").textValue()).isEqualTo("arena");
    }

    @Test
    void keyValues_TypesFollowTheRecordComponents() {
        var kv = NavServerConfig.defaults().keyValues();
        assertThat(kv.get("configVersion")).isEqualTo(1);
        assertThat(kv.get("server.outboundLimitBytes")).isEqualTo(1L << 20);
        assertThat(kv.get("chase.snapshotHz")).isEqualTo(5.0);
        assertThat(kv.get("chase.allowClientSpawn")).isEqualTo(true);
        assertThat(kv.get("search.algorithm")).isEqualTo("jps");
        assertThat(kv.get("maps.dir")).isEqualTo("maps");
        assertThat(kv.get("maps.editLogDir")).isEqualTo("data/edits");
        assertThat(kv.keySet()).startsWith("configVersion", "server.host").endsWith("maps.dir", "maps.default", "maps.maxEditCells",
                "maps.maxCells", "maps.editLogDir", "maps.editLogCompactEdits", "maps.editLogSync", "cluster.etcd",
                "cluster.nodeId", "cluster.advertiseHost", "cluster.leaseSeconds", "cluster.maxMaps",
                "cluster.snapshotDir", "cluster.drainSeconds", "cluster.agones");
    }

    @Test
    void wholeNumberForAFractionalKey_IsAccepted() throws Exception {
        NavServerConfig c = parse("configVersion: 1\nchase: {snapshotHz: 4, navIntervalSeconds: 1}\n");
        assertThat(c.chase().snapshotHz()).isEqualTo(4.0);
        assertThat(c.chase().navIntervalSeconds()).isEqualTo(1.0);
    }

    @Test
    void sectionGivenInPart_KeepsTheDefaultsOfItsOtherKeys() throws Exception {
        NavServerConfig c = parse("configVersion: 1\nsearch: {algorithm: astar}\n");
        assertThat(c.search())
                .isEqualTo(new NavServerConfig.Search(Algorithm.ASTAR, SearchMode.OPTIMAL, 16, 64, 8000, 256, 2));
        assertThat(c.chase()).isEqualTo(NavServerConfig.Chase.DEFAULT);
    }

    static Stream<Arguments> refused() {
        return Stream.of(
                Arguments.of("number for a boolean", "chase: {allowClientSpawn: 1}",
                        "chase.allowClientSpawn: expected true or false, got the number 1"),
                Arguments.of("boolean for a string", "server: {host: true}",
                        "server.host: expected a string, got the boolean true (quote it)"),
                Arguments.of("fraction with zero part for a long", "server: {outboundLimitBytes: 4096.0}",
                        "server.outboundLimitBytes: expected a whole number, got the number 4096.0"),
                Arguments.of("too large for a long", "server: {outboundLimitBytes: 99999999999999999999}",
                        "server.outboundLimitBytes: 99999999999999999999 is out of range for an integer"),
                Arguments.of("null for an integer", "server: {port: null}",
                        "server.port: expected a whole number, got nothing (null)"),
                Arguments.of("null for a section", "chase: null",
                        "chase: expected a mapping of keys, got nothing (null)"),
                Arguments.of("algorithm in upper case", "search: {algorithm: JPS}",
                        "search.algorithm: 'JPS' is not one of (astar|jps|subgoal)"),
                Arguments.of("number for the algorithm", "search: {algorithm: 3}",
                        "search.algorithm: expected a string, got the number 3 (quote it)"),
                Arguments.of("search mode in title case", "search: {mode: Optimal}",
                        "search.mode: 'Optimal' is not one of (optimal|approximate)"),
                Arguments.of("number for the search mode", "search: {mode: 1.02}",
                        "search.mode: expected a string, got the number 1.02 (quote it)"),
                Arguments.of("blank maps dir", "maps: {dir: \"  \"}", "maps.dir: must not be empty"),
                Arguments.of("list for the maps dir", "maps: {dir: [a]}", "maps.dir: expected a string, got a list"),
                Arguments.of("unknown key two levels down", "chase: {spawn: {min: 1}}",
                        "chase.spawn: unknown key (known keys under chase: navIntervalSeconds, moveThresholdMeters,"
                                + " localNavDistanceMeters, localNavHysteresisMeters, stoppingDistanceMeters,"
                                + " monsterSpeedMetersPerSecond, monstersPerPlayer, allowClientSpawn, snapshotHz,"
                                + " spawnMinDistanceMeters, spawnMaxDistanceMeters, monsterRadiusMeters, playerRadiusMeters,"
                                + " sharedFieldMinMonsters, orphanDespawnSeconds)"),
                Arguments.of("second document", "---\nconfigVersion: 1",
                        "not valid YAML at line 3, column 1: a second document ('---');"
                                + " the file must hold exactly one"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refused")
    void valueJacksonCouldCoerce_IsRefusedNamingTheKey(String scenario, String yaml, String message) {
        assertThatThrownBy(() -> parse("configVersion: 1\n" + yaml + "\n"))
                .isInstanceOf(ConfigException.class)
                .hasMessage(tmp.resolve("config/navserver.yaml") + ": " + message);
    }
}
