package dev.navserver.nav.smooth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
    void of_WhenSinglePoint_LengthZero() {
        assertThat(WorldPath.of(new double[] {1, 2, 3}).length()).isZero();
    }

    @Test
    void of_WhenNotWholePoints_IllegalArgument() {
        assertThatThrownBy(() -> WorldPath.of(new double[0])).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> WorldPath.of(new double[] {1, 2})).isInstanceOf(IllegalArgumentException.class);
    }
}
