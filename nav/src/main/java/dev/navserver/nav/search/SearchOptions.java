package dev.navserver.nav.search;

import java.util.Objects;

/**
 * Options of one search. Immutable.
 *
 * @param algorithm          {@link Algorithm#JPS} falls back to A* for non-uniform costs; with {@link Moves#FOUR} it
 *                           selects the two-stack A* on uniform costs when there is no budget and no radius
 * @param moves              move set
 * @param maxExpandedNodes   node budget, {@code >= 1}; when the search would expand more nodes it stops with
 *                           {@link SearchStatus#PARTIAL}. {@link Integer#MAX_VALUE} means unlimited
 * @param arrivalRadiusCells Euclidean radius around the goal, in cells, finite and {@code >= 0}; the search ends
 *                           with {@link SearchStatus#FOUND} at the first cell within it that it pops
 *                           (0 = the goal cell itself)
 * @param goalPolicy         what to do when the goal is blocked or unreachable
 */
public record SearchOptions(Algorithm algorithm, Moves moves, int maxExpandedNodes, double arrivalRadiusCells,
                            GoalPolicy goalPolicy) {
    /** JPS, 8-connected, unlimited budget, exact goal, {@link GoalPolicy#EXACT}. */
    public static final SearchOptions DEFAULT =
            new SearchOptions(Algorithm.JPS, Moves.EIGHT, Integer.MAX_VALUE, 0, GoalPolicy.EXACT);

    /** @throws IllegalArgumentException when a value is out of range; NullPointerException for a null enum */
    public SearchOptions {
        Objects.requireNonNull(algorithm, "algorithm");
        Objects.requireNonNull(moves, "moves");
        Objects.requireNonNull(goalPolicy, "goalPolicy");
        if (maxExpandedNodes < 1) {
            throw new IllegalArgumentException("maxExpandedNodes must be >= 1, got " + maxExpandedNodes);
        }
        if (!(arrivalRadiusCells >= 0) || !Double.isFinite(arrivalRadiusCells)) {
            throw new IllegalArgumentException("arrivalRadiusCells must be finite and >= 0, got " + arrivalRadiusCells);
        }
    }

    public SearchOptions withAlgorithm(Algorithm value) {
        return new SearchOptions(value, moves, maxExpandedNodes, arrivalRadiusCells, goalPolicy);
    }

    public SearchOptions withMoves(Moves value) {
        return new SearchOptions(algorithm, value, maxExpandedNodes, arrivalRadiusCells, goalPolicy);
    }

    public SearchOptions withMaxExpandedNodes(int value) {
        return new SearchOptions(algorithm, moves, value, arrivalRadiusCells, goalPolicy);
    }

    public SearchOptions withArrivalRadiusCells(double value) {
        return new SearchOptions(algorithm, moves, maxExpandedNodes, value, goalPolicy);
    }

    public SearchOptions withGoalPolicy(GoalPolicy value) {
        return new SearchOptions(algorithm, moves, maxExpandedNodes, arrivalRadiusCells, value);
    }
}
