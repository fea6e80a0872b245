package dev.navserver.nav.search;

/** Move set of a search. */
public enum Moves {
    /**
     * Straight moves (length 1) and diagonal moves (length sqrt(2)); a diagonal move is allowed only when both
     * orthogonal neighbours it passes are standable (no corner cutting). Heuristic: octile distance.
     */
    EIGHT,
    /** Straight moves only (length 1). Heuristic: Manhattan distance. */
    FOUR
}
