package dev.navserver.server.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.WorldTransform;
import dev.navserver.nav.search.PathResult;
import dev.navserver.nav.search.PathSearch;
import dev.navserver.nav.search.SearchOptions;
import dev.navserver.nav.search.SearchStatus;
import dev.navserver.nav.smooth.PathValidator;
import dev.navserver.nav.smooth.WorldPath;
import dev.navserver.server.plan.GroupPlanner.GroupPlan;
import dev.navserver.server.plan.GroupPlanner.Outcome;
import org.junit.jupiter.api.Test;

/** Maps are drawn with {@code .} walkable and {@code #} blocked; cell (col, row) is centred at x = col, z = -row. */
class GroupPlannerTest {
    private final NavPlanner planner = new NavPlanner(SearchOptions.DEFAULT);
    private final GroupPlanner group = new GroupPlanner(planner);

    private static GridMap map(String... rows) {
        int h = rows.length;
        int w = rows[0].length();
        boolean[] walk = new boolean[w * h];
        for (int r = 0; r < h; r++) {
            for (int c = 0; c < w; c++) {
                walk[r * w + c] = rows[r].charAt(c) == '.';
            }
        }
        return GridMap.ofWalkable("ascii", w, h, new WorldTransform(0, 0, 0, 1), walk);
    }

    private static final String[] ROOMS = {
            "....................",
            "....................",
            "..........#.........",
            "..........#.........",
            "..........#.........",
            "..........#.........",
            "..........#.........",
            "....................",
            "########.###########",
            "....................",
            "........#....###....",
            "........#....#.#....",
            "........#....###....",
    };

    @Test
    void plan_FourUnitsAcrossAWall_GoalsSpacedRingAroundToAndPathsWalkableFromTheirStarts() {
        GridMap map = map(ROOMS);
        double[] xs = {1, 2, 3, 14};
        double[] zs = {-1, -5, -3, -11};
        GroupPlan plan = group.plan(map, xs, zs, 15, -3, 2.0);

        assertThat(plan.outcome()).isEqualTo(Outcome.PLANNED);
        assertThat(plan.units()).hasSize(4);
        assertThat(plan.fieldBuilt()).isTrue();
        // the last unit stands in the one-cell closed box (col 14, row 11): another island
        PathValidator validator = PathValidator.ignoringHeight(map.navGrid());
        for (int i = 0; i < 4; i++) {
            GroupPlanner.UnitPath u = plan.units().get(i);
            for (int j = 0; j < i; j++) {
                GroupPlanner.UnitPath o = plan.units().get(j);
                assertThat(Math.hypot(u.goalX() - o.goalX(), u.goalZ() - o.goalZ())).isGreaterThanOrEqualTo(2.0);
            }
            assertThat(Math.max(Math.abs(u.goalX() - 15), Math.abs(u.goalZ() + 3))).isLessThanOrEqualTo(4);
            WorldPath p = u.path();
            if (i < 3) {
                assertThat(p.status()).isEqualTo(SearchStatus.FOUND);
                assertThat(p.x(0)).isEqualTo(xs[i]);
                assertThat(p.z(0)).isEqualTo(zs[i]);
                assertThat(p.x(p.size() - 1)).isEqualTo(u.goalX());
                assertThat(p.z(p.size() - 1)).isEqualTo(u.goalZ());
                assertThat(validator.check(p.toPackedArray()).ok()).isTrue();
            } else {
                assertThat(p.status()).isEqualTo(SearchStatus.PARTIAL);
            }
        }
    }

    @Test
    void plan_OneUnit_GoesToToItselfNoLongerThanTheOptimalCellPath() {
        GridMap map = map(ROOMS);
        GroupPlan plan = group.plan(map, new double[] {1}, new double[] {-10}, 18, -1, 0.8);
        PathResult optimal = new PathSearch().find(map.navGrid(), 1, 10, 18, 1, SearchOptions.DEFAULT);
        WorldPath p = plan.units().get(0).path();
        assertThat(p.status()).isEqualTo(SearchStatus.FOUND);
        assertThat(plan.units().get(0).goalX()).isEqualTo(18.0);
        assertThat(plan.units().get(0).goalZ()).isEqualTo(-1.0);
        // smoothing only shortens the field's descent, whose cell length is the optimal one
        assertThat(p.length()).isLessThanOrEqualTo(optimal.length() + 1e-9)
                .isGreaterThanOrEqualTo(Math.hypot(17, 9));
    }

    @Test
    void plan_MoreUnitsThanSpacedCellsOnTheIsland_IsNoRoom() {
        GridMap map = map(
                "#####",
                "#...#",
                "#####",
                "#...#",
                "#####");
        GroupPlan plan = group.plan(map, new double[] {1, 2, 3}, new double[] {-1, -1, -1}, 2, -1, 1.5);
        assertThat(plan.outcome()).isEqualTo(Outcome.NO_ROOM);
        // (2, -1) first; its neighbours at 1 m are closer than 1.5 m; the lower row is another island
        assertThat(plan.goalsFound()).isEqualTo(1);
        assertThat(plan.units()).isEmpty();
    }

    @Test
    void plan_ToOffTheMap_IsGoalOutOfBounds() {
        GroupPlan plan = group.plan(map(ROOMS), new double[] {1}, new double[] {-1}, 99, -1, 1);
        assertThat(plan.outcome()).isEqualTo(Outcome.GOAL_OUT_OF_BOUNDS);
    }

    @Test
    void assign_FarthestUnitTakesTheGoalNearestTheCentroid() {
        // goals on a line: centroid at x = 1, so goal 1 (x = 1) is innermost, then goals 0 and 2 (tie: walk order)
        double[] gx = {0, 1, 2};
        double[] gz = {0, 0, 0};
        double[] ux = {5, 50, 10};
        double[] uz = {0, 0, 0};
        int[] a = GroupPlanner.assign(ux, uz, 1, 0, gx, gz);
        assertThat(a).containsExactly(2, 1, 0);
    }
}
