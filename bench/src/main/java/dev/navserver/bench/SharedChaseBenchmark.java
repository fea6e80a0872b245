package dev.navserver.bench;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.search.SearchOptions;
import dev.navserver.nav.search.SearchStatus;
import dev.navserver.nav.smooth.WorldPath;
import dev.navserver.server.config.NavServerConfig;
import dev.navserver.server.config.NavServerConfig.Chase;
import dev.navserver.server.plan.NavPlanner;
import dev.navserver.server.world.Spawner;
import dev.navserver.server.world.World;
import dev.navserver.server.world.WorldMetrics;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Issue 10's shared-field target: one player walking random routes on the bundled {@code rooms512} at 1.5 m/s
 * (positions every 0.1 s) and {@code monsters} monsters spawned at random walkable cells of its island within
 * {@code spreadCells} cells (Chebyshev) of it, all chasing it, for {@code seconds} of world time (20 Hz ticks).
 * {@code shared=true} runs with {@code chase.sharedFieldMinMonsters} 8 (one field per re-plan of the crowd),
 * {@code false} with 10000 (one JPS search per monster, the server's default node budget). Plans run synchronously
 * on the benchmark thread; each plan task's wall and thread-CPU time are summed, and the planning per tick is
 * printed after each iteration. One invocation = one whole run from a fresh spawn (same seed every time), so every
 * iteration measures the same run.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Thread)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 1)
@Measurement(iterations = 2)
public class SharedChaseBenchmark {
    private static final double DT = 0.05;
    private static final double PLAYER_SPEED = 1.5;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    @Param({"1000"})
    public int monsters;

    @Param({"100"})
    public int spreadCells;

    @Param({"60"})
    public int seconds;

    @Param({"true", "false"})
    public boolean shared;

    private GridMap map;
    private NavPlanner routes;
    private World world;
    private SplittableRandom rnd;
    private WorldPath route;
    private int next;
    private double px;
    private double pz;
    private long seq;
    private double now;
    private long ticks;
    private long tasks;
    private long planNanos;
    private long planCpuNanos;
    private long maxTickPlanNanos;
    private long fields;
    private long fieldCells;
    private long searchPlans;
    private long partial;

    @Setup(Level.Trial)
    public void load() {
        map = RepoMaps.load("maps/rooms512.map");
        routes = new NavPlanner(SearchOptions.DEFAULT);
    }

    /** A fresh world: the player on a random cell of the largest island, the monsters around it. */
    @Setup(Level.Iteration)
    public void spawn() {
        rnd = new SplittableRandom(11);
        ticks = 0;
        tasks = 0;
        planNanos = 0;
        planCpuNanos = 0;
        maxTickPlanNanos = 0;
        fields = 0;
        fieldCells = 0;
        searchPlans = 0;
        partial = 0;
        now = 0;
        seq = 0;
        NavServerConfig.Search search = NavServerConfig.Search.DEFAULT;
        NavPlanner planner = new NavPlanner(SearchOptions.DEFAULT.withAlgorithm(search.algorithm())
                .withMaxExpandedNodes(search.maxExpandedNodes()));
        Chase d = Chase.DEFAULT;
        Chase chase = new Chase(d.navIntervalSeconds(), d.moveThresholdMeters(), d.localNavDistanceMeters(),
                d.localNavHysteresisMeters(), d.stoppingDistanceMeters(), d.monsterSpeedMetersPerSecond(), 0, true,
                d.snapshotHz(), d.spawnMinDistanceMeters(), d.spawnMaxDistanceMeters(), d.monsterRadiusMeters(),
                d.playerRadiusMeters(), shared ? 8 : 10_000);
        AtomicLong ids = new AtomicLong();
        world = new World("rooms512", map, chase, planner, task -> {
                    tasks++;
                    long c0 = THREADS.getCurrentThreadCpuTime();
                    long t0 = System.nanoTime();
                    task.run();
                    planNanos += System.nanoTime() - t0;
                    planCpuNanos += THREADS.getCurrentThreadCpuTime() - c0;
                },
                new WorldMetrics() {
                    @Override
                    public void planned(long nanos, int expanded, SearchStatus status) {
                        searchPlans++;
                        if (status != SearchStatus.FOUND) {
                            partial++;
                        }
                    }

                    @Override
                    public void planFailed() {
                    }

                    @Override
                    public void planDropped() {
                    }

                    @Override
                    public void sharedFieldBuilt(int cells) {
                        fields++;
                        fieldCells += cells;
                    }
                }, new Spawner(rnd.split(), ids::incrementAndGet), () -> { });
        NavGrid grid = map.navGrid();
        int home = openCell(largest(), 0, 0, map.width() - 1, map.height() - 1);
        px = map.worldX(home);
        pz = map.worldZ(home);
        world.addPlayer("p");
        world.playerPos("p", ++seq, px, 0, pz);
        int island = grid.island(home);
        int hc = map.col(home);
        int hr = map.row(home);
        for (int i = 0; i < monsters; i++) {
            int c = openCell(island, Math.max(0, hc - spreadCells), Math.max(0, hr - spreadCells),
                    Math.min(map.width() - 1, hc + spreadCells), Math.min(map.height() - 1, hr + spreadCells));
            world.spawn("p", map.worldX(c), map.worldZ(c));
        }
        newRoute();
    }

