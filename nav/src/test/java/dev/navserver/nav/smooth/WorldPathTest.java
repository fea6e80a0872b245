package dev.navserver.nav.smooth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.navserver.nav.search.SearchStatus;
import org.junit.jupiter.api.Test;

class WorldPathTest {

    @Test
    void of_WhenPackedPoints_CopiesInputAndMeasuresLengthInThreeDimensions() {
        double[] xyz = {0, 0, 0, 3, 0, 4, 3, 2, 4};
        WorldPath p = WorldPath.of(xyz);
        xyz[0] = 99;
        assertThat(p.size()).isEqualTo(3);
        assertThat(p.x(0)).isZero();
        assertThat(p.z(1)).isEqualTo(4);
        assertThat(p.y(2)).isEqualTo(2);
        assertThat(p.length()).isEqualTo(7.0);
        assertThat(p.toArray()).isDeepEqualTo(new double[][] {{0, 0, 0}, {3, 0, 4}, {3, 2, 4}});
        assertThat(p.toPackedArray()).containsExactly(0, 0, 0, 3, 0, 4, 3, 2, 4);
        assertThat(p).isEqualTo(WorldPath.of(new double[] {0, 0, 0, 3, 0, 4, 3, 2, 4}));
    }

    @Test
    void bounds_CoverEveryPointInXAndZ_AndAreEmptyWithoutPoints() {
        WorldPath p = WorldPath.of(new double[] {1, 9, -2, -3, -9, 5, 4, 0, 0});
        assertThat(new double[] {p.minX(), p.minZ(), p.maxX(), p.maxZ()}).containsExactly(-3, -2, 4, 5);
        WorldPath moved = p.startingAt(10, 0, -7, false);
        assertThat(new double[] {moved.minX(), moved.minZ(), moved.maxX(), moved.maxZ()}).containsExactly(-3, -7, 10, 5);
        WorldPath none = WorldPath.none(SearchStatus.UNREACHABLE, 0);
        assertThat(none.minX()).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(none.maxZ()).isEqualTo(Double.NEGATIVE_INFINITY);
    }

    @Test
    void of_WhenSinglePoint_LengthZero() {
        assertThat(WorldPath.of(new double[] {1, 2, 3}).length()).isZero();
    }

    @Test
    void of_WhenNotWholePointsOrFoundWithoutPoints_IllegalArgument() {
        assertThatThrownBy(() -> WorldPath.of(new double[0])).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> WorldPath.of(new double[] {1, 2})).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void none_WhenSearchFailed_NoPointsZeroLengthKeepsStatusAndExpansions() {
        WorldPath p = WorldPath.none(SearchStatus.UNREACHABLE, 12);
        assertThat(p.hasPoints()).isFalse();
        assertThat(p.size()).isZero();
        assertThat(p.length()).isZero();
        assertThat(p.status()).isEqualTo(SearchStatus.UNREACHABLE);
        assertThat(p.expanded()).isEqualTo(12);
        assertThatThrownBy(() -> WorldPath.none(SearchStatus.PARTIAL, 0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void startingAt_WhenPrepending_AddsPointAndLengthKeepsOutcome() {
        WorldPath p = WorldPath.of(SearchStatus.PARTIAL, new double[] {3, 0, 0, 3, 0, 4}, 7);
        WorldPath q = p.startingAt(0, 0, 0, false);
        assertThat(q.toPackedArray()).containsExactly(0, 0, 0, 3, 0, 0, 3, 0, 4);
        assertThat(q.length()).isEqualTo(7.0);
        assertThat(q.status()).isEqualTo(SearchStatus.PARTIAL);
        assertThat(q.expanded()).isEqualTo(7);
        assertThat(p.size()).isEqualTo(2);
    }

    @Test
    void startingAt_WhenReplacingFirst_SameSizeOriginalUntouched() {
        WorldPath p = WorldPath.of(new double[] {1, 0, 0, 3, 0, 4});
        WorldPath q = p.startingAt(3, 0, 0, true);
        assertThat(q.toPackedArray()).containsExactly(3, 0, 0, 3, 0, 4);
        assertThat(q.length()).isEqualTo(4.0);
        assertThat(p.x(0)).isEqualTo(1);
        assertThatThrownBy(() -> WorldPath.none(SearchStatus.UNREACHABLE, 0).startingAt(0, 0, 0, false))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void withOutcome_WhenPlannerLabelsResult_SamePointsNewStatus() {
        WorldPath p = WorldPath.of(new double[] {0, 0, 0, 1, 0, 0}).withOutcome(SearchStatus.PARTIAL, 5);
        assertThat(p.status()).isEqualTo(SearchStatus.PARTIAL);
        assertThat(p.expanded()).isEqualTo(5);
        assertThat(p).isNotEqualTo(WorldPath.of(new double[] {0, 0, 0, 1, 0, 0}));
    }
}
