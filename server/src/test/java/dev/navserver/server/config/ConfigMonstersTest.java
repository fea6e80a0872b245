package dev.navserver.server.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.navserver.server.world.MonsterKind;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** {@code monsters.kinds.*}, {@code aoi.*} and {@code chase.orphanDespawnSeconds}: defaults, inheritance, errors. */
class ConfigMonstersTest {
    @TempDir
    Path tmp;

    private NavServerConfig parse(String yaml) throws ConfigException {
        return ConfigLoader.parse(yaml.getBytes(StandardCharsets.UTF_8), tmp.resolve("config/navserver.yaml"));
    }

    @Test
    void minimalFile_HasOnlyTheDefaultKindBuiltFromChase_AndAoiAndOrphanDefaults() throws Exception {
        NavServerConfig c = parse("configVersion: 1\n");

        assertThat(c.monsters().kinds()).containsOnlyKeys("default");
        assertThat(c.monsters().kind("default")).isEqualTo(new MonsterKind("default", 2.0, 0.4, 0, 0, 5.0));
        assertThat(c.monsters().kind("wolf")).isNull();
        assertThat(c.monsters().kind(null)).isNull();
        assertThat(c.aoi()).isEqualTo(new Aoi(40, 5));
        assertThat(c.chase().orphanDespawnSeconds()).isEqualTo(10.0);
        assertThat(c).isEqualTo(NavServerConfig.defaults().withRestartOnlyValuesFrom(c));
        assertThatThrownBy(() -> c.monsters().kinds().put("x", c.monsters().kind("default")))
                .isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void defaultKindNotGiven_FollowsChaseSpeedAndRadius() throws Exception {
        NavServerConfig c = parse("""
                configVersion: 1
                chase: {monsterSpeedMetersPerSecond: 3, monsterRadiusMeters: 0.25}
                monsters: {kinds: {wolf: {aggroRadiusMeters: 8}}}
                """);

        assertThat(c.monsters().kind("default")).isEqualTo(new MonsterKind("default", 3.0, 0.25, 0, 0, 5.0));
        assertThat(c.monsters().kind("wolf")).isEqualTo(new MonsterKind("wolf", 3.0, 0.25, 8, 0, 5.0));
    }

    @Test
    void kindThatOmitsKeys_TakesThemFromTheGivenDefaultKind_WhichIsListedFirst() throws Exception {
        NavServerConfig c = parse("""
                configVersion: 1
                chase: {monsterSpeedMetersPerSecond: 2.5}
                monsters:
                  kinds:
                    wolf: {speedMetersPerSecond: 3.5, leashRadiusMeters: 25}
                    default: {aggroRadiusMeters: 5, leashSeconds: 2}
                    slime: {}
                """);

        assertThat(c.monsters().kinds()).containsOnlyKeys("default", "wolf", "slime");
        assertThat(c.monsters().kinds().keySet()).containsExactly("default", "wolf", "slime");
        assertThat(c.monsters().kind("default")).isEqualTo(new MonsterKind("default", 2.5, 0.4, 5, 0, 2));
        assertThat(c.monsters().kind("wolf")).isEqualTo(new MonsterKind("wolf", 3.5, 0.4, 5, 25, 2));
        assertThat(c.monsters().kind("slime")).isEqualTo(new MonsterKind("slime", 2.5, 0.4, 5, 0, 2));
    }

    @Test
    void keyValues_FlattenEveryKindByName_WithoutItsName() throws Exception {
        NavServerConfig c = parse("""
                configVersion: 1
                monsters: {kinds: {wolf: {speedMetersPerSecond: 3.5}}}
                aoi: {radiusMeters: 30}
                """);
        Map<String, Object> kv = c.describe();

        assertThat(kv).containsEntry("monsters.kinds.wolf.speedMetersPerSecond", 3.5)
                .containsEntry("monsters.kinds.wolf.radiusMeters", 0.4)
                .containsEntry("monsters.kinds.default.speedMetersPerSecond", 2.0)
                .containsEntry("aoi.radiusMeters", 30.0).containsEntry("aoi.hysteresisMeters", 5.0)
                .containsEntry("chase.orphanDespawnSeconds", 10.0)
                .doesNotContainKeys("monsters.kinds.wolf.name", "monsters.kinds", "monsters.kinds.wolf")
                .hasSize(NavServerConfig.defaults().keyValues().size() + 5);
        assertThat(kv.keySet()).containsSubsequence("chase.orphanDespawnSeconds",
                "monsters.kinds.default.speedMetersPerSecond", "monsters.kinds.default.leashSeconds",
                "monsters.kinds.wolf.speedMetersPerSecond", "monsters.kinds.wolf.radiusMeters",
                "monsters.kinds.wolf.aggroRadiusMeters", "monsters.kinds.wolf.leashRadiusMeters",
                "monsters.kinds.wolf.leashSeconds", "aoi.radiusMeters", "aoi.hysteresisMeters", "crowd.avoidance");
    }

    @Test
    void diff_NamesKeysOfChangedAddedAndRemovedKinds_AllLive() throws Exception {
        NavServerConfig a = parse("configVersion: 1\nmonsters: {kinds: {wolf: {speedMetersPerSecond: 3.5}}}\n");
        NavServerConfig b = parse("""
                configVersion: 1
                monsters: {kinds: {wolf: {speedMetersPerSecond: 4}, guard: {aggroRadiusMeters: 6}}}
                """);
        NavServerConfig none = parse("configVersion: 1\n");

        ConfigDiff d = ConfigDiff.between(a, b);
        assertThat(d.changedKeys()).containsExactly("monsters.kinds.wolf.speedMetersPerSecond",
                "monsters.kinds.guard.speedMetersPerSecond", "monsters.kinds.guard.radiusMeters",
                "monsters.kinds.guard.aggroRadiusMeters", "monsters.kinds.guard.leashRadiusMeters",
                "monsters.kinds.guard.leashSeconds");
        assertThat(d.restartRequiredKeys()).isEmpty();
        assertThat(ConfigDiff.between(a, none).changedKeys()).hasSize(5)
                .allMatch(k -> k.startsWith("monsters.kinds.wolf."));
        assertThat(b.withRestartOnlyValuesFrom(a).monsters()).isEqualTo(b.monsters());
        assertThat(ConfigDiff.between(a, a).isEmpty()).isTrue();
    }

    @Test
    void shippedConfig_HasTheWolfAndGuardKindsOfTheArenaWorldFile() throws Exception {
        NavServerConfig shipped = ConfigLoader.load(ConfigLoaderTest.repoRoot().resolve("config/navserver.yaml"));

        assertThat(shipped.monsters().kinds().keySet()).containsExactly("default", "wolf", "guard");
        assertThat(shipped.monsters().kind("default")).isEqualTo(new MonsterKind("default", 2.0, 0.4, 0, 0, 5.0));
        assertThat(shipped.monsters().kind("wolf")).isEqualTo(new MonsterKind("wolf", 3.5, 0.5, 8, 25, 4));
        assertThat(shipped.monsters().kind("guard")).isEqualTo(new MonsterKind("guard", 2.5, 0.5, 6, 15, 3));
        assertThat(shipped.aoi()).isEqualTo(Aoi.DEFAULT);
        assertThat(shipped.chase().orphanDespawnSeconds()).isEqualTo(10.0);
    }

    static Stream<Arguments> refused() {
        return Stream.of(
                Arguments.of("speed zero", "monsters: {kinds: {wolf: {speedMetersPerSecond: 0.0}}}",
                        "monsters.kinds.wolf.speedMetersPerSecond: 0.0 is out of range (0.01..100)"),
                Arguments.of("speed too high", "monsters: {kinds: {wolf: {speedMetersPerSecond: 101}}}",
                        "monsters.kinds.wolf.speedMetersPerSecond: 101.0 is out of range (0.01..100)"),
                Arguments.of("negative radius", "monsters: {kinds: {wolf: {radiusMeters: -0.5}}}",
                        "monsters.kinds.wolf.radiusMeters: -0.5 is out of range (0..10)"),
                Arguments.of("radius too large", "monsters: {kinds: {wolf: {radiusMeters: 10.5}}}",
                        "monsters.kinds.wolf.radiusMeters: 10.5 is out of range (0..10)"),
                Arguments.of("negative aggro", "monsters: {kinds: {wolf: {aggroRadiusMeters: -1}}}",
                        "monsters.kinds.wolf.aggroRadiusMeters: -1.0 is out of range (0..1000)"),
                Arguments.of("aggro too far", "monsters: {kinds: {wolf: {aggroRadiusMeters: 1001}}}",
                        "monsters.kinds.wolf.aggroRadiusMeters: 1001.0 is out of range (0..1000)"),
                Arguments.of("negative leash", "monsters: {kinds: {wolf: {leashRadiusMeters: -1}}}",
                        "monsters.kinds.wolf.leashRadiusMeters: -1.0 is out of range (0..100000)"),
                Arguments.of("leash too far", "monsters: {kinds: {wolf: {leashRadiusMeters: 100001}}}",
                        "monsters.kinds.wolf.leashRadiusMeters: 100001.0 is out of range (0..100000)"),
                Arguments.of("negative leash time", "monsters: {kinds: {wolf: {leashSeconds: -1}}}",
                        "monsters.kinds.wolf.leashSeconds: -1.0 is out of range (0..3600)"),
                Arguments.of("leash time too long", "monsters: {kinds: {wolf: {leashSeconds: 3601}}}",
                        "monsters.kinds.wolf.leashSeconds: 3601.0 is out of range (0..3600)"),
                Arguments.of("bad default kind", "monsters: {kinds: {default: {leashSeconds: 4000}}}",
                        "monsters.kinds.default.leashSeconds: 4000.0 is out of range (0..3600)"),
                Arguments.of("kind name with a space", "monsters: {kinds: {\"big wolf\": {}}}",
                        "monsters.kinds: 'big wolf' is not a kind name (1..64 characters of A-Z, a-z, 0-9, _ and -)"),
                Arguments.of("kind name too long", "monsters: {kinds: {" + "w".repeat(65) + ": {}}}",
                        "monsters.kinds: '" + "w".repeat(65) + "' is not a kind name"),
                Arguments.of("unknown key in a kind", "monsters: {kinds: {wolf: {speed: 3}}}",
                        "monsters.kinds.wolf.speed: unknown key (known keys under monsters.kinds.wolf:"
                                + " speedMetersPerSecond, radiusMeters, aggroRadiusMeters, leashRadiusMeters,"
                                + " leashSeconds)"),
                Arguments.of("unknown key in monsters", "monsters: {kind: {}}",
                        "monsters.kind: unknown key (known keys under monsters: kinds)"),
                Arguments.of("string for a kind's number", "monsters: {kinds: {wolf: {speedMetersPerSecond: fast}}}",
                        "monsters.kinds.wolf.speedMetersPerSecond: expected a number, got the string \"fast\""),
                Arguments.of("list for the kinds", "monsters: {kinds: [wolf]}",
                        "monsters.kinds: expected"),
                Arguments.of("nothing for a kind", "monsters:\n  kinds:\n    wolf:",
                        "monsters.kinds.wolf: expected a mapping of keys, got the string \"\""),
                Arguments.of("number for a kind", "monsters: {kinds: {wolf: 3}}",
                        "monsters.kinds.wolf: expected a mapping of keys, got the number 3"),
                Arguments.of("aoi radius too small", "aoi: {radiusMeters: 0.5}",
                        "aoi.radiusMeters: 0.5 is out of range (1..100000)"),
                Arguments.of("aoi radius too large", "aoi: {radiusMeters: 100001}",
                        "aoi.radiusMeters: 100001.0 is out of range (1..100000)"),
                Arguments.of("negative hysteresis", "aoi: {hysteresisMeters: -1}",
                        "aoi.hysteresisMeters: -1.0 is out of range (0..1000)"),
                Arguments.of("hysteresis too large", "aoi: {hysteresisMeters: 1001}",
                        "aoi.hysteresisMeters: 1001.0 is out of range (0..1000)"),
                Arguments.of("unknown aoi key", "aoi: {radius: 3}",
                        "aoi.radius: unknown key (known keys under aoi: radiusMeters, hysteresisMeters)"),
                Arguments.of("negative orphan despawn", "chase: {orphanDespawnSeconds: -1}",
                        "chase.orphanDespawnSeconds: -1.0 is out of range (0..3600)"),
                Arguments.of("orphan despawn too long", "chase: {orphanDespawnSeconds: 3601}",
                        "chase.orphanDespawnSeconds: 3601.0 is out of range (0..3600)"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refused")
    void outOfRangeOrMisspelledValue_IsRefusedNamingTheKeyPath(String scenario, String yaml, String message) {
        assertThatThrownBy(() -> parse("configVersion: 1\n" + yaml + "\n"))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith(tmp.resolve("config/navserver.yaml") + ": " + message);
    }

    @Test
    void recordsBuiltInCode_CheckNamesAndAddTheDefaultKindFromChase() {
        MonsterKind wolf = new MonsterKind("wolf", 3.5, 0.5, 8, 25, 4);
        assertThatThrownBy(() -> new Monsters(Map.of("big wolf", wolf)))
                .hasMessageStartingWith("monsters.kinds: 'big wolf' is not a kind name");
        assertThatThrownBy(() -> new Monsters(Map.of("guard", wolf)))
                .hasMessage("monsters.kinds.guard: holds the kind named 'wolf'");
        assertThatThrownBy(() -> new Aoi(40, Double.NaN))
                .hasMessage("aoi.hysteresisMeters: NaN is not a finite number (allowed 0..1000)");

        NavServerConfig.Chase d = NavServerConfig.Chase.DEFAULT;
        NavServerConfig.Chase fast = new NavServerConfig.Chase(d.navIntervalSeconds(), d.moveThresholdMeters(),
                d.localNavDistanceMeters(), d.localNavHysteresisMeters(), d.stoppingDistanceMeters(), 6.0,
                d.monstersPerPlayer(), d.allowClientSpawn(), d.snapshotHz(), d.spawnMinDistanceMeters(),
                d.spawnMaxDistanceMeters(), 0.3, d.playerRadiusMeters(), d.sharedFieldMinMonsters());
        assertThat(fast.orphanDespawnSeconds()).as("the 14-key constructor").isEqualTo(10.0);
        NavServerConfig defaults = NavServerConfig.defaults();
        Map<String, MonsterKind> given = new LinkedHashMap<>();
        given.put("wolf", wolf);
        NavServerConfig c = new NavServerConfig(1, defaults.server(), defaults.admin(), defaults.tick(), fast,
                new Monsters(given), defaults.aoi(), defaults.crowd(), defaults.search(),
                defaults.maps(), defaults.cluster());
        assertThat(c.monsters().kinds().keySet()).containsExactly("default", "wolf");
        assertThat(c.monsters().kind("default")).isEqualTo(new MonsterKind("default", 6.0, 0.3, 0, 0, 5.0));
    }
}
