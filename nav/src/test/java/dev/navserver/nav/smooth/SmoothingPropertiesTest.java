package dev.navserver.nav.smooth;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.MoveLayer;
import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.grid.WorldTransform;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * Random maps against {@link SegmentOracle}. All generated coordinates are dyadic (multiples of 1/1024 cell, and
 * transforms with power-of-two cell sizes) so that the oracle's integer arithmetic is exact.
 */
class SmoothingPropertiesTest {
    private static final WorldTransform[] TRANSFORMS = {
        WorldTransform.UNIT,
        new WorldTransform(-3.5, 0, 2.25, 0.5),
        new WorldTransform(-10, 1.5, -4, 0.25),
        new WorldTransform(6, -2, -2, 2),
    };
    private static final int[] DENOMINATORS = {2, 16, 1024};

    /** A random map drawn as ASCII when a property fails. */
    record RandomMap(int width, int height, boolean[] open, int transform) {
        GridMap gridMap() {
            return GridMap.ofWalkable("random", width, height, TRANSFORMS[transform], open);
        }

        int openCount() {
            int n = 0;
            for (boolean o : open) {
                n += o ? 1 : 0;
            }
            return n;
        }

        @Override
        public String toString() {
            StringBuilder sb = new StringBuilder(width + "x" + height + " " + TRANSFORMS[transform] + "\n");
            for (int r = 0; r < height; r++) {
                for (int c = 0; c < width; c++) {
                    sb.append(open[r * width + c] ? '.' : '#');
                }
                sb.append('\n');
            }
            return sb.toString();
        }
    }

    record SegmentCase(RandomMap map, double x0, double y0, double x1, double y1) {
    }

    record PathCase(RandomMap map, int startPick, int goalPick, int[] offsets64, boolean diagonal, int agentSize) {
        @Override
        public String toString() {
            return map + "startPick=" + startPick + " goalPick=" + goalPick + " offsets/64="
                    + java.util.Arrays.toString(offsets64) + " diagonal=" + diagonal + " agentSize=" + agentSize;
        }
    }

    @Provide
    Arbitrary<RandomMap> maps() {
        return Arbitraries.integers().between(1, 12).flatMap(w ->
                Arbitraries.integers().between(1, 12).flatMap(h ->
                        Arbitraries.integers().between(0, 45).flatMap(wallPercent ->
                                Arbitraries.integers().between(0, 99).map(p -> p >= wallPercent)
                                        .list().ofSize(w * h).flatMap(cells ->
                                                Arbitraries.integers().between(0, TRANSFORMS.length - 1)
                                                        .map(t -> new RandomMap(w, h, toArray(cells), t))))));
    }

    @Provide
    Arbitrary<SegmentCase> segments() {
        return maps().flatMap(m -> Combinators.combine(
                coordinate(m.width()), coordinate(m.height()), coordinate(m.width()), coordinate(m.height()))
                .as((x0, y0, x1, y1) -> new SegmentCase(m, x0, y0, x1, y1)));
    }

    /** Segments between points of the half-cell lattice strictly inside the map: vertices, edges and centres. */
    @Provide
    Arbitrary<SegmentCase> latticeSegments() {
        return maps().flatMap(m -> Combinators.combine(
                half(m.width()), half(m.height()), half(m.width()), half(m.height()))
                .as((x0, y0, x1, y1) -> new SegmentCase(m, x0, y0, x1, y1)));
    }

    private static Arbitrary<Double> half(int n) {
        return Arbitraries.integers().between(0, 2 * n - 2).withoutEdgeCases().map(k -> k / 2.0);
    }

    /**
     * A grid coordinate, a multiple of 1/2, 1/16 or 1/1024 so that cell boundaries and vertices are hit often:
     * mostly strictly inside the map, sometimes a cell centre (centre-to-centre diagonals pass vertices),
     * sometimes anywhere in the ring around the map, [-1.5, n + 0.5].
     */
    private static Arbitrary<Double> coordinate(int n) {
        return Arbitraries.integers().between(0, 7).flatMap(choice -> {
            if (choice == 7) {
                return Arbitraries.integers().between(0, n - 1).map(k -> (double) k);
            }
            int den = DENOMINATORS[choice % DENOMINATORS.length];
            boolean ring = choice == 6;
            int lo = ring ? -3 * den / 2 : -den / 2 + 1;
            int hi = ring ? (2 * n + 1) * den / 2 : (2 * n - 1) * den / 2 - 1;
            return Arbitraries.integers().between(lo, hi).withoutEdgeCases().map(k -> (double) k / den);
        });
    }

