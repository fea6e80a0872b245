package dev.navserver.nav.search;

/** Search algorithm of a {@link PathSearch}. Both return paths of the same optimal length. */
public enum Algorithm {
    /** A* over single-cell moves. */
    ASTAR,
    /**
     * Jump Point Search over 8-connected moves on uniform-cost grids. With {@link Moves#FOUR} or a grid whose
     * layer has non-uniform costs, the search runs A* instead.
     */
    JPS
}
