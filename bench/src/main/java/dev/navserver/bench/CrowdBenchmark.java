package dev.navserver.bench;

import dev.navserver.nav.crowd.CrowdAgents;
import dev.navserver.nav.crowd.OrcaParams;
import dev.navserver.nav.crowd.OrcaSolver;
import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.grid.WorldTransform;
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
 * <p>Workload (checked with {@link CrowdDrift}; setup runs 1,200 steps, JMH's warm-up about 1,000 more): density
 * and cost per step are flat from about step 1,600 on for {@code centre} and for {@code rooms512 whole}; on
 * {@code open512 whole} agents keep drifting towards the middle until about step 6,000 (2.3 ms at step 1,200, 3.2 ms
 * at 4,000, 3.75 ms from 6,000 on), so its score understates the steady cost by about 10%. Every agent walks
 * straight at its own target, a random open cell of the {@code region}: the {@code whole} map (0.04 agents per square metre on
 * open512, 1.5-4.5 other agents within 2.5 m as it drifts) or its {@code centre} square (half the side, 256 x 256 m: 0.15 per
 * square metre on average, but random targets crowd the middle: about 8 other agents within 2.5 m of each on
 * open512). It draws a new target on arrival within 2 m and after 30 s without arriving, so agents cross each
 * other in every direction all the time. An agent that has not come 1 m nearer its target for 8 s (in a jam, or
 * pressed against a wall) is respawned at a random open cell of the region with a new target, as a game despawns
 * a stuck monster and spawns another: without that, jams grow for thousands of steps (open512 centre: 6 agents
 * within 2.5 m at step 600, 18 at step 4,000) and the score depends on how many steps a run takes. The preferred
 * velocity is set per agent every step, as the server's movement loop would. {@code open512}: 512 x 512 cells of
 * 1 m, no walls; {@code rooms512}: the bundled {@code maps/rooms512.map} (agents walk straight into walls and
 * slide, which costs the cell half-planes and the move clamp, until they arrive, re-target or are respawned).
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
    /** Progress towards the target that counts, metres. */
    private static final double PROGRESS_METERS = 1.0;
    /** An agent that has not come {@link #PROGRESS_METERS} nearer its target for this long is respawned, seconds. */
    private static final double STUCK_SECONDS = 8.0;
    /** An agent draws a new target after this long even while it makes progress, seconds. */
    private static final double RETARGET_SECONDS = 30.0;
    /** Steps run in setup before JMH's own warm-up (60 s of simulated time). */
    static final int SETUP_STEPS = 1200;

    @Param({"10000"})
    public int agents;

    @Param({"open512", "rooms512"})
    public String map;

    /** Where agents start and draw their targets: {@code whole} map, or its {@code centre} square (4x denser). */
    @Param({"whole", "centre"})
    public String region;

    private NavGrid grid;
    private CrowdAgents crowd;
    private OrcaSolver solver;
    private GridMap m;
    private SplittableRandom rnd;
    private double[] targetX;
    private double[] targetZ;
    private double[] targetAge;
    /** Nearest the agent has come to its current target, metres. */
    private double[] bestDist;
    /** Seconds since the agent last came {@link #PROGRESS_METERS} nearer its target. */
    private double[] noProgress;
    private long respawns;

    @Setup(Level.Trial)
    public void build() {
        m = map.equals("open512") ? open512() : RepoMaps.load("maps/rooms512.map");
        grid = m.navGrid();
        WorldTransform t = m.transform();
        rnd = new SplittableRandom(42);
        crowd = new CrowdAgents(agents);
        targetX = new double[agents];
        targetZ = new double[agents];
        targetAge = new double[agents];
        bestDist = new double[agents];
        noProgress = new double[agents];
        for (int i = 0; i < agents; i++) {
            int cell = centralOpenCell();
            // jitter inside the cell so that no two agents start on one point
            double jx = (rnd.nextDouble() - 0.5) * 0.5 * t.cellSize();
            double jz = (rnd.nextDouble() - 0.5) * 0.5 * t.cellSize();
            crowd.add(i + 1, m.worldX(cell) + jx, m.worldZ(cell) + jz, RADIUS, SPEED, false);
            newTarget(i);
        }
        solver = new OrcaSolver(OrcaParams.DEFAULT);
        for (int s = 0; s < SETUP_STEPS; s++) {
            tick();
        }
        // how often the linear program was infeasible during warm-up (printed once per fork, for the docs)
        System.out.printf("%n[crowd] %s %s: %.2f%% of agent-steps infeasible, %.2f respawns per step during %d"
                + " warm-up steps%n", map, region, 100.0 * solver.infeasibleSolves() / ((double) SETUP_STEPS * agents),
                respawns / (double) SETUP_STEPS, SETUP_STEPS);
    }

    private int centralOpenCell() {
        int w = m.width();
        int h = m.height();
        boolean centre = region.equals("centre");
        while (true) {
            int col = centre ? w / 4 + rnd.nextInt(w / 2) : rnd.nextInt(w);
            int row = centre ? h / 4 + rnd.nextInt(h / 2) : rnd.nextInt(h);
            int cell = row * w + col;
            if (grid.openCell(cell)) {
                return cell;
            }
        }
    }

    private void newTarget(int i) {
        int cell = centralOpenCell();
        targetX[i] = m.worldX(cell);
        targetZ[i] = m.worldZ(cell);
        targetAge[i] = 0;
        bestDist[i] = Double.POSITIVE_INFINITY;
        noProgress[i] = 0;
    }

    private static GridMap open512() {
        boolean[] open = new boolean[512 * 512];
        java.util.Arrays.fill(open, true);
        return GridMap.ofWalkable("open512", 512, 512, WorldTransform.UNIT, open);
    }

    private void tick() {
        for (int i = 0; i < crowd.size(); i++) {
            double dx = targetX[i] - crowd.x(i);
            double dz = targetZ[i] - crowd.z(i);
            double d = Math.sqrt(dx * dx + dz * dz);
            targetAge[i] += DT;
            if (d < bestDist[i] - PROGRESS_METERS) {
                bestDist[i] = d;
                noProgress[i] = 0;
            } else {
                noProgress[i] += DT;
            }
            if (noProgress[i] > STUCK_SECONDS) {
                // a monster stuck in a jam or against a wall is despawned and a new one spawns elsewhere: keeps
                // the density stationary (without it jams grow for thousands of steps)
                int cell = centralOpenCell();
                double cs = m.transform().cellSize();
                crowd.setPosition(i, m.worldX(cell) + (rnd.nextDouble() - 0.5) * 0.5 * cs,
                        m.worldZ(cell) + (rnd.nextDouble() - 0.5) * 0.5 * cs);
                respawns++;
                d = 0; // and draws a new target below
            }
            if (d < 2.0 || targetAge[i] > RETARGET_SECONDS) {
                newTarget(i);
                dx = targetX[i] - crowd.x(i);
                dz = targetZ[i] - crowd.z(i);
                d = Math.max(Math.sqrt(dx * dx + dz * dz), 1e-9);
            }
            crowd.setPreferred(i, dx / d * SPEED, dz / d * SPEED);
        }
        solver.step(crowd, grid, DT);
    }

    /**
     * One 50 ms tick: preferred velocities for every agent, then one solver step. {@code cpuNanos / queries} is the
     * thread CPU time per step (robust when other processes share the machine).
     */
    /** The crowd (for {@link CrowdDrift}). */
    CrowdAgents crowd() {
        return crowd;
    }

    /** Agents respawned so far (for {@link CrowdDrift}). */
    long respawns() {
        return respawns;
    }

    @Benchmark
    public double step(CpuClock cpu) {
        cpu.queries++;
        tick();
        return crowd.x(0);
    }
}
