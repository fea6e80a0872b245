package dev.navserver.bench;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.grid.WorldTransform;
import dev.navserver.nav.search.Algorithm;
import dev.navserver.nav.search.Moves;
import dev.navserver.nav.search.PathResult;
import dev.navserver.nav.search.PathSearch;
import dev.navserver.nav.search.SearchOptions;
import dev.navserver.nav.search.SearchStatus;
import java.util.Random;
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
 * Issue 12's seed-000 case: 4-connected moves on a 121 x 81 perfect maze ({@link MazeGenerator}, seed 0), the same
 * maze {@code bench/seed000/astar.py} times. {@link Algorithm#JPS} with {@link Moves#FOUR} runs the 4-connected fast
 * path (walks up the grid's dead-end trees, two-stack A* on the rest; see {@code PathSearch}), {@link Algorithm#ASTAR}
 * the heap A*. {@code corner} is (1, 1) to (119, 79); {@code random} cycles through
 * 1,000 seeded pairs of standable cells on the largest island. The {@code open512} map (512 x 512, 10% random walls, seed 0) shows the cost of
 * an uninformed search where A*'s heuristic pays. One invocation is one query: the score is mean µs per query; {@link CpuClock} adds thread CPU time.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Thread)
@Fork(value = 2, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class FourConnectedBenchmark {
    /** Seed of the maze and of the query pairs. */
    static final long SEED = 0;
    static final int MAZE_WIDTH = 121;
    static final int MAZE_HEIGHT = 81;
    static final int PAIRS = 1000;

    @Param({"maze121x81", "open512"})
    public String map;

    @Param({"corner", "random"})
    public String pairs;

    @Param({"ASTAR", "JPS"})
    public Algorithm algorithm;

    private NavGrid grid;
    private SearchOptions options;
    private int[] q;
    private int next;
    private final PathSearch search = new PathSearch();

    @Setup(Level.Trial)
    public void load() {
        GridMap m;
        if (map.equals("maze121x81")) {
            m = MazeGenerator.map(MAZE_WIDTH, MAZE_HEIGHT, SEED);
        } else {
            Random rnd = new Random(SEED);
            boolean[] walk = new boolean[512 * 512];
            for (int i = 0; i < walk.length; i++) {
                walk[i] = rnd.nextInt(100) >= 10;
            }
            walk[0] = true;
            walk[walk.length - 1] = true;
            m = GridMap.ofWalkable("open512", 512, 512, WorldTransform.UNIT, walk);
        }
        grid = m.navGrid();
        options = SearchOptions.DEFAULT.withMoves(Moves.FOUR).withAlgorithm(algorithm);
        q = queries(grid, pairs.equals("corner"), PAIRS, SEED);
        // guard: every pair is found with the 4-connected A*'s length
        PathSearch check = new PathSearch();
        SearchOptions astar = options.withAlgorithm(Algorithm.ASTAR);
        for (int i = 0; i < q.length; i += 4) {
            PathResult r = search.find(grid, q[i], q[i + 1], q[i + 2], q[i + 3], options);
            PathResult a = check.find(grid, q[i], q[i + 1], q[i + 2], q[i + 3], astar);
            if (r.status() != SearchStatus.FOUND || Double.compare(r.length(), a.length()) != 0) {
                throw new IllegalStateException(map + " " + algorithm + " query " + i / 4 + ": " + r + " vs " + a);
            }
        }
    }

    /**
     * Query pairs as {sx, sy, gx, gy, ...}: the two far corners' cells, or {@code count} seeded random pairs of
     * standable cells on the largest island (on a maze, rooms: both coordinates odd).
     */
    static int[] queries(NavGrid grid, boolean corner, int count, long seed) {
        int w = grid.width();
        int h = grid.height();
        if (corner) {
            int x0 = grid.open(0, 0) ? 0 : 1;
            int y0 = x0;
            return new int[] {x0, y0, w - 1 - x0, h - 1 - y0};
        }
        int[] size = new int[grid.islandCount() + 1];
        for (int c = 0; c < w * h; c++) {
            size[grid.island(c)]++;
        }
        int best = 1;
        for (int i = 1; i < size.length; i++) {
            if (size[i] > size[best]) {
                best = i;
            }
        }
        Random rnd = new Random(seed);
        int[] q = new int[4 * count];
        for (int i = 0; i < q.length; i += 2) {
            int c;
            do {
                c = rnd.nextInt(w * h);
            } while (grid.island(c) != best);
            q[i] = c % w;
            q[i + 1] = c / w;
        }
        return q;
    }

    /**
     * Untimed: mean path length and mean expanded nodes per query for every parameter combination, the numbers
     * docs/performance.md prints beside the timings.
     */
    public static void main(String[] args) {
        for (String m : new String[] {"maze121x81", "open512"}) {
            for (String p : new String[] {"corner", "random"}) {
                for (Algorithm a : Algorithm.values()) {
                    FourConnectedBenchmark b = new FourConnectedBenchmark();
                    b.map = m;
                    b.pairs = p;
                    b.algorithm = a;
                    b.load();
                    long length = 0;
                    long expanded = 0;
                    int n = b.q.length / 4;
                    for (int i = 0; i < n; i++) {
                        PathResult r = b.query(new CpuClock());
                        length += (long) r.length();
                        expanded += r.expanded();
                    }
                    System.out.printf("%-10s %-6s %-5s queries=%d mean_length=%.1f mean_expanded=%.1f%n", m, p,
                            a.spelling(), n, (double) length / n, (double) expanded / n);
                }
            }
        }
    }

    @Benchmark
    public PathResult query(CpuClock cpu) {
        cpu.queries++;
        int i = next;
        next = i + 4 == q.length ? 0 : i + 4;
        return search.find(grid, q[i], q[i + 1], q[i + 2], q[i + 3], options);
    }
}
