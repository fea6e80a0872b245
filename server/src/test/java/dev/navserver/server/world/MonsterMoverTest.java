package dev.navserver.server.world;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.search.SearchStatus;
import dev.navserver.nav.smooth.LineOfSight;
import dev.navserver.nav.smooth.WorldPath;
import org.junit.jupiter.api.Test;

/** Path following, straight steps under local nav, stopping, and the local-nav switch with hysteresis. */
class MonsterMoverTest {
    /**
     * A wall between the monster (west) and the player (east), with a gap in the south row.
     * Cell centres: x = col, z = -row.
     */
    private static final GridMap WALL = AsciiMaps.parse(
            "...#...",
            "...#...",
            ".......");

    private final PathPlanner realLines = new PathPlanner() {
        @Override
        public WorldPath plan(GridMap map, double sx, double sz, double gx, double gz) {
            throw new AssertionError("the mover never plans");
        }

        @Override
        public boolean clearLine(GridMap map, double x0, double z0, double x1, double z1) {
            return LineOfSight.clearWorld(map.navGrid(), x0, z0, x1, z1);
        }
    };
    private final MonsterMover mover = new MonsterMover(realLines);

    private static Monster monster(double x, double z, double speed, double px, double pz) {
        Player p = new Player("s");
        p.hasPos = true;
        p.x = px;
        p.z = pz;
        return new Monster("m", p, x, z, speed);
    }

    /** Around the wall: (1,0) -> (2,-2) -> (4,-2) -> (5,0). */
    private static WorldPath aroundTheWall(SearchStatus status) {
        return WorldPath.of(status, new double[] {1, 0, 0, 2, 0, -2, 4, 0, -2, 5, 0, 0}, 10);
    }

    private static void adopt(Monster m, WorldPath path, MonsterState state) {
        m.path = path;
        m.next = 1;
        m.state = state;
    }

    @Test
    void move_WhenFollowing_WalksExactlyItsBudgetAlongTheWaypoints() {
        Monster m = monster(1, 0, 1, 5, 0);
        adopt(m, aroundTheWall(SearchStatus.FOUND), MonsterState.CHASE);
        mover.move(m, WALL, Math.sqrt(5) + 1, 0); // to (2,-2), then 1 m east
        assertThat(m.x).isCloseTo(3, within(1e-9));
        assertThat(m.z).isCloseTo(-2, within(1e-9));
        assertThat(m.next).isEqualTo(2);
        assertThat(m.state).isEqualTo(MonsterState.CHASE);
    }

    @Test
    void move_WhenLastWaypointOfCompletePath_Arrives() {
        Monster m = monster(1, 0, 100, 5.1, 0);
        adopt(m, aroundTheWall(SearchStatus.FOUND), MonsterState.CHASE);
        mover.move(m, WALL, 1, 0);
        assertThat(m.x).isEqualTo(5);
        assertThat(m.z).isEqualTo(0);
        assertThat(m.state).isEqualTo(MonsterState.ARRIVED);
    }

    @Test
    void move_WhenLastWaypointOfPartialPath_Unreachable() {
        Monster m = monster(1, 0, 100, 50, 50);
        adopt(m, aroundTheWall(SearchStatus.PARTIAL), MonsterState.CHASE);
        mover.move(m, WALL, 1, 0);
        assertThat(m.state).isEqualTo(MonsterState.UNREACHABLE);
    }

    @Test
    void move_WhenPlayerWithinStoppingDistance_StaysPut() {
        Monster m = monster(4.5, -2, 10, 5, -2);
        adopt(m, WorldPath.of(new double[] {4.5, 0, -2, 6, 0, -2}), MonsterState.CHASE);
        mover.move(m, WALL, 1, 1.0);
        assertThat(m.x).isEqualTo(4.5);
        assertThat(m.state).isEqualTo(MonsterState.CHASE);
    }

    @Test
    void move_WhenAWaypointIsWithinTheStoppingDistance_StopsThereWithBudgetLeft() {
        Monster m = monster(0, -2, 10, 3.5, -2);
        adopt(m, WorldPath.of(new double[] {0, 0, -2, 3, 0, -2, 6, 0, -2}), MonsterState.CHASE);
        mover.move(m, WALL, 1, 1.0);
        assertThat(m.x).isEqualTo(3);
        assertThat(m.next).isEqualTo(2);
        assertThat(m.state).isEqualTo(MonsterState.CHASE);
    }

    @Test
    void move_WhenLocalAndLineClear_StepsStraightAtPlayerAndLeavesPath() {
        Monster m = monster(4, -2, 1, 6, 0);
        adopt(m, WorldPath.of(new double[] {4, 0, -2, 4, 0, 0, 6, 0, 0}), MonsterState.LOCAL_PATH);
        mover.move(m, WALL, 1, 0.5);
        double d = Math.hypot(6 - m.x, -m.z);
        assertThat(d).isCloseTo(Math.hypot(2, 2) - 1, within(1e-9));
        assertThat(m.x - 4).isCloseTo(m.z + 2, within(1e-9)); // on the diagonal toward (6, 0)
        assertThat(m.state).isEqualTo(MonsterState.LOCAL_DIRECT);
    }

    @Test
    void move_WhenLocalAndWallInTheWay_FollowsPathAroundIt() {
        Monster m = monster(1, 0, 1, 5, 0);
        adopt(m, aroundTheWall(SearchStatus.FOUND), MonsterState.LOCAL_PATH);
        mover.move(m, WALL, 0.5, 0);
        assertThat(m.state).isEqualTo(MonsterState.LOCAL_PATH);
        assertThat(m.z).isLessThan(0); // heading south to the gap, not east into the wall
    }

    @Test
    void switchLocalNav_WithHysteresis_OnAtDistanceOffOnlyBeyondDistancePlusHysteresis() {
        Monster m = monster(0, -2, 1, 4, -2);
        m.state = MonsterState.CHASE;
        assertThat(mover.switchLocalNav(m, 4, 5)).isEqualTo(MonsterMover.LocalSwitch.ON);
        assertThat(m.state).isEqualTo(MonsterState.LOCAL_PATH);
        assertThat(mover.switchLocalNav(m, 4, 5)).isEqualTo(MonsterMover.LocalSwitch.NONE);
        m.target.x = 5; // 5 m: within hysteresis
        assertThat(mover.switchLocalNav(m, 4, 5)).isEqualTo(MonsterMover.LocalSwitch.NONE);
        m.target.x = 5.01;
        assertThat(mover.switchLocalNav(m, 4, 5)).isEqualTo(MonsterMover.LocalSwitch.OFF);
        assertThat(m.state).isEqualTo(MonsterState.REPLAN);
    }

    @Test
    void switchLocalNav_WhenPlayerPositionUnknown_Nothing() {
        Monster m = monster(0, 0, 1, 0, 0);
        m.target.hasPos = false;
        assertThat(mover.switchLocalNav(m, 4, 5)).isEqualTo(MonsterMover.LocalSwitch.NONE);
        assertThat(m.state).isEqualTo(MonsterState.IDLE);
    }
}
