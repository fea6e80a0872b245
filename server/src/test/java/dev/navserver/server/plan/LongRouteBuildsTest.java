package dev.navserver.server.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.Terrain;
import dev.navserver.nav.grid.WorldTransform;
import dev.navserver.nav.search.SubgoalGraph;
import dev.navserver.nav.search.SubgoalRepairs;
import dev.navserver.server.metrics.BuildMetrics;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class LongRouteBuildsTest {
    private final ScheduledThreadPoolExecutor executor = new ScheduledThreadPoolExecutor(1);
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final LongRouteBuilds builds = new LongRouteBuilds(executor, new BuildMetrics(registry));

    @AfterEach
    void stop() throws InterruptedException {
        builds.close();
        executor.shutdownNow();
        executor.awaitTermination(5, TimeUnit.SECONDS);
    }

    /** A map of pillars every 4 cells, so that its graph has subgoals; {@code seed} moves one pillar. */
    private static GridMap pillars(int seed) {
        byte[] t = new byte[64 * 64];
        for (int r = 2; r < 64; r += 4) {
            for (int c = 2; c < 64; c += 4) {
                t[r * 64 + c] = Terrain.WALL;
            }
        }
        t[(1 + seed % 60) * 64 + 1] = Terrain.WALL;
        return new GridMap("pillars", 64, 64, WorldTransform.UNIT, t);
    }

    private double built(String structure) {
        return registry.get("navserver_nav_builds_total").tag("structure", structure).tag("outcome", "built")
                .counter().count();
    }

    private static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime() - deadline).as("timed out waiting for " + what).isNegative();
            Thread.sleep(10); // poll interval of a background build, not a wait for an outcome
        }
    }

    private double repairs() {
        var timer = registry.find("navserver_nav_repair_seconds").tag("map", "pillars").timer();
        return timer == null ? 0 : timer.count();
    }

    @Test
    void firstVersion_IsBuiltAtOnce_ThenEditsInQuickSuccession_AreRepairedAndOnlyTheLastGetsAHierarchy()
            throws Exception {
        GridMap v1 = pillars(1);
        builds.published(v1, 1);
        await("version 1's graph and hierarchy", () -> built("subgoal_hierarchy") == 1);
        assertThat(SubgoalGraph.ready(v1.navGrid())).isNotNull();

        GridMap v2 = pillars(2);
        GridMap v3 = pillars(3);
        builds.published(v2, 2);
        builds.published(v3, 3);
        await("version 3's hierarchy", () -> built("subgoal_hierarchy") == 2);

        assertThat(SubgoalGraph.ready(v3.navGrid()).hierarchy()).isNotNull();
        assertThat(SubgoalRepairs.repaired(SubgoalGraph.ready(v3.navGrid())))
                .as("made compact with fresh landmarks before its hierarchy").isFalse();
        assertThat(SubgoalGraph.ready(v3.navGrid()).landmarkCount()).isPositive();
        assertThat(SubgoalGraph.ready(v2.navGrid())).as("repaired from version 1's at once").isNotNull();
        assertThat(SubgoalGraph.ready(v2.navGrid()).hierarchy()).as("overtaken before it settled").isNull();
        assertThat(repairs()).isEqualTo(2);
        assertThat(built("subgoal_graph")).as("only version 1's graph was built from scratch").isEqualTo(1);
        assertThat(registry.get("navserver_nav_build_progress_ratio").tag("map", "pillars")
                .tag("structure", "subgoal_graph").gauge().value()).isEqualTo(1);
    }

    @Test
    void reloadWithAnotherSize_IsNotRepaired_ButRebuiltOnceSettled() throws Exception {
        GridMap v1 = pillars(1);
        builds.published(v1, 1);
        await("version 1's graph and hierarchy", () -> built("subgoal_hierarchy") == 1);
        // a reload with another file: nothing to repair from
        GridMap v2 = new GridMap("pillars", 100, 100, WorldTransform.UNIT, new byte[100 * 100]);
        builds.published(v2, 2);
        await("version 2's graph", () -> built("subgoal_graph") == 2);

        assertThat(SubgoalGraph.ready(v2.navGrid())).isNotNull();
        assertThat(repairs()).isZero();
    }
}
