package dev.navserver.server.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.io.MapLoader;
import dev.navserver.nav.search.GoalPolicy;
import dev.navserver.nav.search.PathResult;
import dev.navserver.nav.search.PathSearch;
import dev.navserver.nav.search.SearchOptions;
import dev.navserver.nav.search.SearchStatus;
import dev.navserver.nav.smooth.PathValidator;
import dev.navserver.nav.smooth.WorldPath;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link NavPlanner#planShared} against {@link NavPlanner#plan}, start by start, on the bundled maps. */
class NavPlannerSharedTest {
    private final NavPlanner planner = new NavPlanner(SearchOptions.DEFAULT);

    private static GridMap bundled(String name) throws IOException {
        Path dir = Path.of(System.getProperty("user.dir")).toAbsolutePath();
        while (!Files.isDirectory(dir.resolve("maps"))) {
            dir = dir.getParent();
        }
        return MapLoader.load(dir.resolve("maps").resolve(name));
    }

    @Test
    void planShared_ChasersAroundAPlayer_SameStatusesEndsAndOptimalCellLengthsAsOneSearchEach() throws IOException {
        Random rnd = new Random(42);
        for (String name : new String[] {"arena.txt", "rooms512.map"}) {
            GridMap map = bundled(name);
            NavGrid grid = map.navGrid();
            PathValidator validator = PathValidator.ignoringHeight(grid);
            for (int q = 0; q < 10; q++) {
                // the player anywhere, sometimes on a wall; chasers within 25 m, some on walls or other islands
                double gx = map.transform().originX() + rnd.nextDouble() * map.width();
                double gz = map.transform().originZ() - rnd.nextDouble() * map.height();
                int n = 12;
                double[] sx = new double[n];
                double[] sz = new double[n];
                for (int i = 0; i < n; i++) {
                    sx[i] = gx + rnd.nextDouble() * 50 - 25;
                    sz[i] = gz + rnd.nextDouble() * 50 - 25;
                }
                NavPlanner.SharedPaths shared = planner.planShared(map, sx, sz, gx, gz);
                for (int i = 0; i < n; i++) {
                    WorldPath one = planner.plan(map, sx[i], sz[i], gx, gz);
                    WorldPath s = shared.paths().get(i);
                    assertThat(s.status()).as("%s start %d", name, i).isEqualTo(one.status());
                    assertThat(s.size() > 0).isEqualTo(one.size() > 0);
                    if (s.size() == 0) {
                        continue;
                    }
                    assertThat(s.x(0)).isEqualTo(one.x(0));
                    assertThat(s.z(0)).isEqualTo(one.z(0));
                    assertThat(s.x(s.size() - 1)).isEqualTo(one.x(one.size() - 1));
                    assertThat(s.z(s.size() - 1)).isEqualTo(one.z(one.size() - 1));
                    assertThat(validator.check(s.toPackedArray()).ok()).isTrue();
                    if (s.status() == SearchStatus.FOUND) {
                        // smoothing only shortens an optimal cell path; the optimal cell length bounds both
                        int start = map.cellAt(sx[i], sz[i]);
                        int end = map.cellAt(s.x(s.size() - 1), s.z(s.size() - 1));
                        PathResult optimal = new PathSearch().find(grid, map.col(start), map.row(start),
                                map.col(end), map.row(end), SearchOptions.DEFAULT.withGoalPolicy(GoalPolicy.EXACT));
                        double cellSize = map.transform().cellSize();
                        assertThat(s.length()).isLessThanOrEqualTo((optimal.length() + 2) * cellSize);
                    }
                }
            }
        }
    }

    @Test
    void planShared_PlayerOffTheMap_EveryPathIsOutOfBounds() throws IOException {
        GridMap map = bundled("arena.txt");
        NavPlanner.SharedPaths shared = planner.planShared(map, new double[] {0, 1}, new double[] {27, 27}, 99, 0);
        assertThat(shared.fieldCells()).isZero();
        assertThat(shared.paths()).extracting(WorldPath::status)
                .containsExactly(SearchStatus.OUT_OF_BOUNDS, SearchStatus.OUT_OF_BOUNDS);
    }
}
