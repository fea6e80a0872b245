package dev.navserver.nav.grid;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.AsciiMaps;
import org.junit.jupiter.api.Test;

class NavGridTest {

    @Test
    void islands_WhenWallSplitsMap_TwoLabelsAndDiagonalGapDoesNotConnect() {
        GridMap map = AsciiMaps.map(
                "..#..",
                "..#..",
                "###..",
                "...#.",
                "..#..");
        NavGrid g = map.navGrid();
        assertThat(g.island(map.cell(0, 0))).isEqualTo(g.island(map.cell(1, 1)));
        assertThat(g.island(map.cell(0, 0))).isNotEqualTo(g.island(map.cell(3, 0)));
        // (2,3) and (3,4)... the bottom-left pocket touches the right side only diagonally through (2,3)/(3,4)
        assertThat(g.island(map.cell(1, 4))).isNotEqualTo(g.island(map.cell(4, 4)));
        assertThat(g.island(map.cell(2, 0))).isZero();
        assertThat(g.islandCount()).isEqualTo(3);
    }

    @Test
    void edited_WhenSmallWallIsAdded_CopiesOnlyTheBitRowsColumnsAndCostRowsItChanges() {
        boolean[] walk = new boolean[300 * 200];
        java.util.Arrays.fill(walk, true);
        GridMap base = GridMap.ofWalkable("open", 300, 200, WorldTransform.UNIT, walk);
        NavGrid before = base.navGrid();
        NavGrid weightedBefore = base.navGrid(MoveLayer.LAND, 1);

        GridMap edited = base.edited(java.util.List.of(CellEdit.fill(100, 50, 4, 2, Terrain.WALL)));
        NavGrid after = edited.navGrid();
        NavGrid weightedAfter = edited.navGrid(MoveLayer.LAND, 1);

        for (int y = 0; y < 202; y++) {
            boolean touched = y == 51 || y == 52;
            assertThat(after.openRows()[y] == before.openRows()[y]).as("row %d shared", y).isEqualTo(!touched);
            assertThat(weightedAfter.costRows()[y] == weightedBefore.costRows()[y]).as("cost row %d shared", y)
                    .isEqualTo(!touched);
        }
        for (int x = 0; x < 302; x++) {
            boolean touched = x >= 101 && x <= 104;
            assertThat(after.openColumns()[x] == before.openColumns()[x]).as("column %d shared", x)
                    .isEqualTo(!touched);
        }
        assertThat(after.open(100, 50)).isFalse();
        assertThat(before.open(100, 50)).isTrue();
        assertThat(weightedAfter.cost(edited.cell(103, 51))).isEqualTo(MoveLayer.BLOCKED);
    }

    @Test
    void clearance_WhenAgentIsTwoCells_OnlyCellsWhereTwoByTwoFitsAreOpen() {
        GridMap map = AsciiMaps.map(
                "....",
                "...#",
                "....");
        NavGrid g2 = map.navGrid(MoveLayer.DEFAULT, 2);
        // size 2 covers (c, r)..(c+1, r+1) anchored at top-left offset (k-1)/2 = 0
        assertThat(g2.open(0, 0)).isTrue();
        assertThat(g2.open(1, 0)).isTrue();
        assertThat(g2.open(2, 0)).isFalse();
        assertThat(g2.open(2, 1)).isFalse();
        assertThat(g2.open(3, 0)).isFalse();
        assertThat(g2.open(0, 2)).isFalse();
        assertThat(map.navGrid().clearance(map.cell(0, 0))).isEqualTo(3);
    }

    @Test
    void layers_WhenBoat_OnlyWaterIsOpenAndCostsAreUniform() {
        GridMap map = AsciiMaps.map("..WW", "H.WT");
        NavGrid boat = map.navGrid(MoveLayer.BOAT, 1);
        assertThat(boat.open(2, 0)).isTrue();
        assertThat(boat.open(0, 0)).isFalse();
        assertThat(boat.uniformCost()).isTrue();
        NavGrid land = map.navGrid(MoveLayer.LAND, 1);
        assertThat(land.uniformCost()).isFalse();
        assertThat(land.cost(map.cell(0, 1))).isEqualTo(2f);
        assertThat(land.cost(map.cell(3, 1))).isEqualTo(3f);
        assertThat(land.open(2, 0)).isFalse();
    }

    @Test
    void nearestOpen_WhenGoalOnWall_ReturnsClosestOpenCellOnRequiredIsland() {
        GridMap map = AsciiMaps.map(
                ".....",
                "####.",
                ".....");
        NavGrid g = map.navGrid();
        int top = g.island(map.cell(0, 0));
        assertThat(g.nearestOpen(1, 1, 0, 5)).isIn(map.cell(1, 0), map.cell(1, 2));
        assertThat(g.nearestOpen(0, 1, top, 5)).isEqualTo(map.cell(0, 0));
        assertThat(g.nearestOpen(-3, 0, 0, 2)).isEqualTo(GridMap.NO_CELL);
        assertThat(g.nearestOpen(-3, 0, 0, 3)).isEqualTo(map.cell(0, 0));
    }

    @Test
    void worldTransform_WhenNegativeOriginAndHalfCell_RoundsHalfUpWithoutTruncation() {
        WorldTransform t = new WorldTransform(-30, 0, 30, 0.5);
        assertThat(t.col(-30.0)).isZero();
        assertThat(t.col(-30.25)).isZero(); // -0.5 rounds up to 0
        assertThat(t.col(-30.26)).isEqualTo(-1);
        assertThat(t.row(30.25)).isZero(); // (30-30.25)/0.5 = -0.5 -> 0
        assertThat(t.row(29.75)).isEqualTo(1); // 0.5 -> 1
        assertThat(t.col(Double.NaN)).isEqualTo(Long.MIN_VALUE);
        assertThat(t.col(1e308)).isEqualTo(Long.MAX_VALUE);
        assertThat(t.x(3)).isEqualTo(-28.5);
        assertThat(t.z(3)).isEqualTo(28.5);
    }
}
