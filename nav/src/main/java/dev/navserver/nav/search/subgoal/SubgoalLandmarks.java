package dev.navserver.nav.search.subgoal;

import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.search.core.BuildProgress;
import dev.navserver.nav.search.core.IntDoubleHeap;
import dev.navserver.nav.search.core.LargestIsland;
import java.util.Arrays;

/**
 * The differential heuristic of a subgoal graph: a few landmark subgoals on the largest island and every subgoal's
 * distance from each, in whole {@code unit}s rounded down (2 bytes per subgoal and landmark), and the lower bounds
 * on distances they give ({@link #cellBounds}, {@link #landmarkBound}). Distances in cells (octile). A graph repaired
 * after walls were only added keeps its landmarks: distances only grew, so the bounds stay admissible (subgoals added
 * by the repair have no codes and get no bound).
 *
 * <p>Immutable and thread-safe.
 */
public final class SubgoalLandmarks {
    /** No landmarks: every bound is 0. */
    public static final SubgoalLandmarks NONE = new SubgoalLandmarks(0, null, 0, null);
    /** Landmark code of a subgoal the landmark does not reach (another island). */
    public static final char NO_CODE = Character.MAX_VALUE;
    /** Most landmarks of the graph's differential heuristic. */
    public static final int MAX_LANDMARKS = 16;
    /** Most bytes of landmark codes: fewer landmarks on graphs with more subgoals than 4M. */
    public static final long MAX_CODE_BYTES = 128L << 20;

    /** Landmarks ({@link #count()}), 0 when none. */
    private final int landmarks;
    /**
     * Landmark distances, {@code codes[u * landmarks + i]}: distance from landmark i in whole {@link #unit}s,
     * rounded down; {@link #NO_CODE} when unreachable.
     */
    private final char[] codes;
    private final double unit;
    /** The graph's subgoals (their packed cells), null when none. */
    private final SubgoalCells cells;
    /** Subgoals with codes (ids at and above, added by repairs, have none). */
    private final int coded;

    private SubgoalLandmarks(int landmarks, char[] codes, double unit, SubgoalCells cells) {
        this.landmarks = landmarks;
        this.codes = codes;
        this.unit = unit;
        this.cells = cells;
        this.coded = landmarks == 0 ? 0 : codes.length / landmarks;
    }

    /**
     * Chooses up to {@link #MAX_LANDMARKS} landmarks on the largest island (as many as fit {@link #MAX_CODE_BYTES}),
     * each the subgoal farthest from those before it (the first: farthest from the island's first subgoal), and
     * stores every subgoal's distance from each; {@link #NONE} when fewer than 2 fit or no subgoal is on it.
     */
    public static SubgoalLandmarks place(NavGrid grid, SubgoalCells cells, int[] offsets, int[] targets,
                                         int maxLandmarks) {
        return place(grid, cells, offsets, targets, maxLandmarks, BuildProgress.NONE);
    }

    /**
     * {@link #place(NavGrid, SubgoalCells, int[], int[], int)} telling {@code progress} after each of its Dijkstra
     * searches (done of landmarks + 1); null when it asks to stop.
     */
    public static SubgoalLandmarks place(NavGrid grid, SubgoalCells cells, int[] offsets, int[] targets,
                                         int maxLandmarks, BuildProgress progress) {
        int n = cells.count();
        int k = (int) Math.min(maxLandmarks, MAX_CODE_BYTES / Math.max(1, 2L * n));
        int label = LargestIsland.label(grid);
        int seed = -1;
        for (int u = 0; u < n && seed < 0; u++) {
            // a live subgoal (ids a repair removed keep their old cells, with no edges)
            if (cells.node(cells.cell(u)) == u && grid.island(grid.unpad(cells.cell(u))) == label) {
                seed = u;
            }
        }
        if (k < 2 || seed < 0) {
            return NONE;
        }
        double[] dist = new double[n];
        double[] nearest = new double[n];
        Arrays.fill(nearest, Double.POSITIVE_INFINITY);
        Dijkstra dj = new Dijkstra(cells, offsets, targets);
        dj.run(seed, dist);
        if (!progress.report(1, k + 1)) {
            return null;
        }
        int next = farthest(dist);
        // every distance on the island is at most twice the seed's largest one (triangle inequality)
        double u0 = 2 * Math.max(1, dist[next]) / (NO_CODE - 2);
        char[] c = new char[n * k];
        for (int i = 0; i < k; i++) {
            dj.run(next, dist);
            for (int u = 0; u < n; u++) {
                double d = dist[u];
                if (d < nearest[u]) {
                    nearest[u] = d;
                }
                c[u * k + i] = d == Double.POSITIVE_INFINITY ? NO_CODE : (char) Math.floor(d / u0);
            }
            if (!progress.report(i + 2, k + 1)) {
                return null;
            }
            next = farthest(nearest);
        }
        return new SubgoalLandmarks(k, c, u0, cells);
    }