    /** Planning per tick over the run, printed so the shared and per-monster runs can be compared. */
    @TearDown(Level.Iteration)
    public void report() {
        double n = Math.max(1, ticks);
        System.out.printf(" [shared=%s: planning %.3f ms/tick wall, %.3f ms/tick CPU, worst tick %.1f ms;"
                        + " %.1f tasks/tick, %.1f paths/tick (%d not FOUND), %d fields of %.0f cells on average,"
                        + " over %d ticks]%n", shared, planNanos / n / 1e6, planCpuNanos / n / 1e6,
                maxTickPlanNanos / 1e6, tasks / n, searchPlans / n, partial, fields,
                fields == 0 ? 0.0 : (double) fieldCells / fields, ticks);
    }

    /** {@code seconds} of world time: the player walks (a position every other tick), then the world ticks. */
    @Benchmark
    public long run() {
        int total = (int) Math.round(seconds / DT);
        for (int t = 0; t < total; t++) {
            ticks++;
            walk(PLAYER_SPEED * DT);
            if ((ticks & 1) == 0) {
                world.playerPos("p", ++seq, px, 0, pz);
            }
            now += DT;
            long before = planNanos;
            world.tick(now, DT);
            maxTickPlanNanos = Math.max(maxTickPlanNanos, planNanos - before);
            world.outbox().drainTo(e -> { });
        }
        return ticks;
    }

    /** A random walkable cell of the island in the box of columns c0..c1 and rows r0..r1. */
    private int openCell(int island, int c0, int r0, int c1, int r1) {
        NavGrid grid = map.navGrid();
        while (true) {
            int c = (r0 + rnd.nextInt(r1 - r0 + 1)) * map.width() + c0 + rnd.nextInt(c1 - c0 + 1);
            if (grid.openCell(c) && (island == 0 || grid.island(c) == island)) {
                return c;
            }
        }
    }

    /** Island id of the largest island. */
    private int largest() {
        NavGrid grid = map.navGrid();
        int[] count = new int[grid.islandCount() + 1];
        int best = 0;
        int bestIsland = 0;
        for (int c = 0; c < map.width() * map.height(); c++) {
            if (grid.openCell(c)) {
                int i = grid.island(c);
                if (++count[i] > best) {
                    best = count[i];
                    bestIsland = i;
                }
            }
        }
        return bestIsland;
    }

    private void newRoute() {
        int island = map.navGrid().island(map.cellAt(px, pz));
        while (true) {
            int goal = openCell(island, 0, 0, map.width() - 1, map.height() - 1);
            WorldPath w = routes.plan(map, px, pz, map.worldX(goal), map.worldZ(goal));
            if (w.size() >= 2) {
                route = w;
                next = 1;
                return;
            }
        }
    }

    private void walk(double budget) {
        while (budget > 0) {
            double tx = route.x(next);
            double tz = route.z(next);
            double d = Math.hypot(tx - px, tz - pz);
            if (d <= budget) {
                px = tx;
                pz = tz;
                budget -= d;
                if (++next >= route.size()) {
                    newRoute();
                }
            } else {
                px += (tx - px) / d * budget;
                pz += (tz - pz) / d * budget;
                budget = 0;
            }
        }
    }
}
