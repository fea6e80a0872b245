package dev.navserver.bench;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.WorldTransform;
import dev.navserver.nav.smooth.WorldPath;
import dev.navserver.server.FanOutRig;
import dev.navserver.server.world.WorldEvent;
import java.util.Arrays;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Server-side cost of delivering one patrol {@code nav_path} (24 points) to {@code viewers} sessions through the
 * real delivery code and the game pipeline's encoder, on {@code EmbeddedChannel}s ({@link FanOutRig}): one
 * {@link #shared} op is {@code WorldDelivery.deliver} + the tick's flush + taking the bytes off the channels;
 * {@link #perViewer} is the same with one JSON encoding per viewer (the former way). Socket system calls and
 * cross-thread hand-off to the I/O threads are not in these figures (see docs/performance.md, fan-out run). On a
 * shared machine read {@code cpuNanos / queries} ({@link CpuClock}: CPU ns per op) next to the wall-clock score.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
@Fork(value = 2, jvmArgsAppend = {"-Xms512m", "-Xmx512m"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class FanOutBenchmark {
    static final int POINTS = 24;

    @Param({"1", "10", "100"})
    public int viewers;

    private FanOutRig rig;
    private WorldEvent.NavPathReady event;
    private long seq;

    @Setup(Level.Trial)
    public void build() {
        rig = new FanOutRig(viewers);
        event = event(rig, POINTS, 1);
    }

    /** A patrol's {@code nav_path} of {@code points} points for every viewer of {@code rig}. */
    static WorldEvent.NavPathReady event(FanOutRig rig, int points, long seq) {
        SplittableRandom rnd = new SplittableRandom(26);
        double[] xyz = new double[points * 3];
        double x = 10.5;
        double z = 10.5;
        for (int i = 0; i < points; i++) {
            x += 0.5 + rnd.nextDouble() * 2;
            z += rnd.nextDouble() * 2 - 1;
            xyz[i * 3] = x;
            xyz[i * 3 + 2] = z;
        }
        boolean[] open = new boolean[64 * 64];
        Arrays.fill(open, true);
        GridMap map = GridMap.ofWalkable("bench", 64, 64, WorldTransform.UNIT, open);
        return new WorldEvent.NavPathReady(null, "m-1", seq, -1, WorldPath.of(xyz), 3.5, 0, map, 0, "patrol", null,
                rig.viewerIds());
    }

    @TearDown(Level.Trial)
    public void close() {
        if (rig.closedSessions() != 0) {
            throw new IllegalStateException(rig.closedSessions() + " sessions closed during the run");
        }
        rig.close();
    }

    /** Today: encoded once, the same bytes written to every viewer. Returns the bytes sent. */
    @Benchmark
    public long shared(CpuClock cpu) {
        cpu.queries++;
        rig.deliverShared(event);
        return rig.drain();
    }

    /** Former way: encoded once per viewer. Returns the bytes sent. */
    @Benchmark
    public long perViewer(CpuClock cpu) {
        cpu.queries++;
        rig.deliverPerViewer(event);
        return rig.drain();
    }
}
