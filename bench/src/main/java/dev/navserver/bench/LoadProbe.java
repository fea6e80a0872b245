package dev.navserver.bench;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.MapMemory;
import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.io.MapLimits;
import dev.navserver.nav.io.MapLoader;
import dev.navserver.nav.search.PathResult;
import dev.navserver.nav.search.PathSearch;
import dev.navserver.nav.search.SearchOptions;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;

/**
 * {@code LoadProbe MAP [PLANNER_THREADS]}: loads one map file the way the server does (limits for that many planner
 * threads, default 1) and prints one line: the estimate, load time, heap in use after load and after a full GC,
 * then the first JPS query from the open cell nearest the top-left corner to the one nearest the bottom-right
 * (time, status, length, heap after it). A refused map prints the refusal and exits 1. For the measurements in
 * {@code docs/performance.md}; run with the heap under test, e.g. {@code java -Xmx1g -cp benchmarks.jar ...}.
 */
public final class LoadProbe {
    private LoadProbe() {
    }

    private static long usedAfterGc() {
        Runtime rt = Runtime.getRuntime();
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return rt.totalMemory() - rt.freeMemory();
    }

    public static void main(String[] args) throws IOException {
        Path file = Path.of(args[0]);
        int threads = args.length > 1 ? Integer.parseInt(args[1]) : 1;
        long base = usedAfterGc();
        long maxHeap = Runtime.getRuntime().maxMemory();
        long t0 = System.nanoTime();
        GridMap map;
        try {
            map = MapLoader.load(file, MapLimits.DEFAULT.withPlannerThreads(threads));
        } catch (IOException e) {
            System.out.printf(Locale.ROOT, "probe: %s max_heap_mib=%d refused after %.2f s: %s%n", file,
                    maxHeap >> 20, (System.nanoTime() - t0) / 1e9, e.getMessage());
            System.exit(1);
            return;
        }
        double loadS = (System.nanoTime() - t0) / 1e9;
        long afterLoad = usedAfterGc() - base;
        int w = map.width();
        int h = map.height();
        NavGrid nav = map.navGrid();
        int start = nav.nearestOpen(0, 0, 0, Math.max(w, h));
        int goal = nav.nearestOpen(w - 1, h - 1, nav.island(start), Math.max(w, h));
        PathSearch search = new PathSearch();
        long q0 = System.nanoTime();
        PathResult r = search.find(nav, map.col(start), map.row(start), map.col(goal), map.row(goal),
                SearchOptions.DEFAULT);
        double queryS = (System.nanoTime() - q0) / 1e9;
        long q1 = System.nanoTime();
        PathResult again = search.find(nav, map.col(start), map.row(start), map.col(goal), map.row(goal),
                SearchOptions.DEFAULT);
        double secondS = (System.nanoTime() - q1) / 1e9;
        long afterQuery = usedAfterGc() - base;
        long cells = (long) w * h;
        System.out.printf(Locale.ROOT, "probe: %s %dx%d threads=%d max_heap_mib=%d estimate_mib=%d load_s=%.2f "
                        + "heap_after_load_mib=%d (%.1f B/cell) first_query_s=%.3f second_query_s=%.3f status=%s "
                        + "length=%.1f expanded=%d heap_after_query_mib=%d (%.1f B/cell)%n",
                file.getFileName(), w, h, threads, maxHeap >> 20, MapMemory.estimateBytes(w, h, threads) >> 20,
                loadS, afterLoad >> 20, (double) afterLoad / cells, queryS, secondS, r.status(), r.length(),
                r.expanded(), afterQuery >> 20, (double) afterQuery / cells);
        if (again.status() != r.status()) {
            throw new AssertionError("second query differs");
        }
    }
}
