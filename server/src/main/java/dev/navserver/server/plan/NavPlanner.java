package dev.navserver.server.plan;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.search.GoalPolicy;
import dev.navserver.nav.search.IntegrationField;
import dev.navserver.nav.search.PathResult;
import dev.navserver.nav.search.PathSearch;
import dev.navserver.nav.search.SearchOptions;
import dev.navserver.nav.search.SearchStatus;
import dev.navserver.nav.smooth.LineOfSight;
import dev.navserver.nav.smooth.PathSmoother;
import dev.navserver.nav.smooth.WorldPath;
import dev.navserver.server.world.PathPlanner;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Executor;

/**
 * Plans paths between world points on a map: grid search, then line-of-sight smoothing with the exact world start
 * and goal as end points.
 *
 * <p>Goal handling: a goal on a blocked cell snaps to the nearest walkable cell (status OK for a chase, see
 * {@link #plan}; PARTIAL for a query, see {@link #planQuery}); a goal on another
 * island than the start yields PARTIAL toward the reachable cell nearest to it, found from island labels without
 * flooding the map; a monster plan over the node budget yields PARTIAL toward the expanded node nearest the goal (a
 * query has no budget). {@link SearchRule} picks the method of each search.
 *
 * <p>Thread-safe: search contexts and smoothing buffers are per thread; options are swapped atomically.
 */
public final class NavPlanner implements PathPlanner {
    private final ThreadLocal<PathSearch> searches = ThreadLocal.withInitial(this::newSearch);
    private final ThreadLocal<PathSmoother> smoothers = ThreadLocal.withInitial(PathSmoother::new);
    private final ThreadLocal<IntegrationField> fields = ThreadLocal.withInitial(IntegrationField::new);
    /**
     * Margin of a shared field's first region around its goal and starts, cells, plus an eighth of the region's
     * longer side (detours around walls grow with the distances; a region too small is built twice).
     */
    private static final int SHARED_FIELD_MARGIN_CELLS = 8;

    private volatile SearchOptions options;
    /** Octile distance, cells, from which a JPS search gives way to the subgoal search ({@link SearchRule}). */
    private volatile int longRouteMinCells = 256;
    /** Builds landmark tables of settled grids; null: a search builds its grid's table itself. */
    private final Executor landmarkBuilder;

    /**
     * A planner whose searches build a grid's landmark table themselves, when the options ask for landmarks (tools
     * and tests).
     *
     * @param options search options; the goal policy is always NEAREST_REACHABLE
     */
    public NavPlanner(SearchOptions options) {
        this(options, null);
    }

    /**
     * A planner for the server: landmark tables are built on {@code landmarkBuilder} once a grid has settled, and
     * searches use the octile heuristic until then ({@link PathSearch#PathSearch(Executor)}).
     *
     * @param options         search options; the goal policy is always NEAREST_REACHABLE
     * @param landmarkBuilder runs landmark table builds (not a planner thread), or null: as
     *                        {@link #NavPlanner(SearchOptions)}
     */
    public NavPlanner(SearchOptions options, Executor landmarkBuilder) {
        this.landmarkBuilder = landmarkBuilder;
        setOptions(options);
    }

    /** A new search context for one planner thread, taking landmark tables as this planner's constructor says. */
    PathSearch newSearch() {
        return landmarkBuilder == null ? new PathSearch() : new PathSearch(landmarkBuilder);
    }

    /** Replaces the search options (algorithm, mode, landmarks, node budget) for plans started from now on. */
    public void setOptions(SearchOptions options) {
        this.options = Objects.requireNonNull(options).withGoalPolicy(GoalPolicy.NEAREST_REACHABLE);
    }

    public SearchOptions options() {
        return options;
    }

    /**
     * Sets the octile distance, cells, {@code >= 0}, from which searches use the grid's subgoal graph once it is built
     * ({@link SearchRule}); default 256.
     */
    public void setLongRouteMinCells(int cells) {
        if (cells < 0) {
            throw new IllegalArgumentException("longRouteMinCells must be >= 0, got " + cells);
        }
        this.longRouteMinCells = cells;
    }

