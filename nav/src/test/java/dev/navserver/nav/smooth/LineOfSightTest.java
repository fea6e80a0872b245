package dev.navserver.nav.smooth;

import static dev.navserver.nav.smooth.SegmentCheck.BLOCKED;
import static dev.navserver.nav.smooth.SegmentCheck.CLEAR;
import static dev.navserver.nav.smooth.SegmentCheck.CORNER;
import static dev.navserver.nav.smooth.SegmentCheck.OFF_MAP;
import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.AsciiMaps;
import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.MoveLayer;
import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.grid.WorldTransform;
import org.junit.jupiter.api.Test;

class LineOfSightTest {

    private static NavGrid grid(String... rows) {
        return AsciiMaps.map(rows).navGrid();
    }

    private static SegmentCheck check(NavGrid g, double x0, double y0, double x1, double y1) {
        SegmentCheck forward = LineOfSight.check(g, x0, y0, x1, y1);
        assertThat(LineOfSight.check(g, x1, y1, x0, y0)).as("reversed segment").isEqualTo(forward);
        assertThat(LineOfSight.clear(g, x0, y0, x1, y1)).as("clear()").isEqualTo(forward == CLEAR);
        return forward;
    }

    @Test
    void straight_WhenRowIsOpen_Clear() {
        NavGrid g = grid(
                "#####",
                ".....",
                "#####");
        assertThat(check(g, 0, 1, 4, 1)).isEqualTo(CLEAR);
        assertThat(check(g, 0.3, 1.2, 3.9, 0.8)).isEqualTo(CLEAR);
    }

    @Test
    void straight_WhenWallInTheWay_Blocked() {
        NavGrid g = grid(
                ".....",
                "..#..",
                ".....");
        assertThat(check(g, 0, 1, 4, 1)).isEqualTo(BLOCKED);
        assertThat(check(g, 2, 0, 2, 2)).isEqualTo(BLOCKED);
    }

    @Test
    void diagonal_WhenOpenSpace_Clear() {
        NavGrid g = grid(
                "....",
                "....",
                "....",
                "....");
        assertThat(check(g, 0, 0, 3, 3)).isEqualTo(CLEAR);
        assertThat(check(g, 3, 0, 0, 3)).isEqualTo(CLEAR);
        assertThat(check(g, 0, 0, 3, 2)).isEqualTo(CLEAR);
    }

    @Test
    void cornerCutting_WhenSegmentPassesVertexBetweenTwoDiagonalWalls_Refused() {
        NavGrid g = grid(
                ".#",
                "#.");
        // the diagonal step between the two open centres passes exactly through the walls' shared vertex
        assertThat(check(g, 0, 0, 1, 1)).isEqualTo(CORNER);
    }

    @Test
    void cornerCutting_WhenOnlyOneOrthogonalNeighbourIsWall_StillRefused() {
        NavGrid g = grid(
                "..",
                "#.");
        assertThat(check(g, 0, 0, 1, 1)).isEqualTo(CORNER);
        assertThat(check(g, 1, 0, 0, 0)).isEqualTo(CLEAR);
    }

    @Test
    void cornerCutting_WhenLongDiagonalPassesWallVertex_Refused() {
        NavGrid g = grid(
                "..#.",
                "....",
                "....",
                "....");
        // (1,0)..(3,2) has slope 1: it runs through the vertex (1.5, 0.5) at the wall's bottom-left corner
        assertThat(check(g, 1, 0, 3, 2)).isEqualTo(CORNER);
        // shifted down by 0.1 it misses the wall
        assertThat(check(g, 1, 0.1, 3, 2.1)).isEqualTo(CLEAR);
        // shifted up by 0.1 it enters the wall
        assertThat(check(g, 1, -0.1, 3, 1.9)).isEqualTo(BLOCKED);
    }

    @Test
    void grazing_WhenSegmentRunsAlongWallEdge_Corner() {
        NavGrid g = grid(
                "....",
                ".##.",
                "....");
        // y = 0.5 is the edge between row 0 and row 1: the walls are touched along their top edges
        assertThat(check(g, 0, 0.5, 3, 0.5)).isEqualTo(CORNER);
        assertThat(check(g, 0, 0.49, 3, 0.49)).isEqualTo(CLEAR);
        assertThat(check(g, 0, 0.51, 3, 0.51)).isEqualTo(BLOCKED);
    }

    @Test
    void grazing_WhenSegmentEndsOnWallFace_Corner() {
        NavGrid g = grid(
                "...#",
                "....");
        assertThat(check(g, 0, 0, 2.5, 0)).isEqualTo(CORNER);
        assertThat(check(g, 0, 0, 2.49, 0)).isEqualTo(CLEAR);
    }

    @Test
    void boundarySegments_WhenVerticalOnColumnBoundary_TouchesBothColumns() {
        NavGrid open = grid(
                "...",
                "...",
                "...");
        assertThat(check(open, 0.5, 0, 0.5, 2)).isEqualTo(CLEAR);
        NavGrid wallLeft = grid(
                "...",
                "#..",
                "...");
        assertThat(check(wallLeft, 0.5, 0, 0.5, 2)).isEqualTo(CORNER);
        NavGrid wallRight = grid(
                "...",
                ".#.",
                "...");
        assertThat(check(wallRight, 0.5, 0, 0.5, 2)).isEqualTo(CORNER);
        // ending exactly on the wall's top-left vertex touches it at a point
        assertThat(check(wallRight, 0.5, 0, 0.5, 0.5)).isEqualTo(CORNER);
        assertThat(check(wallRight, 0.5, 0, 0.5, 0.49)).isEqualTo(CLEAR);
    }

