package dev.navserver.nav.grid;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;

/**
 * World to grid and back on maps with negative origins, fractional cell sizes and non-square shapes
 * (issue 2, section 3): centres round-trip, points within 0.49 cell of a centre land in that cell, and points
 * outside the map are {@link GridMap#NO_CELL}, never clamped.
 */
class WorldGridRoundTripTest {
    private static final double[] CELL_SIZES = {0.5, 0.25, 0.1, 2, 1};

    private static GridMap map(int w, int h, double ox, double oy, double oz, double cellSize) {
        boolean[] open = new boolean[w * h];
        Arrays.fill(open, true);
        return GridMap.ofWalkable("roundtrip", w, h, new WorldTransform(ox, oy, oz, cellSize), open);
    }

    @Property(tries = 300)
    void cellCentres_RoundTripAndNearbyPointsStayInTheirCell(
            @ForAll @IntRange(min = 1, max = 40) int w,
            @ForAll @IntRange(min = 1, max = 40) int h,
            @ForAll @DoubleRange(min = -5000, max = 500) double ox,
            @ForAll @DoubleRange(min = -50, max = 50) double oy,
            @ForAll @DoubleRange(min = -5000, max = 500) double oz,
            @ForAll @IntRange(min = 0, max = 4) int sizeIndex,
            @ForAll long seed) {
        double cs = CELL_SIZES[sizeIndex];
        GridMap map = map(w, h, ox, oy, oz, cs);
        Random rnd = new Random(seed);
        for (int cell = 0; cell < w * h; cell++) {
            double x = map.worldX(cell);
            double z = map.worldZ(cell);
            assertThat(map.cellAt(x, z)).as("centre of cell %d", cell).isEqualTo(cell);
            double fx = (rnd.nextDouble() * 2 - 1) * 0.49;
            double fz = (rnd.nextDouble() * 2 - 1) * 0.49;
            assertThat(map.cellAt(x + fx * cs, z + fz * cs)).as("cell %d offset (%s, %s)", cell, fx, fz)
                    .isEqualTo(cell);
            assertThat(map.cellAt(x + 0.49 * cs, z - 0.49 * cs)).isEqualTo(cell);
            assertThat(map.cellAt(x - 0.49 * cs, z + 0.49 * cs)).isEqualTo(cell);
        }
    }

    @Property(tries = 300)
    void pointsOutsideTheMap_AreNoCellNeverClamped(
            @ForAll @IntRange(min = 1, max = 40) int w,
            @ForAll @IntRange(min = 1, max = 40) int h,
            @ForAll @DoubleRange(min = -5000, max = 500) double ox,
            @ForAll @DoubleRange(min = -5000, max = 500) double oz,
            @ForAll @IntRange(min = 0, max = 4) int sizeIndex,
            @ForAll @DoubleRange(min = 0.51, max = 100) double beyond,
            @ForAll @DoubleRange(min = -0.49, max = 0.49) double along) {
        double cs = CELL_SIZES[sizeIndex];
        GridMap map = map(w, h, ox, 0, oz, cs);
        WorldTransform t = map.transform();
        // fractional (col, row) positions more than half a cell beyond each edge of the map
        double midCol = (w - 1) / 2.0 + along;
        double midRow = (h - 1) / 2.0 + along;
        double[][] outside = {
            {-beyond, midRow}, {w - 1 + beyond, midRow}, {midCol, -beyond}, {midCol, h - 1 + beyond},
            {-beyond, -beyond}, {w - 1 + beyond, h - 1 + beyond},
        };
        for (double[] p : outside) {
            assertThat(map.cellAt(t.x(p[0]), t.z(p[1]))).as("grid point (%s, %s)", p[0], p[1])
                    .isEqualTo(GridMap.NO_CELL);
        }
        assertThat(map.cellAt(1e300, t.z(0))).isEqualTo(GridMap.NO_CELL);
        assertThat(map.cellAt(t.x(0), -1e300)).isEqualTo(GridMap.NO_CELL);
        assertThat(map.cellAt(Double.NaN, t.z(0))).isEqualTo(GridMap.NO_CELL);
        // just inside each edge is still a cell
        assertThat(map.cellAt(t.x(-0.49), t.z(h - 1 + 0.49))).isEqualTo(map.cell(0, h - 1));
    }
}