    /**
     * Plans from one world point to another on the map's default grid.
     *
     * @param startX world x of the start, metres; {@code startZ} likewise
     * @param goalX  world x of the goal, metres; {@code goalZ} likewise
     * @return FOUND or PARTIAL with smoothed points from the exact start; else a path without points:
     *         OUT_OF_BOUNDS (start or goal off the map), START_BLOCKED, or UNREACHABLE
     */
    @Override
    public WorldPath plan(GridMap map, double startX, double startZ, double goalX, double goalZ) {
        return plan(map, startX, startZ, goalX, goalZ, false);
    }

    /**
     * Answers a {@code path_query}: like {@link #plan}, except that a goal on a blocked cell is PARTIAL (the path
     * ends at the substitute walkable cell's centre, not at the goal), as Unity's {@code NavMesh.CalculatePath}
     * reports {@code PathPartial}. A chase keeps OK there: the player stands next to a wall, and the monster
     * reaching the nearest walkable cell is reaching the player.
     *
     * @return as {@link #plan}, with PARTIAL whenever the goal cell is blocked
     */
    public WorldPath planQuery(GridMap map, double startX, double startZ, double goalX, double goalZ) {
        return plan(map, startX, startZ, goalX, goalZ, true);
    }

    /**
     * Whether {@link #planQuery} for these points would search without a node budget and without a built long-route
     * structure ({@link SearchRule#unstructuredLong}); false when a point is off the map. Thread-safe.
     */
    public boolean unstructuredLongQuery(GridMap map, double startX, double startZ, double goalX, double goalZ) {
        int start = map.cellAt(startX, startZ);
        int goal = map.cellAt(goalX, goalZ);
        return start != GridMap.NO_CELL && goal != GridMap.NO_CELL
                && SearchRule.unstructuredLong(options, longRouteMinCells, map.navGrid(), start, goal);
    }

    private WorldPath plan(GridMap map, double startX, double startZ, double goalX, double goalZ,
            boolean blockedGoalIsPartial) {
        NavGrid grid = map.navGrid();
        int start = map.cellAt(startX, startZ);
        int goal = map.cellAt(goalX, goalZ);
        if (start == GridMap.NO_CELL || goal == GridMap.NO_CELL) {
            return WorldPath.none(SearchStatus.OUT_OF_BOUNDS, 0);
        }
        if (!grid.openCell(start)) {
            return WorldPath.none(SearchStatus.START_BLOCKED, 0);
        }
        boolean goalBlocked = !grid.openCell(goal);
        if (goalBlocked) {
            // A player hugging a wall: aim at the nearest walkable cell when it lies on the start's island.
            // Otherwise the search's NEAREST_REACHABLE policy finds the reachable cell nearest the goal.
            int near = grid.nearestOpen(map.col(goal), map.row(goal), 0, Math.max(map.width(), map.height()));
            if (near != GridMap.NO_CELL && grid.island(near) == grid.island(start)) {
                goal = near;
            }
        }
        PathSearch search = searches.get();
        SearchOptions o = SearchRule.choose(options, longRouteMinCells, grid, start, goal, blockedGoalIsPartial);
        PathResult r = search.find(grid, map.col(start), map.row(start), map.col(goal), map.row(goal), o);
        if (!r.hasPath()) {
            return WorldPath.none(SearchStatus.UNREACHABLE, r.expanded());
        }
        int[] cells = r.cells();
        int end = cells[cells.length - 1];
        boolean exactGoal = end == map.cellAt(goalX, goalZ);
        double endX = exactGoal ? goalX : map.worldX(end);
        double endZ = exactGoal ? goalZ : map.worldZ(end);
        WorldPath path = smoothers.get().smooth(grid, startX, startZ, endX, endZ, cells, cells.length);
        boolean complete = r.status() == SearchStatus.FOUND && !(goalBlocked && blockedGoalIsPartial);
        SearchStatus status = complete ? SearchStatus.FOUND : SearchStatus.PARTIAL;
        return path.withOutcome(status, r.expanded());
    }

