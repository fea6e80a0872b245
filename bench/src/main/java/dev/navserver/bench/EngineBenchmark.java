package dev.navserver.bench;

import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.search.Algorithm;
import dev.navserver.nav.search.LandmarkTable;
import dev.navserver.nav.search.PathResult;
import dev.navserver.nav.search.PathSearch;
import dev.navserver.nav.search.SearchMode;
import dev.navserver.nav.search.SearchOptions;
import dev.navserver.nav.search.SearchStatus;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
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
 * Our A* and JPS on each Moving AI map's scenario queries. One invocation is one query; successive invocations
 * cycle through the map's whole scen list in a fixed shuffled order ({@link Workload}), so the primary score is the
 * mean microseconds per query. The secondary {@code expansions} score is microseconds per expanded node (JMH
 * normalises an {@link AuxCounters.Type#OPERATIONS} counter by time): its inverse is expansions per microsecond.
 * With {@code -prof gc}, {@code gc.alloc.rate.norm} is bytes allocated per query, which should equal the size of
 * the returned {@link PathResult} and its cell array. With {@code -p landmarks=k} the searches use the grid's
 * landmark table, built in the setup (its cost is measured by {@link LandmarkBuildBenchmark}); with
 * {@code -p landmarksMinDistanceCells=d} only for queries whose start and goal are at least {@code d} cells apart
 * (octile), as {@code search.landmarksMinDistanceCells} in the server. With {@code -p mode=APPROXIMATE} the
 * searches are weighted ({@link SearchMode#APPROXIMATE}); the checked queries must then be FOUND with a length
 * between the scen's optimal one and {@value SearchMode#APPROXIMATE_WEIGHT} times it.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Thread)
@Fork(value = 2, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 2)
public class EngineBenchmark {
    /** Queries checked against the scen's optimal length before timing, as a guard against a broken setup. */
    static final int CHECKED_QUERIES = 50;

    @Param({"arena2", "AR0011SR", "Aftershock", "8room_000", "maze512-1-0", "random512-10-0", "brc202d", "den312d",
            "Berlin_0_256"})
    public String map;

    @Param({"ASTAR", "JPS"})
    public Algorithm algorithm;

    /** Landmarks of the differential heuristic ({@link SearchOptions#landmarks()}); 0 = octile only. */
    @Param({"0"})
    public int landmarks;

    /** {@link SearchOptions#landmarksMinDistanceCells()}; 0 = landmarks for every query. */
    @Param({"0"})
    public int landmarksMinDistanceCells;

    /** {@link SearchOptions#mode()}: OPTIMAL or APPROXIMATE. */
    @Param({"OPTIMAL"})
    public SearchMode mode;

    private Workload work;
    private NavGrid grid;
    private SearchOptions options;
    private final PathSearch search = new PathSearch();

    /** Nodes expanded during the current iteration; reported by JMH as time per expansion. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Expansions {
        public long expansions;

        @Setup(Level.Iteration)
        public void reset() {
            expansions = 0;
        }
    }

    @Setup(Level.Trial)
    public void load() {
        work = Workload.load(map);
        grid = work.grid;
        options = SearchOptions.DEFAULT.withAlgorithm(algorithm).withLandmarks(landmarks).withMode(mode)
                .withLandmarksMinDistanceCells(landmarksMinDistanceCells);
        if (landmarks > 0) {
            LandmarkTable.forGrid(grid);
        }
        for (int i = 0; i < Math.min(CHECKED_QUERIES, work.size()); i++) {
            PathResult r = search.find(grid, work.sx[i], work.sy[i], work.gx[i], work.gy[i], options);
            if (r.status() != SearchStatus.FOUND || !work.query[i].accepts(r.length(), mode)) {
                throw new IllegalStateException(map + " " + algorithm + ": " + work.query[i] + " gave " + r);
            }
        }
    }

    @Benchmark
    public PathResult query(Expansions counter, CpuClock cpu) {
        cpu.queries++;
        int i = work.next();
        PathResult r = search.find(grid, work.sx[i], work.sy[i], work.gx[i], work.gy[i], options);
        counter.expansions += r.expanded();
        return r;
    }
}
