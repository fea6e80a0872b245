package dev.navserver.bots;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.WorldTransform;
import dev.navserver.nav.smooth.LineOfSight;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class CellRoutesTest {
    private static final GridMap MAP = TestMaps.ascii(WorldTransform.UNIT, TestMaps.WALLED);

    private static void assertLegsClear(GridMap map, int[] route) {
        for (int i = 0; i + 1 < route.length; i++) {
            assertThat(LineOfSight.clearWorld(map.navGrid(), map.worldX(route[i]), map.worldZ(route[i]),
                    map.worldX(route[i + 1]), map.worldZ(route[i + 1])))
                    .as("leg %d of %s", i, java.util.Arrays.toString(route)).isTrue();
        }
    }

    @Test
    void route_WhenGoalIsBehindTheWall_ExpectedTurningPointsThroughTheGap() {
        int from = MAP.cell(2, 2);
        int to = MAP.cell(18, 8);
        int[] route = CellRoutes.route(MAP.navGrid(), from, to);
        assertThat(route[0]).isEqualTo(from);
        assertThat(route[route.length - 1]).isEqualTo(to);
        assertThat(route.length).isBetween(3, 5);
        assertLegsClear(MAP, route);
    }

    @Test
    void route_WhenGoalIsInSight_ExpectedOneLeg() {
        assertThat(CellRoutes.route(MAP.navGrid(), MAP.cell(0, 0), MAP.cell(8, 11)))
                .containsExactly(MAP.cell(0, 0), MAP.cell(8, 11));
        assertThat(CellRoutes.route(MAP.navGrid(), MAP.cell(3, 3), MAP.cell(3, 3))).containsExactly(MAP.cell(3, 3));
    }

    @Test
    void route_WhenGoalIsInTheClosedRoomOrBlocked_ExpectedEmpty() {
        assertThat(CellRoutes.route(MAP.navGrid(), MAP.cell(0, 0), MAP.cell(15, 3))).isEmpty();
        assertThat(CellRoutes.route(MAP.navGrid(), MAP.cell(0, 0), MAP.cell(9, 3))).isEmpty();
    }

    @Test
    void walker_WhenWalkingManyRoutes_ExpectedEveryStepOnTheLargestIslandAlongClearLegs() {
        BotMap map = new BotMap(MAP);
        SplittableRandom random = new SplittableRandom(7);
        RouteWalker walker = new RouteWalker(map, map.randomIslandCell(random), random);
        double px = walker.x();
        double pz = walker.z();
        for (int i = 0; i < 2000; i++) {
            walker.advance(0.37);
            int cell = MAP.cellAt(walker.x(), walker.z());
            assertThat(cell).isNotEqualTo(GridMap.NO_CELL);
            assertThat(MAP.navGrid().island(cell)).isEqualTo(map.island());
            assertThat(Math.hypot(walker.x() - px, walker.z() - pz)).isLessThanOrEqualTo(0.37 + 1e-9);
            px = walker.x();
            pz = walker.z();
        }
        assertThat(walker.routes()).isGreaterThan(5);
        assertThat(walker.y()).isEqualTo(0.0);
    }

    @Test
    void randomIslandCellNear_ExpectedCellsInTheRingOnTheLargestIsland() {
        BotMap map = new BotMap(MAP);
        SplittableRandom random = new SplittableRandom(3);
        int from = MAP.cell(4, 10);
        for (int i = 0; i < 200; i++) {
            int c = map.randomIslandCellNear(from, 5, 8, random);
            double d = Math.hypot(MAP.worldX(c) - MAP.worldX(from), MAP.worldZ(c) - MAP.worldZ(from));
            assertThat(d).isBetween(5.0, 8.0);
            assertThat(MAP.navGrid().island(c)).isEqualTo(map.island());
        }
        assertThat(map.randomIslandCellNear(from, 100, 200, random)).isEqualTo(GridMap.NO_CELL);
        assertThat(map.islandSize()).isEqualTo(20 * 12 - 9 - 16 - 9);
    }
}
