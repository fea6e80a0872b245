package dev.navserver.server.world;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.WorldTransform;
import dev.navserver.nav.search.SearchStatus;
import dev.navserver.nav.smooth.WorldPath;
import dev.navserver.protocol.MonsterStates;
import dev.navserver.protocol.PathStatus;
import dev.navserver.server.config.NavServerConfig.Chase;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Re-plan rule, movement and local-nav handoff, driven tick by tick with a hand-stepped world clock. Plans run
 * synchronously (executor {@code Runnable::run}) and are applied at the start of the next tick.
 */
class WorldTest {
    private static final double DT = 0.05; // 20 Hz

    /** Open 40x40 map, origin (-20, 0, 20), 1 m cells: a straight line is always a valid path. */
    private final GridMap open = openMap(40, 40);
    private final List<String> events = new ArrayList<>();
    private final List<double[]> paths = new ArrayList<>();
    private final AtomicLong ids = new AtomicLong();
    private int plans;
    private World world;
    private double now;

    private static GridMap openMap(int w, int h) {
        boolean[] walk = new boolean[w * h];
        java.util.Arrays.fill(walk, true);
        return GridMap.ofWalkable("open", w, h, new WorldTransform(-20, 0, 20, 1), walk);
    }

    /** Straight-line planner: on a fully open map the straight segment is the optimal path. */
    private final PathPlanner straight = new PathPlanner() {
        @Override
        public WorldPath plan(GridMap map, double sx, double sz, double gx, double gz) {
            plans++;
            return WorldPath.of(SearchStatus.FOUND, new double[] {sx, 0, sz, gx, 0, gz}, 1);
        }

        @Override
        public boolean clearLine(GridMap map, double x0, double z0, double x1, double z1) {
            return true;
        }
    };

    /** Turns the world's nav_path and local_nav events into readable lines; other events are not recorded. */
    private void record(WorldEvent e) {
        if (e instanceof WorldEvent.NavPathReady p) {
            events.add("nav_path " + p.monsterId() + " seq=" + p.seq() + " playerSeq=" + p.playerSeq() + " "
                    + PathStatus.wire(p.path().status()));
            paths.add(p.path().toPackedArray());
        } else if (e instanceof WorldEvent.LocalNavChanged l) {
            events.add("local_nav " + l.monsterId() + " " + l.active());
        }
    }

    /** The events recorded so far, after draining the world's outbox. */
    private List<String> events() {
        world.outbox().drainTo(this::record);
        return events;
    }

    private Spawner spawner(long seed) {
        return new Spawner(new SplittableRandom(seed), ids::incrementAndGet);
    }

    private Chase settings(double interval, double threshold) {
        return new Chase(interval, threshold, 4.0, 1.0, 1.0, 2.0, 0, true, 0, 8, 20, 0.4, 0.5, 8);
    }

    @BeforeEach
    void setUp() {
        world = new World("open", open, settings(0.5, 0.5), straight, Runnable::run, WorldMetrics.NONE,
                spawner(1), () -> { });
        world.addPlayer("s-1");
    }

    private void tick() {
        world.tick(now, DT);
        now += DT;
    }

    private long navPaths() {
        return events().stream().filter(e -> e.startsWith("nav_path")).count();
    }

    @Test
    void spawn_WhenPlayerKnown_FirstPlanIsImmediateAndPathRunsFromMonsterToPlayer() {
        world.playerPos("s-1", 1, 10, 0, 0);
        World.SpawnResult r = world.spawn("s-1", -10, 0);
        assertThat(r.status()).isEqualTo(World.SpawnStatus.SPAWNED);
        tick(); // decides and plans
        tick(); // applies
        assertThat(events()).containsExactly("nav_path " + r.monsterId() + " seq=1 playerSeq=1 ok");
        double[] p = paths.get(0);
        assertThat(p[0]).isCloseTo(-10, org.assertj.core.data.Offset.offset(0.2));
        assertThat(p[p.length - 3]).isEqualTo(10);
        assertThat(p[p.length - 1]).isEqualTo(0);
    }

    @Test
    void navPath_CarriesTheArrivalTimeOfThePositionItsPlanUsed() {
        world.playerPos("s-1", 1, 10, 0, 0, 111);
        world.spawn("s-1", -10, 0);
        tick();
        world.playerPos("s-1", 2, 12, 0, 0, 222); // not due yet: the path in flight keeps the first position's time
        tick();
        List<Long> arrivals = new ArrayList<>();
        world.outbox().drainTo(e -> {
            if (e instanceof WorldEvent.NavPathReady p) {
                arrivals.add(p.posArrivalNanos());
            }
        });
        assertThat(arrivals).containsExactly(111L);
    }

