package dev.navserver.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.navserver.bench.MapGenerator.Kind;
import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.io.MapLoader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

class MapGeneratorTest {
    @TempDir
    Path tmp;

    private static byte[] bytes(Kind kind, int w, int h, long seed) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        MapGenerator.write(kind, w, h, seed, out);
        return out.toByteArray();
    }

    private static String sha256(byte[] b) throws NoSuchAlgorithmException {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
    }

    private static GridMap load(byte[] b) throws IOException {
        return MapLoader.parse("gen", "gen.map", new StringReader(new String(b, StandardCharsets.US_ASCII)));
    }

    private static double openFraction(GridMap map) {
        long open = 0;
        for (int r = 0; r < map.height(); r++) {
            for (int c = 0; c < map.width(); c++) {
                if (map.walkable(c, r)) {
                    open++;
                }
            }
        }
        return (double) open / ((long) map.width() * map.height());
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void write_WhenSameKindSizeAndSeed_SameBytes_AnotherSeedOtherBytes(Kind kind) throws Exception {
        String a = sha256(bytes(kind, 300, 200, 42));
        assertThat(sha256(bytes(kind, 300, 200, 42))).isEqualTo(a);
        assertThat(sha256(bytes(kind, 300, 200, 43))).isNotEqualTo(a);
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void write_WhenAnyKind_ALoadableMovingAiMapOfThatSize(Kind kind) throws IOException {
        GridMap map = load(bytes(kind, 123, 77, 7));
        assertThat(map.width()).isEqualTo(123);
        assertThat(map.height()).isEqualTo(77);
    }

    @ParameterizedTest(name = "{0}: open fraction {1}..{2}")
    @CsvSource({"ROOMS, 0.74, 0.80", "CITIES, 0.40, 0.80", "CAVES, 0.35, 0.75"})
    void write_WhenLargeMap_OpenFractionIsPlausibleForTheKind(Kind kind, double min, double max) throws IOException {
        for (long seed = 1; seed <= 3; seed++) {
            double f = openFraction(load(bytes(kind, 512, 512, seed)));
            assertThat(f).as("%s seed %d", kind, seed).isBetween(min, max);
        }
    }

    @ParameterizedTest(name = "{0} x {1}")
    @CsvSource({"512, 512", "100, 77", "9, 9", "10, 300", "257, 2", "2, 2", "1, 1"})
    void write_WhenRooms_EveryOpenCellIsOneIsland(int w, int h) throws IOException {
        for (long seed = 1; seed <= 5; seed++) {
            NavGrid grid = load(bytes(Kind.ROOMS, w, h, seed)).navGrid();
            assertThat(grid.islandCount()).as("seed %d", seed).isLessThanOrEqualTo(1);
        }
    }

    @Test
    void write_WhenRooms_SevenBySevenRoomsInAWallGridWithDoors() throws IOException {
        GridMap map = load(bytes(Kind.ROOMS, 64, 64, 3));
        assertThat(map.walkable(0, 5)).isFalse();
        assertThat(map.walkable(8, 8)).isFalse(); // wall crossing
        for (int r = 1; r < 8; r++) {
            for (int c = 1; c < 8; c++) {
                assertThat(map.walkable(c, r)).isTrue();
            }
        }
        int doorsInFirstEastWall = 0;
        for (int r = 1; r < 8; r++) {
            doorsInFirstEastWall += map.walkable(8, r) ? 1 : 0;
        }
        assertThat(doorsInFirstEastWall).as("the first row of rooms is one corridor").isEqualTo(1);
    }

    @Test
    void write_WhenFileNameEndsInGz_WritesGzipThatLoadsToTheSameMap() throws Exception {
        Path gz = tmp.resolve("caves.map.gz");
        Path plain = tmp.resolve("caves.map");
        MapGenerator.write(Kind.CAVES, 200, 150, 9, gz);
        MapGenerator.write(Kind.CAVES, 200, 150, 9, plain);
        assertThat(MapLoader.isGzip(gz)).isTrue();
        assertThat(Files.readAllBytes(plain)).isEqualTo(bytes(Kind.CAVES, 200, 150, 9));
        GridMap a = MapLoader.load(gz);
        GridMap b = MapLoader.load(plain);
        assertThat(a.name()).isEqualTo("caves");
        for (int i = 0; i < 200 * 150; i++) {
            assertThat(a.terrain(i)).isEqualTo(b.terrain(i));
        }
    }

    @Test
    void write_WhenSizeOutOfRange_Refuses() {
        assertThatThrownBy(() -> bytes(Kind.ROOMS, 0, 5, 1)).hasMessageContaining("out of range");
        assertThatThrownBy(() -> bytes(Kind.ROOMS, 16385, 5, 1)).hasMessageContaining("out of range");
    }
}
