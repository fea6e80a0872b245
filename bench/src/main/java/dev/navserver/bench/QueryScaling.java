package dev.navserver.bench;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.io.MapLimits;
import dev.navserver.nav.io.MapLoader;
import dev.navserver.nav.search.Algorithm;
import dev.navserver.nav.search.PathResult;
import dev.navserver.nav.search.PathSearch;
import dev.navserver.nav.search.SearchMode;
import dev.navserver.nav.search.SearchOptions;
import dev.navserver.nav.search.SearchStatus;
import dev.navserver.nav.search.SubgoalGraph;
import dev.navserver.nav.search.SubgoalHierarchy;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * {@code QueryScaling [--algo astar|jps|subgoal] [--hierarchy] [--mode optimal|approximate] [--long N] MAP...}: how
 * the cost of a query grows with the map (issue 12). Per map: loads it as the server does (with {@code --algo subgoal}
 * also builds the map's subgoal graph and prints its size and build time; with {@code --hierarchy} also its
 * contraction hierarchy, which the searches then use), then for each distance band (octile distance between start and
 * goal, cells: 64–256, 256–1,024, 1,024–4,096, 4,096+) draws seeded random pairs of standable cells on one island in
 * that band and answers each with the chosen search (default JPS, octile, no node budget) on one warm
 * {@link PathSearch}, after a few warm-up queries.
 * Prints one line per band: queries, CPU time per query p50 / p90 / p99 / max (ms, the thread's CPU time, so other
 * processes on the machine inflate it less than wall time), mean expanded nodes. Pairs per band shrink with the band
 * (100, 50, 20, 10) to bound the run. Every answer must be FOUND (same island). For docs/performance.md; run with
 * enough heap for the largest map, e.g. {@code java -Xmx2g -cp benchmarks.jar ...}.
 *
 * <p>{@code --mode approximate} times the search with {@link SearchMode#APPROXIMATE} instead (same pairs, same seed).
 * With it, or with an algorithm other than JPS, each pair is also answered by the default search, untimed: the line
 * adds the mean and largest ratio of the timed search's length to that one in the band (the contract: 1 for optimal
 * searches, at most {@value SearchMode#APPROXIMATE_WEIGHT} for approximate ones; a pair outside it fails the run).
 *
 * <p>{@code --long N} adds a band of {@code N} pairs at octile distance 2,000 or more (issue 12's "long queries":
 * p50 at most 5 ms, p99 at most 50 ms), drawn after the others, and a line {@code band=unreachable}: up to 100
 * pairs of standable cells on different islands, each answered 100 times: wall time per answer in µs (p50 / p99 /
 * max; issue 12: at most 2 µs); every answer must be UNREACHABLE. A map with one island prints {@code queries=0}
 * there.
 */
public final class QueryScaling {
    /** Octile distance from which issue 12 calls a query long, cells. */
    private static final int LONG_CELLS = 2_000;
    /** Pairs on different islands timed by {@code --long}, and answers per pair. */
    private static final int UNREACHABLE_PAIRS = 100;
    private static final int UNREACHABLE_REPEATS = 100;
    private static final int[] BAND_LO = {64, 256, 1_024, 4_096, LONG_CELLS};
    private static final int[] BAND_HI = {256, 1_024, 4_096, Integer.MAX_VALUE, Integer.MAX_VALUE};
    private static final int[] PAIRS = {100, 50, 20, 10, 0};
    private static final int WARMUP = 20;
    /** Draws per wanted pair before a band is given up (a small map has no long pairs). */
    private static final int TRIES_PER_PAIR = 2_000;

    private QueryScaling() {
    }

    public static void main(String[] args) throws IOException {
        SearchMode mode = SearchMode.OPTIMAL;
        Algorithm algorithm = Algorithm.JPS;
        int first = 0;
        boolean hierarchy = false;
        int longPairs = 0;
        while (args.length >= first + 1 && args[first].startsWith("--")) {
            if (args[first].equals("--hierarchy")) {
                hierarchy = true;
                first++;
                continue;
            }
            if (first + 1 == args.length) {
                throw new IllegalArgumentException(args[first] + " needs a value");
            }
            String spelling = args[first + 1];
            if (args[first].equals("--mode")) {
                mode = SearchMode.fromSpelling(spelling).orElseThrow(() -> new IllegalArgumentException(
                        "--mode: '" + spelling + "' is not one of (" + SearchMode.spellings("|") + ")"));
            } else if (args[first].equals("--algo")) {
                algorithm = Algorithm.fromSpelling(spelling).orElseThrow(() -> new IllegalArgumentException(
                        "--algo: '" + spelling + "' is not one of (" + Algorithm.spellings("|") + ")"));
            } else if (args[first].equals("--long")) {
                try {
                    longPairs = Integer.parseInt(spelling);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("--long: '" + spelling + "' is not a number of pairs");
                }
                if (longPairs < 1 || longPairs > 100_000) {
                    throw new IllegalArgumentException("--long: pairs must be in [1, 100000], got " + longPairs);
                }
            } else {
                throw new IllegalArgumentException("unknown option " + args[first]);
            }
            first += 2;
        }
        for (int i = first; i < args.length; i++) {
            run(Path.of(args[i]), algorithm, mode, hierarchy, longPairs);
        }
    }

    private static void run(Path file, Algorithm algorithm, SearchMode mode, boolean hierarchy, int longPairs)
            throws IOException {
        SearchOptions options = SearchOptions.DEFAULT.withAlgorithm(algorithm).withMode(mode);
        boolean compare = mode != SearchMode.OPTIMAL || algorithm != Algorithm.JPS;
        GridMap map = MapLoader.load(file, MapLimits.DEFAULT.withPlannerThreads(1));
        NavGrid grid = map.navGrid();
        if (algorithm == Algorithm.SUBGOAL) {
            long t0 = System.nanoTime();
            SubgoalGraph graph = SubgoalGraph.forGrid(grid);
            long ms = (System.nanoTime() - t0) / 1_000_000;
            System.out.printf(Locale.ROOT, "scaling: %s subgoal graph built in %d ms: %s%n", file.getFileName(), ms,
                    graph == null ? "none (too many edges)"
                            : graph.nodeCount() + " subgoals, " + graph.edgeCount() + " directed edges, "
                            + graph.bytes() / (1 << 20) + " MiB");
            if (graph != null && hierarchy) {
                long t1 = System.nanoTime();
                SubgoalHierarchy ch = graph.buildHierarchy();
                System.out.printf(Locale.ROOT, "scaling: %s hierarchy built in %d ms: %d upward edges, %d core "
                        + "subgoals, %d MiB%n", file.getFileName(), (System.nanoTime() - t1) / 1_000_000,
                        ch.edgeCount(), ch.coreSize(), ch.bytes() / (1 << 20));
            }
        }
        int w = map.width();
        int h = map.height();
        SplittableRandom rnd = new SplittableRandom(12);
        PathSearch search = new PathSearch();
        java.lang.management.ThreadMXBean cpu = java.lang.management.ManagementFactory.getThreadMXBean();
        for (int i = 0; i < WARMUP; i++) {
            int[] p = pair(grid, w, h, rnd, BAND_LO[0], BAND_HI[0]);
            if (p != null) {
                search.find(grid, p[0], p[1], p[2], p[3], options);
            }
        }
        for (int b = 0; b < BAND_LO.length; b++) {
            int wanted = b == BAND_LO.length - 1 ? longPairs : PAIRS[b];
            if (wanted == 0) {
                continue;
            }
            double[] ms = new double[wanted];
            long expanded = 0;
            double ratioSum = 0;
            double ratioMax = 1;
            int n = 0;
            for (int tries = 0; n < wanted && tries < wanted * TRIES_PER_PAIR; tries++) {
                int[] p = pair(grid, w, h, rnd, BAND_LO[b], BAND_HI[b]);
                if (p == null) {
                    continue;
                }
                long t0 = cpu.getCurrentThreadCpuTime();
                PathResult r = search.find(grid, p[0], p[1], p[2], p[3], options);
                ms[n] = (cpu.getCurrentThreadCpuTime() - t0) / 1e6;
                if (r.status() != SearchStatus.FOUND) {
                    throw new AssertionError("pair on one island not found: " + Arrays.toString(p) + " " + r.status());
                }
                if (compare) {
                    double shortest = search.find(grid, p[0], p[1], p[2], p[3], SearchOptions.DEFAULT).length();
                    double ratio = r.length() / shortest;
                    if (ratio > mode.weight() + 1e-9 || ratio < 1 - 1e-9) {
                        throw new AssertionError("pair " + Arrays.toString(p) + ": length " + r.length()
                                + " is more than " + mode.weight() + " x " + shortest);
                    }
                    ratioSum += ratio;
                    ratioMax = Math.max(ratioMax, ratio);
                }
                expanded += r.expanded();
                n++;
            }
            if (n == 0) {
                System.out.printf(Locale.ROOT, "scaling: %s %dx%d band=%s queries=0%n", file.getFileName(), w, h,
                        band(b));
                continue;
            }
            double[] got = Arrays.copyOf(ms, n);
            Arrays.sort(got);
            String ratios = !compare ? ""
                    : String.format(Locale.ROOT, " length_ratio mean=%.5f max=%.5f", ratioSum / n, ratioMax);
            System.out.printf(Locale.ROOT, "scaling: %s %dx%d algo=%s mode=%s band=%s queries=%d cpu_ms p50=%.3f "
                            + "p90=%.3f p99=%.3f max=%.3f mean_expanded=%d%s%n", file.getFileName(), w, h,
                    algorithm.spelling(), mode.spelling(),
                    band(b), n, quantile(got, 0.5), quantile(got, 0.9), quantile(got, 0.99), got[n - 1],
                    expanded / n, ratios);
        }
        if (longPairs > 0) {
            unreachable(file, grid, w, h, rnd, search, options);
        }
    }

    /** Times answers between cells on different islands; see {@code --long}. */
    private static void unreachable(Path file, NavGrid grid, int w, int h, SplittableRandom rnd, PathSearch search,
                                    SearchOptions options) {
        double[] us = new double[UNREACHABLE_PAIRS * UNREACHABLE_REPEATS];
        int n = 0;
        for (int tries = 0; n < us.length && tries < UNREACHABLE_PAIRS * TRIES_PER_PAIR; tries++) {
            int c0 = rnd.nextInt(w);
            int r0 = rnd.nextInt(h);
            int c1 = rnd.nextInt(w);
            int r1 = rnd.nextInt(h);
            if (!grid.open(c0, r0) || !grid.open(c1, r1) || grid.island(r0 * w + c0) == grid.island(r1 * w + c1)) {
                continue;
            }
            for (int i = 0; i < UNREACHABLE_REPEATS; i++) {
                long t0 = System.nanoTime();
                PathResult r = search.find(grid, c0, r0, c1, r1, options);
                us[n++] = (System.nanoTime() - t0) / 1e3;
                if (r.status() != SearchStatus.UNREACHABLE) {
                    throw new AssertionError("cells on two islands answered " + r.status());
                }
            }
        }
        if (n == 0) {
            System.out.printf(Locale.ROOT, "scaling: %s %dx%d band=unreachable queries=0%n", file.getFileName(), w, h);
            return;
        }
        double[] got = Arrays.copyOf(us, n);
        Arrays.sort(got);
        System.out.printf(Locale.ROOT, "scaling: %s %dx%d band=unreachable queries=%d wall_us p50=%.3f p99=%.3f "
                + "max=%.3f%n", file.getFileName(), w, h, n, quantile(got, 0.5), quantile(got, 0.99), got[n - 1]);
    }

    private static String band(int b) {
        return BAND_HI[b] == Integer.MAX_VALUE ? BAND_LO[b] + "+" : BAND_LO[b] + "-" + BAND_HI[b];
    }

    /** Nearest-rank quantile of sorted values. */
    private static double quantile(double[] sorted, double q) {
        int i = (int) Math.ceil(q * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, i))];
    }

    /**
     * A random start, and a goal at octile distance in [lo, hi) from it on its island: {col0, row0, col1, row1};
     * null when the draw misses (blocked cell, off the map, other island).
     */
    private static int[] pair(NavGrid grid, int w, int h, SplittableRandom rnd, int lo, int hi) {
        int c0 = rnd.nextInt(w);
        int r0 = rnd.nextInt(h);
        if (!grid.open(c0, r0)) {
            return null;
        }
        double d = lo + rnd.nextDouble() * (Math.min(hi, 2 * Math.max(w, h)) - lo);
        double angle = rnd.nextDouble() * 2 * Math.PI;
        int c1 = (int) Math.round(c0 + d * Math.cos(angle));
        int r1 = (int) Math.round(r0 + d * Math.sin(angle));
        if (c1 < 0 || r1 < 0 || c1 >= w || r1 >= h || !grid.open(c1, r1)) {
            return null;
        }
        int dx = Math.abs(c1 - c0);
        int dy = Math.abs(r1 - r0);
        double octile = Math.max(dx, dy) + (Math.sqrt(2) - 1) * Math.min(dx, dy);
        if (octile < lo || octile >= hi || grid.island(r0 * w + c0) != grid.island(r1 * w + c1)) {
            return null;
        }
        return new int[] {c0, r0, c1, r1};
    }
}
