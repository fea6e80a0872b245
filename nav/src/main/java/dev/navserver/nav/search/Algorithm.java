package dev.navserver.nav.search;

import java.util.Locale;
import java.util.Optional;

/**
 * Search algorithm of a {@link PathSearch}. Both return paths of the same optimal length. Config files and the
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
    JPS;

    private final String spelling = name().toLowerCase(Locale.ROOT);

    /** The lower-case name used in config files and on the command line: {@code astar}, {@code jps}. */
    public String spelling() {
        return spelling;
    }

    /** The algorithm whose {@link #spelling()} is exactly {@code spelling} (case-sensitive), if any. */
    public static Optional<Algorithm> fromSpelling(String spelling) {
        for (Algorithm a : values()) {
            if (a.spelling.equals(spelling)) {
                return Optional.of(a);
            }
        }
        return Optional.empty();
    }

    /** Every {@link #spelling()} in declaration order, joined by {@code separator}: {@code "astar|jps"}. */
    public static String spellings(String separator) {
        StringBuilder b = new StringBuilder();
        for (Algorithm a : values()) {
            if (b.length() > 0) {
                b.append(separator);
            }
            b.append(a.spelling);
        }
        return b.toString();
    }
}
