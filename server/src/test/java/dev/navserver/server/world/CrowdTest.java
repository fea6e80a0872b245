package dev.navserver.server.world;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.crowd.OrcaParams;
import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.search.SearchOptions;
import dev.navserver.nav.smooth.LineOfSight;
import dev.navserver.server.config.NavServerConfig.Chase;
import dev.navserver.server.plan.NavPlanner;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Bodies (separation) and surround slots, on ASCII maps with the real planner, tick by tick. */
class CrowdTest {
    private static final double DT = 0.05;
    private static final Chase SETTINGS = new Chase(0.5, 0.5, 4.0, 1.0, 1.0, 2.0, 0, true, 0, 5, 15, 0.4, 0.5, 8);

    /** The last slot each monster was told in a {@code local_nav}, across {@link #run} calls. */
    private final Map<String, double[]> announced = new HashMap<>();
    /** World clock, seconds, continuing across {@link #run} calls. */
    private double now;

    private static String[] open(int size) {
        String[] rows = new String[size];
        Arrays.fill(rows, ".".repeat(size));
        return rows;
    }

    /** Overlap faults and slot reassignments the worlds of this test reported. */
    private final AtomicLong overlapFaults = new AtomicLong();
    private final AtomicLong reassignments = new AtomicLong();

    private World world(GridMap map) {
        WorldMetrics metrics = new WorldMetrics() {
            @Override
            public void monsterOverlaps(int pairs) {
                overlapFaults.addAndGet(pairs);
            }

            @Override
            public void slotReassigned() {
                reassignments.incrementAndGet();
            }
        };
        return new World("crowd", map, SETTINGS, new NavPlanner(SearchOptions.DEFAULT), Runnable::run,
                metrics, new Spawner(new SplittableRandom(7), new AtomicLong()::incrementAndGet), () -> { });
    }

    /**
     * Runs ticks and checks after each one: monsters on walkable cells; slots walkable, on the player's island, in
     * sight of it and announced (never 0.5 m or more from the last {@code local_nav}); bodies apart once the run's
     * first second is over. Returns the world times of each monster's slot changes.
     */
    private Map<String, List<Double>> run(World w, GridMap map, double px, double pz, double seconds) {
        Map<String, double[]> lastSlot = new HashMap<>();
        Map<String, List<Double>> changes = new HashMap<>();
        double runStart = now;
        for (int t = 0; t * DT < seconds; t++, now += DT) {
            w.tick(now, DT);
            w.outbox().drainTo(e -> {
                if (e instanceof WorldEvent.LocalNavChanged l) {
                    if (l.active() && l.slot() != null) {
                        announced.put(l.monsterId(), new double[] {l.slot().x(), l.slot().z()});
                    } else {
                        assertThat(l.slot()).as("active:false carries no slot").isNull();
                        announced.remove(l.monsterId());
                    }
                }
            });
            List<String> ids = w.inspect().monstersOf("s");
            for (String id : ids) {
                double[] slotNow = w.inspect().monsterSlot(id);
                if (slotNow != null) {
                    double[] told = announced.get(id);
                    assertThat(told).as("%s was told a slot", id).isNotNull();
                    assertThat(Math.hypot(told[0] - slotNow[0], told[1] - slotNow[1]))
                            .as("%s's slot moved 0.5 m or more without a new local_nav", id).isLessThan(0.5);
                }
                double[] a = w.inspect().monsterPosition(id);
                int cell = map.cellAt(a[0], a[1]);
                assertThat(cell != GridMap.NO_CELL && map.navGrid().openCell(cell))
                        .as("%s on a walkable cell at %s", id, now).isTrue();
                double[] slot = w.inspect().monsterSlot(id);
                if (slot != null) {
                    int sc = map.cellAt(slot[0], slot[1]);
                    assertThat(map.navGrid().openCell(sc)).as("slot of %s walkable", id).isTrue();
                    assertThat(map.navGrid().island(sc)).isEqualTo(map.navGrid().island(map.cellAt(px, pz)));
                    assertThat(LineOfSight.clearWorld(map.navGrid(), px, pz, slot[0], slot[1]))
                            .as("slot of %s in sight of the player", id).isTrue();
                    double[] before = lastSlot.put(id, slot);
                    if (before != null && (before[0] != slot[0] || before[1] != slot[1])) {
                        changes.computeIfAbsent(id, k -> new ArrayList<>()).add(now);
                    }
                }
                if (now < runStart + 1.0) {
                    continue;
                }
                assertThat(Math.hypot(a[0] - px, a[1] - pz)).as("%s from the player at %s", id, now)
                        .isGreaterThanOrEqualTo(0.9 - 0.05);
                for (String other : ids) {
                    if (other.compareTo(id) > 0) {
                        double[] b = w.inspect().monsterPosition(other);
                        assertThat(Math.hypot(a[0] - b[0], a[1] - b[1])).as("%s to %s at %s", id, other, now)
                                .isGreaterThanOrEqualTo(0.8 - 0.05);
                    }
                }
            }
        }
        assertThat(overlapFaults).as("navserver_monster_overlaps_total").hasValue(0);
        return changes;
    }

