package dev.navserver.bench;

import com.badlogic.gdx.ai.pfa.DefaultGraphPath;
import com.badlogic.gdx.ai.pfa.indexed.IndexedAStarPathFinder;
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
import org.openjdk.jmh.infra.Blackhole;

/**
 * gdx-ai 1.8.2's {@link IndexedAStarPathFinder} over a {@link GdxGridGraph} of the same map, on the same queries in
 * the same order as {@link EngineBenchmark}: one invocation is one query, so the score is mean microseconds per
 * query. The graph, finder and output path are built once and reused (the finder resets itself with a search id),
 * which is gdx-ai's intended steady state. Optimality of its answers is counted by {@link ScenarioReport}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Thread)
@Fork(value = 2, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 2)
public class GdxAiBenchmark {
    @Param({"arena2", "AR0011SR", "Aftershock", "8room_000", "maze512-1-0", "random512-10-0", "brc202d", "den312d",
            "Berlin_0_256"})
    public String map;

    private Workload work;
    private GdxGridGraph graph;
    private IndexedAStarPathFinder<GdxGridGraph.Node> finder;
    private final DefaultGraphPath<GdxGridGraph.Node> path = new DefaultGraphPath<>();

    @Setup(Level.Trial)
    public void load() {
        work = Workload.load(map);
        graph = new GdxGridGraph(work.grid);
        finder = new IndexedAStarPathFinder<>(graph);
    }

    @Benchmark
    public DefaultGraphPath<GdxGridGraph.Node> query(Blackhole bh, CpuClock cpu) {
        cpu.queries++;
        int i = work.next();
        path.clear();
        bh.consume(finder.searchNodePath(graph.node(work.sx[i], work.sy[i]), graph.node(work.gx[i], work.gy[i]),
                GdxGridGraph.OCTILE, path));
        return path;
    }
}
