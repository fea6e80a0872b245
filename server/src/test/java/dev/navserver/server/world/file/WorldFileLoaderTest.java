package dev.navserver.server.world.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.WorldTransform;
import dev.navserver.protocol.message.Vec3;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class WorldFileLoaderTest {
    /**
     * Cell (col, row) has its centre at world x = col, z = -row. Two islands: rows 0..4 and row 6.
     */
    static final GridMap MAP = ascii(
            "..........",
            "..........",
            "....##....",
            "....##....",
            "..........",
            "##########",
            "..........");
    static final Set<String> KINDS = Set.of("default", "wolf", "guard");

    @TempDir
    Path tmp;

    /** {@code .} walkable, {@code #} blocked; row 0 is the first line; 1 m cells, cell (c, r) at x = c, z = -r. */
    static GridMap ascii(String... rows) {
        int w = rows[0].length();
        boolean[] walk = new boolean[w * rows.length];
        for (int r = 0; r < rows.length; r++) {
            for (int c = 0; c < w; c++) {
                walk[r * w + c] = rows[r].charAt(c) == '.';
            }
        }
        return GridMap.ofWalkable("ascii", w, rows.length, new WorldTransform(0, 0, 0, 1), walk);
    }

    private static WorldFile parse(String yaml) throws WorldFileException {
        return WorldFileLoader.parse(yaml, "w.world.yaml", KINDS, MAP);
    }

    @Test
    void fullFile_ReadsRoutesAndGroupsInFileOrder_WithDefaultsForLeftOutKeys() throws Exception {
        WorldFile w = parse("""
                routes:
                  - name: lane_top
                    points: [[0, 0, 0], [9, 0, 0], [9, 0, -4]]
                    mode: pingpong
                    waitSeconds: 1.5
                  - name: short
                    points: [[0, 0, -4], [1, 0, -4]]
                spawnGroups:
                  - name: wolves
                    kind: wolf
                    count: 4
                    center: [2, 0, -1]
                    radiusMeters: 2
                    behaviour: wander
                    respawnSeconds: 30
                  - kind: guard
                    count: 2
                    points: [[0, 0, 0], [1.5, 0, -0.25], [3, 0, 0]]
                    behaviour: patrol
                    route: lane_top
                  - count: 1
                    points: [[7, 0, -1]]
                    behaviour: wander
                  - count: 3
                    center: [8, 0, -3]
                    radiusMeters: 1.5
                    behaviour: wander
                    wanderRadiusMeters: 10
                """);

        assertThat(w.routes()).containsExactly(
                new RouteSpec("lane_top", List.of(new Vec3(0, 0, 0), new Vec3(9, 0, 0), new Vec3(9, 0, -4)),
                        RouteMode.PINGPONG, 1.5),
                new RouteSpec("short", List.of(new Vec3(0, 0, -4), new Vec3(1, 0, -4)), RouteMode.LOOP, 0));
        assertThat(w.route("short")).isSameAs(w.routes().get(1));
        assertThat(w.route("nope")).isNull();
        assertThat(w.spawnGroups()).containsExactly(
                new SpawnGroupSpec("wolves", "wolf", 4, new Vec3(2, 0, -1), 2, List.of(), SpawnBehaviour.WANDER, 2,
                        null, 30),
                new SpawnGroupSpec("", "guard", 2, null, 0,
                        List.of(new Vec3(0, 0, 0), new Vec3(1.5, 0, -0.25), new Vec3(3, 0, 0)),
                        SpawnBehaviour.PATROL, 0, "lane_top", 0),
                new SpawnGroupSpec("", "default", 1, null, 0, List.of(new Vec3(7, 0, -1)), SpawnBehaviour.WANDER,
                        SpawnGroupSpec.DEFAULT_WANDER_RADIUS_METERS, null, 0),
                new SpawnGroupSpec("", "default", 3, new Vec3(8, 0, -3), 1.5, List.of(), SpawnBehaviour.WANDER, 10,
                        null, 0));
        assertThat(w.spawnGroups().get(1).hasPoints()).isTrue();
        assertThat(w.spawnGroups().get(0).hasPoints()).isFalse();
    }

    @Test
    void emptyOrCommentOnlyFile_DeclaresNothing() throws Exception {
        assertThat(parse("")).isEqualTo(WorldFile.EMPTY);
        assertThat(parse("# nothing here yet\n")).isEqualTo(WorldFile.EMPTY);
        assertThat(parse("routes: []\nspawnGroups: []\n")).isEqualTo(WorldFile.EMPTY);
    }

    static Stream<Arguments> refused() {
        String route = "routes:\n  - name: r1\n    points: [[0, 0, 0], [9, 0, 0]]\n";
        return Stream.of(
                Arguments.of("count zero", "spawnGroups:\n  - count: 0\n    points: [[0, 0, 0]]\n",
                        "line 2, column 12: spawnGroups[0].count: 0 is outside 1..10000"),
                Arguments.of("count too high", "spawnGroups:\n  - center: [0, 0, 0]\n    radiusMeters: 3\n"
                                + "    count: 10001\n",
                        "line 4, column 12: spawnGroups[0].count: 10001 is outside 1..10000"),
                Arguments.of("fractional count", "spawnGroups:\n  - count: 2.5\n    points: [[0, 0, 0]]\n",
                        "line 2, column 12: spawnGroups[0].count: expected a whole number, got the number 2.5"),
                Arguments.of("count missing", "spawnGroups:\n  - points: [[0, 0, 0]]\n",
                        "line 2, column 5: spawnGroups[0].count: missing"),
                Arguments.of("unknown top-level key", "route:\n  - name: r1\n",
                        "line 1, column 1: route: unknown key (known keys: routes, spawnGroups)"),
                Arguments.of("unknown route key", "routes:\n  - name: r1\n    speed: 3\n",
                        "line 3, column 5: routes[0].speed: unknown key (known keys under routes[0]: name, points,"
                                + " mode, waitSeconds)"),
                Arguments.of("unknown group key", "spawnGroups:\n  - count: 1\n    centre: [0, 0, 0]\n",
                        "line 3, column 5: spawnGroups[0].centre: unknown key (known keys under spawnGroups[0]:"
                                + " name, kind, count, center, radiusMeters, points, behaviour, wanderRadiusMeters,"
                                + " route, respawnSeconds)"),
                Arguments.of("unknown kind", "spawnGroups:\n  - kind: dragon\n    count: 1\n    points: [[0, 0, 0]]\n",
                        "line 2, column 11: spawnGroups[0].kind: 'dragon' is not a kind of monsters.kinds"
                                + " (kinds: default, guard, wolf)"),
                Arguments.of("kind as a number", "spawnGroups:\n  - kind: 3\n    count: 1\n    points: [[0, 0, 0]]\n",
                        "line 2, column 11: spawnGroups[0].kind: expected a string, got the number 3"),
                Arguments.of("duplicate route name", route + "  - name: r1\n    points: [[0, 0, -1], [1, 0, -1]]\n",
                        "line 4, column 11: routes[1].name: 'r1' is already the name of routes[0]"),
                Arguments.of("route name with a space", "routes:\n  - name: lane top\n    points: [[0, 0, 0], [1, 0, 0]]\n",
                        "line 2, column 11: routes[0].name: 'lane top' is not a valid name (1..64 characters of"
                                + " A-Z, a-z, 0-9, _ and -)"),
                Arguments.of("route without points", "routes:\n  - name: r1\n",
                        "line 2, column 5: routes[0].points: missing"),
                Arguments.of("route of one point", "routes:\n  - name: r1\n    points: [[0, 0, 0]]\n",
                        "line 3, column 13: routes[0].points: 1 points, must be 2..256"),
                Arguments.of("route point off the map", "routes:\n  - name: r1\n    points: [[0, 0, 0], [20, 0, 0]]\n",
                        "line 3, column 25: routes[0].points[1]: [20, 0, 0] is off the map"),
                Arguments.of("route point on a wall", "routes:\n  - name: r1\n    points: [[0, 0, 0], [4, 0, -2]]\n",
                        "line 3, column 25: routes[0].points[1]: [4, 0, -2] is on a blocked cell (col 4, row 2)"),
                Arguments.of("route across islands", "routes:\n  - name: r1\n    points: [[0, 0, 0], [3, 0, -6]]\n",
                        "line 3, column 25: routes[0].points[1]: [3, 0, -6] is on another island than points[0]"),
                Arguments.of("point of two coordinates", "routes:\n  - name: r1\n    points: [[0, 0, 0], [3, 0]]\n",
                        "line 3, column 25: routes[0].points[1]: expected a point [x, y, z], got a list of 2"),
                Arguments.of("unknown route mode", "routes:\n  - name: r1\n    points: [[0, 0, 0], [1, 0, 0]]\n"
                                + "    mode: circle\n",
                        "line 4, column 11: routes[0].mode: 'circle' is not one of (loop|pingpong|once)"),
                Arguments.of("negative wait", "routes:\n  - name: r1\n    points: [[0, 0, 0], [1, 0, 0]]\n"
                                + "    waitSeconds: -1\n",
                        "line 4, column 18: routes[0].waitSeconds: -1 is outside 0..3600"),
                Arguments.of("patrol without a route", "spawnGroups:\n  - count: 1\n    points: [[0, 0, 0]]\n"
                                + "    behaviour: patrol\n",
                        "line 2, column 5: spawnGroups[0].route: missing (behaviour patrol needs a route)"),
                Arguments.of("patrol on an unknown route", route + "spawnGroups:\n  - count: 1\n"
                                + "    points: [[0, 0, 0]]\n    behaviour: patrol\n    route: r2\n",
                        "line 8, column 12: spawnGroups[0].route: 'r2' is not a route of this file (routes: r1)"),
                Arguments.of("patrol in a file without routes", "spawnGroups:\n  - count: 1\n    points: [[0, 0, 0]]\n"
                                + "    behaviour: patrol\n    route: r1\n",
                        "line 5, column 12: spawnGroups[0].route: 'r1' is not a route of this file (it has none)"),
                Arguments.of("route for a wanderer", route + "spawnGroups:\n  - count: 1\n    points: [[0, 0, 0]]\n"
                                + "    behaviour: wander\n    route: r1\n",
                        "line 8, column 5: spawnGroups[0].route: only with behaviour patrol (this group's is wander)"),
                Arguments.of("wander radius for an idler", "spawnGroups:\n  - count: 1\n    points: [[0, 0, 0]]\n"
                                + "    wanderRadiusMeters: 3\n",
                        "line 4, column 5: spawnGroups[0].wanderRadiusMeters: only with behaviour wander"
                                + " (this group's is idle)"),
                Arguments.of("zero wander radius", "spawnGroups:\n  - count: 1\n    points: [[0, 0, 0]]\n"
                                + "    behaviour: wander\n    wanderRadiusMeters: 0\n",
                        "line 5, column 25: spawnGroups[0].wanderRadiusMeters: 0 is outside (0, 10000]"),
                Arguments.of("unknown behaviour", "spawnGroups:\n  - count: 1\n    points: [[0, 0, 0]]\n"
                                + "    behaviour: sleep\n",
                        "line 4, column 16: spawnGroups[0].behaviour: 'sleep' is not one of (idle|wander|patrol)"),
                Arguments.of("center and points", "spawnGroups:\n  - count: 1\n    center: [0, 0, 0]\n"
                                + "    radiusMeters: 2\n    points: [[0, 0, 0]]\n",
                        "line 2, column 5: spawnGroups[0]: give either center with radiusMeters, or points, not both"),
                Arguments.of("neither center nor points", "spawnGroups:\n  - count: 1\n",
                        "line 2, column 5: spawnGroups[0]: missing the area: center with radiusMeters, or points"),
                Arguments.of("center without radius", "spawnGroups:\n  - count: 1\n    center: [0, 0, 0]\n",
                        "line 2, column 5: spawnGroups[0].radiusMeters: missing"),
                Arguments.of("radius without center", "spawnGroups:\n  - count: 1\n    radiusMeters: 2\n",
                        "line 2, column 5: spawnGroups[0].center: missing"),
                Arguments.of("zero radius", "spawnGroups:\n  - count: 1\n    center: [0, 0, 0]\n    radiusMeters: 0\n",
                        "line 4, column 19: spawnGroups[0].radiusMeters: 0 is outside (0, 1000]"),
                Arguments.of("center off the map", "spawnGroups:\n  - count: 1\n    center: [0, 0, 5]\n"
                                + "    radiusMeters: 8\n",
                        "line 3, column 13: spawnGroups[0].center: [0, 0, 5] is off the map"),
                Arguments.of("area with no walkable cell", "spawnGroups:\n  - count: 1\n    center: [4.5, 0, -2.5]\n"
                                + "    radiusMeters: 0.7\n",
                        "line 2, column 5: spawnGroups[0]: no walkable cell within 0.7 m of [4.5, 0, -2.5]"),
                Arguments.of("spawn point on a wall", "spawnGroups:\n  - count: 1\n    points: [[0, 0, 0], [5, 0, -3]]\n",
                        "line 3, column 25: spawnGroups[0].points[1]: [5, 0, -3] is on a blocked cell (col 5, row 3)"),
                Arguments.of("spawn point off the map", "spawnGroups:\n  - count: 1\n    points: [[-2, 0, 0]]\n",
                        "line 3, column 14: spawnGroups[0].points[0]: [-2, 0, 0] is off the map"),
                Arguments.of("more monsters than points", "spawnGroups:\n  - count: 3\n    points: [[0, 0, 0], [1, 0, 0]]\n",
                        "line 2, column 12: spawnGroups[0].count: 3 is more than the 2 points given"),
                Arguments.of("respawn too late", "spawnGroups:\n  - count: 1\n    points: [[0, 0, 0]]\n"
                                + "    respawnSeconds: 86401\n",
                        "line 4, column 21: spawnGroups[0].respawnSeconds: 86401 is outside 0..86400"),
                Arguments.of("groups as a mapping", "spawnGroups: {count: 1}\n",
                        "line 1, column 14: spawnGroups: expected a list, got a mapping"),
                Arguments.of("top level list", "- 1\n- 2\n", "line 1, column 1: expected a mapping of keys, got a list"),
                Arguments.of("duplicate key", "spawnGroups:\n  - count: 1\n    count: 2\n",
                        "line 3, column 5: spawnGroups[0].count: duplicate key (first at line 2)"),
                Arguments.of("second document", "routes: []\n---\nroutes: []\n",
                        "a second document ('---'); the file must hold exactly one"),
                Arguments.of("not a number", "routes:\n  - name: r1\n    points: [[0, 0, 0], [1, 0, 0]]\n"
                                + "    waitSeconds: .nan\n",
                        "line 4, column 18: routes[0].waitSeconds: .nan is not a finite number"),
                Arguments.of("coordinate too large for a double", "spawnGroups:\n  - count: 1\n    points: [[0, 0, 1e400]]\n",
                        "line 3, column 21: spawnGroups[0].points[0][2]: 1e400 is not a finite number"),
                Arguments.of("alias", "spawnGroups:\n  - count: 1\n    points: &p [[0, 0, 0]]\n  - count: 1\n"
                                + "    points: *p\n",
                        "line 5, column 13: spawnGroups[1].points: aliases (*p) are not supported; write the value out"),
                Arguments.of("not YAML", "routes: [\n", "not valid YAML"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refused")
    void badFile_IsRefusedNamingFileLineAndField(String scenario, String yaml, String message) {
        assertThatThrownBy(() -> parse(yaml))
                .isInstanceOf(WorldFileException.class)
                .hasMessageStartingWith("w.world.yaml ")
                .hasMessageContaining(message);
    }

    @Test
    void load_ReadsARealFileAndNamesItInMessages() throws Exception {
        Path file = tmp.resolve("ascii.world.yaml");
        Files.writeString(file, "spawnGroups:\n  - count: 2\n    points: [[0, 0, 0], [1, 0, 0]]\n");
        assertThat(WorldFileLoader.load(file, KINDS, MAP).spawnGroups()).hasSize(1);

        Files.writeString(file, "spawnGroups:\n  - count: 0\n    points: [[0, 0, 0]]\n");
        assertThatThrownBy(() -> WorldFileLoader.load(file, KINDS, MAP))
                .hasMessage("ascii.world.yaml line 2, column 12: spawnGroups[0].count: 0 is outside 1..10000");

        Files.write(file, new byte[] {'r', 'o', (byte) 0xC3, (byte) 0x28});
        assertThatThrownBy(() -> WorldFileLoader.load(file, KINDS, MAP)).hasMessage("ascii.world.yaml: not valid UTF-8");

        Files.write(file, new byte[WorldFileLoader.MAX_FILE_BYTES + 1]);
        assertThatThrownBy(() -> WorldFileLoader.load(file, KINDS, MAP))
                .hasMessageStartingWith("ascii.world.yaml: " + (WorldFileLoader.MAX_FILE_BYTES + 1)
                        + " bytes is larger than the limit");

        assertThatThrownBy(() -> WorldFileLoader.load(tmp.resolve("missing.world.yaml"), KINDS, MAP))
                .hasMessageStartingWith("missing.world.yaml: cannot read");
    }

    @Test
    void wireNames_ReadBackTheirConstant_AndNothingElse() {
        for (RouteMode m : RouteMode.values()) {
            assertThat(RouteMode.fromWire(m.wireName())).contains(m);
        }
        assertThat(RouteMode.wireNames("|")).isEqualTo("loop|pingpong|once");
        assertThat(RouteMode.fromWire("LOOP")).isEmpty();
        assertThat(RouteMode.fromWire(null)).isEmpty();
        assertThat(SpawnBehaviour.fromWire("patrol")).contains(SpawnBehaviour.PATROL);
        assertThat(SpawnBehaviour.fromWire("Patrol")).isEmpty();
    }

    @Test
    void specsBuiltInCode_RefuseFieldsThatDoNotFitTogether() {
        List<Vec3> two = List.of(new Vec3(0, 0, 0), new Vec3(1, 0, 0));
        assertThatThrownBy(() -> new RouteSpec("r", two.subList(0, 1), RouteMode.LOOP, 0))
                .hasMessage("points: 1 points, must be 2..256");
        assertThatThrownBy(() -> new RouteSpec("a b", two, RouteMode.LOOP, 0))
                .hasMessageStartingWith("name: 'a b' is not a valid name");
        assertThatThrownBy(() -> new SpawnGroupSpec("", "default", 1, new Vec3(0, 0, 0), 2, two,
                SpawnBehaviour.IDLE, 0, null, 0)).hasMessage("points: not allowed with center");
        assertThatThrownBy(() -> new SpawnGroupSpec("", "default", 3, null, 0, two, SpawnBehaviour.IDLE, 0, null, 0))
                .hasMessage("points: 2 points for a count of 3");
        assertThatThrownBy(() -> new SpawnGroupSpec("", "default", 1, null, 0, two, SpawnBehaviour.PATROL, 0, null,
                0)).hasMessage("route: required with behaviour patrol, and only then");
        assertThatThrownBy(() -> new SpawnGroupSpec("", "default", 1, null, 0, two, SpawnBehaviour.WANDER, 0, null,
                0)).hasMessage("wanderRadiusMeters: 0.0 is outside (0, 10000]");
    }
}
