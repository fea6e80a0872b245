package dev.navserver.bots;

import static dev.navserver.bots.TestMaps.centre;
import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.WorldTransform;
import dev.navserver.nav.smooth.PathCheck;
import dev.navserver.protocol.PathStatus;
import dev.navserver.protocol.message.Vec3;
import java.util.List;
import org.junit.jupiter.api.Test;

class PathCheckerTest {
    // origin (-2, 1.5, 3), half-metre cells: proves the checker goes through the map's transform
    private static final WorldTransform T = new WorldTransform(-2, 1.5, 3, 0.5);
    private static final GridMap MAP = TestMaps.ascii(T,
            ".....",
            ".#...",
            "..#..",
            ".....");
    private final PathChecker checker = new PathChecker(MAP);

    private PathVerdict check(Vec3... points) {
        return checker.check(PathStatus.OK, List.of(points));
    }

    @Test
    void check_WhenPathGoesAroundTheWalls_ExpectedValid() {
        assertThat(check(centre(MAP, 0, 0), centre(MAP, 4, 0), centre(MAP, 4, 3), centre(MAP, 0, 3)))
                .isEqualTo(PathVerdict.VALID);
    }

    @Test
    void check_WhenFirstPointIsAnywhereInsideAWalkableCell_ExpectedValid() {
        Vec3 monster = new Vec3(-2 + 0.2, 1.5, 3 - 0.24); // cell (0,0), off its centre
        assertThat(check(monster, centre(MAP, 4, 0))).isEqualTo(PathVerdict.VALID);
    }

    @Test
    void check_WhenSegmentCrossesAWall_ExpectedBlockedAtThatSegment() {
        assertThat(check(centre(MAP, 0, 0), centre(MAP, 2, 0), centre(MAP, 2, 3)))
                .isEqualTo(PathVerdict.invalid("blocked", 1));
    }

    @Test
    void check_WhenDiagonalStepTouchesAWallCorner_ExpectedCorner() {
        // (1,0) -> (2,1) passes the vertex shared with the blocked (1,1)
        assertThat(check(centre(MAP, 0, 0), centre(MAP, 1, 0), centre(MAP, 2, 1)))
                .isEqualTo(PathVerdict.invalid("corner", 1));
    }

    @Test
    void check_WhenAPointIsOnABlockedCell_ExpectedBlockedOnTheSegmentEndingThere() {
        assertThat(check(centre(MAP, 0, 0), centre(MAP, 0, 1), centre(MAP, 1, 1)))
                .isEqualTo(PathVerdict.invalid("blocked", 1));
    }

    @Test
    void check_WhenAPointIsOffTheMap_ExpectedOffMapOnTheSegmentEndingThere() {
        assertThat(check(centre(MAP, 0, 0), new Vec3(-2 - 0.3, 1.5, 3)))
                .isEqualTo(PathVerdict.invalid("off_map", 0));
        assertThat(check(centre(MAP, 0, 0), centre(MAP, 0, 1), new Vec3(-2, 1.5, 3 - 0.5 * 4)))
                .isEqualTo(PathVerdict.invalid("off_map", 1));
    }

    @Test
    void check_WhenAPointLiesOnTheMapEdge_ExpectedOffMapAtTheSegment() {
        // x = origin - half a cell rounds into column 0, but the segment touches the outside
        assertThat(check(new Vec3(-2.25, 1.5, 3), centre(MAP, 2, 0)))
                .isEqualTo(PathVerdict.invalid("off_map", 0));
    }

    @Test
    void check_WhenYDiffersFromTheMapOrigin_ExpectedWrongY() {
        assertThat(check(centre(MAP, 0, 0), centre(MAP, 1, 0), new Vec3(-2 + 1, 0.0, 3)))
                .isEqualTo(PathVerdict.invalid("wrong_y", 1));
    }

    @Test
    void check_StatusAndEmptyPaths() {
        assertThat(checker.check(PathStatus.UNREACHABLE, List.of())).isEqualTo(PathVerdict.VALID);
        assertThat(checker.check(PathStatus.OK, List.of())).isEqualTo(PathVerdict.invalid("empty", -1));
        assertThat(checker.check(PathStatus.PARTIAL, List.of())).isEqualTo(PathVerdict.invalid("empty", -1));
        assertThat(checker.check(PathStatus.BLOCKED, List.of(centre(MAP, 0, 0))))
                .isEqualTo(PathVerdict.invalid(PathChecker.BAD_STATUS, -1));
        assertThat(checker.check(PathStatus.PARTIAL, List.of(centre(MAP, 3, 3)))).isEqualTo(PathVerdict.VALID);
    }

    @Test
    void check_WhenUnreachablePathHasPoints_ExpectedTheyAreChecked() {
        assertThat(checker.check(PathStatus.UNREACHABLE, List.of(centre(MAP, 0, 0), centre(MAP, 0, 3))))
                .isEqualTo(PathVerdict.VALID);
        assertThat(checker.check(PathStatus.UNREACHABLE, List.of(centre(MAP, 1, 1))))
                .isEqualTo(PathVerdict.invalid("blocked", 0));
    }

    @Test
    void verdictOf_KeepsTheEnginesReasonNameAndSegment() {
        assertThat(PathVerdict.of(PathCheck.OK)).isEqualTo(PathVerdict.VALID);
        assertThat(PathVerdict.of(PathCheck.empty())).isEqualTo(PathVerdict.invalid("empty", -1));
        assertThat(PathVerdict.of(PathCheck.failed(PathCheck.Reason.CORNER, 4)))
                .isEqualTo(PathVerdict.invalid("corner", 4));
    }

    @Test
    void check_WhenPointsRepeat_ExpectedValid() {
        assertThat(check(centre(MAP, 3, 2), centre(MAP, 3, 2))).isEqualTo(PathVerdict.VALID);
    }
}
