package dev.navserver.server.net;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.WorldTransform;
import dev.navserver.protocol.message.PathValid;
import dev.navserver.protocol.message.RequestId;
import dev.navserver.protocol.message.ValidatePath;
import dev.navserver.protocol.message.Vec3;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How {@link SessionHandler#validate} turns the engine's {@code PathCheck} into a {@code path_valid}. */
class SessionHandlerValidateTest {
    // unit transform with origin y 2: world (x, z) = (col, -row)
    private static final GridMap MAP = ascii(
            "....",
            ".#..",
            "....");

    private static GridMap ascii(String... rows) {
        int w = rows[0].length();
        boolean[] walkable = new boolean[w * rows.length];
        for (int r = 0; r < rows.length; r++) {
            for (int c = 0; c < w; c++) {
                walkable[r * w + c] = rows[r].charAt(c) == '.';
            }
        }
        return GridMap.ofWalkable("t", w, rows.length, new WorldTransform(0, 2, 0, 1), walkable);
    }

    private static PathValid validate(Vec3... points) {
        return SessionHandler.validate(MAP, new ValidatePath(RequestId.of("v"), List.of(points)));
    }

    @Test
    void validate_WhenPathIsWalkable_ValidWithoutSegmentOrReasonAndWhateverY() {
        assertThat(validate(new Vec3(0, 0, 0), new Vec3(3, -7, 0), new Vec3(3, 2, -2)))
                .isEqualTo(new PathValid(RequestId.of("v"), true, null, null));
    }

    @Test
    void validate_WhenPathIsBad_ReportsTheEnginesSegmentAndWireReason() {
        assertThat(validate(new Vec3(0, 0, 0), new Vec3(0, 0, -1), new Vec3(1, 0, -1)))
                .isEqualTo(new PathValid(RequestId.of("v"), false, 1, "blocked"));
        assertThat(validate(new Vec3(0, 0, 0), new Vec3(1, 0, 0), new Vec3(2, 0, -1)))
                .isEqualTo(new PathValid(RequestId.of("v"), false, 1, "corner"));
        assertThat(validate(new Vec3(0, 0, 0), new Vec3(4, 0, 0)))
                .isEqualTo(new PathValid(RequestId.of("v"), false, 0, "off_map"));
    }

    @Test
    void validate_WhenNoPoints_EmptyWithoutSegment() {
        assertThat(validate()).isEqualTo(new PathValid(RequestId.of("v"), false, null, "empty"));
    }
}
