package dev.navserver.nav.search;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.search.core.IntPages;
import dev.navserver.nav.search.four.DeadEndTable;
import dev.navserver.nav.search.four.TwoBucketAStar;
import java.lang.ref.WeakReference;
import java.util.Objects;
import java.util.concurrent.Executor;

/**
 * A per-thread search context: A* and Jump Point Search over a {@link NavGrid}, one-shot ({@link #find}) or
 * time-sliced ({@link #start}, {@link #step}, {@link #result}). A sliced search returns exactly the one-shot
 * result (cells, length, expanded) for any slice sizes.
 *
 * <p><b>Moves.</b> 8-connected: straight moves of length 1 and diagonal moves of length sqrt(2), a diagonal only
 * when both orthogonal neighbours are standable; octile heuristic. 4-connected: length 1, Manhattan heuristic.
 * Entering a cell costs the move's length times the layer cost of that cell ({@code >= 1}). Open-list ties on
 * {@code f} go to the larger {@code g}.
 *
 * <p><b>JPS.</b> {@link Algorithm#JPS} applies to 8-connected moves on uniform-cost grids; with non-uniform costs
 * the search runs A*. With {@link Moves#FOUR} on a uniform-cost grid, an unlimited budget and arrival radius 0,
 * {@link Algorithm#JPS} selects the 4-connected fast path, exact: where the grid has enough dead ends
 * ({@link DeadEndTable}, built once per grid and shared), start and goal walk up their dead-end trees, and when they
 * meet the tree path is the answer; otherwise, and on grids without such a table, A* whose open list is two stacks,
 * one per {@code f} value ({@link TwoBucketAStar}), searches between the two tree roots over the grid's core only
 * (or the whole grid). {@link PathResult#expanded()} counts the cells walked up the trees plus the cells the
 * two-stack A* expanded. With a budget or a radius it runs A*. {@link Algorithm#ASTAR} always runs the heap A*. Straight jumps scan the grid's bit rows and columns a 64-cell word at a
 * time. Diagonal jumps prune intermediate jump points (Harabor and Grastien 2014): a diagonal cell whose only
 * reason to be a jump point is a straight jump starting at it is not put on the open list; the straight jumps'
 * ends become successors of the diagonal jump's origin (turning at that cell) and the diagonal jump goes on.
 * {@link PathResult#expanded()} counts jump points.
 *
 * <p><b>Landmarks.</b> With {@link SearchOptions#landmarks()} {@code k > 0}, 8-connected searches (A* and JPS) use
 * the larger of the octile distance and the differential heuristic of the grid's {@link LandmarkTable} (shared by
 * all threads, one per {@link NavGrid} instance, or inherited from an earlier version when edits only added walls).
 * {@link #PathSearch()} builds it in the first such search on the grid; {@link #PathSearch(Executor)} never
 * builds one itself: it searches with the octile heuristic until the table is ready. It is consistent, so lengths
 * stay optimal; expansions, and which of several equal-length paths is returned, may differ. The 4-connected
 * searches ignore it, and so do searches whose start and goal are closer than
 * {@link SearchOptions#landmarksMinDistanceCells()} (octile distance): those neither read nor ask for a table.
 *
 * <p><b>Subgoal graph.</b> {@link Algorithm#SUBGOAL} runs as {@link Algorithm#JPS}, except that 8-connected
 * searches on uniform-cost grids without an arrival radius search the grid's {@link SubgoalGraph} with
 * {@link SubgoalSearch} (same optimal lengths; the budget counts subgoals; {@link PathResult#expanded()} counts
 * expanded subgoals). {@link #PathSearch()} builds the graph in the first such search on a grid;
 * {@link #PathSearch(Executor)} never builds one itself: it runs JPS until the grid's graph is built on the
 * executor ({@link SubgoalGraph#whenSettled}, after the same settle time as landmark tables).
 * Once the graph has its {@link SubgoalHierarchy} (built after the graph on the same executor, when the heap has
 * room; or by {@link SubgoalGraph#buildHierarchy}), a search between distinct cells runs {@link HierarchySearch}
 * over it instead (same optimal lengths; expanded subgoals of both its searches count); one that reaches the budget
 * there starts over as {@link SubgoalSearch}, whose budget ends are partial paths.
 *
 * <p><b>Mode.</b> With {@link SearchMode#APPROXIMATE} the heap searches (A* and 8-connected JPS, with or without
 * landmarks) order their open list by {@code f = g + w * h} with {@code w = }{@value SearchMode#APPROXIMATE_WEIGHT}
 * and never re-open a closed node: a FOUND path (arrival radius 0) is at most {@code w} times the shortest, usually
 * for fewer expansions (see {@link SearchMode}). The 4-connected fast path stays exact in either mode.
 *
 * <p><b>Options.</b> The node budget counts expansions: when the next node would be the budget's
 * {@code maxExpandedNodes + 1}-th, the search ends {@link SearchStatus#PARTIAL} with the path to the expanded node
 * of least heuristic (the first such node on ties). With an arrival radius the search ends at the first popped
 * node within the radius; JPS jumps stop at the first cell of the arrival disc on their line, so that cell is the
 * end. Under {@link GoalPolicy#NEAREST_REACHABLE} a substitute goal replaces an unreachable one, and heuristic,
 * budget and radius all refer to the substitute.
 *
 * <p><b>Memory.</b> Scratch space follows the search, not the grid: per-node records live in pages of 64 padded
 * ids (a short run of one row) allocated the first time the search reaches one of their nodes, 16 bytes per id of
 * a touched page for the heap searches ({@link OpenList}) and 8 for the 4-connected fast path
 * ({@link TwoBucketAStar}), plus a page table of 4 bytes per 64 padded cells; the open list and stacks grow by
 * doubling with use. Pages are kept between searches, which are told apart by a generation counter, so a repeat
 * search over an area already paged in allocates nothing but its {@link PathResult} and the result's cell array.
 * When a part holds more than 64 MiB at the start of a search ({@code IntPages.RETAINED_BYTES}, e.g. after a
 * search across most of a 2000 x 2000 map), it drops its pages first, so one huge search does not pin its memory.
 * {@link #scratchBytes()} reports what is held.
 *
 * <p><b>Parts.</b> This class drives the search (statuses, budget, slicing); {@link OpenList} holds the open and
 * closed sets, {@link Goal} the heuristic and arrival disc, {@link Frontier} offers successors, {@link AStarExpander}
 * and {@link JumpScanner} generate them, {@link PathBuilder} turns the predecessor links into the result;
 * {@link TwoBucketAStar} is the self-contained 4-connected fast path, {@link SubgoalSearch} the search over the
 * subgoal graph (its scratch pages follow the subgoals it touched, 20 bytes each, under the same 64 MiB rule),
 * {@link HierarchySearch} the search over its hierarchy (48 bytes per touched subgoal, same rule).
 *
 * <p>Not thread-safe: use one instance per thread. Grids may be shared.
 */
