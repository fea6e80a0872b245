package dev.navserver.nav.search;

import java.util.Optional;

/**
 * Search algorithm of a {@link PathSearch}. All return paths of the same optimal length. Config files and the
 * command line spell each one as its {@link #spelling()}.
 */
public enum Algorithm {
    /** A* over single-cell moves. */
    ASTAR,
    /**
     * The fastest exact search for the move set: Jump Point Search over 8-connected moves on uniform-cost grids;
     * with {@link Moves#FOUR} on a uniform-cost grid, an A* with a two-stack open list (see {@link PathSearch}).
     * On a grid whose layer has non-uniform costs the search runs A* instead.
     */
    JPS,
    /**
     * {@link #JPS}, except that 8-connected searches on uniform-cost grids without an arrival radius search the
     * grid's {@link SubgoalGraph} (exact: same lengths), which pays on long routes across large maps. The graph is
     * built once per grid: by the first such search ({@link PathSearch#PathSearch()}), or in the background once the
     * grid has settled ({@link PathSearch#PathSearch(java.util.concurrent.Executor)}; JPS runs until then).
     */
    SUBGOAL;

    private final String spelling = Spellings.of(this);

    /** The lower-case name used in config files and on the command line: {@code astar}, {@code jps}, {@code subgoal}. */
    public String spelling() {
        return spelling;
    }

    /** The algorithm whose {@link #spelling()} is exactly {@code spelling} (case-sensitive), if any. */
    public static Optional<Algorithm> fromSpelling(String spelling) {
        return Spellings.find(values(), spelling);
    }

    /** Every {@link #spelling()} in declaration order, joined by {@code separator}: {@code "astar|jps|subgoal"}. */
    public static String spellings(String separator) {
        return Spellings.join(values(), separator);
    }
}
