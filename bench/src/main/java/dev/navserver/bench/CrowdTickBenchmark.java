package dev.navserver.bench;

import dev.navserver.nav.crowd.OrcaParams;
import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.search.SearchOptions;
import dev.navserver.nav.smooth.WorldPath;
import dev.navserver.server.config.NavServerConfig.Chase;
import dev.navserver.server.plan.NavPlanner;
import dev.navserver.server.world.Spawner;
import dev.navserver.server.world.World;
import dev.navserver.server.world.WorldMetrics;
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
 * One world tick of the bundled {@code rooms512} map with {@code players} players walking random routes at
 * 3 m/s (positions every 0.1 s) and {@code perPlayer} monsters chasing each: plans run synchronously on the
 * benchmark thread, so a tick's time is what the tick thread pays plus the planning it caused (re-plans, plans
 * invalidated by body pushes). {@code bodies=false} sets both body radii to 0 (no separation, no slots spacing);
 * {@code avoidance} switches ORCA among moving monsters (with bodies only).
 * One invocation = 50 ms of world time.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Thread)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 4, time = 2)
@Measurement(iterations = 5, time = 2)
public class CrowdTickBenchmark {
    private static final double DT = 0.05;
    private static final double PLAYER_SPEED = 3.0;

    @Param({"1000"})
    public int players;

    @Param({"5"})
    public int perPlayer;

    @Param({"true", "false"})
    public boolean bodies;

    /** Reciprocal avoidance (ORCA, {@code crowd.avoidance}) while moving; only with bodies. */
    @Param({"true", "false"})
    public boolean avoidance;

    private World world;
    private GridMap map;
    private NavPlanner routes;
    private SplittableRandom rnd;
    private WorldPath[] route;
    private int[] next;
    private double[] px;
    private double[] pz;
    private long[] seq;
    private String[] ids;
    private double now;
    private long ticks;
    private long plans;
    private long measuredTicks;
    private long measuredPlans;
    private long planNanos;
    private long overlaps;
    private long measuredOverlaps;
    private long tickNanos;
    private long measuredPlanNanos;
    private long measuredTickNanos;

    @Setup(Level.Trial)
    public void build() {
        map = RepoMaps.load("maps/rooms512.map");
        rnd = new SplittableRandom(7);
        routes = new NavPlanner(SearchOptions.DEFAULT);
        double r = bodies ? 1 : 0;
        Chase chase = new Chase(0.5, 0.5, 4.0, 1.0, 1.0, 2.0, 0, true, 5, 5, 15, 0.4 * r, 0.5 * r, 8);
        AtomicLong monsterIds = new AtomicLong();
        world = new World("rooms512", map, chase, new NavPlanner(SearchOptions.DEFAULT), task -> {
                    plans++;
                    long t0 = System.nanoTime();
                    task.run();
                    planNanos += System.nanoTime() - t0;
                },
                new WorldMetrics() {
                    @Override
                    public void monsterOverlaps(int pairs) {
                        overlaps += pairs;
                    }
                }, new Spawner(rnd.split(), monsterIds::incrementAndGet), () -> { });
        world.setAvoidance(bodies && avoidance ? OrcaParams.DEFAULT : null);
        route = new WorldPath[players];
        next = new int[players];
        px = new double[players];
        pz = new double[players];
        seq = new long[players];
        ids = new String[players];
        for (int p = 0; p < players; p++) {
            int cell = openCell();
            px[p] = map.worldX(cell);
            pz[p] = map.worldZ(cell);
            ids[p] = "s" + p;
            world.addPlayer(ids[p]);
            world.playerPos(ids[p], ++seq[p], px[p], 0, pz[p]);
            newRoute(p);
            for (int k = 0; k < perPlayer; k++) {
                double a = rnd.nextDouble() * 2 * Math.PI;
                double d = 5 + rnd.nextDouble() * 10;
                double x = px[p] + d * Math.cos(a);
                double z = pz[p] + d * Math.sin(a);
                int c = map.cellAt(x, z);
                if (c == GridMap.NO_CELL || !map.navGrid().openCell(c)) {
                    c = openCell();
                    x = map.worldX(c);
                    z = map.worldZ(c);
                }
                world.spawn(ids[p], x, z);
            }
        }
        for (int t = 0; t < 40; t++) {
            tick();
        }
    }

    private int openCell() {
        int n = map.width() * map.height();
        while (true) {
            int cell = rnd.nextInt(n);
            if (map.navGrid().openCell(cell) && map.navGrid().island(cell) == map.navGrid().island(largest())) {
                return cell;
            }
        }
    }

    private int largestCell = -1;

    private int largest() {
        if (largestCell < 0) {
            int n = map.width() * map.height();
            int[] count = new int[map.navGrid().islandCount() + 1];
            int best = 0;
            for (int c = 0; c < n; c++) {
                if (map.navGrid().openCell(c)) {
                    int i = map.navGrid().island(c);
                    if (++count[i] > best) {
                        best = count[i];
                        largestCell = c;
                    }
                }
            }
        }
        return largestCell;
    }

    private void newRoute(int p) {
        while (true) {
            int goal = openCell();
            WorldPath w = routes.plan(map, px[p], pz[p], map.worldX(goal), map.worldZ(goal));
            if (w.size() >= 2) {
                route[p] = w;
                next[p] = 1;
                return;
            }
        }
    }

    private void walk(int p, double budget) {
        while (budget > 0) {
            WorldPath w = route[p];
            double tx = w.x(next[p]);
            double tz = w.z(next[p]);
            double d = Math.hypot(tx - px[p], tz - pz[p]);
            if (d <= budget) {
                px[p] = tx;
                pz[p] = tz;
                budget -= d;
                if (++next[p] >= w.size()) {
                    newRoute(p);
                }
            } else {
                px[p] += (tx - px[p]) / d * budget;
                pz[p] += (tz - pz[p]) / d * budget;
                budget = 0;
            }
        }
    }

    @Setup(Level.Iteration)
    public void mark() {
        measuredTicks = ticks;
        measuredPlans = plans;
        measuredOverlaps = overlaps;
        measuredPlanNanos = planNanos;
        measuredTickNanos = tickNanos;
    }

    /** Plans run per tick over the iteration, printed so runs with and without bodies can be compared. */
    @TearDown(Level.Iteration)
    public void report() {
        long t = ticks - measuredTicks;
        double n = Math.max(1, t);
        double plan = (planNanos - measuredPlanNanos) / n / 1e6;
        double rest = (tickNanos - measuredTickNanos) / n / 1e6 - plan;
        System.out.printf(" [plans/tick %.1f, planning %.2f ms/tick, rest of the tick %.2f ms, overlap faults %d"
                + " over %d ticks]%n", (plans - measuredPlans) / n, plan, rest, overlaps - measuredOverlaps, t);
    }

    /** 50 ms of world time: players walk (positions sent every other tick), then the world ticks. */
    @Benchmark
    public long tick() {
        ticks++;
        boolean send = (ticks & 1) == 0;
        for (int p = 0; p < players; p++) {
            walk(p, PLAYER_SPEED * DT);
            if (send) {
                world.playerPos(ids[p], ++seq[p], px[p], 0, pz[p]);
            }
        }
        now += DT;
        long t0 = System.nanoTime();
        world.tick(now, DT);
        tickNanos += System.nanoTime() - t0;
        world.outbox().drainTo(e -> { });
        return ticks;
    }
}