    /** {@link #open} with the cells of the rectangles made walls. */
    private GridMap walled(dev.navserver.protocol.message.CellRect... rects) {
        byte[] t = new byte[open.width() * open.height()];
        for (dev.navserver.protocol.message.CellRect r : rects) {
            for (int row = r.row(); row < r.row() + r.height(); row++) {
                for (int col = r.col(); col < r.col() + r.width(); col++) {
                    t[row * open.width() + col] = dev.navserver.nav.grid.Terrain.WALL;
                }
            }
        }
        return new GridMap("open", open.width(), open.height(), open.transform(), t);
    }

    @Test
    void applyEdit_OnlyMonstersWhosePathPassesTheEditOrWhoseCellIsBlocked_ReplanAtOnce() {
        world.playerPos("s-1", 1, 10, 0, 0);
        String across = world.spawn("s-1", -10, 0).monsterId(); // path along z = 0 through x = 0
        String beside = world.spawn("s-1", 10, 15).monsterId(); // path along x = 10
        String walledIn = world.spawn("s-1", 0, 5).monsterId(); // stands on (20, 15)
        tick();
        tick();
        assertThat(navPaths()).isEqualTo(3);
        int plansBefore = plans;
        // x = 0 is column 20; z = 2..-2 are rows 18..22; z = 5 is row 15 (cells are 1 m, origin (-20, 20))
        var door = new dev.navserver.protocol.message.CellRect(20, 18, 1, 5);
        var block = new dev.navserver.protocol.message.CellRect(20, 15, 1, 1);

        int replans = world.applyEdit(walled(door, block), List.of(door, block));

        assertThat(replans).isEqualTo(2);
        assertThat(plans - plansBefore).as("planned at once, before any tick").isEqualTo(2);
        double[] moved = world.inspect().monsterPosition(walledIn);
        assertThat(moved).as("moved off the blocked cell").isNotEqualTo(new double[] {0, 5});
        assertThat(walled(door, block).walkable(open.transform().col(moved[0]), open.transform().row(moved[1])))
                .isTrue();
        world.applyFinishedPlans();
        events.clear();
        assertThat(events()).containsExactlyInAnyOrder("nav_path " + across + " seq=2 playerSeq=1 ok",
                "nav_path " + walledIn + " seq=2 playerSeq=1 ok");
        assertThat(world.inspect().monsterState(beside)).isNotEqualTo(MonsterState.REPLAN);
    }

    @Test
    void applyEdit_APlanInFlightIsKeptWhenItsPathMissesTheEdit_AndDroppedWhenItCrossesIt() {
        World async = new World("open", open, settings(0.5, 0.5), straight, r -> deferred.add(r), WorldMetrics.NONE,
                spawner(1), () -> { });
        async.addPlayer("s-2");
        async.playerPos("s-2", 1, 10, 0, 0);
        String along = async.spawn("s-2", -10, 0).monsterId(); // plan along z = 0 (row 20)
        async.tick(0, DT);
        assertThat(deferred).hasSize(1);
        // an edit far from the path (rows 2..3) arrives while the plan is in flight
        var far = new dev.navserver.protocol.message.CellRect(2, 2, 2, 2);
        assertThat(async.applyEdit(walled(far), List.of(far))).isZero();
        deferred.forEach(Runnable::run);
        deferred.clear();
        assertThat(async.applyFinishedPlans()).as("kept: its path misses the edited area").isEqualTo(1);
        assertThat(deferred).as("no plan afresh").isEmpty();

        // next plan in flight, then an edit across its path: dropped on return and planned afresh
        async.playerPos("s-2", 2, 12, 0, 0);
        async.tick(0.6, DT);
        assertThat(deferred).hasSize(1);
        var across = new dev.navserver.protocol.message.CellRect(25, 10, 1, 3); // x = 5, z = 10..8: not on z = 0
        var wall = new dev.navserver.protocol.message.CellRect(24, 19, 1, 3); // x = 4, z = 1..-1: on the path
        assertThat(async.applyEdit(walled(far, across, wall), List.of(across, wall)))
                .as("its current path crosses the wall too: re-planned at once").isEqualTo(1);
        assertThat(deferred).hasSize(2);
        deferred.get(0).run(); // the plan submitted before the edit returns
        assertThat(async.applyFinishedPlans()).as("superseded by the re-plan").isZero();
        deferred.get(1).run();
        assertThat(async.applyFinishedPlans()).isEqualTo(1);
        assertThat(async.inspect().monsterState(along)).isNotEqualTo(MonsterState.REPLAN);
    }

