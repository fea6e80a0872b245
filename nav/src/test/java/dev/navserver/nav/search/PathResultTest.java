package dev.navserver.nav.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.navserver.nav.grid.GridMap;
import org.junit.jupiter.api.Test;

class PathResultTest {

    @Test
    void found_KeepsCellsLengthAndExpansions_EndCellIsLastCell() {
        PathResult r = PathResult.found(new int[] {3, 4, 9}, 1 + Math.sqrt(2), 7);
        assertThat(r.status()).isEqualTo(SearchStatus.FOUND);
        assertThat(r.cells()).containsExactly(3, 4, 9);
        assertThat(r.cellCount()).isEqualTo(3);
        assertThat(r.cell(1)).isEqualTo(4);
        assertThat(r.length()).isEqualTo(1 + Math.sqrt(2));
        assertThat(r.expanded()).isEqualTo(7);
        assertThat(r.endCell()).isEqualTo(9);
        assertThat(r.hasPath()).isTrue();
    }

    @Test
    void partial_KeepsItsArguments() {
        PathResult r = PathResult.partial(new int[] {5}, 0, 1);
        assertThat(r.status()).isEqualTo(SearchStatus.PARTIAL);
        assertThat(r.cells()).containsExactly(5);
        assertThat(r.length()).isZero();
        assertThat(r.expanded()).isEqualTo(1);
        assertThat(r.endCell()).isEqualTo(5);
    }

    @Test
    void unreachable_WithAndWithoutExpansions_HasNoPath() {
        PathResult none = PathResult.unreachable(0);
        assertThat(none.status()).isEqualTo(SearchStatus.UNREACHABLE);
        assertThat(none.expanded()).isZero();
        assertThat(none.cells()).isEmpty();
        assertThat(none.endCell()).isEqualTo(GridMap.NO_CELL);
        assertThat(PathResult.unreachable(12).expanded()).isEqualTo(12);
        assertThat(PathResult.unreachable(12).status()).isEqualTo(SearchStatus.UNREACHABLE);
    }

    @Test
    void startBlockedGoalBlockedOutOfBounds_HaveTheirStatusAndNoPath() {
        for (PathResult r : new PathResult[] {PathResult.startBlocked(), PathResult.goalBlocked(), PathResult.outOfBounds()}) {
            assertThat(r.cells()).isEmpty();
            assertThat(r.hasPath()).isFalse();
            assertThat(r.length()).isZero();
            assertThat(r.expanded()).isZero();
            assertThat(r.endCell()).isEqualTo(GridMap.NO_CELL);
        }
        assertThat(PathResult.startBlocked().status()).isEqualTo(SearchStatus.START_BLOCKED);
        assertThat(PathResult.goalBlocked().status()).isEqualTo(SearchStatus.GOAL_BLOCKED);
        assertThat(PathResult.outOfBounds().status()).isEqualTo(SearchStatus.OUT_OF_BOUNDS);
    }

    @Test
    void cells_ReturnsACopy_ResultStaysUnchanged() {
        PathResult r = PathResult.found(new int[] {1, 2}, 1, 1);
        r.cells()[0] = 99;
        assertThat(r.cells()).containsExactly(1, 2);
    }

    @Test
    void factories_WhenArgumentsInvalid_Throw() {
        assertThatThrownBy(() -> PathResult.found(new int[0], 0, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PathResult.partial(new int[] {1}, -1, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PathResult.found(new int[] {1}, Double.NaN, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PathResult.found(new int[] {1}, 0, -1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PathResult.unreachable(-1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void equals_ComparesStatusCellsLengthAndExpansions() {
        assertThat(PathResult.found(new int[] {1, 2}, 1, 3)).isEqualTo(PathResult.found(new int[] {1, 2}, 1, 3))
                .hasSameHashCodeAs(PathResult.found(new int[] {1, 2}, 1, 3));
        assertThat(PathResult.found(new int[] {1, 2}, 1, 3)).isNotEqualTo(PathResult.partial(new int[] {1, 2}, 1, 3));
        assertThat(PathResult.found(new int[] {1, 2}, 1, 3)).isNotEqualTo(PathResult.found(new int[] {1, 2}, 1, 4));
    }
}
