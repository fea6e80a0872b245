package dev.navserver.bench;

import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.search.LandmarkTable;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Cost of building a grid's {@link LandmarkTable} (farthest-point selection plus one exact Dijkstra per landmark,
 * the price of the first {@code landmarks > 0} search on a grid), in milliseconds per build, on the Moving AI maps
 * of {@link EngineBenchmark}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Thread)
@Fork(value = 2, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
public class LandmarkBuildBenchmark {
    @Param({"arena2", "AR0011SR", "8room_000", "maze512-1-0", "den312d"})
    public String map;

    @Param({"16"})
    public int landmarks;

    private NavGrid grid;

    @Setup
    public void load() {
        grid = Workload.load(map).grid;
    }

    @Benchmark
    public LandmarkTable build() {
        return LandmarkTable.build(grid, landmarks);
    }
}
