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
 * @param landmarks          landmarks of the differential heuristic, {@code 0..}{@link LandmarkTable#MAX_LANDMARKS};
 *                           0 = octile only. With {@code k > 0}, 8-connected searches take the larger of the octile
 *                           distance and the bound of the {@code k} landmarks of the grid's {@link LandmarkTable}
 *                           that bound this query's start-goal distance best (lengths stay optimal, fewer nodes
 *                           are expanded in rooms and mazes; each node costs {@code k} more table reads). The table
 *                           is built by the first such search on each grid (about a second on a 512 x 512 map,
 *                           see {@link LandmarkTable#forGrid}) and not at all when it would exceed
 *                           {@link LandmarkTable#MAX_TABLE_BYTES}. Ignored for {@link Moves#FOUR}
 * @param mode               {@link SearchMode#OPTIMAL} (shortest paths) or {@link SearchMode#APPROXIMATE} (weighted
 *                           A* / JPS, paths at most {@value SearchMode#APPROXIMATE_WEIGHT} times the shortest; see
 *                           there for which searches it affects). Combines with landmarks
 * @param landmarksMinDistanceCells octile distance between start and goal, in cells, {@code >= 0}, below which a
 *                           search uses the octile heuristic only, whatever {@code landmarks} says: short searches
 *                           gain little from landmarks and would pay a table read (often a cache miss) per node.
 *                           0 = every search with {@code landmarks > 0} uses them
 */
public record SearchOptions(Algorithm algorithm, Moves moves, int maxExpandedNodes, double arrivalRadiusCells,
                            GoalPolicy goalPolicy, int landmarks, SearchMode mode, int landmarksMinDistanceCells) {
    /** JPS, 8-connected, unlimited budget, exact goal, {@link GoalPolicy#EXACT}, no landmarks, optimal. */
    public static final SearchOptions DEFAULT =
            new SearchOptions(Algorithm.JPS, Moves.EIGHT, Integer.MAX_VALUE, 0, GoalPolicy.EXACT, 0,
                    SearchMode.OPTIMAL, 0);

    /** @throws IllegalArgumentException when a value is out of range; NullPointerException for a null enum */
    public SearchOptions {
        Objects.requireNonNull(algorithm, "algorithm");
        Objects.requireNonNull(moves, "moves");
        Objects.requireNonNull(goalPolicy, "goalPolicy");
        Objects.requireNonNull(mode, "mode");
        if (maxExpandedNodes < 1) {
            throw new IllegalArgumentException("maxExpandedNodes must be >= 1, got " + maxExpandedNodes);
        }
        if (!(arrivalRadiusCells >= 0) || !Double.isFinite(arrivalRadiusCells)) {
            throw new IllegalArgumentException("arrivalRadiusCells must be finite and >= 0, got " + arrivalRadiusCells);
        }
        if (landmarks < 0 || landmarks > LandmarkTable.MAX_LANDMARKS) {
            throw new IllegalArgumentException("landmarks must be in [0, " + LandmarkTable.MAX_LANDMARKS + "], got "
                    + landmarks);
        }
        if (landmarksMinDistanceCells < 0) {
            throw new IllegalArgumentException("landmarksMinDistanceCells must be >= 0, got "
                    + landmarksMinDistanceCells);
        }
    }

    /** Options with landmarks for searches of every length. */
    public SearchOptions(Algorithm algorithm, Moves moves, int maxExpandedNodes, double arrivalRadiusCells,
                         GoalPolicy goalPolicy, int landmarks, SearchMode mode) {
        this(algorithm, moves, maxExpandedNodes, arrivalRadiusCells, goalPolicy, landmarks, mode, 0);
    }

    /** Optimal options with {@code landmarks} landmarks. */
    public SearchOptions(Algorithm algorithm, Moves moves, int maxExpandedNodes, double arrivalRadiusCells,
                         GoalPolicy goalPolicy, int landmarks) {
        this(algorithm, moves, maxExpandedNodes, arrivalRadiusCells, goalPolicy, landmarks, SearchMode.OPTIMAL);
    }

    /** Optimal options without landmarks (octile heuristic only). */
    public SearchOptions(Algorithm algorithm, Moves moves, int maxExpandedNodes, double arrivalRadiusCells,
                         GoalPolicy goalPolicy) {
        this(algorithm, moves, maxExpandedNodes, arrivalRadiusCells, goalPolicy, 0);
    }

    public SearchOptions withAlgorithm(Algorithm value) {
        return new SearchOptions(value, moves, maxExpandedNodes, arrivalRadiusCells, goalPolicy, landmarks, mode,
                landmarksMinDistanceCells);
    }

    public SearchOptions withMoves(Moves value) {
        return new SearchOptions(algorithm, value, maxExpandedNodes, arrivalRadiusCells, goalPolicy, landmarks, mode,
                landmarksMinDistanceCells);
    }

    public SearchOptions withMaxExpandedNodes(int value) {
        return new SearchOptions(algorithm, moves, value, arrivalRadiusCells, goalPolicy, landmarks, mode,
                landmarksMinDistanceCells);
    }

    public SearchOptions withArrivalRadiusCells(double value) {
        return new SearchOptions(algorithm, moves, maxExpandedNodes, value, goalPolicy, landmarks, mode,
                landmarksMinDistanceCells);
    }

    public SearchOptions withGoalPolicy(GoalPolicy value) {
        return new SearchOptions(algorithm, moves, maxExpandedNodes, arrivalRadiusCells, value, landmarks, mode,
                landmarksMinDistanceCells);
    }

    public SearchOptions withLandmarks(int value) {
        return new SearchOptions(algorithm, moves, maxExpandedNodes, arrivalRadiusCells, goalPolicy, value, mode,
                landmarksMinDistanceCells);
    }

    public SearchOptions withMode(SearchMode value) {
        return new SearchOptions(algorithm, moves, maxExpandedNodes, arrivalRadiusCells, goalPolicy, landmarks, value,
                landmarksMinDistanceCells);
    }

    public SearchOptions withLandmarksMinDistanceCells(int value) {
        return new SearchOptions(algorithm, moves, maxExpandedNodes, arrivalRadiusCells, goalPolicy, landmarks, mode,
                value);
    }
}
