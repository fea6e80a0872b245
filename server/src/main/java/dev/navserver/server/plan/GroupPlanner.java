package dev.navserver.server.plan;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.search.GoalPolicy;
import dev.navserver.nav.search.IntegrationField;
import dev.navserver.nav.search.PathResult;
import dev.navserver.nav.search.PathSearch;
import dev.navserver.nav.search.SearchOptions;
import dev.navserver.nav.search.SearchStatus;
import dev.navserver.nav.smooth.PathSmoother;
import dev.navserver.nav.smooth.WorldPath;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Answers a {@code group_path_query}: distinct goals around one destination and a path for each unit, the long part
 * of every path taken from one shared {@link IntegrationField}.
 *
 * <p><b>Anchor.</b> The cell of {@code to} when it is walkable, else the walkable cell nearest to it (any island),
 * as for {@code path_query}; with a blocked {@code to}, paths that reach their goals are PARTIAL, as a
 * {@code path_query} to a blocked cell is.
 *
 * <p><b>Goals.</b> A breadth-first walk over the anchor's island from the anchor (8-connected, no corner cutting,
 * so every cell met is reachable) takes each cell met whose centre is at least {@code spacing} metres from every
 * goal taken so far, until there is one goal per unit. The first goal is {@code to} itself when its cell is
 * walkable, else the anchor's centre; the others are cell centres. When the island holds fewer such cells the query
 * is answered {@link Outcome#NO_ROOM}.
 *
 * <p><b>Assignment</b> (farthest unit to the innermost goal): units ordered by distance from {@code to}, farthest
 * first, take the goals ordered by distance from the goals' centroid, nearest first (ties by query order and walk
 * order). Units that arrive last fill the middle, so early arrivals do not block it.
 *
 * <p><b>Paths.</b> One field is built from the anchor with the units on the anchor's island as sources (exact costs,
 * see {@link IntegrationField}). A unit's cell path is its descent along the field up to the first cell within the
 * goal ring (Chebyshev distance from the anchor at most the farthest goal's), then a search from there to its own
 * goal; the whole is smoothed with {@link PathSmoother} from the unit's exact position to its goal. A unit on
 * another island gets {@link NavPlanner#planQuery} toward its goal (PARTIAL to the reachable cell nearest it); a
 * unit off the map gets OUT_OF_BOUNDS and one on a blocked cell START_BLOCKED, both without points.
 *
 * <p>Thread-safe: the field (the planner's, {@link NavPlanner#threadField}), search, smoother and walk scratch
 * are per thread; nothing is allocated per cell
 * walked once a thread's scratch has paged in the area walked.
 */
public final class GroupPlanner {
    /** Cells added around the goal ring and the units when the field's region is first sized. */
    private static final int FIELD_MARGIN_CELLS = 8;

    /** How a group query ended. */
    public enum Outcome {
        /** One {@link UnitPath} per unit. */
        PLANNED,
        /** {@code to} is off the map; no paths. */
        GOAL_OUT_OF_BOUNDS,
        /** Fewer goals {@code spacing} apart fit on the anchor's island than there are units; no paths. */
        NO_ROOM
    }

    /**
     * One unit's answer.
     *
     * @param path  the unit's path from its exact position (status and points as for {@code path_query})
     * @param goalX world x of the unit's goal, metres; {@code goalZ} likewise
     */
    public record UnitPath(WorldPath path, double goalX, double goalZ) {
        public UnitPath {
            Objects.requireNonNull(path, "path");
        }
    }

    /**
     * The answer to one query.
     *
     * @param outcome     how it ended
     * @param units       one entry per unit in query order when {@link Outcome#PLANNED}, else empty
     * @param goalsFound  goals found (all units' when planned; fewer for {@link Outcome#NO_ROOM})
     * @param fieldCells  cells settled by the shared field, 0 when none was built
     */
    public record GroupPlan(Outcome outcome, List<UnitPath> units, int goalsFound, int fieldCells) {
        public GroupPlan {
            Objects.requireNonNull(outcome, "outcome");
            units = List.copyOf(units);
        }

        /** Whether a shared field was built. */
        public boolean fieldBuilt() {
            return fieldCells > 0;
        }
    }

    /** One planner thread's scratch. */
    private static final class Scratch {
        final PathSearch search;
        final PathSmoother smoother = new PathSmoother();
        int[] visited = new int[0];
        int[] excluded = new int[0];
        int[] queue = new int[0];
        int generation;

        Scratch(PathSearch search) {
            this.search = search;
        }

        /** Starts a walk over a padded grid of {@code n} ids. */
        int begin(int n) {
            if (visited.length < n) {
                visited = new int[n];
                excluded = new int[n];
                queue = new int[n];
                generation = 0;
            }
            if (++generation < 0) {
                Arrays.fill(visited, 0);
                Arrays.fill(excluded, 0);
                generation = 1;
            }
            return generation;
        }
    }

    private final NavPlanner planner;
    private final ThreadLocal<Scratch> scratch;

    /** @param planner plans units on other islands and gives the search options (algorithm, moves) */
    public GroupPlanner(NavPlanner planner) {
        this.planner = Objects.requireNonNull(planner, "planner");
        this.scratch = ThreadLocal.withInitial(() -> new Scratch(planner.newSearch()));
    }

    /**
     * Plans a group move on the map's default grid.
     *
     * @param unitX         world x of each unit, metres, at least one; {@code unitZ} likewise, same length
     * @param toX           world x of the destination, metres; {@code toZ} likewise
     * @param spacingMeters least distance between two goals, metres, finite and {@code >= 0}
     * @return the plan, never null
     */
    public GroupPlan plan(GridMap map, double[] unitX, double[] unitZ, double toX, double toZ, double spacingMeters) {
        int n = unitX.length;
        if (n == 0 || unitZ.length != n) {
            throw new IllegalArgumentException("need as many x as z, at least one: " + n + ", " + unitZ.length);
        }
        if (!(spacingMeters >= 0) || !Double.isFinite(spacingMeters)) {
            throw new IllegalArgumentException("spacingMeters must be finite and >= 0, got " + spacingMeters);
        }
        NavGrid grid = map.navGrid();
        int toCell = map.cellAt(toX, toZ);
        if (toCell == GridMap.NO_CELL) {
            return new GroupPlan(Outcome.GOAL_OUT_OF_BOUNDS, List.of(), 0, 0);
        }
        boolean toBlocked = !grid.openCell(toCell);
        int anchor = toBlocked
                ? grid.nearestOpen(map.col(toCell), map.row(toCell), 0, Math.max(map.width(), map.height()))
                : toCell;
        if (anchor == GridMap.NO_CELL) {
            return new GroupPlan(Outcome.NO_ROOM, List.of(), 0, 0);
        }
        Scratch s = scratch.get();
        IntegrationField field = planner.threadField();
        double ax = toBlocked ? map.worldX(anchor) : toX;
        double az = toBlocked ? map.worldZ(anchor) : toZ;
        int[] goalCells = new int[n];
        double[] goalX = new double[n];
        double[] goalZ = new double[n];
        int found = findGoals(s, grid, anchor, ax, az, spacingMeters, goalCells, goalX, goalZ);
        if (found < n) {
            return new GroupPlan(Outcome.NO_ROOM, List.of(), found, 0);
        }
        int[] assigned = assign(unitX, unitZ, toX, toZ, goalX, goalZ);

        int island = grid.island(anchor);
        int[] unitCells = new int[n];
        int[] sources = new int[n];
        int sourceCount = 0;
        int ring = 0;
        for (int g = 0; g < n; g++) {
            ring = Math.max(ring, chebyshev(map, goalCells[g], anchor));
        }
        for (int u = 0; u < n; u++) {
            int c = map.cellAt(unitX[u], unitZ[u]);
            unitCells[u] = c;
            if (c != GridMap.NO_CELL && grid.island(c) == island) {
                sources[sourceCount++] = c;
            }
        }
        SearchOptions options = planner.options().withGoalPolicy(GoalPolicy.EXACT)
                .withMaxExpandedNodes(Integer.MAX_VALUE).withArrivalRadiusCells(0);
        int fieldCells = 0;
        if (sourceCount > 0) {
            field.build(grid, anchor, sources, sourceCount, options.moves(), ring + FIELD_MARGIN_CELLS);
            fieldCells = Math.max(1, field.settledCells());
        }
        List<UnitPath> out = new ArrayList<>(n);
        for (int u = 0; u < n; u++) {
            int g = assigned[u];
            WorldPath path = unitPath(s, field, grid, unitCells[u], unitX[u], unitZ[u], goalCells[g], goalX[g],
                    goalZ[g], anchor, ring, island, toBlocked, options);
            out.add(new UnitPath(path, goalX[g], goalZ[g]));
        }
        return new GroupPlan(Outcome.PLANNED, out, n, fieldCells);
    }

    private WorldPath unitPath(Scratch s, IntegrationField field, NavGrid grid, int cell, double x, double z,
                               int goalCell, double gx, double gz, int anchor, int ring, int island,
                               boolean toBlocked, SearchOptions options) {
        GridMap map = grid.map();
        if (cell == GridMap.NO_CELL) {
            return WorldPath.none(SearchStatus.OUT_OF_BOUNDS, 0);
        }
        if (!grid.openCell(cell)) {
            return WorldPath.none(SearchStatus.START_BLOCKED, 0);
        }
        if (grid.island(cell) != island) {
            return planner.planQuery(map, x, z, gx, gz);
        }
        int k = field.descend(cell);
        if (k == 0) {
            throw new IllegalStateException("source " + cell + " not settled by the shared field");
        }
        int[] descent = field.descentCells();
        int cut = 0;
        while (cut < k - 1 && chebyshev(map, descent[cut], anchor) > ring) {
            cut++;
        }
        int[] head = Arrays.copyOf(descent, cut + 1);
        int from = head[cut];
        PathResult tail = s.search.find(grid, map.col(from), map.row(from), map.col(goalCell), map.row(goalCell),
                options);
        if (tail.status() != SearchStatus.FOUND) {
            throw new IllegalStateException("goal " + goalCell + " not reachable from " + from + " on its island: "
                    + tail.status());
        }
        int[] cells = new int[cut + tail.cellCount()];
        System.arraycopy(head, 0, cells, 0, cut);
        for (int i = 0; i < tail.cellCount(); i++) {
            cells[cut + i] = tail.cell(i);
        }
        WorldPath path = s.smoother.smooth(grid, x, z, gx, gz, cells, cells.length);
        SearchStatus status = toBlocked ? SearchStatus.PARTIAL : SearchStatus.FOUND;
        return path.withOutcome(status, field.settledCells() + tail.expanded());
    }

    /**
     * The breadth-first goal walk (see the class comment).
     *
     * @return goals found, at most {@code goalCells.length}
     */
    private static int findGoals(Scratch s, NavGrid grid, int anchor, double ax, double az, double spacing,
                                 int[] goalCells, double[] goalX, double[] goalZ) {
        GridMap map = grid.map();
        int stride = grid.stride();
        int gen = s.begin(grid.paddedSize());
        int[] visited = s.visited;
        int[] excluded = s.excluded;
        int[] queue = s.queue;
        int head = 0;
        int tail = 0;
        int start = grid.pad(anchor);
        queue[tail++] = start;
        visited[start] = gen;
        int want = goalCells.length;
        int found = 0;
        double cellSize = map.transform().cellSize();
        int reach = (int) Math.ceil(spacing / cellSize) + 1;
        while (head < tail && found < want) {
            int p = queue[head++];
            int cell = grid.unpad(p);
            if (excluded[p] != gen) {
                double x = found == 0 ? ax : map.worldX(cell);
                double z = found == 0 ? az : map.worldZ(cell);
                goalCells[found] = cell;
                goalX[found] = x;
                goalZ[found] = z;
                found++;
                exclude(grid, excluded, gen, cell, x, z, spacing, reach);
                excluded[p] = gen;
            }
            int n = p - stride;
            int so = p + stride;
            boolean on = grid.openPadded(n);
            boolean os = grid.openPadded(so);
            boolean ow = grid.openPadded(p - 1);
            boolean oe = grid.openPadded(p + 1);
            tail = visit(grid, visited, queue, gen, tail, n, on);
            tail = visit(grid, visited, queue, gen, tail, so, os);
            tail = visit(grid, visited, queue, gen, tail, p - 1, ow);
            tail = visit(grid, visited, queue, gen, tail, p + 1, oe);
            tail = visit(grid, visited, queue, gen, tail, n - 1, on && ow);
            tail = visit(grid, visited, queue, gen, tail, n + 1, on && oe);
            tail = visit(grid, visited, queue, gen, tail, so - 1, os && ow);
            tail = visit(grid, visited, queue, gen, tail, so + 1, os && oe);
        }
        return found;
    }

    private static int visit(NavGrid grid, int[] visited, int[] queue, int gen, int tail, int q, boolean legal) {
        if (legal && visited[q] != gen && grid.openPadded(q)) {
            visited[q] = gen;
            queue[tail++] = q;
        }
        return tail;
    }

    /** Marks every cell whose centre is closer than {@code spacing} to (x, z). */
    private static void exclude(NavGrid grid, int[] excluded, int gen, int cell, double x, double z, double spacing,
                                int reach) {
        GridMap map = grid.map();
        int c0 = map.col(cell);
        int r0 = map.row(cell);
        double s2 = spacing * spacing;
        for (int r = Math.max(0, r0 - reach); r <= Math.min(map.height() - 1, r0 + reach); r++) {
            for (int c = Math.max(0, c0 - reach); c <= Math.min(map.width() - 1, c0 + reach); c++) {
                int q = map.cell(c, r);
                double dx = map.worldX(q) - x;
                double dz = map.worldZ(q) - z;
                if (dx * dx + dz * dz < s2) {
                    excluded[grid.pad(c, r)] = gen;
                }
            }
        }
    }

    /**
     * Scheme 2: the unit farthest from {@code to} takes the goal nearest the goals' centroid.
     *
     * @return for each unit, the index of its goal
     */
    static int[] assign(double[] unitX, double[] unitZ, double toX, double toZ, double[] goalX, double[] goalZ) {
        int n = unitX.length;
        double cx = 0;
        double cz = 0;
        for (int g = 0; g < n; g++) {
            cx += goalX[g];
            cz += goalZ[g];
        }
        cx /= n;
        cz /= n;
        List<Integer> units = new ArrayList<>(n);
        List<Integer> goals = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            units.add(i);
            goals.add(i);
        }
        double[] unitD = new double[n];
        double[] goalD = new double[n];
        for (int i = 0; i < n; i++) {
            unitD[i] = sq(unitX[i] - toX) + sq(unitZ[i] - toZ);
            goalD[i] = sq(goalX[i] - cx) + sq(goalZ[i] - cz);
        }
        // List.sort is stable: ties keep query order (units) and walk order (goals)
        units.sort((a, b) -> Double.compare(unitD[b], unitD[a]));
        goals.sort((a, b) -> Double.compare(goalD[a], goalD[b]));
        int[] assigned = new int[n];
        for (int i = 0; i < n; i++) {
            assigned[units.get(i)] = goals.get(i);
        }
        return assigned;
    }

    private static double sq(double v) {
        return v * v;
    }

    private static int chebyshev(GridMap map, int a, int b) {
        return Math.max(Math.abs(map.col(a) - map.col(b)), Math.abs(map.row(a) - map.row(b)));
    }
}