public final class PathSearch {
    private final OpenList openList;
    private final Goal goal = new Goal();
    private final Frontier frontier;
    private final AStarExpander astar;
    private final JumpScanner jumps;
    private final PathBuilder builder;
    private final FourConnectedSearch fourWay;
    private final SubgoalRoute subgoals;

    // the current search
    private int stride;
    private boolean jps;
    private boolean twoBucket;
    /** Whether the current search runs over the grid's {@link SubgoalGraph} (or its hierarchy). */
    private boolean subgoal;
    /** Builds landmark tables of settled grids, or null to build them on the searching thread. */
    private final Executor landmarkBuilder;
    private final long landmarkSettleNanos;
    /** The grid whose table {@link #lastLandmarks} holds (only once it has one), weakly; see {@link #landmarks}. */
    private WeakReference<NavGrid> lastLandmarksGrid = new WeakReference<>(null);
    private LandmarkTable lastLandmarks;
    private boolean substituteGoal;
    private int budget;
    private int expanded;
    private int bestP;
    private double bestH;
    private double bestG;
    private boolean finished = true;
    private PathResult result;

    /**
     * A search context that keeps at most 64 MiB of scratch per part between searches (see the class comment). A
     * search asking for landmarks on a grid without a table builds it on the calling thread
     * ({@link LandmarkTable#forGrid}).
     */
    public PathSearch() {
        this(IntPages.RETAINED_BYTES);
    }

    /**
     * A search context for a service: as {@link #PathSearch()}, except that a search asking for landmarks never
     * builds a table itself. It uses the grid's table, or an earlier version's that still bounds it (edits since
     * then only added walls), when there is one, and the octile heuristic otherwise; a grid searched for 2 s
     * without a table has one built on {@code landmarkBuilder} ({@link LandmarkTable#whenSettled}).
     *
     * @param landmarkBuilder runs landmark table builds, e.g. one low-priority thread; should not be a planner
     */
    public PathSearch(Executor landmarkBuilder) {
        this(IntPages.RETAINED_BYTES, JumpTable.SETTLE_NANOS, Objects.requireNonNull(landmarkBuilder, "builder"),
                LandmarkTable.SETTLE_NANOS);
    }

    /** A search context whose parts keep at most {@code retainedBytes} each between searches (tests). */
    PathSearch(long retainedBytes) {
        this(retainedBytes, JumpTable.SETTLE_NANOS);
    }

