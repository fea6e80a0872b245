package dev.navserver.bench;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.WorldTransform;
import dev.navserver.nav.search.SearchOptions;
import dev.navserver.server.config.NavServerConfig.Chase;
import dev.navserver.server.plan.NavPlanner;
import dev.navserver.server.view.ViewFrame;
import dev.navserver.server.view.ViewMessages;
import dev.navserver.server.view.ViewStats;
import dev.navserver.server.world.Spawner;
import dev.navserver.server.world.World;
import dev.navserver.server.world.WorldMetrics;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.ToLongFunction;
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
 * The live viewer's costs for a world of {@code monsters} monsters chasing 100 players on a 256×256 map with
 * scattered walls: {@link #capture} is what the tick thread pays per frame (at most 10 per second); {@link #delta}
 * and {@link #full} are what the admin event loop pays per viewer and frame. Target: capture well under 1 ms for
 * 10,000 monsters.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Thread)
@Fork(value = 2, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class ViewBenchmark {
    private static final int SIDE = 256;
    private static final int PLAYERS = 100;
    private static final double DT = 0.05;

    @Param({"10000"})
    public int monsters;

    private World world;
    private ViewFrame before;
    private ViewFrame after;
    private final ToLongFunction<GridMap> version = m -> 1;
    private long frame;

    @Setup(Level.Trial)
    public void build() {
        SplittableRandom rnd = new SplittableRandom(42);
        boolean[] open = new boolean[SIDE * SIDE];
        for (int i = 0; i < open.length; i++) {
            open[i] = rnd.nextInt(10) != 0;
        }
        GridMap map = GridMap.ofWalkable("bench", SIDE, SIDE, WorldTransform.UNIT, open);
        Chase chase = new Chase(0.5, 0.5, 4.0, 1.0, 1.0, 2.0, 0, true, 0, 5, 15, 0.4, 0.5, 8);
        AtomicLong ids = new AtomicLong();
        world = new World("bench", map, chase, new NavPlanner(SearchOptions.DEFAULT), Runnable::run,
                WorldMetrics.NONE, new Spawner(rnd.split(), ids::incrementAndGet), () -> { });
        for (int p = 0; p < PLAYERS; p++) {
            String s = "s" + p;
            world.addPlayer(s);
            int cell = openCell(map, rnd);
            world.playerPos(s, 1, map.worldX(cell), 0, map.worldZ(cell));
        }
        for (int i = 0; i < monsters; i++) {
            int cell = openCell(map, rnd);
            world.spawn("s" + (i % PLAYERS), map.worldX(cell), map.worldZ(cell));
        }
        double now = 0;
        for (int t = 0; t < 5; t++) {
            world.tick(now, DT);
            world.outbox().drainTo(e -> { });
            now += DT;
        }
        before = ViewFrame.capture(world, version, ++frame, now, ViewStats.ZERO, List.of());
        world.tick(now + DT, DT);
        world.tick(now + 2 * DT, DT);
        world.outbox().drainTo(e -> { });
        after = ViewFrame.capture(world, version, ++frame, now + 2 * DT, ViewStats.ZERO, List.of());
    }

    private static int openCell(GridMap map, SplittableRandom rnd) {
        while (true) {
            int cell = rnd.nextInt(SIDE * SIDE);
            if (map.navGrid().openCell(cell)) {
                return cell;
            }
        }
    }

    /** Tick thread: copy the world into a frame. */
    @Benchmark
    public ViewFrame capture() {
        return ViewFrame.capture(world, version, ++frame, 1.0, ViewStats.ZERO, List.of());
    }

    /** Admin event loop: the delta after two ticks of movement, as JSON bytes. */
    @Benchmark
    public int delta() {
        ByteBuf b = ViewMessages.delta(PooledByteBufAllocator.DEFAULT, before, after);
        int n = b.readableBytes();
        b.release();
        return n;
    }

    /** Admin event loop: a full frame (every record and path) as JSON bytes. */
    @Benchmark
    public int full() {
        ByteBuf b = ViewMessages.full(PooledByteBufAllocator.DEFAULT, after);
        int n = b.readableBytes();
        b.release();
        return n;
    }
}
