package dev.navserver.nav.smooth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.navserver.nav.smooth.PathCheck.Reason;
import org.junit.jupiter.api.Test;

class PathCheckTest {

    @Test
    void factories_KeepTheirArguments() {
        assertThat(PathCheck.OK).isEqualTo(new PathCheck(true, -1, null));
        assertThat(PathCheck.empty()).isEqualTo(new PathCheck(false, -1, Reason.EMPTY));
        assertThat(PathCheck.failed(Reason.CORNER, 3)).isEqualTo(new PathCheck(false, 3, Reason.CORNER));
        assertThat(PathCheck.failed(Reason.OFF_MAP, 0).badSegment()).isZero();
        assertThat(PathCheck.failed(Reason.BLOCKED, 7).ok()).isFalse();
    }

    @Test
    void reasons_HaveTheServersWireNames() {
        assertThat(Reason.values()).extracting(Reason::wire)
                .containsExactly("empty", "off_map", "blocked", "corner", "wrong_y");
    }

    @Test
    void constructor_WhenFieldsDisagree_IllegalArgument() {
        assertThatThrownBy(() -> new PathCheck(true, 0, null)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new PathCheck(true, -1, Reason.BLOCKED)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new PathCheck(false, 0, null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> PathCheck.failed(Reason.EMPTY, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PathCheck.failed(Reason.BLOCKED, -1)).isInstanceOf(IllegalArgumentException.class);
    }
}
