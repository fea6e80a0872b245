package dev.navserver.nav.smooth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.navserver.nav.AsciiMaps;
import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.WorldTransform;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class PathSmootherTest {
    private final PathSmoother smoother = new PathSmoother();

    private static final String[] L_WALL = {
        "s...",
        "###.",
        "###.",
        "###g"};

    private static int[] bfs(GridMap map, String[] rows, boolean diagonal) {
        int[] s = AsciiMaps.find('s', rows);
        int[] g = AsciiMaps.find('g', rows);
        int[] path = GridBfs.path(map.navGrid(), map.cell(s[0], s[1]), map.cell(g[0], g[1]), diagonal);
        assertThat(path).as("test map must be connected").isNotNull();
        return path;
    }

    private static int[] cells(GridMap map, int... colRow) {
        int[] out = new int[colRow.length / 2];
        for (int i = 0; i < out.length; i++) {
            out[i] = map.cell(colRow[2 * i], colRow[2 * i + 1]);
        }
        return out;
    }

    @Test
    void openSpace_WhenNothingInTheWay_CollapsesToExactStartAndGoal() {
        String[] rows = {
            "s....",
            ".....",
            "....g"};
        GridMap map = AsciiMaps.map(rows);
        int[] path = bfs(map, rows, true);
        // cell (0,0) spans z in [-0.5, 0.5]; cell (4,2) is centred at (4, -2)
        WorldPath p = smoother.smooth(map, 0.2, 0.3, 4.1, -2.2, path, path.length);
        assertThat(p.toArray()).isDeepEqualTo(new double[][] {{0.2, 0, 0.3}, {4.1, 0, -2.2}});
        assertThat(p.length()).isCloseTo(Math.hypot(3.9, 2.5), within(1e-12));
    }

    @Test
    void lShapedWall_WhenGoalIsAroundTheCorner_KeepsCornerWaypoint() {
        GridMap map = AsciiMaps.map(L_WALL);
        int[] path = bfs(map, L_WALL, true);
        assertThat(path).containsExactly(cells(map, 0, 0, 1, 0, 2, 0, 3, 0, 3, 1, 3, 2, 3, 3));
        WorldPath p = smoother.smooth(map, 0.25, 0.1, 3.2, -3.4, path, path.length);
        assertThat(p.toArray()).isDeepEqualTo(new double[][] {{0.25, 0, 0.1}, {3, 0, 0}, {3.2, 0, -3.4}});
        assertThat(p.length()).isCloseTo(Math.hypot(2.75, 0.1) + Math.hypot(0.2, 3.4), within(1e-12));
    }

    @Test
    void turningPath_WhenLShapedWall_KeepsStartGoalAndEveryTurnCentre() {
        GridMap map = AsciiMaps.map(L_WALL);
        int[] path = bfs(map, L_WALL, true);
        WorldPath p = smoother.turningPath(map, 0.25, 0.1, 3.2, -3.4, path, path.length);
        assertThat(p.toArray()).isDeepEqualTo(new double[][] {
            {0.25, 0, 0.1}, {0, 0, 0}, {3, 0, 0}, {3, 0, -3}, {3.2, 0, -3.4}});
    }

    @Test
    void uTurn_WhenCorridorFoldsBack_KeepsBothCorners() {
        String[] rows = {
            "s....",
            "####.",
            "g...."};
        GridMap map = AsciiMaps.map(rows);
        int[] path = bfs(map, rows, true);
        // start and goal are exactly the centres of their cells: those centres are not repeated
        WorldPath p = smoother.smooth(map, 0, 0, 0, -2, path, path.length);
        assertThat(p.toArray()).isDeepEqualTo(new double[][] {{0, 0, 0}, {4, 0, 0}, {4, 0, -2}, {0, 0, -2}});
        assertThat(p.length()).isEqualTo(10.0);
        WorldPath turning = smoother.turningPath(map, 0, 0, 0, -2, path, path.length);
        assertThat(turning).isEqualTo(p);
    }

    @Test
    void cornerCutting_WhenStraightShortcutTouchesWallVertex_WaypointKept() {
        String[] rows = {
            "s..",
            "..#",
            "..g"};
        GridMap map = AsciiMaps.map(rows);
        int[] path = bfs(map, rows, true);
        assertThat(path).containsExactly(cells(map, 0, 0, 0, 1, 1, 2, 2, 2));
        // the straight line start -> goal passes the wall's bottom-left vertex (1.5, 1.5)
        assertThat(LineOfSight.check(map.navGrid(), 0, 0, 2, 2)).isEqualTo(SegmentCheck.CORNER);
        WorldPath p = smoother.smooth(map, 0, 0, 2, -2, path, path.length);
        assertThat(p.toArray()).isDeepEqualTo(new double[][] {{0, 0, 0}, {1, 0, -2}, {2, 0, -2}});
    }

    @Test
    void singleCell_WhenStartAndGoalShareACell_TwoPoints() {
        GridMap map = AsciiMaps.map("...");
        int[] path = {map.cell(1, 0)};
        assertThat(smoother.smooth(map, 0.9, 0.2, 1.3, -0.4, path, 1).toArray())
                .isDeepEqualTo(new double[][] {{0.9, 0, 0.2}, {1.3, 0, -0.4}});
        assertThat(smoother.smooth(map, 1, 0, 1, 0, path, 1).toArray())
                .isDeepEqualTo(new double[][] {{1, 0, 0}, {1, 0, 0}});
        assertThat(smoother.turningPath(map, 1, 0, 1.3, -0.4, path, 1).toArray())
                .isDeepEqualTo(new double[][] {{1, 0, 0}, {1.3, 0, -0.4}});
    }

    @Test
    void fourConnected_WhenStaircaseInOpenSpace_TurningPointsAtEveryStepAndSmoothedToTwo() {
        GridMap map = AsciiMaps.map("...", "...", "...");
        int[] path = cells(map, 0, 0, 1, 0, 1, 1, 2, 1, 2, 2);
        assertThat(smoother.turningPath(map, 0, 0, 2, -2, path, path.length).size()).isEqualTo(5);
        assertThat(smoother.smooth(map, 0, 0, 2, -2, path, path.length).toArray())
                .isDeepEqualTo(new double[][] {{0, 0, 0}, {2, 0, -2}});
    }

    @Test
    void fractionalCellSizeAndNegativeOrigin_WhenLShapedWall_CornerAtWorldCentre() {
        // cell 0.5 m, column 0 at x = -20.5, row 0 at z = -7, floor at y = 3.25
        GridMap map = AsciiMaps.map(new WorldTransform(-20.5, 3.25, -7, 0.5), L_WALL);
        int[] path = bfs(map, L_WALL, true);
        WorldPath p = smoother.smooth(map, -20.4, -6.9, -19, -8.6, path, path.length);
        assertThat(p.toArray()).isDeepEqualTo(new double[][] {
            {-20.4, 3.25, -6.9}, {-19, 3.25, -7}, {-19, 3.25, -8.6}});
        assertThat(p.length()).isCloseTo(Math.hypot(1.4, 0.1) + 1.6, within(1e-12));
    }

    @Test
    void tenthCellSize_WhenUTurn_CornersAreTheMapsCellCentres() {
        String[] rows = {
            "s....",
            "####.",
            "g...."};
        GridMap map = AsciiMaps.map(new WorldTransform(-3.7, 0, 12.3, 0.1), rows);
        int[] path = bfs(map, rows, true);
        int corner1 = map.cell(4, 0);
        int corner2 = map.cell(4, 2);
        WorldPath p = smoother.smooth(map, -3.69, 12.31, -3.71, 12.1, path, path.length);
        assertThat(p.toArray()).isDeepEqualTo(new double[][] {
            {-3.69, 0, 12.31},
            {map.worldX(corner1), 0, map.worldZ(corner1)},
            {map.worldX(corner2), 0, map.worldZ(corner2)},
            {-3.71, 0, 12.1}});
    }

    @Test
    void turningCells_WhenStraightRuns_KeepsOnlyDirectionChangesInPlace() {
        GridMap map = AsciiMaps.map(".....", ".....", ".....", ".....");
        int[] path = cells(map, 0, 0, 1, 0, 2, 0, 3, 1, 4, 2, 4, 3);
        int n = PathSmoother.turningCells(map, path, path.length, path);
        assertThat(n).isEqualTo(4);
        assertThat(Arrays.copyOf(path, n)).containsExactly(cells(map, 0, 0, 2, 0, 4, 2, 4, 3));
    }

    @Test
    void pull_WhenGridPointsSeeEachOther_DropsTheMiddle() {
        GridMap map = AsciiMaps.map("....", "..#.");
        double[] xy = {0, 0, 1, 0, 2, 0, 3, 0, 3, 1};
        // (0,0) -> (3,1) passes (1.5, 0.5), the wall's top-left vertex, so (3,0) stays
        int n = PathSmoother.pull(map.navGrid(), xy, 5);
        assertThat(n).isEqualTo(3);
        assertThat(Arrays.copyOf(xy, 6)).containsExactly(0, 0, 3, 0, 3, 1);
    }

    @Test
    void badInput_WhenPathEmptyOrBrokenOrStartElsewhere_IllegalArgument() {
        GridMap map = AsciiMaps.map("....", "....");
        int[] path = cells(map, 0, 0, 1, 0);
        assertThatThrownBy(() -> smoother.smooth(map, 0, 0, 1, 0, new int[0], 0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> smoother.smooth(map, 0, 0, 2, 0, cells(map, 0, 0, 2, 0), 2))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("neighbour");
        assertThatThrownBy(() -> smoother.smooth(map, 0, 0, 1, 0, new int[] {0, 99}, 2))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("outside");
        assertThatThrownBy(() -> smoother.smooth(map, 0.6, 0, 1, 0, path, 2))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("start");
        assertThatThrownBy(() -> smoother.turningPath(map, 0, 0, 1, -0.7, path, 2))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("goal");
        assertThatThrownBy(() -> smoother.smooth(map, Double.NaN, 0, 1, 0, path, 2))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void reuse_WhenLongPathAfterShortOne_ScratchGrowsAndResultsStayIndependent() {
        GridMap map = AsciiMaps.map(".".repeat(200));
        int[] shortPath = {0, 1};
        WorldPath first = smoother.smooth(map, 0, 0, 1, 0, shortPath, 2);
        int[] zigzag = new int[200];
        for (int i = 0; i < 200; i++) {
            zigzag[i] = i;
        }
        WorldPath second = smoother.turningPath(map, 0, 0, 199, 0, zigzag, 200);
        assertThat(second.size()).isEqualTo(2);
        assertThat(first.toArray()).isDeepEqualTo(new double[][] {{0, 0, 0}, {1, 0, 0}});
    }
}
