package dev.navserver.bench;

import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.search.Algorithm;
import dev.navserver.nav.search.PathResult;
import dev.navserver.nav.search.PathSearch;
import dev.navserver.nav.search.SearchOptions;
import dev.navserver.nav.search.SearchStatus;
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
 * A query whose goal is open but on another island than the start: the island labels computed at load time
 * should answer {@link SearchStatus#UNREACHABLE} without expanding a node (target: at most 2 µs, no allocation).
 * The start is the map's first scen start; the goal is the first open cell, in row-major order, of another island.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
@Fork(value = 2, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class UnreachableBenchmark {
    @Param({"AR0011SR", "Aftershock"}) // arena2 is one island: no unreachable open goal exists there
    public String map;

    @Param({"ASTAR", "JPS"})
    public Algorithm algorithm;

    private NavGrid grid;
    private SearchOptions options;
    private int sx;
    private int sy;
    private int gx;
    private int gy;
    private final PathSearch search = new PathSearch();

    @Setup(Level.Trial)
    public void load() {
        Workload work = Workload.load(map);
        grid = work.grid;
        options = SearchOptions.DEFAULT.withAlgorithm(algorithm);
        sx = work.query[0].startX();
        sy = work.query[0].startY();
        int home = grid.island(sy * grid.width() + sx);
        int other = -1;
        for (int cell = 0; cell < grid.width() * grid.height() && other < 0; cell++) {
            if (grid.openCell(cell) && grid.island(cell) != home) {
                other = cell;
            }
        }
        if (other < 0) {
            throw new IllegalStateException(map + " has a single island; pick a map with several");
        }
        gx = other % grid.width();
        gy = other / grid.width();
        PathResult r = search.find(grid, sx, sy, gx, gy, options);
        if (r.status() != SearchStatus.UNREACHABLE || r.expanded() != 0) {
            throw new IllegalStateException(map + ": expected UNREACHABLE with 0 expansions, got " + r);
        }
    }

    @Benchmark
    public PathResult query(CpuClock cpu) {
        cpu.queries++;
        return search.find(grid, sx, sy, gx, gy, options);
    }
}
