package dev.navserver.server.cli;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.io.MapLoader;
import dev.navserver.nav.scen.Scenario;
import dev.navserver.nav.scen.ScenarioLoader;
import dev.navserver.nav.scen.ScenarioQuery;
import dev.navserver.nav.scen.ScenarioRunner;
import dev.navserver.nav.search.LandmarkTable;
import dev.navserver.nav.search.SearchMode;
import dev.navserver.nav.search.SearchOptions;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code navserver scen MAP SCEN [--algo astar|jps|subgoal] [--moves 8|4] [--mode optimal|approximate] [--out FILE]
 * [--max-cells N]}: runs every query of a Moving AI scenario file after a warm-up pass, prints one {@code scen:}
 * summary line ({@code mode=approximate} appended in that mode), exits 1 on any mismatch (approximate: a length
 * outside [optimal, weight x optimal]).
 */
@Command(name = "scen", mixinStandardHelpOptions = true,
        description = "Run every query of a Moving AI .scen file on MAP and check optimal lengths (with --mode "
                + "approximate: lengths within the mode's bound).")
public final class ScenCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "MAP",
            description = "Map file, either format, plain or gzip, recognised by content.")
    Path map;
    @Parameters(index = "1", paramLabel = "SCEN", description = "Moving AI .scen file (version 1 or 1.0).")
    Path scen;
    @Mixin
    SearchFlags flags;
    @Mixin
    MapFlags mapFlags;
    @Option(names = "--out", paramLabel = "FILE",
            description = "Write one tab-separated line per query: sx sy gx gy expected got status expanded micros.")
    Path out;
    @Option(names = "--warmup", paramLabel = "ROUNDS", defaultValue = "1",
            description = "Untimed passes over all queries before the timed pass (default: ${DEFAULT-VALUE}).")
    int warmup;

    @Override
    public Integer call() throws IOException {
        GridMap grid;
        Scenario scenario;
        try {
            grid = MapLoader.load(map, mapFlags.limits());
            scenario = ScenarioLoader.load(scen);
        } catch (IOException e) {
            System.err.println("navserver scen: " + e.getMessage());
            return 2;
        }
        for (ScenarioQuery q : scenario.queries()) {
            if (q.mapWidth() != grid.width() || q.mapHeight() != grid.height()) {
                System.err.printf(Locale.ROOT, "navserver scen: %s line %d is for a %dx%d map, %s is %dx%d%n",
                        scen, q.line(), q.mapWidth(), q.mapHeight(), map, grid.width(), grid.height());
                return 2;
            }
        }
        if (warmup < 0) {
            System.err.println("navserver scen: --warmup must be >= 0");
            return 2;
        }
        SearchOptions options = flags.options();
        if (options.landmarks() > 0) {
            LandmarkTable.forGrid(grid.navGrid()); // built once, outside the timed searches
        }
        BufferedWriter w = out == null ? null : Files.newBufferedWriter(out, StandardCharsets.UTF_8);
        ScenarioRunner.Summary s;
        try {
            s = new ScenarioRunner().run(grid.navGrid(), scenario, options, warmup, o -> {
                if (w == null) {
                    return;
                }
                ScenarioQuery q = o.query();
                try {
                    w.write(String.format(Locale.ROOT, "%d\t%d\t%d\t%d\t%s\t%s\t%s\t%d\t%.1f%n", q.startX(),
                            q.startY(), q.goalX(), q.goalY(), Double.toString(q.optimalLength()),
                            Double.isNaN(o.length()) ? "-" : String.format(Locale.ROOT, "%.8f", o.length()),
                            o.status(), o.expanded(), o.nanos() / 1e3));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } finally {
            if (w != null) {
                w.close();
            }
        }
        System.out.printf(Locale.ROOT,
                "scen: queries=%d mismatches=%d mean_us=%.2f mean_expanded=%.1f algo=%s moves=%d map=%s%s%n",
                s.queries(), s.mismatches(), s.meanMicros(), s.meanExpanded(), flags.algo, flags.moves,
                MapLoader.mapName(map), flags.mode == SearchMode.OPTIMAL ? "" : " mode=" + flags.mode.spelling());
        return s.mismatches() == 0 ? 0 : 1;
    }
}
