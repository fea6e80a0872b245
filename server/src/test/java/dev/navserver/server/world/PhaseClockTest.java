package dev.navserver.server.world;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.crowd.OrcaParams;
import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.search.SearchOptions;
import dev.navserver.server.config.NavServerConfig.Chase;
import dev.navserver.server.plan.NavPlanner;
import java.util.EnumMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The tick's CPU time, part by part, as a world reports it to its metrics. */
class PhaseClockTest {
    private static final Chase SETTINGS = new Chase(0.5, 0.5, 4.0, 1.0, 1.0, 2.0, 0, true, 0, 5, 15, 0.4, 0.5, 8);

    @Test
    void aTickOfAWorldWithAChase_ReportsEveryWorldPhaseOnce_InTickOrder() {
        GridMap map = AsciiMaps.parse(
                "..........",
                "..........",
                "..........",
                "..........");
        Map<TickPhase, Long> reported = new EnumMap<>(TickPhase.class);
        StringBuilder order = new StringBuilder();
        WorldMetrics metrics = new WorldMetrics() {
            @Override
            public void tickPhase(TickPhase phase, long cpuNanos) {
                assertThat(cpuNanos).as("%s", phase).isNotNegative();
                assertThat(reported.put(phase, cpuNanos)).as("%s reported once", phase).isNull();
                order.append(phase.label()).append(' ');
            }
        };
        World w = new World("phases", map, SETTINGS, new NavPlanner(SearchOptions.DEFAULT), Runnable::run, metrics,
                new Spawner(new SplittableRandom(1), new AtomicLong()::incrementAndGet), () -> { });
        w.setAvoidance(OrcaParams.DEFAULT);
        w.addPlayer("s");
        w.playerPos("s", 1, 1, 0, -1);
        w.spawn("s", 8, -2);
        w.tick(0.05, 0.05);
        assertThat(order.toString().trim()).isEqualTo("plans behaviour move avoidance bodies views snapshots");
    }
}
