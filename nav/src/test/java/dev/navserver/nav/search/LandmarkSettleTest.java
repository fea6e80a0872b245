package dev.navserver.nav.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.navserver.nav.grid.CellEdit;
import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.grid.Terrain;
import dev.navserver.nav.grid.WorldTransform;
import dev.navserver.nav.search.core.IntPages;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * How a service gets landmark tables ({@link LandmarkTable#whenSettled}, {@link PathSearch#PathSearch(Executor)}):
 * nothing is built before a grid has settled, then exactly one build goes to the executor; searches use the octile
 * heuristic until the table is ready; a version whose edits only added walls inherits its ancestor's table at once
 * and its searches stay optimal; a version with an opened wall does not inherit.
 */
class LandmarkSettleTest {
    private static final double SQRT2 = Math.sqrt(2);
    /** Map names are unique per test: tables are inherited along a map's name, and tests must not share them. */
    private static final AtomicInteger NAMES = new AtomicInteger();

    /** A wall with one gap at its right end between s (0, 0) and g (0, 4): the octile heuristic sees 4 cells. */
    private static final String[] LONG_WALL = LandmarkTableTest.LONG_WALL;

    /** Runs nothing: holds what it was given. */
    private static final class Queue implements Executor {
        final List<Runnable> tasks = new ArrayList<>();

        @Override
        public void execute(Runnable task) {
            tasks.add(task);
        }

        void runAll() {
            List<Runnable> now = new ArrayList<>(tasks);
            tasks.clear();
            now.forEach(Runnable::run);
        }
    }

    private static GridMap map(String... rows) {
        int w = rows[0].length();
        byte[] t = new byte[w * rows.length];
        for (int r = 0; r < rows.length; r++) {
            for (int c = 0; c < w; c++) {
                t[r * w + c] = rows[r].charAt(c) == '#' ? Terrain.WALL : Terrain.OPEN;
            }
        }
        return new GridMap("settle-" + NAMES.incrementAndGet(), w, rows.length, WorldTransform.UNIT, t);
    }

    @Test
    void whenSettled_BeforeTheGridHasSettled_AnswersNullAndBuildsNothing_ThenHandsOutExactlyOneBuild() {
        NavGrid grid = map(LONG_WALL).navGrid();
        Queue builder = new Queue();

        assertThat(LandmarkTable.whenSettled(grid, 1_000, 500, builder)).isNull();
        assertThat(LandmarkTable.whenSettled(grid, 1_499, 500, builder)).isNull();
        assertThat(builder.tasks).isEmpty();
        assertThat(LandmarkTable.whenSettled(grid, 1_500, 500, builder)).isNull();
        assertThat(builder.tasks).hasSize(1);
        assertThat(LandmarkTable.whenSettled(grid, 9_000, 500, builder)).isNull();
        assertThat(builder.tasks).as("one build per grid while it runs").hasSize(1);

        builder.runAll();

        LandmarkTable t = LandmarkTable.whenSettled(grid, 9_001, 500, builder);
        assertThat(t).isNotNull();
        assertThat(t.count()).isEqualTo(LandmarkTable.MAX_LANDMARKS);
        assertThat(LandmarkTable.forGrid(grid)).as("the one shared table of the grid").isSameAs(t);
        assertThat(builder.tasks).isEmpty();
    }

    @Test
    void whenSettled_WhenTheExecutorRejectsTheBuild_OffersItAgainLater() {
        NavGrid grid = map(LONG_WALL).navGrid();
        AtomicInteger offers = new AtomicInteger();
        Executor refusing = task -> {
            offers.incrementAndGet();
            throw new RejectedExecutionException("shut down");
        };

        assertThat(LandmarkTable.whenSettled(grid, 0, 0, refusing)).isNull();
        assertThat(LandmarkTable.whenSettled(grid, 1, 0, refusing)).isNull();

        assertThat(offers).hasValue(2);
        assertThat(LandmarkTable.whenSettled(grid, 2, 0, Runnable::run)).isNull(); // built now, on this thread
        assertThat(LandmarkTable.whenSettled(grid, 3, 0, refusing)).isNotNull();
    }

    @Test
    void whenSettled_WhenAnEditOnlyAddsWalls_TheNewVersionInheritsTheTableAtOnce_AndAnOpenedWallEndsThat() {
        GridMap first = map(LONG_WALL);
        LandmarkTable.whenSettled(first.navGrid(), 0, 0, Runnable::run);
        LandmarkTable table = LandmarkTable.whenSettled(first.navGrid(), 1, 0, Runnable::run);
        assertThat(table).isNotNull();
        Executor never = task -> {
            throw new AssertionError("no build expected");
        };

        GridMap walled = first.edited(List.of(CellEdit.fill(5, 0, 1, 2, Terrain.WALL)));
        GridMap walledTwice = walled.edited(List.of(CellEdit.fill(10, 3, 1, 2, Terrain.WALL)));
        GridMap opened = walledTwice.edited(List.of(CellEdit.fill(1, 2, 1, 1, Terrain.OPEN)));

        assertThat(LandmarkTable.whenSettled(walled.navGrid(), 2, Long.MAX_VALUE, never)).isSameAs(table);
        assertThat(LandmarkTable.whenSettled(walledTwice.navGrid(), 3, Long.MAX_VALUE, never)).isSameAs(table);
        assertThat(table.boundsOn(opened.navGrid())).isFalse();
        assertThat(LandmarkTable.whenSettled(opened.navGrid(), 4, Long.MAX_VALUE, never)).isNull();
    }

    @Test
    void pathSearch_WithABuilder_SearchesWithTheOctileHeuristicUntilTheTableIsReady_ThenWithIt() {
        NavGrid grid = map(LONG_WALL).navGrid();
        Queue builder = new Queue();
        PathSearch service = new PathSearch(IntPages.RETAINED_BYTES, JumpTable.SETTLE_NANOS, builder, 0);
        PathSearch plain = new PathSearch();
        SearchOptions astar = SearchOptions.DEFAULT.withAlgorithm(Algorithm.ASTAR);
        PathResult octile = plain.find(grid, 0, 0, 0, 4, astar);

        PathResult before = service.find(grid, 0, 0, 0, 4, astar.withLandmarks(8));
        assertThat(builder.tasks).hasSize(1);
        builder.runAll();
        PathResult after = service.find(grid, 0, 0, 0, 4, astar.withLandmarks(8));

        assertThat(before.length()).isCloseTo(38 + 2 * SQRT2, within(1e-9));
        assertThat(before.expanded()).isEqualTo(octile.expanded());
        assertThat(after.length()).isCloseTo(38 + 2 * SQRT2, within(1e-9));
        assertThat(after.expanded()).isLessThan(octile.expanded());
    }

    /**
     * s to g is 4 cells as the crow flies (octile) and 40.8 around the wall: with landmarksMinDistanceCells 5 the
     * search neither asks for a table nor reads one; at 4 it does both.
     */
    @Test
    void pathSearch_WhenStartAndGoalAreCloserThanTheLandmarkDistance_NeitherAsksForNorReadsATable() {
        NavGrid grid = map(LONG_WALL).navGrid();
        Queue builder = new Queue();
        PathSearch service = new PathSearch(IntPages.RETAINED_BYTES, JumpTable.SETTLE_NANOS, builder, 0);
        SearchOptions astar = SearchOptions.DEFAULT.withAlgorithm(Algorithm.ASTAR);
        PathResult octile = new PathSearch().find(grid, 0, 0, 0, 4, astar);
        SearchOptions gated = astar.withLandmarks(8).withLandmarksMinDistanceCells(5);

        PathResult short1 = service.find(grid, 0, 0, 0, 4, gated);
        assertThat(builder.tasks).isEmpty();
        service.find(grid, 0, 0, 0, 4, gated.withLandmarksMinDistanceCells(4));
        assertThat(builder.tasks).hasSize(1);
        builder.runAll();
        PathResult short2 = service.find(grid, 0, 0, 0, 4, gated);
        PathResult far = service.find(grid, 0, 0, 0, 4, gated.withLandmarksMinDistanceCells(4));

        assertThat(short1.expanded()).isEqualTo(octile.expanded());
        assertThat(short2.expanded()).isEqualTo(octile.expanded());
        assertThat(far.expanded()).isLessThan(octile.expanded());
        assertThat(far.length()).isCloseTo(38 + 2 * SQRT2, within(1e-9));
        assertThat(short2.length()).isCloseTo(38 + 2 * SQRT2, within(1e-9));
    }

    /**
     * Walls added one edit after another to a room map: every version inherits the first version's table, and its
     * searches, with A* and JPS, return the lengths of the plain octile searches and valid paths.
     */
    @Property(tries = 25)
    void inheritedTables_AcrossEditsThatOnlyAddWalls_KeepEverySearchOptimal(
            @ForAll @IntRange(min = 8, max = 70) int width, @ForAll @IntRange(min = 8, max = 40) int height,
            @ForAll @IntRange(min = 0, max = 25) int densityPct, @ForAll @IntRange(min = 0, max = 9) int roomSide,
            @ForAll long seed) {
        GridMap m = LandmarkHeuristicPropertyTest.randomMap(width, height, densityPct, roomSide, false, seed);
        GridMap map = new GridMap("settle-" + NAMES.incrementAndGet(), width, height, WorldTransform.UNIT,
                terrain(m));
        LandmarkTable.whenSettled(map.navGrid(), 0, 0, Runnable::run);
        LandmarkTable table = LandmarkTable.whenSettled(map.navGrid(), 1, 0, Runnable::run);
        PathSearch service = new PathSearch(IntPages.RETAINED_BYTES, JumpTable.SETTLE_NANOS,
                task -> { throw new AssertionError("no build expected"); }, Long.MAX_VALUE);
        PathSearch plain = new PathSearch();
        Random rnd = new Random(seed);
        for (int edit = 0; edit < 6; edit++) {
            int w = 1 + rnd.nextInt(4);
            int h = 1 + rnd.nextInt(4);
            map = map.edited(List.of(CellEdit.fill(rnd.nextInt(width - w + 1), rnd.nextInt(height - h + 1), w, h,
                    Terrain.WALL)));
            NavGrid grid = map.navGrid();
            for (int q = 0; q < 8; q++) {
                int s = LandmarkHeuristicPropertyTest.randomOpenCell(grid, rnd);
                int g = LandmarkHeuristicPropertyTest.randomOpenCell(grid, rnd);
                if (s < 0 || g < 0) {
                    return;
                }
                for (Algorithm algorithm : Algorithm.values()) {
                    SearchOptions options = SearchOptions.DEFAULT.withAlgorithm(algorithm);
                    PathResult expected = plain.find(grid, s % width, s / width, g % width, g / width, options);
                    PathResult r = service.find(grid, s % width, s / width, g % width, g / width,
                            options.withLandmarks(8));
                    assertThat(r.status()).isEqualTo(expected.status());
                    if (r.status() == SearchStatus.FOUND) {
                        assertThat(r.length()).isCloseTo(expected.length(), within(1e-9));
                        PathSearchTest.assertValidPath(grid, r, Moves.EIGHT);
                    }
                }
            }
            if (table != null) {
                assertThat(LandmarkTable.whenSettled(grid, 2, Long.MAX_VALUE, Runnable::run)).isSameAs(table);
            }
        }
    }

    private static byte[] terrain(GridMap m) {
        byte[] t = new byte[m.width() * m.height()];
        for (int r = 0; r < m.height(); r++) {
            for (int c = 0; c < m.width(); c++) {
                t[r * m.width() + c] = (byte) m.terrain(c, r);
            }
        }
        return t;
    }
}
