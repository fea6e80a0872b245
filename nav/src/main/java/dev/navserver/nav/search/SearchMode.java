package dev.navserver.nav.search;

import dev.navserver.nav.search.four.DeadEndTable;
import dev.navserver.nav.search.four.TwoBucketAStar;
import java.util.Optional;

/**
 * Whether a {@link PathSearch} must return a shortest path or may return a slightly longer one faster. Config
 * files and the command line spell each one as its {@link #spelling()}.
 *
 * <p><b>Which searches it affects.</b> The heap searches only: A* ({@link Algorithm#ASTAR}, and {@link Algorithm#JPS}
 * where it runs A*: non-uniform costs, or 4-connected with a budget or a radius) and 8-connected JPS, with or
 * without landmarks. The 4-connected two-stack fast path ({@link TwoBucketAStar} with the {@link DeadEndTable}) and
 * {@link IntegrationField} stay exact in either mode.
 */
public enum SearchMode {
    /** Shortest paths: {@code f = g + h}. The default. */
    OPTIMAL(1.0),
    /**
     * Weighted A* / JPS, {@code f = g + }{@value #APPROXIMATE_WEIGHT}{@code  * h}, no re-expansions: a found path is
     * at most {@value #APPROXIMATE_WEIGHT} times the shortest (at most 2 % longer). The heuristic (octile or
     * Manhattan, or their maximum with the landmark bound) is consistent, and weighted A* with a consistent
     * heuristic that never re-opens a closed node is still {@code w}-admissible: every node it expands has
     * {@code g <= w * g*} (Likhachev, Gordon and Thrun, ARA*, NIPS 2003, theorem 1). JPS is A* over jump points with
     * the octile heuristic, so the same bound applies to it; the property tests check both against Dijkstra. With
     * an arrival radius the search ends at the first disc cell it pops, which may differ from the optimal
     * search's; with a node budget a PARTIAL path may differ too.
     */
    APPROXIMATE(SearchMode.APPROXIMATE_WEIGHT);

    /** The heuristic weight {@code w} of {@link #APPROXIMATE}: the bound on (found length / shortest length). */
    public static final double APPROXIMATE_WEIGHT = 1.02;

    private final double weight;
    private final String spelling = Spellings.of(this);

    SearchMode(double weight) {
        this.weight = weight;
    }

    /**
     * The factor {@code w >= 1} on the heuristic in {@code f = g + w * h}: 1 for {@link #OPTIMAL},
     * {@link #APPROXIMATE_WEIGHT} for {@link #APPROXIMATE}. Also the bound on found length over shortest length.
     */
    public double weight() {
        return weight;
    }

    /** The lower-case name used in config files and on the command line: {@code optimal}, {@code approximate}. */
    public String spelling() {
        return spelling;
    }

    /** The mode whose {@link #spelling()} is exactly {@code spelling} (case-sensitive), if any. */
    public static Optional<SearchMode> fromSpelling(String spelling) {
        return Spellings.find(values(), spelling);
    }

    /** Every {@link #spelling()} in declaration order, joined by {@code separator}: {@code "optimal|approximate"}. */
    public static String spellings(String separator) {
        return Spellings.join(values(), separator);
    }
}
