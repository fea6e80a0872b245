package dev.navserver.bench;

import dev.navserver.nav.scen.ScenarioQuery;
import dev.navserver.nav.search.Algorithm;
import dev.navserver.nav.search.PathResult;
import dev.navserver.nav.search.PathSearch;
import dev.navserver.nav.search.SearchMode;
import dev.navserver.nav.search.SearchOptions;
import dev.navserver.nav.search.SearchStatus;
import java.util.List;
import java.util.Locale;

/**
 * The untimed half of issue 12's approximate-mode report: runs every scen query of each map once per algorithm
 * (A*, JPS) in {@link SearchMode#OPTIMAL} and {@link SearchMode#APPROXIMATE} and prints one Markdown row per map and
 * algorithm: mean expansions per query in each mode, how many approximate answers are longer than the scen's
 * optimal length (beyond its written precision), the mean and largest ratio of approximate length to optimal
 * length, and the answers that break the contract (not FOUND, or longer than
 * {@value SearchMode#APPROXIMATE_WEIGHT} times optimal; must be 0). Usage:
 * {@code java -cp bench/target/benchmarks.jar dev.navserver.bench.ApproximateReport [MAP...]} (default: all maps).
 * Exits 1 when a contract is broken.
 */
public final class ApproximateReport {
    private ApproximateReport() {
    }

    public static void main(String[] args) {
        List<String> maps = args.length == 0 ? MovingAiSet.NAMES : List.of(args);
        System.out.println("| map | algorithm | queries | optimal expansions/query | approximate expansions/query "
                + "| longer | mean ratio | max ratio | broken |");
        System.out.println("|---|---|---:|---:|---:|---:|---:|---:|---:|");
        boolean ok = true;
        for (String m : maps) {
            Workload w = Workload.load(m);
            PathSearch search = new PathSearch();
            for (Algorithm algorithm : Algorithm.values()) {
                SearchOptions optimal = SearchOptions.DEFAULT.withAlgorithm(algorithm);
                SearchOptions approximate = optimal.withMode(SearchMode.APPROXIMATE);
                int n = w.size();
                long optimalExpanded = 0;
                long approxExpanded = 0;
                int longer = 0;
                int broken = 0;
                double ratioSum = 0;
                double ratioMax = 1;
                for (int i = 0; i < n; i++) {
                    ScenarioQuery q = w.query[i];
                    PathResult o = search.find(w.grid, w.sx[i], w.sy[i], w.gx[i], w.gy[i], optimal);
                    PathResult a = search.find(w.grid, w.sx[i], w.sy[i], w.gx[i], w.gy[i], approximate);
                    optimalExpanded += o.expanded();
                    approxExpanded += a.expanded();
                    if (a.status() != SearchStatus.FOUND
                            || !q.accepts(a.length(), SearchMode.APPROXIMATE)) {
                        broken++;
                        continue;
                    }
                    if (!q.matches(a.length())) {
                        longer++;
                    }
                    double ratio = o.length() == 0 ? 1 : a.length() / o.length();
                    ratioSum += ratio;
                    ratioMax = Math.max(ratioMax, ratio);
                }
                System.out.printf(Locale.ROOT, "| %s | %s | %d | %.1f | %.1f | %d | %.6f | %.6f | %d |%n", m,
                        algorithm.spelling(), n, (double) optimalExpanded / n, (double) approxExpanded / n, longer,
                        ratioSum / n, ratioMax, broken);
                ok &= broken == 0;
            }
        }
        System.exit(ok ? 0 : 1);
    }
}
