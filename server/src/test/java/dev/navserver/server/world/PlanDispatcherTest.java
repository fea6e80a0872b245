package dev.navserver.server.world;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.search.SearchStatus;
import dev.navserver.nav.smooth.WorldPath;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.RejectedExecutionException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** One plan in flight per monster, tokens, superseded and stale results, failures: driven by a hand-run pool. */
class PlanDispatcherTest {
    private static final GridMap MAP = AsciiMaps.parse(
            "......",
            "......");

    private final List<Runnable> pool = new ArrayList<>();
    private final List<String> adopted = new ArrayList<>();
    private final CountingMetrics metrics = new CountingMetrics();
    private int wakeups;
    private RuntimeException planFailure;
    private PlanDispatcher dispatcher;
    private Player player;
    private Monster monster;

    /** Counts what the dispatcher reports. */
    private static final class CountingMetrics implements WorldMetrics {
        final List<SearchStatus> planned = new ArrayList<>();
        int failed;
        int dropped;

        @Override
        public void planned(long nanos, int expanded, SearchStatus status) {
            planned.add(status);
        }

        @Override
        public void planFailed() {
            failed++;
        }

        @Override
        public void planDropped() {
            dropped++;
        }
    }

    private final PathPlanner planner = new PathPlanner() {
        @Override
        public WorldPath plan(GridMap map, double sx, double sz, double gx, double gz) {
            if (planFailure != null) {
                throw planFailure;
            }
            return WorldPath.of(SearchStatus.FOUND, new double[] {sx, 0, sz, gx, 0, gz}, 3);
        }

        @Override
        public boolean clearLine(GridMap map, double x0, double z0, double x1, double z1) {
            return true;
        }
    };

    @BeforeEach
    void setUp() {
        dispatcher = new PlanDispatcher("w", planner, pool::add, metrics, () -> wakeups++);
        player = new Player("s-1");
        player.hasPos = true;
        player.seq = 7;
        player.posArrivalNanos = 1234;
        player.x = 5;
        player.z = -1;
        monster = new Monster("m-1", player, 0, 0, 2);
    }

    private int apply(long generation) {
        // plans of an older generation are never still valid here (World decides that from its edit log)
        return dispatcher.applyFinished(Map.of(monster.id, monster), generation, (g, path) -> false,
                (m, path, playerSeq, arrival) -> {
            adopted.add(m.id + " " + path.x(path.size() - 1) + "," + path.z(path.size() - 1) + " seq=" + playerSeq
                    + " arrival=" + arrival);
            return true;
        });
    }

    private void runPool() {
        List<Runnable> tasks = new ArrayList<>(pool);
        pool.clear();
        tasks.forEach(Runnable::run);
    }

    @Test
    void submit_WhenPlanFinishes_RecordsAimAndAdoptsWithPlayerSeqAndWakesTickThread() {
        dispatcher.submit(monster, MAP, 0, 1.5);
        assertThat(PlanDispatcher.inFlight(monster)).isTrue();
        assertThat(monster.lastPlanTime).isEqualTo(1.5);
        assertThat(monster.planGoalX).isEqualTo(5);
        assertThat(monster.planGoalZ).isEqualTo(-1);
        assertThat(apply(0)).as("nothing finished yet").isZero();
        runPool();
        assertThat(wakeups).isEqualTo(1);
        assertThat(apply(0)).isEqualTo(1);
        assertThat(adopted).containsExactly("m-1 5.0,-1.0 seq=7 arrival=1234");
        assertThat(PlanDispatcher.inFlight(monster)).isFalse();
        assertThat(metrics.planned).containsExactly(SearchStatus.FOUND);
    }

    @Test
    void applyFinished_WhenANewerPlanSupersededIt_DropsTheOlderAdoptsTheNewer() {
        dispatcher.submit(monster, MAP, 0, 0);
        player.x = 3;
        player.seq = 8;
        player.posArrivalNanos = 5678;
        dispatcher.submit(monster, MAP, 0, 0.5);
        runPool();
        assertThat(apply(0)).isEqualTo(1);
        assertThat(adopted).containsExactly("m-1 3.0,-1.0 seq=8 arrival=5678");
        assertThat(metrics.dropped).isEqualTo(1);
    }

    @Test
    void applyFinished_WhenSupersededWithoutNewPlan_DropsIt() {
        dispatcher.submit(monster, MAP, 0, 0);
        PlanDispatcher.supersede(monster);
        runPool();
        assertThat(apply(0)).isZero();
        assertThat(adopted).isEmpty();
        assertThat(metrics.dropped).isEqualTo(1);
    }

    @Test
    void applyFinished_WhenMonsterGone_DropsIt() {
        dispatcher.submit(monster, MAP, 0, 0);
        runPool();
        assertThat(dispatcher.applyFinished(Map.of(), 0, (g, p) -> false, (m, p, s, a) -> true)).isZero();
        assertThat(metrics.dropped).isEqualTo(1);
    }

    @Test
    void applyFinished_WhenMapChangedMeanwhile_DropsItAndMonsterPlansAfresh() {
        monster.state = MonsterState.CHASE;
        dispatcher.submit(monster, MAP, 0, 0);
        runPool();
        assertThat(apply(1)).isZero();
        assertThat(adopted).isEmpty();
        assertThat(metrics.dropped).isEqualTo(1);
        assertThat(monster.state).isEqualTo(MonsterState.REPLAN);
        assertThat(PlanDispatcher.inFlight(monster)).isFalse();
    }

    @Test
    void applyFinished_WhenPlannerThrows_CountsFailureAndMonsterPlansAfresh() {
        monster.state = MonsterState.ARRIVED;
        planFailure = new IllegalStateException("bug");
        dispatcher.submit(monster, MAP, 0, 0);
        runPool();
        assertThat(metrics.failed).isEqualTo(1);
        assertThat(wakeups).as("a failed plan still wakes the tick thread").isEqualTo(1);
        assertThat(apply(0)).isZero();
        assertThat(metrics.dropped).isZero();
        assertThat(monster.state).isEqualTo(MonsterState.REPLAN);
    }

    @Test
    void submit_WhenPoolRejects_NothingInFlightAndMonsterPlansAfresh() {
        PlanDispatcher closed = new PlanDispatcher("w", planner, r -> {
            throw new RejectedExecutionException("shutting down");
        }, metrics, () -> wakeups++);
        monster.state = MonsterState.CHASE;
        closed.submit(monster, MAP, 0, 0);
        assertThat(PlanDispatcher.inFlight(monster)).isFalse();
        assertThat(monster.state).isEqualTo(MonsterState.REPLAN);
    }

    @Test
    void applyFinished_WhenAdopterRefuses_NotCounted() {
        dispatcher.submit(monster, MAP, 0, 0);
        runPool();
        assertThat(dispatcher.applyFinished(Map.of(monster.id, monster), 0, (g, p) -> false,
                (m, p, s, a) -> false)).isZero();
        assertThat(PlanDispatcher.inFlight(monster)).isFalse();
    }
}