    @Test
    void boundarySegments_WhenHorizontalOnRowBoundary_TouchesBothRows() {
        NavGrid wallBelow = grid(
                "...",
                "..#");
        assertThat(check(wallBelow, 0, 0.5, 2, 0.5)).isEqualTo(CORNER);
        assertThat(check(wallBelow, 0, 0.5, 1.5, 0.5)).isEqualTo(CORNER);
        assertThat(check(wallBelow, 0, 0.5, 1.4, 0.5)).isEqualTo(CLEAR);
        assertThat(check(grid("...", "..."), 0, 0.5, 2, 0.5)).isEqualTo(CLEAR);
    }

    @Test
    void offMap_WhenEndpointOutsideOrOnBorder_OffMap() {
        NavGrid g = grid(
                "...",
                "...");
        assertThat(check(g, 0, 0, 3, 0)).isEqualTo(OFF_MAP);
        assertThat(check(g, 0, 0, 0, -1)).isEqualTo(OFF_MAP);
        // the map's outer border belongs to the off-map cells too
        assertThat(check(g, -0.5, 0, 1, 0)).isEqualTo(OFF_MAP);
        assertThat(check(g, 0, 0, 2, 1.5)).isEqualTo(OFF_MAP);
        assertThat(check(g, -0.49, -0.49, 2.49, 1.49)).isEqualTo(CLEAR);
        assertThat(check(g, Double.NaN, 0, 1, 0)).isEqualTo(OFF_MAP);
        assertThat(check(g, 0, 0, Double.POSITIVE_INFINITY, 0)).isEqualTo(OFF_MAP);
    }

    @Test
    void offMap_WhenAlsoBlocked_OffMapWins() {
        NavGrid g = grid(".#.");
        assertThat(check(g, 0, 0, 5, 0)).isEqualTo(OFF_MAP);
    }

    @Test
    void blockedVsCorner_WhenCornerTouchedThenWallEntered_Blocked() {
        NavGrid g = grid(
                ".#..",
                "....",
                "..#.");
        assertThat(check(g, 0, 0, 1, 1)).isEqualTo(CORNER);
        // the same vertex (0.5, 0.5) is touched first, then the segment goes on into the wall at (2, 2)
        assertThat(check(g, 0, 0, 2.4, 2.4)).isEqualTo(BLOCKED);
        assertThat(check(g, 0, 0, 1.4, 1.4)).isEqualTo(CORNER);
        assertThat(check(g, 0, 0, 3, 2.9)).isEqualTo(OFF_MAP);
    }

    @Test
    void point_WhenZeroLength_ClassifiedByWhereItLies() {
        NavGrid g = grid(".#");
        assertThat(check(g, 0, 0, 0, 0)).isEqualTo(CLEAR);
        assertThat(check(g, 1, 0, 1, 0)).isEqualTo(BLOCKED);
        assertThat(check(g, 0.5, 0, 0.5, 0)).isEqualTo(CORNER);
    }

    @Test
    void steep_WhenNearlyVerticalThroughWallColumn_Blocked() {
        NavGrid g = grid(
                "...",
                "...",
                ".#.",
                "...",
                "...");
        assertThat(check(g, 1, 0, 1.0000001, 4)).isEqualTo(BLOCKED);
        assertThat(check(g, 0, 0, 0.4, 4)).isEqualTo(CLEAR);
        // ends on the wall's left face
        assertThat(check(g, 0, 0, 0.5, 2)).isEqualTo(CORNER);
    }

    @Test
    void layers_WhenGridIsBoatLayer_OnlyWaterIsClear() {
        GridMap map = AsciiMaps.map(
                "WWW",
                "W.W",
                "WWW");
        NavGrid boat = map.navGrid(MoveLayer.BOAT, 1);
        assertThat(check(boat, 0, 0, 2, 0)).isEqualTo(CLEAR);
        assertThat(check(boat, 0, 0, 2, 2)).isEqualTo(BLOCKED);
        assertThat(check(map.navGrid(), 0, 0, 2, 0)).isEqualTo(BLOCKED);
    }

    @Test
    void world_WhenFractionalCellSizeAndNegativeOrigin_ConvertsThroughTransform() {
        // cell 0.25 m, column 0 centred at x = -10, row 0 centred at z = -3 (rows advance toward -z)
        GridMap map = AsciiMaps.map(new WorldTransform(-10, 2, -3, 0.25),
                "....",
                ".#..",
                "....");
        NavGrid g = map.navGrid();
        // centre of (0,0) to centre of (3,0)
        assertThat(LineOfSight.checkWorld(g, -10, -3, -9.25, -3)).isEqualTo(CLEAR);
        // centre of (0,1) to centre of (1,0): through the wall's top-left vertex (0.5, 0.5)
        assertThat(LineOfSight.checkWorld(g, -10, -3.25, -9.75, -3)).isEqualTo(CORNER);
        assertThat(LineOfSight.clearWorld(g, -10, -3.25, -9.75, -3)).isFalse();
        // centre of (0,1) to centre of (3,1) through the wall
        assertThat(LineOfSight.checkWorld(g, -10, -3.25, -9.25, -3.25)).isEqualTo(BLOCKED);
        // left of the map by more than half a cell
        assertThat(LineOfSight.checkWorld(g, -10.2, -3, -9.25, -3)).isEqualTo(OFF_MAP);
        assertThat(LineOfSight.clearWorld(g, -10.1, -3.1, -9.25, -3.1)).isTrue();
    }
}