    @Test
    void applyFinishedPlans_APlanFromBeforeAnEditAcrossItsPathIsDroppedEvenWhenTheMonsterKeptItsOldPath() {
        World async = new World("open", open, settings(0.5, 0.5), straight, r -> deferred.add(r), WorldMetrics.NONE,
                spawner(1), () -> { });
        async.addPlayer("s-2");
        async.playerPos("s-2", 1, -10, 0, 10); // the first plan runs along x = -10, z = 10..0
        String m = async.spawn("s-2", -10, 0).monsterId();
        async.tick(0, DT);
        deferred.forEach(Runnable::run);
        deferred.clear();
        assertThat(async.applyFinishedPlans()).isEqualTo(1);
        async.playerPos("s-2", 2, 10, 0, 0); // the player went east: the next plan runs along z = 0
        async.tick(0.6, DT);
        assertThat(deferred).hasSize(1);
        // a wall across z = 0 at x = 4: the old path (x = -10) misses it, the plan in flight crosses it
        var wall = new dev.navserver.protocol.message.CellRect(24, 19, 1, 3);
        assertThat(async.applyEdit(walled(wall), List.of(wall))).isZero();
        deferred.get(0).run();
        deferred.clear();
        assertThat(async.applyFinishedPlans()).as("planned before the wall, across it").isZero();
        assertThat(async.inspect().monsterState(m)).isEqualTo(MonsterState.REPLAN);
    }

    @Test
    void segmentHitsBox_TouchingTheBorderCounts() {
        assertThat(EditTracker.segmentHitsBox(-5, 0, 5, 0, -1, -1, 1, 1)).isTrue();
        assertThat(EditTracker.segmentHitsBox(-5, 1, 5, 1, -1, -1, 1, 1)).isTrue();
        assertThat(EditTracker.segmentHitsBox(-5, 1.01, 5, 1.01, -1, -1, 1, 1)).isFalse();
        assertThat(EditTracker.segmentHitsBox(0, 0, 0, 0, -1, -1, 1, 1)).as("a point inside").isTrue();
        assertThat(EditTracker.segmentHitsBox(2, 2, 3, 3, -1, -1, 1, 1)).isFalse();
    }

    @Test
    void replan_WhenPlayerStandsStill_NoFurtherPlansWhatever() {
        world.playerPos("s-1", 1, 15, 0, 0);
        world.spawn("s-1", -15, 0);
        for (int i = 0; i < 40; i++) { // 2 s
            tick();
        }
        assertThat(plans).isEqualTo(1);
    }

    @Test
    void replan_WhenPlayerMovesFasterThanThresholdPerInterval_OnePlanPerInterval() {
        world.playerPos("s-1", 1, 15, 0, -15);
        world.spawn("s-1", -15, 0);
        tick();
        int before = plans;
        long seq = 2;
        double z = -15;
        for (int i = 0; i < 60; i++) { // 3 s at 4 m/s: far above 0.5 m per 0.5 s
            z += 4 * DT;
            world.playerPos("s-1", seq++, 15, 0, z);
            tick();
        }
        // 3 s / 0.5 s = 6 intervals (± one tick of phase)
        assertThat(plans - before).isBetween(5, 7);
    }

    @Test
    void replan_WhenTickTimesComeFromWholeNanosecondPeriods_EveryTenthTickNotEveryEleventh() {
        // The production tick loop computes now = k * periodNanos / 1e9: then now - lastPlan for ten 50 ms ticks
        // can be 0.49999999999999994, a hair under a 0.5 s interval, and must still count as the interval.
        world.playerPos("s-1", 1, 15, 0, -15);
        world.spawn("s-1", -15, 0);
        List<Integer> planTicks = new ArrayList<>();
        long seq = 1;
        for (int k = 4; k < 104; k++) { // plans at ticks 4, 14, 24...: 14 - 4 is one of those hair-short tens
            world.playerPos("s-1", ++seq, 15, 0, -15 + 0.1 * k); // 2 m/s: past the threshold every interval
            int before = plans;
            world.tick(k * 50_000_000L / 1e9, DT);
            if (plans > before) {
                planTicks.add(k);
            }
        }
        List<Integer> gaps = new ArrayList<>();
        for (int i = 1; i < planTicks.size(); i++) {
            gaps.add(planTicks.get(i) - planTicks.get(i - 1));
        }
        assertThat(gaps).hasSize(9).containsOnly(10);
    }