    @Provide
    Arbitrary<PathCase> paths() {
        return maps().filter(m -> m.openCount() > 0).flatMap(m -> Combinators.combine(
                Arbitraries.integers().between(0, 10_000),
                Arbitraries.integers().between(0, 10_000),
                Arbitraries.integers().between(-31, 31).array(int[].class).ofSize(4),
                Arbitraries.of(true, false),
                Arbitraries.integers().between(1, 2))
                .as((s, g, off, diag, size) -> new PathCase(m, s, g, off, diag, size)));
    }

    @Property(tries = 2000)
    void lineOfSight_AgreesWithExactOracleOnRandomSegments(@ForAll("segments") SegmentCase s) {
        NavGrid g = s.map().gridMap().navGrid();
        SegmentCheck expected = SegmentOracle.classify(g, s.x0(), s.y0(), s.x1(), s.y1());
        Statistics.collect(expected);
        assertThat(LineOfSight.check(g, s.x0(), s.y0(), s.x1(), s.y1())).isEqualTo(expected);
        assertThat(LineOfSight.clear(g, s.x0(), s.y0(), s.x1(), s.y1())).isEqualTo(expected == SegmentCheck.CLEAR);
    }

    @Property(tries = 1500)
    void lineOfSight_AgreesWithExactOracleOnHalfCellLattice(@ForAll("latticeSegments") SegmentCase s) {
        lineOfSight_AgreesWithExactOracleOnRandomSegments(s);
    }

    @Property(tries = 1000)
    void smoothedPath_NeverCrossesBlockedCellOrCorner_AndKeepsExactEnds(@ForAll("paths") PathCase pc) {
        GridMap map = pc.map().gridMap();
        NavGrid grid = map.navGrid(MoveLayer.DEFAULT, pc.agentSize());
        if (grid.islandCount() == 0) {
            grid = map.navGrid(); // nowhere a 2x2 agent fits
        }
        WorldTransform t = map.transform();
        int start = nthOpen(grid, pc.startPick());
        int goal = nthOpen(grid, pc.goalPick());
        int[] cells = GridBfs.path(grid, start, goal, pc.diagonal());
        if (cells == null) {
            goal = start;
            cells = new int[] {start};
        }
        int[] off = pc.offsets64();
        double sx = t.x(map.col(start) + off[0] / 64.0);
        double sz = t.z(map.row(start) + off[1] / 64.0);
        double gx = t.x(map.col(goal) + off[2] / 64.0);
        double gz = t.z(map.row(goal) + off[3] / 64.0);

        PathSmoother smoother = new PathSmoother();
        WorldPath turning = smoother.turningPath(map, sx, sz, gx, gz, cells, cells.length);
        WorldPath smooth = smoother.smooth(grid, sx, sz, gx, gz, cells, cells.length);

        for (WorldPath p : List.of(turning, smooth)) {
            int n = p.size();
            assertThat(n).isGreaterThanOrEqualTo(2);
            assertThat(new double[] {p.x(0), p.z(0), p.x(n - 1), p.z(n - 1)}).containsExactly(sx, sz, gx, gz);
            for (int i = 0; i < n; i++) {
                assertThat(p.y(i)).isEqualTo(t.originY());
                if (i > 0 && i < n - 1) {
                    assertThat(t.gridX(p.x(i))).as("inner point %d is a cell centre", i).isEqualTo(Math.rint(t.gridX(p.x(i))));
                    assertThat(t.gridY(p.z(i))).isEqualTo(Math.rint(t.gridY(p.z(i))));
                }
            }
            for (int i = 1; i < n; i++) {
                SegmentCheck oracle = SegmentOracle.classify(grid,
                        t.gridX(p.x(i - 1)), t.gridY(p.z(i - 1)), t.gridX(p.x(i)), t.gridY(p.z(i)));
                assertThat(oracle).as("segment %d of %s", i, p).isEqualTo(SegmentCheck.CLEAR);
            }
        }
        assertThat(smooth.size()).isLessThanOrEqualTo(turning.size());
        assertThat(smooth.length()).isLessThanOrEqualTo(turning.length() + 1e-9);
    }

    /** The k-th cell open in {@code g} (mod the number of open cells); assumes there is one. */
    private static int nthOpen(NavGrid g, int k) {
        int n = g.width() * g.height();
        int count = 0;
        for (int i = 0; i < n; i++) {
            count += g.openCell(i) ? 1 : 0;
        }
        int target = k % count;
        for (int i = 0; i < n; i++) {
            if (g.openCell(i) && target-- == 0) {
                return i;
            }
        }
        throw new AssertionError();
    }

    private static boolean[] toArray(List<Boolean> list) {
        boolean[] out = new boolean[list.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = list.get(i);
        }
        return out;
    }
}
