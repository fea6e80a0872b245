package dev.navserver.server.world.file;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.WorldTransform;
import dev.navserver.protocol.message.Vec3;
import dev.navserver.server.world.file.SpawnPlacer.Placement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SpawnPlacerTest {
    /** Walls scattered through the area around (4, -4); cell (c, r) has its centre at x = c, z = -r. */
    static final GridMap SCATTERED = WorldFileLoaderTest.ascii(
            ".........",
            ".#.#.#.#.",
            "..#...#..",
            ".#..#..#.",
            "...#.#...",
            ".#..#..#.",
            "..#...#..",
            ".#.#.#.#.",
            ".........");

    private static SpawnGroupSpec circle(int count, double x, double z, double radius) {
        return new SpawnGroupSpec("g", "default", count, new Vec3(x, 0, z), radius, List.of(), SpawnBehaviour.IDLE, 0,
                null, 0);
    }

    private static SpawnGroupSpec points(int count, Vec3... points) {
        return new SpawnGroupSpec("g", "default", count, null, 0, List.of(points), SpawnBehaviour.IDLE, 0, null, 0);
    }

    @Test
    void circle_PlacesDistinctMonstersOnWalkableCellCentresWithinTheRadius() {
        List<Placement> placed = SpawnPlacer.place(circle(12, 4, -4, 3), SCATTERED, new SplittableRandom(7));

        assertThat(placed).hasSize(12);
        Set<Integer> cells = new HashSet<>();
        for (Placement p : placed) {
            assertThat(SCATTERED.navGrid().openCell(p.cell())).as("walkable %s", p).isTrue();
            assertThat(p.x()).isEqualTo(SCATTERED.worldX(p.cell()));
            assertThat(p.z()).isEqualTo(SCATTERED.worldZ(p.cell()));
            assertThat(Math.hypot(p.x() - 4, p.z() + 4)).isLessThanOrEqualTo(3);
            cells.add(p.cell());
        }
        assertThat(cells).as("distinct cells").hasSize(12);
    }

    @Test
    void circle_SameSeedSamePlaces_OtherSeedOtherPlaces() {
        SpawnGroupSpec g = circle(6, 4, -4, 4);
        List<Placement> a = SpawnPlacer.place(g, SCATTERED, new SplittableRandom(42));
        List<Placement> b = SpawnPlacer.place(g, SCATTERED, new SplittableRandom(42));
        List<Placement> c = SpawnPlacer.place(g, SCATTERED, new SplittableRandom(43));

        assertThat(b).isEqualTo(a);
        assertThat(c).isNotEqualTo(a);
    }

    @Test
    void circleWithFewerWalkableCellsThanMonsters_SharesTheCellsInTurn() {
        GridMap map = WorldFileLoaderTest.ascii(
                "#####",
                "#...#",
                "#####");
        List<Placement> placed = SpawnPlacer.place(circle(7, 2, -1, 2.5), map, new SplittableRandom(1));

        assertThat(placed).hasSize(7);
        assertThat(placed.subList(0, 3)).extracting(Placement::cell).containsExactlyInAnyOrder(6, 7, 8);
        for (int i = 3; i < 7; i++) {
            assertThat(placed.get(i)).isEqualTo(placed.get(i % 3));
        }
    }

    @Test
    void points_AreUsedInOrderAsWritten_AndBlockedOnesAreSkippedAfterAnEdit() {
        SpawnGroupSpec g = points(3, new Vec3(0.25, 0, 0), new Vec3(2, 0, 0), new Vec3(4, 0, -0.25), new Vec3(8, 0, 0));
        assertThat(SpawnPlacer.place(g, SCATTERED, new SplittableRandom(1))).containsExactly(
                new Placement(0, 0.25, 0), new Placement(2, 2, 0), new Placement(4, 4, -0.25));

        GridMap walled = WorldFileLoaderTest.ascii(
                "..#......",
                ".........");
        assertThat(SpawnPlacer.place(g, walled, new SplittableRandom(1))).as("(2, 0) is a wall now").containsExactly(
                new Placement(0, 0.25, 0), new Placement(4, 4, -0.25), new Placement(8, 8, 0));
        GridMap closed = WorldFileLoaderTest.ascii(
                "..#.#....",
                ".........");
        assertThat(SpawnPlacer.place(g, closed, new SplittableRandom(1))).containsExactly(
                new Placement(0, 0.25, 0), new Placement(8, 8, 0), new Placement(0, 0.25, 0));
    }

    @Test
    void areaWithoutWalkableCells_PlacesNothing() {
        GridMap walls = WorldFileLoaderTest.ascii(
                "###",
                "###");
        assertThat(SpawnPlacer.place(circle(2, 1, -1, 5), walls, new SplittableRandom(1))).isEmpty();
        assertThat(SpawnPlacer.place(points(1, new Vec3(1, 0, 0)), walls, new SplittableRandom(1))).isEmpty();
    }

    @Test
    void walkableCells_MatchABruteForceScan_OnAMapWithOffsetOriginAndHalfMetreCells() {
        boolean[] walk = new boolean[40 * 30];
        SplittableRandom r = new SplittableRandom(5);
        for (int i = 0; i < walk.length; i++) {
            walk[i] = r.nextInt(4) != 0;
        }
        GridMap map = GridMap.ofWalkable("half", 40, 30, new WorldTransform(-10, 2, 5, 0.5), walk);
        double[][] circles = {{0, -2, 3.2}, {-10, 5, 2}, {9.5, -9.5, 1}, {-30, 40, 5}, {0, 0, 100}};
        for (double[] c : circles) {
            List<Integer> expected = new ArrayList<>();
            for (int cell = 0; cell < walk.length; cell++) {
                if (walk[cell] && Math.hypot(map.worldX(cell) - c[0], map.worldZ(cell) - c[1]) <= c[2]) {
                    expected.add(cell);
                }
            }
            int[] got = SpawnPlacer.walkableCells(map, c[0], c[1], c[2]);
            assertThat(got).as("circle %s", java.util.Arrays.toString(c))
                    .containsExactly(expected.stream().mapToInt(Integer::intValue).toArray());
        }
    }
}
