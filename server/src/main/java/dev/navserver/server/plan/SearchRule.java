package dev.navserver.server.plan;

import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.search.Algorithm;
import dev.navserver.nav.search.SearchOptions;
import dev.navserver.nav.search.SubgoalGraph;

/**
 * Which method answers one search (docs/operations.md, "Which method answers"), from the configured options, the
 * octile distance between start and goal and what is built for this exact grid version:
 *
 * <ul>
 *   <li>{@code search.algorithm: astar}: A*, always.</li>
 *   <li>{@code jps}: when the octile distance is at least {@code longRouteMinCells} and the grid's subgoal graph
 *       is published ({@link SubgoalGraph#ready}), the subgoal search (over the graph's hierarchy once it has one);
 *       otherwise JPS.</li>
 *   <li>{@code subgoal}: the subgoal search whenever the graph is published, JPS until then.</li>
 * </ul>
 *
 * A {@code path_query} has no node budget (a route that exists is answered complete, never {@code partial} because
 * of a budget); a monster plan keeps {@code search.maxExpandedNodes}. Graphs are keyed by grid instance, and an edit
 * publishes a new instance, so a search never uses a structure of another map version: after an edit it runs JPS
 * until the new version's graph is repaired from the previous one's (milliseconds, {@link GraphRepairs}) or, for a
 * change too large to repair, built; the repaired graph is searched without a hierarchy until the version settles.
 *
 * <p>Stateless and thread-safe.
 */
final class SearchRule {
    private SearchRule() {
    }

    /**
     * The options of one search from {@code startCell} to {@code goalCell} of {@code grid} (cell ids, unpadded).
     *
     * @param configured        the configured options (algorithm, mode, landmarks, budget)
     * @param longRouteMinCells octile distance, cells, from which JPS gives way to the subgoal search
     * @param query             whether this answers a {@code path_query} (no budget) rather than a monster plan
     */
    static SearchOptions choose(SearchOptions configured, int longRouteMinCells, NavGrid grid, int startCell,
                                int goalCell, boolean query) {
        SearchOptions o = query ? configured.withMaxExpandedNodes(Integer.MAX_VALUE) : configured;
        Algorithm a = configured.algorithm();
        if (a == Algorithm.ASTAR) {
            return o;
        }
        boolean wantsGraph = a == Algorithm.SUBGOAL
                || octileCells(grid.width(), startCell, goalCell) >= longRouteMinCells;
        // the search's own subgoal route would schedule a build of its own: use it only once the graph is there
        Algorithm use = wantsGraph && SubgoalGraph.ready(grid) != null ? Algorithm.SUBGOAL : Algorithm.JPS;
        return use == a ? o : o.withAlgorithm(use);
    }

    /**
     * Whether a {@code path_query} from {@code startCell} to {@code goalCell} would search cells without a budget
     * and without a built structure: A*, or a long route ({@code longRouteMinCells} and more) on a grid whose subgoal
     * graph is not published. Its scratch then grows with the area it searches.
     */
    static boolean unstructuredLong(SearchOptions configured, int longRouteMinCells, NavGrid grid, int startCell,
                                    int goalCell) {
        return octileCells(grid.width(), startCell, goalCell) >= longRouteMinCells
                && (configured.algorithm() == Algorithm.ASTAR || SubgoalGraph.ready(grid) == null);
    }

    /** Octile distance between two cells of a grid {@code width} cells wide, in cells. */
    static double octileCells(int width, int a, int b) {
        int dx = Math.abs(a % width - b % width);
        int dy = Math.abs(a / width - b / width);
        return Math.max(dx, dy) + (Math.sqrt(2) - 1) * Math.min(dx, dy);
    }
}
