package dev.navserver.nav.crowd;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.Allocations;
import dev.navserver.nav.RandomWalls;
import dev.navserver.nav.grid.NavGrid;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class OrcaSolverAllocationTest {

    @Test
    void step_WhenWarm_AllocatesNothing() {
        com.sun.management.ThreadMXBean mx = Allocations.counter();

        int w = 60;
        int h = 60;
        SplittableRandom rnd = new SplittableRandom(5);
        NavGrid grid = RandomWalls.map("alloc", w, h, 15, rnd).navGrid();
        CrowdAgents agents = new CrowdAgents(16);
        for (int i = 0; i < 300; i++) {
            int cell;
            do {
                cell = rnd.nextInt(w * h);
            } while (!grid.openCell(cell));
            agents.add(i + 1, grid.map().worldX(cell), grid.map().worldZ(cell), 0.4, 2.0, i % 50 == 0);
        }
        OrcaSolver solver = new OrcaSolver(OrcaParams.DEFAULT);
        for (int s = 0; s < 200; s++) {
            drive(agents, w / 2.0, -h / 2.0);
            solver.step(agents, grid, 0.05);
        }

        // a step that allocates does so in every window; the JVM itself may still allocate once on this thread while
        // compilation settles (for instance when a deoptimisation re-creates objects that compiled code had eliminated)
        long least = Long.MAX_VALUE;
        for (int window = 0; window < 3; window++) {
            long before = mx.getCurrentThreadAllocatedBytes();
            for (int s = 0; s < 100; s++) {
                drive(agents, w / 2.0, -h / 2.0);
                solver.step(agents, grid, 0.05);
            }
            least = Math.min(least, mx.getCurrentThreadAllocatedBytes() - before);
        }

        assertThat(least).as("bytes allocated by the least of three 100-step windows").isZero();
    }

    /** Everyone heads for (tx, tz) at 2 m/s: a dense meeting with stalls and yields. */
    private static void drive(CrowdAgents agents, double tx, double tz) {
        for (int i = 0; i < agents.size(); i++) {
            double dx = tx - agents.x(i);
            double dz = tz - agents.z(i);
            double d = Math.sqrt(dx * dx + dz * dz);
            if (d < 1e-9 || agents.external(i)) {
                agents.setPreferred(i, 0, 0);
            } else {
                agents.setPreferred(i, dx / d * 2.0, dz / d * 2.0);
            }
        }
    }
}
