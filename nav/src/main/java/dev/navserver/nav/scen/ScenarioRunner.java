package dev.navserver.nav.scen;

import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.search.PathResult;
import dev.navserver.nav.search.PathSearch;
import dev.navserver.nav.search.SearchMode;
import dev.navserver.nav.search.SearchOptions;
import dev.navserver.nav.search.SearchStatus;

/**
 * Runs every query of a {@link Scenario} on a grid and compares each length with the scenario's optimal length
 * ({@link ScenarioQuery#accepts}: equal, or with {@link SearchMode#APPROXIMATE} within the mode's weight). Not thread-safe: owns one {@link PathSearch}.
 */
public final class ScenarioRunner {
    private final PathSearch search = new PathSearch();

    /**
     * One query's outcome.
     *
     * @param query    the scenario line
     * @param status   search status
     * @param length   length found, in cells; NaN without a path
     * @param expanded nodes expanded
     * @param nanos    wall time of the search, nanoseconds
     * @param matches  whether the length agrees with the optimal length, or with an approximate search lies within
     *                 its bound (a query without a path never matches)
     */
    public record Outcome(ScenarioQuery query, SearchStatus status, double length, int expanded, long nanos,
                          boolean matches) {
    }

    /** Summary of a run. */
    public record Summary(int queries, int mismatches, double meanMicros, double meanExpanded) {
    }

    /**
     * Runs the queries.
     *
     * @param warmupRounds untimed passes over all queries before the timed one (lets the JIT compile the search)
     * @param sink         receives each timed outcome in file order; may be null
     */
    public Summary run(NavGrid grid, Scenario scenario, SearchOptions options, int warmupRounds,
            java.util.function.Consumer<Outcome> sink) {
        for (int r = 0; r < warmupRounds; r++) {
            for (ScenarioQuery q : scenario.queries()) {
                search.find(grid, q.startX(), q.startY(), q.goalX(), q.goalY(), options);
            }
        }
        int mismatches = 0;
        long totalNanos = 0;
        long totalExpanded = 0;
        for (ScenarioQuery q : scenario.queries()) {
            long t0 = System.nanoTime();
            PathResult res = search.find(grid, q.startX(), q.startY(), q.goalX(), q.goalY(), options);
            long nanos = System.nanoTime() - t0;
            double length = res.hasPath() ? res.length() : Double.NaN;
            boolean ok = res.status() == SearchStatus.FOUND && q.accepts(length, options.mode());
            if (!ok) {
                mismatches++;
            }
            totalNanos += nanos;
            totalExpanded += res.expanded();
            if (sink != null) {
                sink.accept(new Outcome(q, res.status(), length, res.expanded(), nanos, ok));
            }
        }
        int n = scenario.queries().size();
        return new Summary(n, mismatches, n == 0 ? 0 : totalNanos / 1e3 / n, n == 0 ? 0 : (double) totalExpanded / n);
    }
}