    @Test
    void replan_WhenPlayerMovesLessThanThreshold_NoReplan() {
        world.playerPos("s-1", 1, 15, 0, 0);
        world.spawn("s-1", -15, 0);
        tick();
        int before = plans;
        long seq = 2;
        for (int i = 0; i < 60; i++) { // jitters within 0.2 m of its first position
            world.playerPos("s-1", seq++, 15 + (i % 2) * 0.2, 0, 0);
            tick();
        }
        assertThat(plans).isEqualTo(before);
    }

    @Test
    void localNav_WhenMonsterArrives_HandsOverThenBackWithFreshPathAfterHysteresis() {
        world.playerPos("s-1", 1, 5, 0, 0);
        String m = world.spawn("s-1", -5, 0).monsterId();
        for (int i = 0; i < 200 && !events().contains("local_nav " + m + " true"); i++) {
            tick();
        }
        assertThat(events()).contains("local_nav " + m + " true");
        assertThat(world.inspect().monsterState(m).local()).as("state %s", world.inspect().monsterState(m)).isTrue();
        assertThat(world.inspect().monsterState(m).wire()).isEqualTo(MonsterStates.LOCAL);
        // the server keeps moving it and stops at the stopping distance
        for (int i = 0; i < 60; i++) {
            tick();
        }
        double[] pos = world.inspect().monsterPosition(m);
        assertThat(Math.hypot(pos[0] - 5, pos[1])).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-9));
        long pathsBefore = navPaths();
        // player moves within hysteresis (4 + 1): nothing; beyond it: hand back with a fresh path
        world.playerPos("s-1", 2, 8.5, 0, 0); // 4.5 m: inside 4 + 1
        tick();
        assertThat(events()).doesNotContain("local_nav " + m + " false");
        world.playerPos("s-1", 3, 15, 0, 0);
        tick();
        assertThat(events()).contains("local_nav " + m + " false");
        tick();
        assertThat(navPaths()).isEqualTo(pathsBefore + 1);
        assertThat(events().get(events.size() - 1)).endsWith("playerSeq=3 ok");
    }

    @Test
    void removePlayer_WhenSessionLeaves_LatePlansAreDropped_ItsMonstersGoHomeAndDespawnLater() {
        Chase s = settings(0.5, 0.5);
        Chase quickOrphans = new Chase(s.navIntervalSeconds(), s.moveThresholdMeters(), s.localNavDistanceMeters(),
                s.localNavHysteresisMeters(), s.stoppingDistanceMeters(), s.monsterSpeedMetersPerSecond(),
                s.monstersPerPlayer(), s.allowClientSpawn(), s.snapshotHz(), s.spawnMinDistanceMeters(),
                s.spawnMaxDistanceMeters(), s.monsterRadiusMeters(), s.playerRadiusMeters(),
                s.sharedFieldMinMonsters(), 1.0);
        World async = new World("open", open, quickOrphans, straight, r -> deferred.add(r), WorldMetrics.NONE,
                spawner(1), () -> { });
        async.addPlayer("s-2");
        async.playerPos("s-2", 1, 5, 0, 0);
        String id = async.spawn("s-2", -5, 0).monsterId();
        async.tick(0, DT);
        assertThat(deferred).hasSize(1);
        async.removePlayer("s-2");
        deferred.forEach(Runnable::run);
        deferred.clear();
        assertThat(async.applyFinishedPlans()).as("the plan for the gone player").isZero();
        async.outbox().drainTo(this::record);
        assertThat(events).isEmpty();
        async.tick(DT, DT);
        assertThat(async.inspect().monsterWireState(id)).isEqualTo("return_home");
        double t = 2 * DT;
        for (; t < 1.0; t += DT) {
            deferred.forEach(Runnable::run);
            deferred.clear();
            async.tick(t, DT);
            assertThat(async.monsterCount()).isEqualTo(1);
        }
        for (; t < 1.2; t += DT) {
            async.tick(t, DT);
        }
        assertThat(async.monsterCount()).as("despawned 1 s after its player left").isZero();
    }

    private final List<Runnable> deferred = new ArrayList<>();

    @Test
    void planMoved_WhenAPositionMakesAPlanDueBetweenTicks_PlansAtOnceWithThatPosition() {
        world.playerPos("s-1", 1, 15, 0, 0);
        world.spawn("s-1", -15, 0);
        tick(); // first plan at t = 0
        tick(); // applied
        int before = plans;
        world.playerPos("s-1", 2, 15, 0, -2); // moved 2 m, but only 0.1 s after the last plan: not due
        world.planMoved(0.1);
        assertThat(plans).isEqualTo(before);
        world.playerPos("s-1", 3, 15, 0, -3);
        world.planMoved(0.53); // due (0.5 s interval), between ticks: planned now, not at the 0.55 s tick
        assertThat(plans).isEqualTo(before + 1);
        world.applyFinishedPlans();
        assertThat(events().get(events.size() - 1)).endsWith("playerSeq=3 ok");
        world.planMoved(0.54); // nothing moved since: no work, no plan
        assertThat(plans).isEqualTo(before + 1);
    }

    @Test
    void localNav_WhenAPositionTakesThePlayerOutOfRange_HandsBackAtOnceWithAPlanFromThatPosition() {
        world.playerPos("s-1", 1, 5, 0, 0);
        String m = world.spawn("s-1", -5, 0).monsterId();
        for (int i = 0; i < 200 && !events().contains("local_nav " + m + " true"); i++) {
            tick();
        }
        assertThat(events()).contains("local_nav " + m + " true");
        int before = plans;
        world.playerPos("s-1", 7, 15, 0, 0, 777); // far beyond 4 + 1 m, between ticks
        world.planMoved(now);
        assertThat(events()).as("no tick needed").contains("local_nav " + m + " false");
        assertThat(plans).isEqualTo(before + 1);
        world.applyFinishedPlans();
        List<Long> arrivals = new ArrayList<>();
        world.outbox().drainTo(e -> {
            if (e instanceof WorldEvent.NavPathReady p) {
                arrivals.add(p.posArrivalNanos());
                assertThat(p.playerSeq()).isEqualTo(7);
            }
        });
        assertThat(arrivals).containsExactly(777L);
    }

    @Test
    void tick_WhenTheIntervalRunsOutBetweenPositions_LeavesThePlanToTheNextArrivingPosition() {
        world.playerPos("s-1", 1, 15, 0, 0);
        world.spawn("s-1", -15, 0);
        tick(); // first plan at t = 0
        int before = plans;
        world.playerPos("s-1", 2, 15, 0, -2); // moved 2 m at t = 0.05, not due yet
        while (now < 0.6) { // the 0.5 and 0.55 s ticks find the plan due, but the position is up to 0.55 s old
            tick();
        }
        assertThat(plans).as("no plan from a stale position within the grace").isEqualTo(before);
        world.playerPos("s-1", 3, 15, 0, -2.5, 333);
        world.planMoved(now);
        assertThat(plans).as("planned on the fresh position's arrival").isEqualTo(before + 1);
        world.applyFinishedPlans();
        assertThat(events().get(events.size() - 1)).endsWith("playerSeq=3 ok");
    }

    @Test
    void tick_WhenTheClientStopsSendingAfterMoving_PlansWithTheLastPositionOnceTheGraceIsOver() {
        world.playerPos("s-1", 1, 15, 0, 0);
        world.spawn("s-1", -15, 0);
        tick(); // first plan at t = 0
        int before = plans;
        world.playerPos("s-1", 2, 15, 0, -2); // the last position this client sends
        double planned = Double.NaN;
        while (now < 1.0 && Double.isNaN(planned)) {
            double at = now;
            tick();
            if (plans > before) {
                planned = at;
            }
        }
        assertThat(planned).as("tick time of the re-plan")
                .isGreaterThanOrEqualTo(0.5 + ReplanRule.FRESH_POSITION_GRACE_SECONDS - 1e-9)
                .isLessThan(0.5 + ReplanRule.FRESH_POSITION_GRACE_SECONDS + DT);
    }

    @Test
    void autoSpawn_WhenFirstPositionArrives_SpawnsConfiguredCountWithinRangeOnWalkableCells() {
        World w = new World("open", open, new Chase(0.5, 0.5, 4, 1, 1, 2, 3, true, 0, 8, 12, 0.4, 0.5, 8), straight,
                Runnable::run, WorldMetrics.NONE, spawner(7), () -> { });
        w.addPlayer("s-3");
        w.playerPos("s-3", 1, 0, 0, 0);
        assertThat(w.inspect().monstersOf("s-3")).hasSize(3);
        for (String id : w.inspect().monstersOf("s-3")) {
            double[] p = w.inspect().monsterPosition(id);
            assertThat(Math.hypot(p[0], p[1])).isBetween(8 - 0.71, 12 + 0.71); // cell centre of a point in range
        }
    }

    @Test
    void spawn_WhenOffMapOrDisabled_ReportsWhy() {
        assertThat(world.spawn("s-1", 500, 0).status()).isEqualTo(World.SpawnStatus.OUT_OF_BOUNDS);
        world.setSettings(new Chase(0.5, 0.5, 4, 1, 1, 2, 0, false, 0, 8, 20, 0.4, 0.5, 8));
        assertThat(world.spawn("s-1", 0, 0).status()).isEqualTo(World.SpawnStatus.DISABLED);
    }
}