    private static double largestGapDegrees(World w, double px, double pz) {
        List<Double> angles = new ArrayList<>();
        for (String id : w.inspect().monstersOf("s")) {
            double[] a = w.inspect().monsterPosition(id);
            angles.add(Math.toDegrees(Math.atan2(a[1] - pz, a[0] - px)));
        }
        angles.sort(Double::compare);
        double gap = 360 - (angles.get(angles.size() - 1) - angles.get(0));
        for (int i = 1; i < angles.size(); i++) {
            gap = Math.max(gap, angles.get(i) - angles.get(i - 1));
        }
        return gap;
    }

    @Test
    void tenMonstersSpawnedOnOnePoint_SeparateWithinASecond_AndSurroundAStillPlayer() {
        GridMap map = AsciiMaps.parse(open(30));
        World w = world(map);
        w.addPlayer("s");
        w.playerPos("s", 1, 15, 0, -15);
        for (int i = 0; i < 10; i++) {
            assertThat(w.spawn("s", 18, -15).status()).isEqualTo(World.SpawnStatus.SPAWNED);
        }
        Map<String, List<Double>> changes = run(w, map, 15, -15, 20);
        assertThat(largestGapDegrees(w, 15, -15)).isLessThanOrEqualTo(120);
        for (String id : w.inspect().monstersOf("s")) {
            assertThat(w.inspect().monsterSlot(id)).as("slot of %s", id).isNotNull();
            List<Double> times = changes.getOrDefault(id, List.of());
            for (int i = 1; i < times.size(); i++) {
                assertThat(times.get(i) - times.get(i - 1)).as("slot changes of %s", id)
                        .isGreaterThanOrEqualTo(SurroundSlots.RELAYOUT_SECONDS - 1e-9);
            }
        }
    }

    @Test
    void twoMonstersShutInOneCell_CannotSeparate_AndCountAsOneOverlapOnceTheirSpawnGraceIsOver() {
        GridMap map = AsciiMaps.parse(
                "#####",
                "#.#.#",
                "#####");
        Player p = new Player("s");
        p.hasPos = true;
        p.x = 3;
        p.z = -1;
        Monster a = new Monster("a", p, 1, -1, 2);
        Monster b = new Monster("b", p, 1.1, -1, 2);
        for (Monster m : List.of(a, b)) {
            m.tickStartX = m.x;
            m.tickStartZ = m.z;
        }
        BodySeparation bodies = new BodySeparation(new NavPlanner(SearchOptions.DEFAULT));
        assertThat(bodies.separate(List.of(a, b), List.of(p), map, 0.75, 0.5, 0.5)).as("in the spawn grace").isZero();
        assertThat(bodies.separate(List.of(a, b), List.of(p), map, 0.75, 0.5, 1.5))
                .as("1.5 m apart cannot fit in a 1 m cell, not even across its diagonal").isEqualTo(1);
        for (Monster m : List.of(a, b)) {
            assertThat(map.navGrid().openCell(map.cellAt(m.x, m.z))).as("%s stays in its cell", m.id).isTrue();
        }
        assertThat(Math.abs(a.x - b.x)).as("pushed apart as far as the cell allows").isGreaterThan(0.1);
    }