    /**
     * A search context as {@link #PathSearch(long)} whose JPS reads a grid's {@link JumpTable} once the grid has
     * settled for {@code tableSettleNanos}, never when negative (tests).
     */
    PathSearch(long retainedBytes, long tableSettleNanos) {
        this(retainedBytes, tableSettleNanos, null, 0);
    }

    /**
     * A search context as {@link #PathSearch(long, long)} that, with a non-null {@code landmarkBuilder}, takes
     * landmark tables from {@link LandmarkTable#whenSettled} with {@code landmarkSettleNanos} (tests), else from
     * {@link LandmarkTable#forGrid}.
     */
    PathSearch(long retainedBytes, long tableSettleNanos, Executor landmarkBuilder, long landmarkSettleNanos) {
        this.landmarkBuilder = landmarkBuilder;
        this.landmarkSettleNanos = landmarkSettleNanos;
        openList = new OpenList(retainedBytes);
        frontier = new Frontier(openList, goal);
        astar = new AStarExpander(frontier);
        jumps = new JumpScanner(frontier, tableSettleNanos);
        builder = new PathBuilder(frontier);
        fourWay = new FourConnectedSearch(retainedBytes);
        subgoals = new SubgoalRoute(landmarkBuilder, landmarkSettleNanos);
    }

    /**
     * Runs a whole search.
     *
     * @param startCol start column, any value (outside the map gives {@link SearchStatus#OUT_OF_BOUNDS})
     * @param startRow start row
     * @param goalCol  goal column
     * @param goalRow  goal row
     * @return the result, never null
     */
    public PathResult find(NavGrid grid, long startCol, long startRow, long goalCol, long goalRow,
                           SearchOptions options) {
        start(grid, startCol, startRow, goalCol, goalRow, options);
        while (!step(Integer.MAX_VALUE)) {
            // step(Integer.MAX_VALUE) finishes in one call; the loop only guards the contract
        }
        return result;
    }

    /**
     * Begins a search, abandoning any unfinished one. Statuses decided without expanding a node
     * (out of bounds, blocked, unreachable) are finished here. Arguments as in {@link #find}.
     */
    public void start(NavGrid grid, long startCol, long startRow, long goalCol, long goalRow,
                      SearchOptions options) {
        Objects.requireNonNull(grid, "grid");
        Objects.requireNonNull(options, "options");
        this.result = null;
        this.finished = false;
        GridMap map = grid.map();
        if (!map.inBounds(startCol, startRow) || !map.inBounds(goalCol, goalRow)) {
            finish(PathResult.outOfBounds());
            return;
        }
        int startCell = map.cell(startCol, startRow);
        int goalCell = map.cell(goalCol, goalRow);
        if (!grid.openCell(startCell)) {
            finish(PathResult.startBlocked());
            return;
        }
        int startIsland = grid.island(startCell);
        substituteGoal = false;
        if (!grid.openCell(goalCell) || grid.island(goalCell) != startIsland) {
            if (options.goalPolicy() == GoalPolicy.EXACT) {
                finish(grid.openCell(goalCell) ? PathResult.unreachable(0) : PathResult.goalBlocked());
                return;
            }
            goalCell = grid.nearestOpen((int) goalCol, (int) goalRow, startIsland,
                    Math.max(grid.width(), grid.height()));
            substituteGoal = true;
        }

        stride = grid.stride();
        boolean four = options.moves() == Moves.FOUR;
        twoBucket = four && options.algorithm() != Algorithm.ASTAR && TwoBucketAStar.applies(grid)
                && options.maxExpandedNodes() == Integer.MAX_VALUE && options.arrivalRadiusCells() == 0;
        expanded = 0;
        subgoal = false;
        if (twoBucket) {
            PathResult r = fourWay.begin(grid, grid.pad(startCell), grid.pad(goalCell), substituteGoal);
            if (r != null) {
                finish(r);
            }
            return;
        }
        budget = options.maxExpandedNodes();
        if (options.algorithm() == Algorithm.SUBGOAL && !four && grid.uniformCost()
                && options.arrivalRadiusCells() == 0) {
            SubgoalGraph graph = subgoals.graphFor(grid);
            if (graph != null) {
                subgoal = true;
                subgoals.begin(graph, grid.width(), startCell != goalCell, grid.pad(startCell), grid.pad(goalCell),
                        options.mode().weight(), budget, substituteGoal);
                return;
            }
        }
        jps = options.algorithm() != Algorithm.ASTAR && !four && grid.uniformCost();
        if (jps) {
            jumps.bind(grid);
        } else {
            astar.bind(grid, four);
        }
        builder.bind(grid);
        LandmarkTable table = options.landmarks() > 0 && !four
                && octileCells(grid.width(), startCell, goalCell) >= options.landmarksMinDistanceCells()
                ? landmarks(grid) : null;
        int startP = grid.pad(startCell);
        goal.set(grid.pad(goalCell), stride, four, options.arrivalRadiusCells(),
                Math.max(stride, grid.height() + 2), table, options.landmarks(), startP);
        goal.weight = options.mode().weight();
        if (jps) {
            jumps.aim();
        }

        frontier.begin(grid.paddedSize(), startP, startP % stride, startP / stride);
        bestP = startP;
        bestH = Double.POSITIVE_INFINITY;
        bestG = 0;
    }

