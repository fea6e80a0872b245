package dev.navserver.nav.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SearchOptionsTest {

    @Test
    void default_IsJpsEightConnectedUnlimitedExactGoal() {
        SearchOptions d = SearchOptions.DEFAULT;
        assertThat(d.algorithm()).isEqualTo(Algorithm.JPS);
        assertThat(d.moves()).isEqualTo(Moves.EIGHT);
        assertThat(d.maxExpandedNodes()).isEqualTo(Integer.MAX_VALUE);
        assertThat(d.arrivalRadiusCells()).isZero();
        assertThat(d.goalPolicy()).isEqualTo(GoalPolicy.EXACT);
        assertThat(d.landmarks()).isZero();
        assertThat(d.mode()).isEqualTo(SearchMode.OPTIMAL);
    }

    @Test
    void withMode_ChangesOnlyTheModeAndConvenienceConstructorsAreOptimal() {
        SearchOptions o = SearchOptions.DEFAULT.withLandmarks(4).withMode(SearchMode.APPROXIMATE);
        assertThat(o.mode()).isEqualTo(SearchMode.APPROXIMATE);
        assertThat(o.withAlgorithm(Algorithm.ASTAR).withLandmarks(2).mode()).isEqualTo(SearchMode.APPROXIMATE);
        assertThat(o.withMode(SearchMode.OPTIMAL)).isEqualTo(SearchOptions.DEFAULT.withLandmarks(4));
        assertThat(new SearchOptions(Algorithm.JPS, Moves.EIGHT, 10, 0, GoalPolicy.EXACT, 3).mode())
                .isEqualTo(SearchMode.OPTIMAL);
        assertThatThrownBy(() -> SearchOptions.DEFAULT.withMode(null)).isInstanceOf(NullPointerException.class);
    }

    @Test
    void searchModeSpellings_RoundTripCaseSensitively() {
        assertThat(SearchMode.spellings("|")).isEqualTo("optimal|approximate");
        for (SearchMode m : SearchMode.values()) {
            assertThat(SearchMode.fromSpelling(m.spelling())).contains(m);
        }
        assertThat(SearchMode.fromSpelling("Approximate")).isEmpty();
        assertThat(SearchMode.fromSpelling("fast")).isEmpty();
    }

    @Test
    void withLandmarks_AcceptsZeroToThirtyTwoAndRejectsTheRest() {
        assertThat(SearchOptions.DEFAULT.withLandmarks(32).landmarks()).isEqualTo(32);
        assertThat(SearchOptions.DEFAULT.withLandmarks(8).withAlgorithm(Algorithm.ASTAR).landmarks()).isEqualTo(8);
        assertThatThrownBy(() -> SearchOptions.DEFAULT.withLandmarks(33))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("landmarks");
        assertThatThrownBy(() -> SearchOptions.DEFAULT.withLandmarks(-1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("landmarks");
    }

    @Test
    void withLandmarksMinDistanceCells_IsKeptByTheOtherWithersAndRejectsNegatives() {
        SearchOptions o = SearchOptions.DEFAULT.withLandmarksMinDistanceCells(64);
        assertThat(SearchOptions.DEFAULT.landmarksMinDistanceCells()).isZero();
        assertThat(o.withLandmarks(16).withAlgorithm(Algorithm.ASTAR).withMode(SearchMode.APPROXIMATE)
                .withMaxExpandedNodes(10).withArrivalRadiusCells(1).withGoalPolicy(GoalPolicy.NEAREST_REACHABLE)
                .withMoves(Moves.FOUR).landmarksMinDistanceCells()).isEqualTo(64);
        assertThatThrownBy(() -> SearchOptions.DEFAULT.withLandmarksMinDistanceCells(-1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("landmarksMinDistanceCells");
    }

    @Test
    void withers_ChangeOnlyTheirField() {
        SearchOptions o = SearchOptions.DEFAULT.withAlgorithm(Algorithm.ASTAR).withMoves(Moves.FOUR)
                .withMaxExpandedNodes(8000).withArrivalRadiusCells(1.5).withGoalPolicy(GoalPolicy.NEAREST_REACHABLE);
        assertThat(o).isEqualTo(new SearchOptions(Algorithm.ASTAR, Moves.FOUR, 8000, 1.5, GoalPolicy.NEAREST_REACHABLE));
        assertThat(SearchOptions.DEFAULT.withMaxExpandedNodes(5).algorithm()).isEqualTo(Algorithm.JPS);
    }

    @Test
    void constructor_WhenOutOfRange_ThrowsWithTheFieldName() {
        assertThatThrownBy(() -> SearchOptions.DEFAULT.withMaxExpandedNodes(0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxExpandedNodes");
        assertThatThrownBy(() -> SearchOptions.DEFAULT.withArrivalRadiusCells(-0.5))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("arrivalRadiusCells");
        assertThatThrownBy(() -> SearchOptions.DEFAULT.withArrivalRadiusCells(Double.NaN))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> SearchOptions.DEFAULT.withArrivalRadiusCells(Double.POSITIVE_INFINITY))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> SearchOptions.DEFAULT.withAlgorithm(null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> SearchOptions.DEFAULT.withMoves(null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> SearchOptions.DEFAULT.withGoalPolicy(null)).isInstanceOf(NullPointerException.class);
    }
}