    /** The node of largest finite value. */
    private static int farthest(double[] dist) {
        int best = 0;
        double bestD = -1;
        for (int u = 0; u < dist.length; u++) {
            double d = dist[u];
            if (d != Double.POSITIVE_INFINITY && d > bestD) {
                bestD = d;
                best = u;
            }
        }
        return best;
    }

    /** Landmarks of the heuristic (0 when it has none). */
    public int count() {
        return landmarks;
    }

    /** Bytes of the landmark codes (0 when none). */
    public long bytes() {
        return codes == null ? 0 : 2L * codes.length;
    }

    /**
     * Bounds on landmark distances of a cell joined to subgoals {@code via[0 .. count - 1]} (its direct-h-reachable
     * subgoals, and the cell's own subgoal when it stands on one, at distance 0): {@code lo[i] <= d(landmark i, cell)
     * <= hi[i]}; {@code lo[i] = -1} when unknown (also when a subgoal of {@code via} has no codes).
     */
    public void cellBounds(int cellXY, int[] via, int count, double[] lo, double[] hi) {
        int k = landmarks;
        boolean allCoded = true;
        for (int j = 0; j < count; j++) {
            allCoded &= via[j] < coded;
        }
        for (int i = 0; i < k; i++) {
            double bestLo = Double.POSITIVE_INFINITY;
            double bestHi = Double.POSITIVE_INFINITY;
            for (int j = 0; j < count; j++) {
                int v = via[j];
                if (v >= coded) {
                    continue;
                }
                char c = codes[v * k + i];
                if (c == NO_CODE) {
                    continue;
                }
                double o = SubgoalCells.octileXY(cells.xy(v), cellXY);
                bestLo = Math.min(bestLo, c * unit + o);
                bestHi = Math.min(bestHi, (c + 1) * unit + o);
            }
            // a subgoal without codes may be the one the cell's shortest paths leave by: no lower bound then
            lo[i] = bestLo == Double.POSITIVE_INFINITY || !allCoded ? -1 : bestLo;
            hi[i] = bestHi;
        }
    }

    /**
     * A lower bound on the distance from subgoal {@code u} to a cell with landmark bounds {@code lo, hi}
     * ({@link #cellBounds}) from landmarks {@code which[0 .. count - 1]}; 0 when none of them tells.
     */
    public double landmarkBound(int u, double[] lo, double[] hi, int[] which, int count) {
        if (u >= coded) {
            return 0;
        }
        int base = u * landmarks;
        double best = 0;
        for (int j = 0; j < count; j++) {
            int i = which[j];
            char c = codes[base + i];
            if (c == NO_CODE || lo[i] < 0) {
                continue;
            }
            double uLo = c * unit;
            double b = Math.max(lo[i] - (uLo + unit), uLo - hi[i]);
            if (b > best) {
                best = b;
            }
        }
        return best;
    }

    /** Single-source shortest distances over the graph ({@link IntDoubleHeap}, lazy deletion). Not thread-safe. */
    private static final class Dijkstra {
        private final SubgoalCells cells;
        private final int[] off;
        private final int[] t;
        private final IntDoubleHeap heap = new IntDoubleHeap(1024);

        Dijkstra(SubgoalCells cells, int[] offsets, int[] targets) {
            this.cells = cells;
            this.off = offsets;
            this.t = targets;
        }

        void run(int source, double[] dist) {
            Arrays.fill(dist, Double.POSITIVE_INFINITY);
            dist[source] = 0;
            heap.clear();
            heap.push(source, 0);
            int[] t = this.t;
            int[] off = this.off;
            SubgoalCells xy = cells;
            while (!heap.isEmpty()) {
                int u = heap.topId();
                double du = heap.topKey();
                heap.pop();
                if (du > dist[u]) {
                    continue;
                }
                int xu = xy.xy(u);
                for (int e = off[u]; e < off[u + 1]; e++) {
                    int v = t[e];
                    double nd = du + SubgoalCells.octileXY(xu, xy.xy(v));
                    if (nd < dist[v]) {
                        dist[v] = nd;
                        heap.push(v, nd);
                    }
                }
            }
        }
    }
}