    /** Octile distance between two cells of a map {@code width} cells wide, in cells. */
    private static double octileCells(int width, int a, int b) {
        return SubgoalGraph.octileXY(a % width | (a / width) << 16, b % width | (b / width) << 16);
    }

    /** The landmark table a search of {@code grid} uses: see the constructors. */
    private LandmarkTable landmarks(NavGrid grid) {
        if (landmarkBuilder == null) {
            return LandmarkTable.forGrid(grid);
        }
        if (lastLandmarksGrid.get() == grid) {
            return lastLandmarks;
        }
        LandmarkTable t = LandmarkTable.whenSettled(grid, System.nanoTime(), landmarkSettleNanos, landmarkBuilder);
        if (t != null) {
            // a grid's table never changes once it has one: skip the shared lookup (a lock) until the grid changes
            lastLandmarks = t;
            lastLandmarksGrid = new WeakReference<>(grid);
        }
        return t;
    }

    /**
     * Expands up to {@code maxExpansions} nodes of the search begun by {@link #start}. Reaching the goal, the
     * budget or an empty open list is detected without spending an expansion.
     *
     * @param maxExpansions nodes to expand in this slice, {@code >= 0}
     * @return true when the search is finished ({@link #result()} is available)
     * @throws IllegalStateException when no search was started
     */
    public boolean step(int maxExpansions) {
        if (maxExpansions < 0) {
            throw new IllegalArgumentException("maxExpansions must be >= 0, got " + maxExpansions);
        }
        if (finished) {
            if (result == null) {
                throw new IllegalStateException("no search started");
            }
            return true;
        }
        if (twoBucket || subgoal) {
            PathResult r = twoBucket ? fourWay.step(maxExpansions) : subgoals.step(maxExpansions);
            if (r == null) {
                return false;
            }
            finish(r);
            return true;
        }
        OpenList o = openList;
        int done = 0;
        while (true) {
            if (o.isEmpty()) {
                finish(PathResult.unreachable(expanded));
                return true;
            }
            int p = o.peek();
            double gp = o.peekG();
            if (goal.arrived(p)) {
                finish(builder.build(substituteGoal ? SearchStatus.PARTIAL : SearchStatus.FOUND, p, gp, expanded));
                return true;
            }
            if (expanded >= budget) {
                finish(builder.build(SearchStatus.PARTIAL, bestP, bestG, expanded));
                return true;
            }
            if (done == maxExpansions) {
                return false;
            }
            o.pop();
            if (budget != Integer.MAX_VALUE) {
                trackBest(p, gp);
            }
            if (jps) {
                jumps.expand(p, gp);
            } else {
                astar.expand(p, gp);
            }
            expanded++;
            done++;
        }
    }

    /**
     * Bytes of scratch this context holds now (pages, page tables, heap and stacks, array headers included; not
     * the grid, not results). It grows with the area searched and is dropped by the next search once above the
     * retention bound (see the class comment).
     */
    public long scratchBytes() {
        return openList.scratchBytes() + fourWay.scratchBytes() + subgoals.scratchBytes();
    }

    /** Whether the current search is finished (also true before the first search). */
    public boolean finished() {
        return finished;
    }

    /**
     * The result of the finished search.
     *
     * @throws IllegalStateException when the search is not finished
     */
    public PathResult result() {
        if (!finished || result == null) {
            throw new IllegalStateException("search not finished");
        }
        return result;
    }

    /** Remembers expanded node p (cost gp) when its heuristic is the least so far: the budget's partial path. */
    private void trackBest(int p, double gp) {
        double hp = goal.heuristic(p, p % stride, p / stride);
        if (Double.compare(hp, bestH) < 0) {
            bestH = hp;
            bestP = p;
            bestG = gp;
        }
    }

    private void finish(PathResult r) {
        result = r;
        finished = true;
        astar.release();
        jumps.release();
        goal.release();
        fourWay.release();
        subgoals.release();
    }
}
