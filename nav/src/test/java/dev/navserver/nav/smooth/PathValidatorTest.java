package dev.navserver.nav.smooth;

import static dev.navserver.nav.smooth.PathCheck.Reason.BLOCKED;
import static dev.navserver.nav.smooth.PathCheck.Reason.CORNER;
import static dev.navserver.nav.smooth.PathCheck.Reason.OFF_MAP;
import static dev.navserver.nav.smooth.PathCheck.Reason.WRONG_Y;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.navserver.nav.AsciiMaps;
import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.MoveLayer;
import dev.navserver.nav.grid.WorldTransform;
import org.junit.jupiter.api.Test;

class PathValidatorTest {
    // origin (-2, 1.5, 3), half-metre cells: proves the validator goes through the map's transform
    private static final WorldTransform T = new WorldTransform(-2, 1.5, 3, 0.5);
    private static final GridMap MAP = AsciiMaps.map(T,
            ".....",
            ".#...",
            "..#..",
            ".....");
    private static final PathValidator XZ = PathValidator.ignoringHeight(MAP.navGrid());
    private static final PathValidator XYZ = PathValidator.checkingHeight(MAP.navGrid(), 1e-6);

    /** Packed world points at the centres of the cells given as (col, row) pairs, y = the origin's y. */
    private static double[] centres(int... colRow) {
        double[] xyz = new double[colRow.length / 2 * 3];
        for (int i = 0; i < colRow.length / 2; i++) {
            xyz[3 * i] = T.x(colRow[2 * i]);
            xyz[3 * i + 1] = T.originY();
            xyz[3 * i + 2] = T.z(colRow[2 * i + 1]);
        }
        return xyz;
    }

    private static PathCheck both(double[] xyz) {
        PathCheck r = XZ.check(xyz);
        assertThat(XYZ.check(xyz)).as("with the height check").isEqualTo(r);
        return r;
    }

    @Test
    void check_WhenPathGoesAroundTheWalls_ExpectedOk() {
        assertThat(both(centres(0, 0, 4, 0, 4, 3, 0, 3, 0, 0))).isEqualTo(PathCheck.OK);
    }

    @Test
    void check_WhenSinglePointOrRepeatedPoints_ExpectedOk() {
        assertThat(both(centres(3, 2))).isEqualTo(PathCheck.OK);
        assertThat(both(centres(3, 2, 3, 2, 3, 3))).isEqualTo(PathCheck.OK);
    }

    @Test
    void check_WhenFirstPointIsAnywhereInsideAWalkableCell_ExpectedOk() {
        double[] xyz = centres(0, 0, 4, 0);
        xyz[0] += 0.2; // cell (0,0), off its centre
        xyz[2] -= 0.24;
        assertThat(both(xyz)).isEqualTo(PathCheck.OK);
    }

    @Test
    void check_WhenNoPoints_ExpectedEmpty() {
        assertThat(both(new double[0])).isEqualTo(PathCheck.empty());
        assertThat(PathCheck.empty().reason().wire()).isEqualTo("empty");
    }

    @Test
    void check_WhenALaterPointIsOffTheMap_ExpectedOffMapOnTheSegmentEndingThere() {
        double[] left = centres(0, 3, 0, 0, 0, 0);
        left[6] -= 0.3; // x = origin - 0.3: rounds to column -1
        assertThat(both(left)).isEqualTo(PathCheck.failed(OFF_MAP, 1));
        // row -1 is above the map
        assertThat(both(centres(4, 3, 4, 0, 4, -1))).isEqualTo(PathCheck.failed(OFF_MAP, 1));
    }

    @Test
    void check_WhenTheFirstPointIsOffTheMap_ExpectedOffMapAtSegmentZero() {
        assertThat(both(centres(5, 0, 4, 0))).isEqualTo(PathCheck.failed(OFF_MAP, 0));
    }

    @Test
    void check_WhenASegmentRunsAlongTheMapEdge_ExpectedOffMapAtThatSegment() {
        // x = origin - half a cell rounds into column 0, but the segment touches the cells outside
        double[] xyz = centres(0, 3, 0, 0, 2, 0);
        xyz[3] -= 0.25;
        assertThat(both(xyz)).isEqualTo(PathCheck.failed(OFF_MAP, 0));
    }

