package dev.navserver.server.world;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.Terrain;
import dev.navserver.nav.grid.WorldTransform;
import dev.navserver.nav.search.SearchOptions;
import dev.navserver.nav.search.SearchStatus;
import dev.navserver.nav.smooth.PathValidator;
import dev.navserver.nav.smooth.WorldPath;
import dev.navserver.server.config.NavServerConfig.Chase;
import dev.navserver.server.plan.NavPlanner;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * Shared chase plans: when {@code chase.sharedFieldMinMonsters} monsters of one player are due in one planning pass,
 * one {@link PathPlanner#planShared} call plans them all; fewer are planned one {@link PathPlanner#plan} each. Plans
 * run synchronously or on a hand-run queue; the world clock is stepped by hand.
 */
class SharedChaseTest {
    private static final double DT = 0.05;

    /** Rooms with doors: paths bend around walls, so a straight line is not the answer. */
    private static final GridMap ROOMS = ascii(
            "..............................",
            "..............................",
            "..........#...........#.......",
            "..........#...........#.......",
            "..........#...........#.......",
            "..........#...........#.......",
            "..........#...................",
            "..........#...........#.......",
            "#######.#########.#####.######",
            "..........#...........#.......",
            "..........#...........#.......",
            "..........#...................",
            "..........#...........#.......",
            "..........#...........#.......",
            "......................#.......",
            "..........#...........#.......",
            "..........#...........#.......",
            "..........#...........#.......");

    private static GridMap ascii(String... rows) {
        int h = rows.length;
        int w = rows[0].length();
        byte[] t = new byte[w * h];
        for (int r = 0; r < h; r++) {
            for (int c = 0; c < w; c++) {
                t[r * w + c] = rows[r].charAt(c) == '#' ? Terrain.WALL : Terrain.OPEN;
            }
        }
        return new GridMap("rooms", w, h, WorldTransform.UNIT, t);
    }

    /** Monster cells (col, row), all at least 8 m from the player's cell (27, 14) so none is under local nav. */
    private static final int[][] MONSTER_CELLS = {
        {1, 1}, {5, 3}, {14, 2}, {19, 6}, {2, 12}, {6, 16}, {13, 11}, {16, 15}, {28, 1}, {26, 4}, {0, 17}};
    private static final int PLAYER_COL = 27;
    private static final int PLAYER_ROW = 14;

    private final NavPlanner nav = new NavPlanner(SearchOptions.DEFAULT);
    /** Sizes of the planShared calls, in order. */
    private final List<Integer> sharedCalls = new ArrayList<>();
    private int singlePlans;
    private final List<Integer> fieldsBuilt = new ArrayList<>();
    private int planned;
    private int dropped;

    /** The real planner, counting how the world calls it. */
    private final PathPlanner counting = new PathPlanner() {
        @Override
        public WorldPath plan(GridMap map, double sx, double sz, double gx, double gz) {
            singlePlans++;
            return nav.plan(map, sx, sz, gx, gz);
        }

        @Override
        public SharedPaths planShared(GridMap map, double[] sx, double[] sz, double gx, double gz) {
            sharedCalls.add(sx.length);
            return nav.planShared(map, sx, sz, gx, gz);
        }

        @Override
        public boolean clearLine(GridMap map, double x0, double z0, double x1, double z1) {
            return nav.clearLine(map, x0, z0, x1, z1);
        }
    };

    private final WorldMetrics metrics = new WorldMetrics() {
        @Override
        public void planned(long nanos, int expanded, SearchStatus status) {
            planned++;
        }

        @Override
        public void planFailed() {
        }

        @Override
        public void planDropped() {
            dropped++;
        }

        @Override
        public void sharedFieldBuilt(int cells) {
            fieldsBuilt.add(cells);
        }
    };

    private final AtomicLong ids = new AtomicLong();
    private final List<Runnable> queued = new ArrayList<>();
    private double now;

    private static Chase settings(int sharedFieldMinMonsters) {
        return new Chase(0.5, 0.5, 4.0, 1.0, 1.0, 2.0, 0, true, 0, 8, 20, 0.4, 0.5, sharedFieldMinMonsters);
    }

    private World world(int sharedFieldMinMonsters, boolean queuePlans) {
        World w = new World("rooms", ROOMS, settings(sharedFieldMinMonsters), counting,
                queuePlans ? queued::add : Runnable::run, metrics,
                new Spawner(new SplittableRandom(1), ids::incrementAndGet), () -> { });
        w.addPlayer("s-1");
        w.playerPos("s-1", 1, ROOMS.worldX(cell(PLAYER_COL, PLAYER_ROW)), 0,
                ROOMS.worldZ(cell(PLAYER_COL, PLAYER_ROW)));
        return w;
    }

    private static int cell(int col, int row) {
        return row * ROOMS.width() + col;
    }

    private static List<String> spawn(World w, String session, int count) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            int c = cell(MONSTER_CELLS[i][0], MONSTER_CELLS[i][1]);
            World.SpawnResult r = w.spawn(session, ROOMS.worldX(c), ROOMS.worldZ(c));
            assertThat(r.status()).isEqualTo(World.SpawnStatus.SPAWNED);
            out.add(r.monsterId());
        }
        return out;
    }

    private void tick(World w) {
        w.tick(now, DT);
        now += DT;
    }

    /** nav_path events by monster id, in order. */
    private static Map<String, WorldEvent.NavPathReady> navPaths(World w) {
        Map<String, WorldEvent.NavPathReady> out = new LinkedHashMap<>();
        w.outbox().drainTo(e -> {
            if (e instanceof WorldEvent.NavPathReady p) {
                assertThat(out.put(p.monsterId(), p)).as("one nav_path per monster").isNull();
            }
        });
        return out;
    }

    @Test
    void tick_EightMonstersOfOnePlayerDue_OnePlannerCallPlansThemAllAlongValidPathsNoLongerThanOneSearchEach() {
        World w = world(8, false);
        List<String> monsters = spawn(w, "s-1", 8);
        Map<String, double[]> starts = new LinkedHashMap<>();
        for (String id : monsters) {
            starts.put(id, w.inspect().monsterPosition(id));
        }

        tick(w); // decides and plans
        tick(w); // applies

        assertThat(sharedCalls).containsExactly(8);
        assertThat(singlePlans).isZero();
        assertThat(fieldsBuilt).hasSize(1);
        assertThat(fieldsBuilt.get(0)).isPositive();
        assertThat(planned).isEqualTo(8);
        Map<String, WorldEvent.NavPathReady> paths = navPaths(w);
        assertThat(paths.keySet()).containsExactlyElementsOf(monsters);
        PathValidator validator = PathValidator.ignoringHeight(ROOMS.navGrid());
        double gx = ROOMS.worldX(cell(PLAYER_COL, PLAYER_ROW));
        double gz = ROOMS.worldZ(cell(PLAYER_COL, PLAYER_ROW));
        for (String id : monsters) {
            WorldEvent.NavPathReady p = paths.get(id);
            assertThat(p.seq()).isEqualTo(1);
            assertThat(p.playerSeq()).isEqualTo(1);
            WorldPath path = p.path();
            assertThat(path.status()).isEqualTo(SearchStatus.FOUND);
            assertThat(validator.check(path.toPackedArray()).ok()).as("path of %s valid", id).isTrue();
            assertThat(path.x(path.size() - 1)).isEqualTo(gx);
            assertThat(path.z(path.size() - 1)).isEqualTo(gz);
            double[] s = starts.get(id);
            WorldPath alone = nav.plan(ROOMS, s[0], s[1], gx, gz);
            // the adopted path starts where the monster stood at adoption: one tick of walking or less from s
            double walked = Math.hypot(path.x(0) - s[0], path.z(0) - s[1]);
            assertThat(path.length()).as("length of %s", id).isLessThanOrEqualTo(alone.length() * 1.01 + walked);
        }
    }

    /**
     * Drops the events and shared calls so far, moves the player 2 m (its position seq 2) and ticks until a shared
     * call is made (the rule fires once navIntervalSeconds, 0.5 s, have passed since a plan), at most 12 ticks.
     */
    private void moveThePlayerTwoMetresAndTickUntilAShare(World w) {
        navPaths(w);
        sharedCalls.clear();
        w.playerPos("s-1", 2, ROOMS.worldX(cell(PLAYER_COL, PLAYER_ROW - 2)), 0,
                ROOMS.worldZ(cell(PLAYER_COL, PLAYER_ROW - 2)));
        for (int t = 0; t < 12 && sharedCalls.isEmpty(); t++) {
            tick(w);
        }
    }

    @Test
    void playerMoves_ChasersPlannedInTwoPhases_FallIntoOneSharedPlanOnceTheFirstPhaseIsDue() {
        World w = world(3, false);
        spawn(w, "s-1", 8); // phase A: planned at t = 0
        tick(w);
        tick(w);
        for (int t = 0; t < 4; t++) {
            tick(w); // t = 0.3 s
        }
        for (int i = 8; i < 11; i++) { // phase B: planned at t = 0.3 s
            int c = cell(MONSTER_CELLS[i][0], MONSTER_CELLS[i][1]);
            assertThat(w.spawn("s-1", ROOMS.worldX(c), ROOMS.worldZ(c)).status())
                    .isEqualTo(World.SpawnStatus.SPAWNED);
        }
        tick(w);
        tick(w);
        assertThat(sharedCalls).containsExactly(8, 3);
        moveThePlayerTwoMetresAndTickUntilAShare(w);
        // phase A is due at 0.5 s; phase B, planned 0.2-0.25 s before, past half its interval, joins it
        assertThat(sharedCalls).containsExactly(11);
        for (int t = 0; t < 12; t++) {
            tick(w);
        }
        assertThat(sharedCalls).as("no second field for phase B").containsExactly(11);
        assertThat(singlePlans).isZero();
    }

    @Test
    void tick_SevenMonstersOfOnePlayerDue_OneSearchEach() {
        World w = world(8, false);
        spawn(w, "s-1", 7);

        tick(w);
        tick(w);

        assertThat(sharedCalls).isEmpty();
        assertThat(fieldsBuilt).isEmpty();
        assertThat(singlePlans).isEqualTo(7);
        assertThat(navPaths(w)).hasSize(7);
    }

    @Test
    void tick_CrowdOfOnePlayerAndFewOfAnother_OnlyTheCrowdShares() {
        World w = world(8, false);
        w.addPlayer("s-2");
        w.playerPos("s-2", 1, ROOMS.worldX(cell(3, 9)), 0, ROOMS.worldZ(cell(3, 9)));
        spawn(w, "s-1", 9);
        spawn(w, "s-2", 3);

        tick(w);
        tick(w);

        assertThat(sharedCalls).containsExactly(9);
        assertThat(singlePlans).isEqualTo(3);
        assertThat(navPaths(w)).hasSize(12);
    }

    @Test
    void playerMoves_SharedGroupReplansTogetherOnceTheRuleFires_WithTheNewPositionsSeq() {
        World w = world(8, false);
        List<String> monsters = spawn(w, "s-1", 8);
        tick(w);
        tick(w);
        moveThePlayerTwoMetresAndTickUntilAShare(w);
        assertThat(sharedCalls).containsExactly(8);
        tick(w);
        Map<String, WorldEvent.NavPathReady> paths = navPaths(w);
        assertThat(paths.keySet()).containsExactlyElementsOf(monsters);
        for (WorldEvent.NavPathReady p : paths.values()) {
            assertThat(p.seq()).isEqualTo(2);
            assertThat(p.playerSeq()).isEqualTo(2);
        }
        assertThat(singlePlans).isZero();
    }

    @Test
    void setMap_WhileASharedPlanIsInFlight_EveryResultIsDroppedAndTheMonstersPlanAgain() {
        World w = world(8, true);
        spawn(w, "s-1", 8);
        tick(w); // queues one shared task
        assertThat(queued).hasSize(1);
        assertThat(w.inspect().plansInFlight()).isEqualTo(8);

        w.setMap(ROOMS); // a reload: the plan in flight is for the old version
        queued.remove(0).run();
        assertThat(w.applyFinishedPlans()).isZero();
        assertThat(navPaths(w)).isEmpty();
        assertThat(dropped).isEqualTo(8);

        tick(w); // plans again, shared
        assertThat(queued).hasSize(1);
        queued.remove(0).run();
        assertThat(w.applyFinishedPlans()).isEqualTo(8);
        assertThat(sharedCalls).containsExactly(8, 8);
    }

    @Test
    void sharedResult_ForAMonsterRemovedMeanwhile_IsDroppedAndTheOthersAdopted() {
        World w = world(8, true);
        w.addPlayer("s-2");
        w.playerPos("s-2", 1, ROOMS.worldX(cell(3, 9)), 0, ROOMS.worldZ(cell(3, 9)));
        spawn(w, "s-1", 8);
        spawn(w, "s-2", 1);
        tick(w); // one shared task for s-1, one search for s-2
        assertThat(queued).hasSize(2);

        w.removePlayer("s-2");
        while (!queued.isEmpty()) {
            queued.remove(0).run();
        }

        assertThat(w.applyFinishedPlans()).isEqualTo(8);
        assertThat(dropped).isEqualTo(1);
        assertThat(navPaths(w)).hasSize(8);
    }

    @Test
    void setSettings_RaisingTheThreshold_TakesEffectAtTheNextPass() {
        World w = world(8, false);
        spawn(w, "s-1", 8);
        w.setSettings(settings(9));

        tick(w);
        tick(w);

        assertThat(sharedCalls).isEmpty();
        assertThat(singlePlans).isEqualTo(8);
    }
}