    /**
     * Ticks {@code w} until every listed monster is under local nav or {@code seconds} pass, checking each tick:
     * bodies apart after the first second, every monster on a walkable cell, none standing still (moving less than
     * 1 cm a tick while chasing) for more than 3 s. Returns the seconds it took.
     */
    private double walkThrough(World w, GridMap map, List<String> ids, double seconds) {
        Map<String, double[]> last = new HashMap<>();
        Map<String, Double> still = new HashMap<>();
        double start = now;
        for (; now - start < seconds; now += DT) {
            w.tick(now, DT);
            w.outbox().drainTo(e -> { });
            boolean allLocal = true;
            for (String id : ids) {
                double[] a = w.inspect().monsterPosition(id);
                assertThat(map.navGrid().openCell(map.cellAt(a[0], a[1]))).as("%s on a walkable cell", id).isTrue();
                boolean local = w.inspect().monsterState(id).local();
                allLocal &= local;
                double[] before = last.put(id, a);
                if (!local && before != null && Math.hypot(a[0] - before[0], a[1] - before[1]) < 0.01) {
                    double s = still.merge(id, DT, Double::sum);
                    assertThat(s).as("%s standing still at %s", id, now).isLessThanOrEqualTo(3.0);
                } else {
                    still.put(id, 0.0);
                }
                if (now - start < 1.0) {
                    continue;
                }
                for (String other : ids) {
                    if (other.compareTo(id) > 0) {
                        double[] b = w.inspect().monsterPosition(other);
                        assertThat(Math.hypot(a[0] - b[0], a[1] - b[1])).as("%s to %s at %s", id, other, now)
                                .isGreaterThanOrEqualTo(0.8 - 0.05);
                    }
                }
            }
            if (allLocal) {
                return now - start;
            }
        }
        throw new AssertionError("monsters " + ids + " did not reach their players within " + seconds + " s");
    }

    @Test
    void twoMonstersMeetingInAOneCellDoor_PassEachOtherWithoutOverlapOrDeadlock_WithAvoidance() {
        GridMap map = AsciiMaps.parse(
                "###############",
                "#.............#",
                "#.............#",
                "#.............#",
                "#.............#",
                "#######.#######",
                "#.............#",
                "#.............#",
                "#.............#",
                "#.............#",
                "###############");
        World w = world(map);
        w.setAvoidance(OrcaParams.DEFAULT);
        w.addPlayer("up");
        w.playerPos("up", 1, 1, 0, -1);
        w.addPlayer("down");
        w.playerPos("down", 1, 1, 0, -9);
        String toDown = w.spawn("down", 13, -1).monsterId(); // in the top room, chasing the player below
        String toUp = w.spawn("up", 13, -9).monsterId();
        double took = walkThrough(w, map, List.of(toDown, toUp), 30);
        assertThat(w.inspect().monsterPosition(toDown)[1]).as("went down through the door").isLessThan(-5);
        assertThat(w.inspect().monsterPosition(toUp)[1]).as("went up through the door").isGreaterThan(-5);
        assertThat(took).isLessThan(30);
    }

