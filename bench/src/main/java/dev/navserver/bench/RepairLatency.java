package dev.navserver.bench;

import dev.navserver.nav.grid.CellEdit;
import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.grid.Terrain;
import dev.navserver.nav.io.MapLoader;
import dev.navserver.nav.search.Algorithm;
import dev.navserver.nav.search.BuildOutcome;
import dev.navserver.nav.search.PathResult;
import dev.navserver.nav.search.PathSearch;
import dev.navserver.nav.search.SearchOptions;
import dev.navserver.nav.search.SearchStatus;
import dev.navserver.nav.search.SubgoalGraph;
import dev.navserver.nav.search.SubgoalRepairs;
import dev.navserver.nav.search.core.BuildProgress;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * {@code RepairLatency MAP_FILE [EDITS] [SEED] [QUERIES]}: the wall time of {@link SubgoalRepairs#publish} after a
 * 16 x 16 edit, the way the server's repair thread calls it. Builds the map's subgoal graph once (printing its build
 * time), then, for walls added ({@code wall} squares) and walls removed ({@code open} squares over cells that hold
 * wall), applies {@code EDITS} (default 300) edits at seeded places one after another, each to the previous version,
 * and times each repair of the new version's graph from the previous one's; the first 30 of each are warm-up.
 * Prints p50, p99 and max in milliseconds of wall time and of the thread's CPU time (on a shared machine other
 * processes take the CPU away mid-repair, which inflates wall time only), and at the end checks {@code QUERIES}
 * (default 10) random long queries on the last version: the repaired graph's length against JPS's. The map edit
 * itself (the grids' incremental update) is not timed. For {@code docs/performance.md}; not a test.
 */
public final class RepairLatency {
    private static final int SIDE = 16;
    private static final int WARMUP = 30;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private RepairLatency() {
    }

    public static void main(String[] args) throws Exception {
        GridMap map = MapLoader.load(Path.of(args[0]));
        int edits = args.length > 1 ? Integer.parseInt(args[1]) : 300;
        long seed = args.length > 2 ? Long.parseLong(args[2]) : 1;
        int queries = args.length > 3 ? Integer.parseInt(args[3]) : 10;
        long t0 = System.nanoTime();
        SubgoalGraph g = SubgoalGraph.forGrid(map.navGrid());
        if (g == null) {
            System.out.println("no subgoal graph: too many edges");
            return;
        }
        System.out.printf(Locale.ROOT, "%s %dx%d: graph built in %.1f s, %d subgoals, %d directed edges, %d MiB%n",
                map.name(), map.width(), map.height(), (System.nanoTime() - t0) / 1e9, g.nodeCount(), g.edgeCount(),
                g.bytes() >> 20);
        SplittableRandom rnd = new SplittableRandom(seed);
        GridMap current = map;
        for (String kind : new String[] {"wall", "open"}) {
            long[] nanos = new long[edits];
            long[] cpu = new long[edits];
            long rescans = 0;
            int refused = 0;
            int done = 0;
            while (done < edits + WARMUP) {
                int col = rnd.nextInt(map.width() - SIDE);
                int row = rnd.nextInt(map.height() - SIDE);
                if (kind.equals("open") && !holdsWall(current, col, row)) {
                    continue;
                }
                GridMap next = current.edited(List.of(CellEdit.fill(col, row, SIDE, SIDE,
                        kind.equals("wall") ? Terrain.WALL : Terrain.OPEN)));
                NavGrid before = current.navGrid();
                NavGrid after = next.navGrid();
                long c = THREADS.getCurrentThreadCpuTime();
                long s = System.nanoTime();
                SubgoalGraph r = SubgoalRepairs.publish(before, after, 64 * 64);
                long e = System.nanoTime() - s;
                c = THREADS.getCurrentThreadCpuTime() - c;
                current = next;
                if (r == null) {
                    refused++;
                    SubgoalGraph.forGrid(after); // rebuild, so that the next edit has a graph to repair
                    continue;
                }
                if (done >= WARMUP) {
                    nanos[done - WARMUP] = e;
                    cpu[done - WARMUP] = c;
                }
                done++;
            }
            Arrays.sort(nanos);
            Arrays.sort(cpu);
            System.out.printf(Locale.ROOT, "walls %s: %d repairs of 16x16 edits: wall p50 %.2f ms, p99 %.2f ms, max "
                    + "%.2f ms, mean %.2f ms; thread CPU p50 %.2f ms, p99 %.2f ms, max %.2f ms; refused %d; landmarks "
                    + "%d%n", kind.equals("wall") ? "added" : "removed", edits, nanos[edits / 2] / 1e6,
                    nanos[(int) Math.ceil(edits * 0.99) - 1] / 1e6, nanos[edits - 1] / 1e6,
                    Arrays.stream(nanos).average().orElse(0) / 1e6, cpu[edits / 2] / 1e6,
                    cpu[(int) Math.ceil(edits * 0.99) - 1] / 1e6, cpu[edits - 1] / 1e6, refused,
                    SubgoalGraph.ready(current.navGrid()).landmarkCount());
        }
        long c0 = System.nanoTime();
        BuildOutcome compacted = SubgoalRepairs.compact(current.navGrid(), BuildProgress.NONE);
        System.out.printf(Locale.ROOT, "last version made compact with fresh landmarks (as once it settles in the "
                + "server): %s in %.1f s, landmarks %d%n", compacted.label(), (System.nanoTime() - c0) / 1e9,
                SubgoalGraph.ready(current.navGrid()).landmarkCount());
        check(current, queries, rnd);
    }

    private static boolean holdsWall(GridMap m, int col, int row) {
        for (int r = row; r < row + SIDE; r++) {
            for (int c = col; c < col + SIDE; c++) {
                if (!m.walkable(c, r)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Random long queries on the last version: the repaired graph against JPS. */
    private static void check(GridMap m, int queries, SplittableRandom rnd) {
        NavGrid grid = m.navGrid();
        PathSearch search = new PathSearch();
        int checked = 0;
        int mismatches = 0;
        while (checked < queries) {
            int a = rnd.nextInt(m.width() * m.height());
            int b = rnd.nextInt(m.width() * m.height());
            if (!grid.openCell(a) || !grid.openCell(b) || grid.island(a) != grid.island(b)) {
                continue;
            }
            SearchOptions o = SearchOptions.DEFAULT.withMaxExpandedNodes(Integer.MAX_VALUE);
            PathResult viaGraph = search.find(grid, a % m.width(), a / m.width(), b % m.width(), b / m.width(),
                    o.withAlgorithm(Algorithm.SUBGOAL));
            PathResult jps = search.find(grid, a % m.width(), a / m.width(), b % m.width(), b / m.width(),
                    o.withAlgorithm(Algorithm.JPS));
            if (viaGraph.status() != SearchStatus.FOUND || Math.abs(viaGraph.length() - jps.length()) > 1e-6) {
                mismatches++;
            }
            checked++;
        }
        System.out.printf(Locale.ROOT, "%d random queries on the last version: %d differ from JPS%n", checked,
                mismatches);
    }
}
