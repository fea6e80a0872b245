package dev.navserver.server.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.smooth.LineOfSight;
import dev.navserver.nav.smooth.SegmentCheck;
import dev.navserver.protocol.message.Vec3;
import java.util.List;

/** Geometry checks of paths received over the wire, against a map loaded the way the server loads it. */
final class PathAssertions {
    private PathAssertions() {
    }

    /** Every point on a walkable cell, every segment clear of blocked cells and cut corners, y = origin y. */
    static void assertWalkable(GridMap map, List<Vec3> points) {
        NavGrid grid = map.navGrid();
        assertThat(points).as("path").isNotEmpty();
        for (int i = 0; i < points.size(); i++) {
            Vec3 p = points.get(i);
            int cell = map.cellAt(p.x(), p.z());
            assertThat(cell).as("point %d %s is on the map", i, p).isNotEqualTo(GridMap.NO_CELL);
            assertThat(grid.openCell(cell)).as("point %d %s is walkable", i, p).isTrue();
            assertThat(p.y()).as("point %d y", i).isEqualTo(map.transform().originY());
            if (i > 0) {
                Vec3 a = points.get(i - 1);
                assertThat(LineOfSight.checkWorld(grid, a.x(), a.z(), p.x(), p.z()))
                        .as("segment %d %s -> %s", i - 1, a, p).isEqualTo(SegmentCheck.CLEAR);
            }
        }
    }

    static void assertXz(Vec3 actual, double x, double z) {
        assertThat(actual.x()).as("x of %s", actual).isEqualTo(x);
        assertThat(actual.z()).as("z of %s", actual).isEqualTo(z);
    }

    static Vec3 last(List<Vec3> points) {
        return points.get(points.size() - 1);
    }
}