    /**
     * Paths from many starts to one goal from one shared {@link IntegrationField}: what {@link #plan} answers for
     * each start, with the search replaced by a descent along a field built from the goal (or from the walkable cell
     * {@link #plan} snaps a blocked goal to) with the starts on its island as sources. Each cell path's length is
     * the optimal one {@link #plan}'s search finds (the field is exact, see {@link IntegrationField}); equal-cost
     * cell paths may differ, and so may their smoothed points. The field has no node budget: its region is bounded
     * by the starts instead. Starts on another island are planned one by one with {@link #plan} (PARTIAL); starts
     * off the map or blocked get OUT_OF_BOUNDS and START_BLOCKED as from {@link #plan}. Each path's
     * {@link WorldPath#expanded()} is the field's settled cell count.
     *
     * @param startX world x of each start, metres; {@code startZ} likewise, same length
     * @param goalX  world x of the goal, metres; {@code goalZ} likewise
     * @return one path per start, in order, and the field's settled cells (0 when no field was built)
     */
    @Override
    public SharedPaths planShared(GridMap map, double[] startX, double[] startZ, double goalX, double goalZ) {
        int n = startX.length;
        if (startZ.length != n) {
            throw new IllegalArgumentException("need as many x as z: " + n + ", " + startZ.length);
        }
        NavGrid grid = map.navGrid();
        int goalCell = map.cellAt(goalX, goalZ);
        int fieldGoal = goalCell;
        if (goalCell != GridMap.NO_CELL && !grid.openCell(goalCell)) {
            fieldGoal = grid.nearestOpen(map.col(goalCell), map.row(goalCell), 0, Math.max(map.width(), map.height()));
        }
        WorldPath[] out = new WorldPath[n];
        int[] starts = new int[n];
        int[] sources = new int[n];
        int count = 0;
        int island = fieldGoal == GridMap.NO_CELL ? 0 : grid.island(fieldGoal);
        int w = map.width();
        int minC = fieldGoal == GridMap.NO_CELL ? 0 : fieldGoal % w;
        int maxC = minC;
        int minR = fieldGoal == GridMap.NO_CELL ? 0 : fieldGoal / w;
        int maxR = minR;
        for (int i = 0; i < n; i++) {
            int c = map.cellAt(startX[i], startZ[i]);
            starts[i] = c;
            if (island != 0 && c != GridMap.NO_CELL && grid.island(c) == island) {
                sources[count++] = c;
                minC = Math.min(minC, c % w);
                maxC = Math.max(maxC, c % w);
                minR = Math.min(minR, c / w);
                maxR = Math.max(maxR, c / w);
            }
        }
        IntegrationField field = fields.get();
        int settled = 0;
        if (count > 0) {
            int margin = SHARED_FIELD_MARGIN_CELLS + Math.max(maxC - minC, maxR - minR) / 8;
            field.build(grid, fieldGoal, sources, count, options.moves(), margin);
            settled = field.settledCells();
        }
        PathSmoother smoother = smoothers.get();
        for (int i = 0; i < n; i++) {
            int c = starts[i];
            if (count == 0 || c == GridMap.NO_CELL || grid.island(c) != island) {
                out[i] = plan(map, startX[i], startZ[i], goalX, goalZ, false);
                continue;
            }
            int k = field.descend(c);
            int[] cells = field.descentCells();
            boolean exactGoal = fieldGoal == goalCell;
            double endX = exactGoal ? goalX : map.worldX(fieldGoal);
            double endZ = exactGoal ? goalZ : map.worldZ(fieldGoal);
            out[i] = smoother.smooth(grid, startX[i], startZ[i], endX, endZ, cells, k)
                    .withOutcome(SearchStatus.FOUND, settled);
        }
        return new SharedPaths(List.of(out), settled);
    }

    /**
     * This thread's integration field, shared by {@link #planShared} and {@link GroupPlanner} so that a planner
     * thread holds one field's scratch (pages over the cells its builds touched, about 1.4 bytes per cell of its region
     * plus the frontier's values, see {@link IntegrationField}), not one per caller. Callers must
     * finish with it before the thread's next use.
     */
    IntegrationField threadField() {
        return fields.get();
    }

    @Override
    public boolean clearLine(GridMap map, double x0, double z0, double x1, double z1) {
        return LineOfSight.clearWorld(map.navGrid(), x0, z0, x1, z1);
    }
}
