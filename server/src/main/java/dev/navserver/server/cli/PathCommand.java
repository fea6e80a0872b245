package dev.navserver.server.cli;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.io.MapLoader;
import dev.navserver.nav.search.LandmarkTable;
import dev.navserver.nav.search.PathResult;
import dev.navserver.nav.search.PathSearch;
import dev.navserver.nav.search.SearchOptions;
import dev.navserver.nav.smooth.PathSmoother;
import dev.navserver.nav.smooth.WorldPath;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code navserver path MAP SX SY GX GY [--algo astar|jps|subgoal] [--moves 8|4] [--max-nodes N] [--smooth]
 * [--max-cells N]}: one query, one JSON line: {@code {"status":..,"length":..,"expanded":..,"micros":..,"cells":[[x,y],..]}} plus
 * {@code "points"} (world [x,y,z]) with {@code --smooth}.
 */
@Command(name = "path", mixinStandardHelpOptions = true,
        description = "Find one path on a map file (NavExport or Moving AI .map); prints one JSON line.")
public final class PathCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "MAP",
            description = "Map file, either format, plain or gzip, recognised by content.")
    Path map;
    @Parameters(index = "1", paramLabel = "SX", description = "Start column.")
    long sx;
    @Parameters(index = "2", paramLabel = "SY", description = "Start row.")
    long sy;
    @Parameters(index = "3", paramLabel = "GX", description = "Goal column.")
    long gx;
    @Parameters(index = "4", paramLabel = "GY", description = "Goal row.")
    long gy;
    @Mixin
    SearchFlags flags;
    @Mixin
    MapFlags mapFlags;
    @Option(names = "--max-nodes", paramLabel = "N", description = "Node budget; past it the answer is PARTIAL.")
    Integer maxNodes;
    @Option(names = "--smooth", description = "Also print smoothed waypoints in world coordinates as \"points\".")
    boolean smooth;

    @Override
    public Integer call() {
        GridMap grid;
        try {
            grid = MapLoader.load(map, mapFlags.limits());
        } catch (IOException e) {
            System.err.println("navserver path: " + e.getMessage());
            return 2;
        }
        SearchOptions options = flags.options();
        if (maxNodes != null) {
            if (maxNodes < 1) {
                System.err.println("navserver path: --max-nodes must be >= 1");
                return 2;
            }
            options = options.withMaxExpandedNodes(maxNodes);
        }
        NavGrid nav = grid.navGrid();
        if (options.landmarks() > 0) {
            LandmarkTable.forGrid(nav); // built once, outside the timed search
        }
        PathSearch search = new PathSearch();
        long t0 = System.nanoTime();
        PathResult r = search.find(nav, sx, sy, gx, gy, options);
        long micros = (System.nanoTime() - t0) / 1000;
        System.out.println(toJson(grid, r, micros, smooth));
        return 0;
    }

    /** The output line for a result. */
    static String toJson(GridMap map, PathResult r, long micros, boolean smooth) {
        StringBuilder b = new StringBuilder(64 + 16 * r.cellCount());
        b.append("{\"status\":\"").append(r.status().name()).append('"');
        b.append(",\"length\":").append(r.hasPath() ? String.format(Locale.ROOT, "%.4f", r.length()) : "null");
        b.append(",\"expanded\":").append(r.expanded());
        b.append(",\"micros\":").append(micros);
        b.append(",\"cells\":[");
        for (int i = 0; i < r.cellCount(); i++) {
            if (i > 0) {
                b.append(',');
            }
            int c = r.cell(i);
            b.append('[').append(map.col(c)).append(',').append(map.row(c)).append(']');
        }
        b.append(']');
        if (smooth) {
            b.append(",\"points\":[");
            if (r.hasPath()) {
                int first = r.cell(0);
                int last = r.cell(r.cellCount() - 1);
                WorldPath p = new PathSmoother().smooth(map, map.worldX(first), map.worldZ(first), map.worldX(last),
                        map.worldZ(last), r.cells(), r.cellCount());
                for (int i = 0; i < p.size(); i++) {
                    if (i > 0) {
                        b.append(',');
                    }
                    b.append('[').append(num(p.x(i))).append(',').append(num(p.y(i))).append(',')
                            .append(num(p.z(i))).append(']');
                }
            }
            b.append(']');
        }
        return b.append('}').toString();
    }

    private static String num(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? String.format(Locale.ROOT, "%.1f", v) : Double.toString(v);
    }
}