    @Test
    void check_WhenAPointIsOnABlockedCell_ExpectedBlockedOnTheSegmentEndingThere() {
        // ".....
        //  .#...   <- (1,1)
        //  ..#..
        //  ....."
        assertThat(both(centres(0, 0, 0, 1, 1, 1))).isEqualTo(PathCheck.failed(BLOCKED, 1));
        assertThat(both(centres(1, 1, 0, 1))).isEqualTo(PathCheck.failed(BLOCKED, 0));
    }

    @Test
    void check_WhenASegmentCrossesAWall_ExpectedBlockedAtThatSegment() {
        // (2,0) -> (2,3) runs through the interior of (2,2)
        assertThat(both(centres(0, 0, 2, 0, 2, 3))).isEqualTo(PathCheck.failed(BLOCKED, 1));
    }

    @Test
    void check_WhenADiagonalStepTouchesAWallCorner_ExpectedCornerAtThatSegment() {
        // (1,0) -> (2,1) passes the vertex shared with the blocked (1,1)
        assertThat(both(centres(0, 0, 1, 0, 2, 1))).isEqualTo(PathCheck.failed(CORNER, 1));
    }

    @Test
    void check_WhenABadSegmentComesBeforeABadPoint_ExpectedTheSegmentFirstAlongThePath() {
        // segment 0 cuts the corner of (1,1); point 2 sits on the wall (2,2)
        assertThat(both(centres(1, 0, 2, 1, 2, 2))).isEqualTo(PathCheck.failed(CORNER, 0));
    }

    @Test
    void check_WhenYDiffersFromTheMapOrigin_ExpectedWrongYOnlyWhenHeightIsChecked() {
        double[] xyz = centres(0, 0, 2, 0, 4, 0);
        xyz[4] = 0.0; // point 1 at y 0 instead of 1.5
        assertThat(XYZ.check(xyz)).isEqualTo(PathCheck.failed(WRONG_Y, 0));
        assertThat(XZ.check(xyz)).isEqualTo(PathCheck.OK);

        xyz[4] = T.originY() + 1e-7; // within the tolerance
        assertThat(XYZ.check(xyz)).isEqualTo(PathCheck.OK);
        xyz[7] = Double.NaN;
        assertThat(XYZ.check(xyz)).isEqualTo(PathCheck.failed(WRONG_Y, 1));
    }

    @Test
    void check_WhenCoordinatesAreNotFinite_ExpectedOffMap() {
        double[] xyz = centres(0, 0, 4, 0);
        xyz[3] = Double.NaN;
        assertThat(both(xyz)).isEqualTo(PathCheck.failed(OFF_MAP, 0));
        xyz[3] = Double.POSITIVE_INFINITY;
        assertThat(both(xyz)).isEqualTo(PathCheck.failed(OFF_MAP, 0));
    }

    @Test
    void check_WhenTheGridIsForALargerAgent_ExpectedItsStandableCellsUsed() {
        // unit transform: world (x, z) = (col, -row). A 2x2 agent on (c, r) covers (c..c+1, r..r+1), so it
        // cannot stand on (0,1), which would overlap the wall (1,1); a 1x1 agent can.
        GridMap map = AsciiMaps.map(
                ".....",
                ".#...",
                ".....",
                ".....");
        double[] path = {2, 0, -2, 0, 0, -2, 0, 0, -1}; // (2,2) -> (0,2) -> (0,1)
        assertThat(PathValidator.ignoringHeight(map.navGrid()).check(path)).isEqualTo(PathCheck.OK);
        PathValidator big = PathValidator.ignoringHeight(map.navGrid(MoveLayer.DEFAULT, 2));
        assertThat(big.check(path)).isEqualTo(PathCheck.failed(BLOCKED, 1));
        assertThat(big.check(new double[] {2, 0, -2, 3, 0, -2})).isEqualTo(PathCheck.OK);
    }

    @Test
    void check_WhenCoordinatesAreNotWholePoints_IllegalArgument() {
        assertThatThrownBy(() -> XZ.check(new double[] {1, 2})).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void checkingHeight_WhenToleranceIsNegativeOrNotFinite_IllegalArgument() {
        assertThatThrownBy(() -> PathValidator.checkingHeight(MAP.navGrid(), -1e-9))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PathValidator.checkingHeight(MAP.navGrid(), Double.NaN))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PathValidator.checkingHeight(MAP.navGrid(), Double.POSITIVE_INFINITY))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(XYZ.checksHeight()).isTrue();
        assertThat(XZ.checksHeight()).isFalse();
        assertThat(XZ.grid()).isSameAs(MAP.navGrid());
    }
}