    @Test
    void playersLeavingAndJoiningMidRun_KeepTheAvoidanceCrowdConsistent() {
        GridMap map = AsciiMaps.parse(open(30));
        World w = world(map);
        w.setAvoidance(OrcaParams.DEFAULT);
        for (int p = 0; p < 4; p++) {
            w.addPlayer("p" + p);
            w.playerPos("p" + p, 1, 5 + 6 * p, 0, -5);
            for (int k = 0; k < 3; k++) {
                w.spawn("p" + p, 5 + 6 * p + k, -20);
            }
        }
        for (int t = 0; t < 20; t++, now += DT) {
            w.tick(now, DT);
        }
        w.removePlayer("p0"); // its agents leave; the last agents are swapped into their places
        w.removePlayer("p2");
        w.addPlayer("p4");
        w.playerPos("p4", 1, 15, 0, -15);
        w.spawn("p4", 15, -25);
        w.setAvoidance(null); // off and on again: a fresh crowd
        w.tick(now, DT);
        now += DT;
        w.setAvoidance(OrcaParams.DEFAULT);
        List<String> ids = new ArrayList<>();
        for (String p : List.of("p1", "p3", "p4")) {
            ids.addAll(w.inspect().monstersOf(p));
        }
        assertThat(ids).hasSize(7);
        walkThrough(w, map, ids, 30);
        assertThat(overlapFaults).hasValue(0);
    }

