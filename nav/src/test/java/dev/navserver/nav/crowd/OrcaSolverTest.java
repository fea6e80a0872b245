package dev.navserver.nav.crowd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.navserver.nav.AsciiMaps;
import dev.navserver.nav.RandomWalls;
import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.grid.WorldTransform;
import dev.navserver.nav.smooth.LineOfSight;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class OrcaSolverTest {
    private static final double DT = 0.05;
    private static final double R = 0.4;
    private static final double SPEED = 1.5;
    private static final double OVERLAP_TOLERANCE = 0.05;

    @Test
    void twoAgentsHeadOn_InOpenSpace_PassWithoutOverlapAndArrive() {
        NavGrid grid = AsciiMaps.map(
                "....................",
                "....................",
                "....................",
                "....................",
                "....................",
                "....................",
                "....................").navGrid();
        WaypointCrowd crowd = new WaypointCrowd(grid, OrcaParams.DEFAULT, R, SPEED,
                new int[][] {{17, 3}, {2, 3}}, new double[][] {{2, 3}, {17, 3}});
        double minDistance = Double.POSITIVE_INFINITY;
        int steps = 0;
        while (!(crowd.arrived(0, 0.05) && crowd.arrived(1, 0.05)) && steps < 600) {
            crowd.step(DT);
            steps++;
            minDistance = Math.min(minDistance, crowd.distance(0, 1));
        }
        assertThat(minDistance).isGreaterThanOrEqualTo(2 * R - OVERLAP_TOLERANCE);
        assertThat(crowd.arrived(0, 0.05)).isTrue();
        assertThat(crowd.arrived(1, 0.05)).isTrue();
        // 15 m at 1.5 m/s is 10 s; the detour costs little
        assertThat(steps * DT).isLessThan(14);
    }

    @Test
    void twoAgents_ThroughOneCellDoorInOppositeDirections_BothPassWithoutOverlapOrLongDeadlock() {
        String[] rows = {
                "#########",
                "#.......#",
                "#.......#",
                "#.......#",
                "#.......#",
                "####.####",
                "#.......#",
                "#.......#",
                "#.......#",
                "#.......#",
                "#########"};
        NavGrid grid = AsciiMaps.map(rows).navGrid();
        WaypointCrowd crowd = new WaypointCrowd(grid, OrcaParams.DEFAULT, R, SPEED,
                new int[][] {{4, 5, 4, 8}, {4, 5, 4, 2}}, new double[][] {{4, 2}, {4, 8}});
        double minDistance = Double.POSITIVE_INFINITY;
        double stuck = 0;
        double longestStuck = 0;
        int steps = 0;
        while (!(crowd.arrived(0, 0.05) && crowd.arrived(1, 0.05)) && steps < 1200) {
            double x0 = crowd.agents.x(0);
            double z0 = crowd.agents.z(0);
            double x1 = crowd.agents.x(1);
            double z1 = crowd.agents.z(1);
            crowd.step(DT);
            steps++;
            minDistance = Math.min(minDistance, crowd.distance(0, 1));
            assertThat(crowd.centreOnOpenCell(0)).isTrue();
            assertThat(crowd.centreOnOpenCell(1)).isTrue();
            double moved = Math.max(Math.hypot(crowd.agents.x(0) - x0, crowd.agents.z(0) - z0),
                    Math.hypot(crowd.agents.x(1) - x1, crowd.agents.z(1) - z1));
            stuck = moved < 0.1 * DT ? stuck + DT : 0;
            longestStuck = Math.max(longestStuck, stuck);
        }
        assertThat(crowd.arrived(0, 0.05)).as("agent 1 arrived").isTrue();
        assertThat(crowd.arrived(1, 0.05)).as("agent 2 arrived").isTrue();
        assertThat(minDistance).isGreaterThanOrEqualTo(2 * R - OVERLAP_TOLERANCE);
        assertThat(longestStuck).isLessThan(3.0);
        assertThat(steps * DT).isLessThan(30);
    }

    @Test
    void columnOfTenAgents_FollowingOneCorridor_KeepsItsSpacingAndDoesNotCollapse() {
        String[] rows = {
                "########################################",
                "#......................................#",
                "#......................................#",
                "#......................................#",
                "#####################.##################",
                "#####################.##################",
                "#####################.##################",
                "#####################.......############",
                "###########################.############",
                "###########################.############",
                "###########################.############",
                "######################...........#######",
                "######################...........#######",
                "######################...........#######",
                "######################...........#######",
                "######################...........#######",
                "########################################"};
        NavGrid grid = AsciiMaps.map(rows).navGrid();
        int n = 10;
        int[][] wps = new int[n][];
        double[][] starts = new double[n][];
        for (int i = 0; i < n; i++) {
            starts[i] = new double[] {12 - i, 2};
            wps[i] = new int[] {21, 2, 21, 7, 27, 7, 27, 12};
        }
        WaypointCrowd crowd = new WaypointCrowd(grid, OrcaParams.DEFAULT, R, SPEED, wps, starts);
        double minDistance = Double.POSITIVE_INFINITY;
        for (int s = 0; s < 1200; s++) {
            crowd.step(DT);
            minDistance = Math.min(minDistance, crowd.minPairDistance());
            for (int i = 0; i < n; i++) {
                assertThat(crowd.centreOnOpenCell(i)).isTrue();
            }
        }
        assertThat(minDistance).isGreaterThanOrEqualTo(2 * R - OVERLAP_TOLERANCE);
        // all got through the one-cell corridor into the end room
        for (int i = 0; i < n; i++) {
            assertThat(crowd.agents.z(i)).as("agent %d z", i).isLessThan(-10.4);
        }
    }

    @Test
    void agents_DrivenByRandomVelocitiesFor1000Steps_NeverEnterBlockedCellsNorCutCorners() {
        int w = 40;
        int h = 30;
        SplittableRandom rnd = new SplittableRandom(11);
        GridMap map = GridMap.ofWalkable("random", w, h, new WorldTransform(-3, 0, 7, 0.5),
                RandomWalls.walkable(w * h, 30, rnd));
        NavGrid grid = map.navGrid();
        WorldTransform t = map.transform();
        CrowdAgents agents = new CrowdAgents(4);
        int n = 30;
        for (int i = 0; i < n; i++) {
            int cell;
            do {
                cell = rnd.nextInt(w * h);
            } while (!grid.openCell(cell));
            agents.add(i + 1, map.worldX(cell), map.worldZ(cell), 0.2, 8.0, false);
        }
        OrcaSolver solver = new OrcaSolver(OrcaParams.DEFAULT);
        double[] px = new double[n];
        double[] pz = new double[n];
        for (int step = 0; step < 1000; step++) {
            for (int i = 0; i < n; i++) {
                double angle = rnd.nextDouble() * 2 * Math.PI;
                double speed = rnd.nextDouble() * 10;
                agents.setPreferred(i, Math.cos(angle) * speed, Math.sin(angle) * speed);
                px[i] = agents.x(i);
                pz[i] = agents.z(i);
            }
            solver.step(agents, grid, rnd.nextDouble() * 0.2 + 0.01);
            for (int i = 0; i < n; i++) {
                long c = t.col(agents.x(i));
                long r = t.row(agents.z(i));
                assertThat(grid.open((int) c, (int) r)).as("step %d agent %d in open cell", step, i).isTrue();
                assertThat(LineOfSight.clearWorld(grid, px[i], pz[i], agents.x(i), agents.z(i)))
                        .as("step %d agent %d move clear", step, i).isTrue();
            }
        }
    }

    @Test
    void externalAgent_IsNeverMovedAndSteeredAgentsAvoidIt() {
        NavGrid grid = AsciiMaps.map(
                "..............",
                "..............",
                "..............",
                "..............",
                "..............").navGrid();
        CrowdAgents agents = new CrowdAgents(2);
        int player = agents.add(100, 7, -2, 0.5, 0, true);
        int monster = agents.add(1, 1, -2, 0.4, 2.0, false);
        OrcaSolver solver = new OrcaSolver(OrcaParams.DEFAULT);
        double min = Double.POSITIVE_INFINITY;
        for (int s = 0; s < 300; s++) {
            double dx = 13 - agents.x(monster);
            double dz = -2 - agents.z(monster);
            double d = Math.hypot(dx, dz);
            double v = Math.min(2.0, d / DT);
            agents.setPreferred(monster, d < 1e-9 ? 0 : dx / d * v, d < 1e-9 ? 0 : dz / d * v);
            solver.step(agents, grid, DT);
            min = Math.min(min, Math.hypot(agents.x(monster) - 7, agents.z(monster) + 2));
            assertThat(agents.x(player)).isEqualTo(7);
            assertThat(agents.z(player)).isEqualTo(-2);
        }
        assertThat(min).isGreaterThanOrEqualTo(0.9 - OVERLAP_TOLERANCE);
        assertThat(agents.x(monster)).isCloseTo(13, org.assertj.core.data.Offset.offset(0.05));
    }

    @Test
    void step_GivenSameInputsInAnotherAgentOrder_GivesTheSameResult() {
        NavGrid grid = AsciiMaps.map(
                "............",
                "....#.......",
                "....#..##...",
                "............",
                "............").navGrid();
        CrowdAgents a = new CrowdAgents(8);
        CrowdAgents b = new CrowdAgents(8);
        double[][] pos = {{1, -1}, {3, -3}, {6, -1}, {9, -3}, {10, -0.5}};
        for (int i = 0; i < pos.length; i++) {
            a.add(i + 1, pos[i][0], pos[i][1], 0.4, 1.5, false);
        }
        for (int i = pos.length - 1; i >= 0; i--) {
            b.add(i + 1, pos[i][0], pos[i][1], 0.4, 1.5, false);
        }
        OrcaSolver sa = new OrcaSolver(OrcaParams.DEFAULT);
        OrcaSolver sb = new OrcaSolver(OrcaParams.DEFAULT);
        for (int s = 0; s < 100; s++) {
            for (int i = 0; i < pos.length; i++) {
                int k = pos.length - 1 - i;
                double gx = 11 - a.x(i);
                double gz = -2 - a.z(i);
                double d = Math.max(Math.hypot(gx, gz), 1e-9);
                a.setPreferred(i, gx / d * 1.5, gz / d * 1.5);
                double hx = 11 - b.x(k);
                double hz = -2 - b.z(k);
                double e = Math.max(Math.hypot(hx, hz), 1e-9);
                b.setPreferred(k, hx / e * 1.5, hz / e * 1.5);
            }
            sa.step(a, grid, DT);
            sb.step(b, grid, DT);
        }
        for (int i = 0; i < pos.length; i++) {
            int k = pos.length - 1 - i;
            assertThat(b.x(k)).isEqualTo(a.x(i));
            assertThat(b.z(k)).isEqualTo(a.z(i));
        }
    }

    @Test
    void remove_MovesTheLastAgentIntoTheFreedIndex() {
        CrowdAgents agents = new CrowdAgents(1);
        agents.add(1, 0, 0, 0.4, 1, false);
        agents.add(2, 1, 0, 0.4, 1, false);
        agents.add(3, 2, 0, 0.4, 1, true);
        assertThat(agents.remove(0)).isEqualTo(2);
        assertThat(agents.size()).isEqualTo(2);
        assertThat(agents.id(0)).isEqualTo(3);
        assertThat(agents.x(0)).isEqualTo(2);
        assertThat(agents.external(0)).isTrue();
        assertThat(agents.remove(1)).isEqualTo(-1);
        assertThat(agents.size()).isEqualTo(1);
    }

    @Test
    void badInput_IsRejectedWithAReasonAndNothingChanges() {
        CrowdAgents agents = new CrowdAgents(1);
        assertThatThrownBy(() -> agents.add(1, Double.NaN, 0, 0.4, 1, false)).hasMessageContaining("position");
        assertThatThrownBy(() -> agents.add(1, 0, 0, 0, 1, false)).hasMessageContaining("radius");
        assertThatThrownBy(() -> agents.add(1, 0, 0, 0.4, -1, false)).hasMessageContaining("maxSpeed");
        assertThat(agents.size()).isZero();
        agents.add(1, 0, 0, 0.4, 1, false);
        assertThatThrownBy(() -> agents.setPreferred(0, Double.POSITIVE_INFINITY, 0)).hasMessageContaining("finite");
        assertThatThrownBy(() -> agents.x(1)).isInstanceOf(IndexOutOfBoundsException.class);
        NavGrid grid = AsciiMaps.map("...").navGrid();
        OrcaSolver solver = new OrcaSolver(OrcaParams.DEFAULT);
        assertThatThrownBy(() -> solver.step(agents, grid, 0)).hasMessageContaining("dtSeconds");
        assertThatThrownBy(() -> new OrcaParams(3, 0, 1, 1, 0.2, 1, 1)).hasMessageContaining("maxNeighbours");
        assertThatThrownBy(() -> new OrcaParams(3, 10, Double.NaN, 1, 0.2, 1, 1))
                .hasMessageContaining("timeHorizonSeconds");
    }
}
