package dev.navserver.server.world.file;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.io.MapLoader;
import dev.navserver.server.config.ConfigLoader;
import dev.navserver.server.config.MapWatcher;
import dev.navserver.server.world.file.SpawnPlacer.Placement;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;

/** The shipped {@code maps/arena.world.yaml} loads against the shipped arena map and config. */
class ArenaWorldFileTest {
    static Path repoRoot() {
        for (Path p = Path.of(System.getProperty("user.dir")).toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("config/navserver.yaml")) && Files.isRegularFile(p.resolve("mvnw"))) {
                return p;
            }
        }
        throw new IllegalStateException("no repository root above " + System.getProperty("user.dir"));
    }

    @Test
    void shippedArenaWorldFile_LoadsWithTheArenaMapAndTheShippedKinds_AndPlacesEveryMonster() throws Exception {
        Path root = repoRoot();
        Path mapFile = root.resolve("maps/arena.txt");
        GridMap arena = MapLoader.load(mapFile);
        Set<String> kinds = ConfigLoader.load(root.resolve("config/navserver.yaml")).monsters().kinds().keySet();

        Path worldFile = WorldFiles.pathFor(mapFile);
        WorldFile w = WorldFileLoader.load(worldFile, kinds, arena);

        assertThat(MapWatcher.isMapFile(worldFile)).as("never loaded as a map").isFalse();

        assertThat(w.routes()).extracting(RouteSpec::name, RouteSpec::mode)
                .containsExactly(Tuple.tuple("lane_top", RouteMode.LOOP),
                        Tuple.tuple("south_lane", RouteMode.PINGPONG));
        assertThat(w.spawnGroups()).extracting(SpawnGroupSpec::kind, SpawnGroupSpec::behaviour)
                .containsExactly(Tuple.tuple("wolf", SpawnBehaviour.WANDER),
                        Tuple.tuple("guard", SpawnBehaviour.PATROL),
                        Tuple.tuple("default", SpawnBehaviour.IDLE));
        for (SpawnGroupSpec g : w.spawnGroups()) {
            List<Placement> placed = SpawnPlacer.place(g, arena, new SplittableRandom(1));
            assertThat(placed).as(g.name()).hasSize(g.count())
                    .allMatch(p -> arena.navGrid().openCell(p.cell()))
                    .doesNotHaveDuplicates();
        }
    }

    @Test
    void arenaRoutePointOnTheMiddleBlock_IsRefusedNamingTheCell_AsDocsWorldMdShows() throws Exception {
        GridMap arena = MapLoader.load(repoRoot().resolve("maps/arena.txt"));
        String yaml = "routes:\n  - name: r\n    points: [[2, 0, 3], [-1, 0, 3]]\n";

        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> WorldFileLoader.parse(yaml, "arena.world.yaml", Set.of("default"), arena))
                .hasMessage("arena.world.yaml line 3, column 25: routes[0].points[1]: [-1, 0, 3] is on a blocked"
                        + " cell (col 29, row 27)");
    }
}
