package dev.navserver.server.view;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.Terrain;
import dev.navserver.nav.grid.WorldTransform;
import org.junit.jupiter.api.Test;

class ViewTilesTest {
    /** {@code .} open, {@code #} wall, {@code T} trees, {@code W} water; row 0 is the first line. */
    static GridMap ascii(String... rows) {
        int h = rows.length;
        int w = rows[0].length();
        byte[] t = new byte[w * h];
        for (int r = 0; r < h; r++) {
            for (int c = 0; c < w; c++) {
                char ch = rows[r].charAt(c);
                t[r * w + c] = switch (ch) {
                    case '#' -> Terrain.WALL;
                    case 'T' -> Terrain.TREES;
                    case 'W' -> Terrain.WATER;
                    default -> Terrain.OPEN;
                };
            }
        }
        return new GridMap("ascii", w, h, WorldTransform.UNIT, t);
    }

    private static int px(byte[] tile, int x, int y) {
        return tile[y * ViewTiles.TILE_SIZE + x] & 0xff;
    }

    @Test
    void levels_FitTheWholeMapIntoOneTileAtTheTop() {
        assertThat(ViewTiles.levels(60, 60)).isEqualTo(1);
        assertThat(ViewTiles.levels(256, 1)).isEqualTo(1);
        assertThat(ViewTiles.levels(257, 10)).isEqualTo(2);
        assertThat(ViewTiles.levels(512, 512)).isEqualTo(2);
        assertThat(ViewTiles.levels(10_000, 10_000)).isEqualTo(7);
        assertThat(ViewTiles.tiles(10_000, 0)).isEqualTo(40);
        assertThat(ViewTiles.tiles(10_000, 6)).isEqualTo(1);
    }

    @Test
    void levelZeroTerrain_IsTheCellCodeAndEdgePixelsAre255() {
        GridMap m = ascii(
                ".#T",
                "W..");
        byte[] tile = new ViewTiles().tile(m, ViewTiles.Layer.TERRAIN, 0, 0, 0);
        assertThat(tile).hasSize(65_536);
        assertThat(new int[] {px(tile, 0, 0), px(tile, 1, 0), px(tile, 2, 0), px(tile, 0, 1)})
                .containsExactly(0, 1, 2, 3);
        assertThat(px(tile, 3, 0)).isEqualTo(255);
        assertThat(px(tile, 0, 2)).isEqualTo(255);
        assertThat(px(tile, 255, 255)).isEqualTo(255);
    }

    @Test
    void islands_AreZeroForBlockedCellsAndOnePlusLabelElsewhere() {
        GridMap m = ascii(
                "..#..",
                "..#..");
        byte[] tile = new ViewTiles().tile(m, ViewTiles.Layer.ISLANDS, 0, 0, 0);
        int left = px(tile, 0, 0);
        int right = px(tile, 4, 1);
        assertThat(px(tile, 2, 0)).isZero();
        assertThat(left).isEqualTo(1 + m.navGrid().island(m.cell(0, 0)) % 250);
        assertThat(right).isEqualTo(1 + m.navGrid().island(m.cell(4, 1)) % 250);
        assertThat(left).isNotEqualTo(right).isPositive();
        assertThat(px(tile, 1, 1)).isEqualTo(left);
    }

    @Test
    void reduction_KeepsAOneCellWallVisibleWhenZoomedOut() {
        // a vertical wall one cell thick: every 2x2 block it touches is 2 wall, 2 open -> tie -> wall
        GridMap m = ascii(
                "...#....",
                "...#....",
                "...#....",
                "...#....");
        byte[] l1 = ViewTiles.reduceLevel(m, ViewTiles.Layer.TERRAIN, 1, null);
        assertThat(l1).containsExactly(
                0, 1, 0, 0,
                0, 1, 0, 0);
        byte[] l2 = ViewTiles.reduceLevel(m, ViewTiles.Layer.TERRAIN, 2, l1);
        assertThat(l2).containsExactly(1, 0);
    }

    @Test
    void reduction_TakesTheMostFrequentValueAndBreaksOtherTiesTowardTheSmallest() {
        assertThat(ViewTiles.reduce(0, 0, 0, 1, Terrain.WALL)).isEqualTo(0);
        assertThat(ViewTiles.reduce(2, 2, 1, 3, Terrain.WALL)).isEqualTo(2);
        assertThat(ViewTiles.reduce(3, 2, 3, 2, Terrain.WALL)).isEqualTo(2);
        assertThat(ViewTiles.reduce(0, 1, 2, 3, Terrain.WALL)).isEqualTo(1);
        assertThat(ViewTiles.reduce(5, 7, 0, 0, 0)).isEqualTo(0);
        assertThat(ViewTiles.reduce(5, -1, -1, -1, 0)).isEqualTo(5);
    }

    @Test
    void reduction_AtTheMapsEdge_CountsOnlyInsideChildren() {
        GridMap m = ascii(
                "..T",
                "..T",
                "TTT");
        // level 1 is 2x2: (0,0) open; (1,0) children T,T (column 3 is outside) -> trees; (0,1) T,T; (1,1) T
        assertThat(ViewTiles.reduceLevel(m, ViewTiles.Layer.TERRAIN, 1, null)).containsExactly(0, 2, 2, 2);
    }

    @Test
    void reducedTile_OfAMapWiderThanOneTile_PadsBeyondTheEdgeWith255() {
        String row = "#" + ".".repeat(299);
        GridMap m = ascii(row, row, row);
        assertThat(ViewTiles.levels(300, 3)).isEqualTo(2);
        byte[] tile = new ViewTiles().tile(m, ViewTiles.Layer.TERRAIN, 1, 0, 0);
        // level 1 is 150x2: pixel (0,0) covers the wall column and an open one -> tie -> wall
        assertThat(new int[] {px(tile, 0, 0), px(tile, 1, 0), px(tile, 149, 1), px(tile, 150, 0), px(tile, 0, 2)})
                .containsExactly(1, 0, 0, 255, 255);
    }
}
