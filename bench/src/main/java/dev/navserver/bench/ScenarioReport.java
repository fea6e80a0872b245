package dev.navserver.bench;

import com.badlogic.gdx.ai.pfa.DefaultGraphPath;
import com.badlogic.gdx.ai.pfa.indexed.IndexedAStarPathFinder;
import dev.navserver.nav.scen.ScenarioQuery;
import dev.navserver.nav.search.Algorithm;
import dev.navserver.nav.search.PathResult;
import dev.navserver.nav.search.PathSearch;
import dev.navserver.nav.search.SearchOptions;
import dev.navserver.nav.search.SearchStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The untimed half of the engine report: runs every scen query of each map once with our A*, our JPS and gdx-ai's
 * {@link IndexedAStarPathFinder}, and prints one Markdown table row per map with
 * <ul>
 *   <li>our mismatches against the scen's optimal length (must be 0) and mean expansions per query (JPS counts
 *       jump points);</li>
 *   <li>gdx-ai's non-optimal answers: no path, an illegal step, or a length (summed exactly from its steps) that
 *       does not match the scen's optimal length to the file's precision; also how many are longer than our A*'s
 *       answer by more than 1e-9, and the largest excess;</li>
 *   <li>the bytes a {@link PathResult} with its cell array takes (64-bit JVM, compressed oops: 32 + the int
 *       array's 16-byte header and 4 bytes a cell, rounded up to 8), averaged over the JPS answers: what
 *       {@code -prof gc}'s {@code gc.alloc.rate.norm} should show for a search that allocates nothing else.</li>
 * </ul>
 * Usage: {@code java -cp bench/target/benchmarks.jar dev.navserver.bench.ScenarioReport [MAP...]} (default: all
 * maps). Exits 1 when our A* or JPS mismatches the scen on any query.
 */
public final class ScenarioReport {
    private ScenarioReport() {
    }

    /** One map's counts. */
    record Row(String map, int queries, int astarMismatches, double astarExpanded, int jpsMismatches,
               double jpsExpanded, int gdxNonOptimal, int gdxLongerThanOurs, double gdxMaxExcess,
               double resultBytes) {
        String markdown() {
            return String.format(Locale.ROOT, "| %s | %d | %d | %.1f | %d | %.1f | %d | %d | %.6f | %.0f |", map,
                    queries, astarMismatches, astarExpanded, jpsMismatches, jpsExpanded, gdxNonOptimal,
                    gdxLongerThanOurs, gdxMaxExcess, resultBytes);
        }
    }

    public static void main(String[] args) throws Exception {
        List<String> maps = args.length == 0 ? MovingAiSet.NAMES : List.of(args);
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(2, Runtime.getRuntime().availableProcessors()));
        List<Future<Row>> rows = new ArrayList<>();
        for (String m : maps) {
            rows.add(pool.submit(() -> measure(m)));
        }
        System.out.println("| map | queries | A* mismatches | A* expansions/query | JPS mismatches "
                + "| JPS expansions/query | gdx-ai non-optimal | gdx-ai longer than our A* | gdx-ai max excess "
                + "| result bytes/query |");
        System.out.println("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        boolean ok = true;
        for (Future<Row> f : rows) {
            Row r = f.get();
            System.out.println(r.markdown());
            ok &= r.astarMismatches == 0 && r.jpsMismatches == 0;
        }
        pool.shutdown();
        System.exit(ok ? 0 : 1);
    }

    static Row measure(String mapName) {
        Workload w = Workload.load(mapName);
        PathSearch search = new PathSearch();
        SearchOptions astar = SearchOptions.DEFAULT.withAlgorithm(Algorithm.ASTAR);
        SearchOptions jps = SearchOptions.DEFAULT.withAlgorithm(Algorithm.JPS);
        GdxGridGraph graph = new GdxGridGraph(w.grid);
        IndexedAStarPathFinder<GdxGridGraph.Node> finder = new IndexedAStarPathFinder<>(graph);
        DefaultGraphPath<GdxGridGraph.Node> path = new DefaultGraphPath<>();

        int n = w.size();
        int astarBad = 0;
        int jpsBad = 0;
        int gdxBad = 0;
        int gdxLonger = 0;
        double maxExcess = 0;
        long astarExpanded = 0;
        long jpsExpanded = 0;
        long bytes = 0;
        for (int i = 0; i < n; i++) {
            ScenarioQuery q = w.query[i];
            PathResult a = search.find(w.grid, w.sx[i], w.sy[i], w.gx[i], w.gy[i], astar);
            astarExpanded += a.expanded();
            if (a.status() != SearchStatus.FOUND || !q.matches(a.length())) {
                astarBad++;
            }
            PathResult j = search.find(w.grid, w.sx[i], w.sy[i], w.gx[i], w.gy[i], jps);
            jpsExpanded += j.expanded();
            if (j.status() != SearchStatus.FOUND || !q.matches(j.length())) {
                jpsBad++;
            }
            bytes += resultBytes(j.cellCount());

            path.clear();
            boolean found = finder.searchNodePath(graph.node(w.sx[i], w.sy[i]), graph.node(w.gx[i], w.gy[i]),
                    GdxGridGraph.OCTILE, path);
            double len = found ? graph.exactLength(path) : Double.NaN;
            if (!found || !q.matches(len)) {
                gdxBad++;
            }
            if (!found || Double.isNaN(len) || len > a.length() + 1e-9) {
                gdxLonger++;
                if (found && !Double.isNaN(len)) {
                    maxExcess = Math.max(maxExcess, len - a.length());
                }
            }
        }
        return new Row(mapName, n, astarBad, (double) astarExpanded / n, jpsBad, (double) jpsExpanded / n, gdxBad,
                gdxLonger, maxExcess, (double) bytes / n);
    }

    /** Heap bytes of a {@link PathResult} holding {@code cells} cells (64-bit JVM, compressed oops). */
    static long resultBytes(int cells) {
        long array = (16 + 4L * cells + 7) & ~7L;
        return 32 + array;
    }
}
