package dev.navserver.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.bench.HoldoutMapGenerator.Kind;
import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.io.MapLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class HoldoutMapGeneratorTest {
    @TempDir
    Path tmp;

    private Path write(Kind kind, int w, int h, long seed, String name) throws Exception {
        Path file = tmp.resolve(name);
        HoldoutMapGenerator.write(kind, w, h, seed, file);
        return file;
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void write_SameKindSizeAndSeed_SameBytes_AnotherSeedOtherBytes(Kind kind) throws Exception {
        byte[] a = Files.readAllBytes(write(kind, 300, 200, 42, "a.map"));
        assertThat(Files.readAllBytes(write(kind, 300, 200, 42, "b.map"))).isEqualTo(a);
        assertThat(Files.readAllBytes(write(kind, 300, 200, 43, "c.map"))).isNotEqualTo(a);
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void write_GivesAMovingAiMapOfTheSize_MostlyOneIsland_WithWallsAndOpenGround(Kind kind) throws Exception {
        GridMap map = MapLoader.load(write(kind, 300, 200, 7, "m.map.gz"));
        assertThat(map.width()).isEqualTo(300);
        assertThat(map.height()).isEqualTo(200);
        NavGrid grid = map.navGrid();
        Map<Integer, Integer> islands = new HashMap<>();
        int open = 0;
        for (int cell = 0; cell < 300 * 200; cell++) {
            if (grid.openCell(cell)) {
                open++;
                islands.merge(grid.island(cell), 1, Integer::sum);
            }
        }
        int largest = islands.values().stream().max(Integer::compare).orElse(0);
        assertThat(open).as("open cells").isBetween(300 * 200 / 3, 300 * 200 * 19 / 20);
        assertThat((double) largest / open).as("share of open cells on the largest island").isGreaterThan(0.9);
    }
}
