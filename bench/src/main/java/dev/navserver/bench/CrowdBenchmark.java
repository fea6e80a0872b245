package dev.navserver.bench;

import dev.navserver.nav.crowd.CrowdAgents;
import dev.navserver.nav.crowd.OrcaParams;
import dev.navserver.nav.crowd.OrcaSolver;
import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.grid.WorldTransform;
import dev.navserver.nav.io.MapLoader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Issue 10's avoidance target: one {@link OrcaSolver#step} (neighbour hash, ORCA half-planes, linear programs,
 * grid-clamped moves) for {@code agents} agents of radius 0.4 m at 1.5 m/s in one world, on one thread, 20 Hz
 * ({@code dt} 0.05 s). Target: at most 5 ms per step for 10,000 agents.
 *
 * <p>Workload: four targets at the corners of a square around the map's centre; every agent walks straight at its
 * current target and, within 2 m of it, switches to the next one (agent {@code i} starts with target
 * {@code i % 4}), so streams cross the middle in both directions and crowds form at every target. The preferred
 * velocity is set per agent every step, as the server's movement loop would. {@code open512}: a 512 x 512 map with
 * no walls; {@code rooms512}: the bundled {@code maps/rooms512.map} (agents walk straight into walls and slide, which
 * costs the cell half-planes and the move clamp). The world is warmed for 400 steps (20 s) in setup, so measured
 * steps see formed streams and crowds.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Thread)
@Fork(value = 2, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class CrowdBenchmark {
    private static final double DT = 0.05;
    private static final double SPEED = 1.5;
    private static final double RADIUS = 0.4;

    @Param({"10000"})
    public int agents;

    @Param({"open512", "rooms512"})
    public String map;

    private NavGrid grid;
    private CrowdAgents crowd;
    private OrcaSolver solver;
    private final double[] targetX = new double[4];
    private final double[] targetZ = new double[4];
    private int[] target;

    @Setup(Level.Trial)
    public void build() {
        GridMap m = map.equals("open512") ? open512() : load("maps/rooms512.map");
        grid = m.navGrid();
        WorldTransform t = m.transform();
        double c = m.width() / 2.0;
        double span = m.width() / 4.0;
        double[][] corners = {{c - span, c - span}, {c + span, c - span}, {c + span, c + span}, {c - span, c + span}};
        for (int k = 0; k < 4; k++) {
            int cell = grid.nearestOpen((int) corners[k][0], (int) corners[k][1], 0, m.width());
            targetX[k] = m.worldX(cell);
            targetZ[k] = m.worldZ(cell);
        }
        SplittableRandom rnd = new SplittableRandom(42);
        crowd = new CrowdAgents(agents);
        target = new int[agents];
        for (int i = 0; i < agents; i++) {
            int cell;
            do {
                cell = rnd.nextInt(m.width() * m.height());
            } while (!grid.openCell(cell));
            // jitter inside the cell so that no two agents start on one point
            double jx = (rnd.nextDouble() - 0.5) * 0.5 * t.cellSize();
            double jz = (rnd.nextDouble() - 0.5) * 0.5 * t.cellSize();
            crowd.add(i + 1, m.worldX(cell) + jx, m.worldZ(cell) + jz, RADIUS, SPEED, false);
            target[i] = i % 4;
        }
        solver = new OrcaSolver(OrcaParams.DEFAULT);
        for (int s = 0; s < 400; s++) {
            tick();
        }
        // how often the linear program was infeasible during warm-up (printed once per fork, for the docs)
        System.out.printf("%n[crowd] %s: %.2f%% of agent-steps infeasible during 400 warm-up steps%n", map,
                100.0 * solver.infeasibleSolves() / (400.0 * agents));
    }

    private static GridMap open512() {
        boolean[] open = new boolean[512 * 512];
        java.util.Arrays.fill(open, true);
        return GridMap.ofWalkable("open512", 512, 512, WorldTransform.UNIT, open);
    }

    private static GridMap load(String relative) {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !Files.exists(dir.resolve(relative))) {
            dir = dir.getParent();
        }
        if (dir == null) {
            throw new IllegalStateException(relative + " not found from the working directory or its parents");
        }
        try {
            return MapLoader.load(dir.resolve(relative));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void tick() {
        for (int i = 0; i < crowd.size(); i++) {
            double dx = targetX[target[i]] - crowd.x(i);
            double dz = targetZ[target[i]] - crowd.z(i);
            double d = Math.sqrt(dx * dx + dz * dz);
            if (d < 2.0) {
                target[i] = (target[i] + 1) & 3;
                dx = targetX[target[i]] - crowd.x(i);
                dz = targetZ[target[i]] - crowd.z(i);
                d = Math.sqrt(dx * dx + dz * dz);
            }
            crowd.setPreferred(i, dx / d * SPEED, dz / d * SPEED);
        }
        solver.step(crowd, grid, DT);
    }

    /** One 50 ms tick: preferred velocities for every agent, then one solver step. */
    @Benchmark
    public double step() {
        tick();
        return crowd.x(0);
    }
}
