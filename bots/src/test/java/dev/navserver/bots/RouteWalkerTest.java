package dev.navserver.bots;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.grid.WorldTransform;
import dev.navserver.protocol.message.CellRect;
import dev.navserver.protocol.message.TerrainEdit;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RouteWalkerTest {
    private static final GridMap MAP = TestMaps.ascii(WorldTransform.UNIT, TestMaps.WALLED);

    @Test
    void useGrid_WhenWallsComeAndGoWhileWalking_ExpectedEveryStepOnAnOpenCellOfTheCurrentGrid() {
        BotMap map = new BotMap(MAP);
        MapVersions versions = new MapVersions(MAP, () -> MAP);
        versions.base(1);
        SplittableRandom random = new SplittableRandom(5);
        RouteWalker walker = new RouteWalker(map, map.randomIslandCell(random), random);
        SplittableRandom edits = new SplittableRandom(9);
        long version = 1;
        int rerouted = 0;
        for (int i = 0; i < 3000; i++) {
            walker.advance(0.23);
            if (i % 25 == 0) {
                // a 2x2 box somewhere, walls or open again, as the editing bot would toggle it
                CellRect box = new CellRect(edits.nextInt(MAP.width() - 1), edits.nextInt(MAP.height() - 1), 2, 2);
                String terrain = edits.nextBoolean() ? "wall" : "open";
                versions.offer(++version, List.of(TerrainEdit.cells(box, terrain)));
                if (walker.useGrid(versions.map(version).navGrid())) {
                    rerouted++;
                }
            }
            NavGrid g = walker.grid();
            int cell = MAP.cellAt(walker.x(), walker.z());
            assertThat(cell).isNotEqualTo(GridMap.NO_CELL);
            assertThat(g.openCell(cell)).as("step %d at %s,%s", i, walker.x(), walker.z()).isTrue();
        }
        assertThat(rerouted).isPositive();
    }

    @Test
    void useGrid_WhenTheNewGridLeavesTheRouteClear_ExpectedTheRouteKept() {
        BotMap map = new BotMap(MAP);
        SplittableRandom random = new SplittableRandom(1);
        RouteWalker walker = new RouteWalker(map, MAP.cell(0, 11), random);
        walker.advance(0.5);
        MapVersions versions = new MapVersions(MAP, () -> MAP);
        versions.base(1);
        versions.offer(2, List.of(TerrainEdit.cells(new CellRect(14, 2, 3, 3), "wall"))); // inside the closed room

        assertThat(walker.useGrid(versions.map(2).navGrid())).isFalse();
    }
}