    @Test
    void columnOfSixFollowingOneCorridor_KeepsItsBodiesApart_WithAvoidance() {
        GridMap map = AsciiMaps.parse(
                "######################",
                "#....................#",
                "#########..###########",
                "#....................#",
                "######################");
        World w = world(map);
        w.setAvoidance(OrcaParams.DEFAULT);
        w.addPlayer("s");
        w.playerPos("s", 1, 20, 0, -3);
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            ids.add(w.spawn("s", 1 + i * 1.0, -1).monsterId());
        }
        walkThrough(w, map, ids, 40);
        assertThat(overlapFaults).hasValue(0);
    }

    @Test
    void sixMonstersInOpenSpace_LeaveNoAngularGapAbove120Degrees() {
        GridMap map = AsciiMaps.parse(open(30));
        World w = world(map);
        w.addPlayer("s");
        w.playerPos("s", 1, 15, 0, -15);
        for (int i = 0; i < 6; i++) {
            w.spawn("s", 18 + i * 0.2, -15 - i * 0.1); // all on one side
        }
        run(w, map, 15, -15, 10);
        assertThat(largestGapDegrees(w, 15, -15)).isLessThanOrEqualTo(120);
    }

    @Test
    void crowdAgainstAWallCorner_NeverEntersBlockedCells_AndSlotsStayInSightOnTheIsland() {
        GridMap map = AsciiMaps.parse(
                "############",
                "#..........#",
                "#..........#",
                "#...####...#",
                "#...#......#",
                "#...#......#",
                "#...#......#",
                "#..........#",
                "#..........#",
                "############");
        World w = world(map);
        w.addPlayer("s");
        w.playerPos("s", 1, 5, 0, -4); // in the corner of the L-shaped wall
        for (int i = 0; i < 8; i++) {
            w.spawn("s", 2 + (i % 2), -8 + (i % 3) * 0.1);
        }
        run(w, map, 5, -4, 10);
    }

    @Test
    void monsterWhoseSlotIsBehindThePlayer_GoesRoundTheBody_AndReachesIt() {
        GridMap map = AsciiMaps.parse(open(30));
        World w = world(map);
        w.addPlayer("s");
        w.playerPos("s", 1, 15, 0, -15);
        String id = w.spawn("s", 17.5, -15).monsterId();
        run(w, map, 15, -15, 3); // alone: it takes the slot toward where it stands
        double[] slot = w.inspect().monsterSlot(id);
        assertThat(slot).isNotNull();
        // a second monster arriving on the same side makes the layout spread: one of them must cross over
        String other = w.spawn("s", 17.6, -15.2).monsterId();
        run(w, map, 15, -15, 8);
        double[] a = w.inspect().monsterPosition(id);
        double[] b = w.inspect().monsterPosition(other);
        assertThat(Math.hypot(a[0] - w.inspect().monsterSlot(id)[0], a[1] - w.inspect().monsterSlot(id)[1])).isLessThan(0.01);
        assertThat(Math.hypot(b[0] - w.inspect().monsterSlot(other)[0], b[1] - w.inspect().monsterSlot(other)[1])).isLessThan(0.01);
        assertThat(largestGapDegrees(w, 15, -15)).isCloseTo(180, org.assertj.core.data.Offset.offset(1.0));
    }

    @Test
    void radiiReloadedLive_MonstersRespaceToTheNewBodies() {
        GridMap map = AsciiMaps.parse(open(30));
        World w = world(map);
        w.addPlayer("s");
        w.playerPos("s", 1, 15, 0, -15);
        for (int i = 0; i < 8; i++) {
            w.spawn("s", 18, -15 + i * 0.3);
        }
        run(w, map, 15, -15, 6);
        w.setSettings(new Chase(0.5, 0.5, 4.0, 1.0, 1.0, 2.0, 0, true, 0, 5, 15, 0.6, 0.5, 8));
        run(w, map, 15, -15, 4);
        List<String> ids = w.inspect().monstersOf("s");
        for (String a : ids) {
            double[] pa = w.inspect().monsterPosition(a);
            assertThat(Math.hypot(pa[0] - 15, pa[1] + 15)).isGreaterThanOrEqualTo(0.6 + 0.5 - 0.05);
            for (String b : ids) {
                double[] pb = w.inspect().monsterPosition(b);
                if (!a.equals(b)) {
                    assertThat(Math.hypot(pa[0] - pb[0], pa[1] - pb[1])).as("%s to %s", a, b)
                            .isGreaterThanOrEqualTo(2 * 0.6 - 0.05);
                }
            }
        }
    }

    @Test
    void assignment_IsOptimalAgainstBruteForce_ForRandomSmallCases() {
        SplittableRandom r = new SplittableRandom(42);
        for (int trial = 0; trial < 200; trial++) {
            int n = 1 + r.nextInt(6);
            int m = n + r.nextInt(3);
            double[][] cost = new double[n][m];
            for (double[] row : cost) {
                for (int j = 0; j < m; j++) {
                    row[j] = r.nextDouble() * 10;
                }
            }
            int[] match = Assignment.minCost(cost);
            double total = 0;
            boolean[] used = new boolean[m];
            for (int i = 0; i < n; i++) {
                assertThat(used[match[i]]).as("distinct columns").isFalse();
                used[match[i]] = true;
                total += cost[i][match[i]];
            }
            double best = brute(cost, 0, new boolean[m]);
            assertThat(total).isLessThanOrEqualTo(best * 1.10 + 1e-9).isCloseTo(best, org.assertj.core.data.Offset.offset(1e-9));
        }
    }

    private static double brute(double[][] cost, int row, boolean[] used) {
        if (row == cost.length) {
            return 0;
        }
        double best = Double.POSITIVE_INFINITY;
        for (int j = 0; j < used.length; j++) {
            if (!used[j]) {
                used[j] = true;
                best = Math.min(best, cost[row][j] + brute(cost, row + 1, used));
                used[j] = false;
            }
        }
        return best;
    }

    @Test
    void ringCapacity_KeepsAdjacentSlotsTwoRadiiApart() {
        assertThat(SurroundSlots.capacity(1.0, 0.9)).isEqualTo(6);
        assertThat(SurroundSlots.capacity(0.3, 0.9)).isEqualTo(1);
        int cap = SurroundSlots.capacity(1.9, 0.9);
        assertThat(2 * 1.9 * Math.sin(Math.PI / cap)).isGreaterThanOrEqualTo(0.9 - 1e-9);
    }
}
