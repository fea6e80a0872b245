package dev.navserver.nav.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** Goal at padded (10, 10) of a grid with stride 30. */
class GoalTest {
    private static final int STRIDE = 30;
    private static final int GOAL = 10 * STRIDE + 10;

    private final Goal goal = new Goal();

    @Test
    void heuristic_WhenEightConnected_IsOctile() {
        goal.set(GOAL, STRIDE, false, 0, STRIDE, null, 0, 0);
        assertThat(goal.heuristic(14 * STRIDE + 13, 13, 14)).isCloseTo(4 + 3 * (Math.sqrt(2) - 1), within(1e-12));
        assertThat(goal.heuristic(10 * STRIDE + 4, 4, 10)).isEqualTo(6.0);
        assertThat(goal.heuristic(10 * STRIDE + 10, 10, 10)).isZero();
    }

    @Test
    void heuristic_WhenFourConnected_IsManhattan() {
        goal.set(GOAL, STRIDE, true, 0, STRIDE, null, 0, 0);
        assertThat(goal.heuristic(14 * STRIDE + 13, 13, 14)).isEqualTo(7.0);
    }

    @Test
    void arrived_WhenNoRadius_OnlyAtTheGoal() {
        goal.set(GOAL, STRIDE, false, 0.9, STRIDE, null, 0, 0);
        assertThat(goal.arrived(GOAL)).isTrue();
        assertThat(goal.arrived(GOAL + 1)).isFalse();
        assertThat(goal.inDisc(10, 10)).isTrue();
        assertThat(goal.inDisc(11, 10)).isFalse();
    }

    @Test
    void arrived_WhenRadiusTwoAndAHalf_CoversTheCellsWithinTheEuclideanDistance() {
        goal.set(GOAL, STRIDE, false, 2.5, STRIDE, null, 0, 0);
        String[] expected = {
                ".......",
                "..###..",
                ".#####.",
                ".#####.",
                ".#####.",
                "..###..",
                "......."};
        for (int dy = -3; dy <= 3; dy++) {
            StringBuilder row = new StringBuilder();
            for (int dx = -3; dx <= 3; dx++) {
                row.append(goal.arrived((10 + dy) * STRIDE + 10 + dx) ? '#' : '.');
            }
            assertThat(row.toString()).as("dy = %d", dy).isEqualTo(expected[dy + 3]);
        }
    }

    @Test
    void set_WhenTheRadiusExceedsTheGrid_ClampsTheDisc() {
        goal.set(GOAL, STRIDE, false, 1e9, STRIDE, null, 0, 0);
        assertThat(goal.discRadius).isEqualTo(STRIDE);
        assertThat(goal.arrived(0)).isTrue();
    }
}
