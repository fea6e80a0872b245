package dev.navserver.nav.io;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.Terrain;
import dev.navserver.nav.grid.WorldTransform;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;

class MapFormatRoundTripTest {

    private static byte[] terrain(int width, int height, long seed, byte[] classes) {
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(seed);
        byte[] t = new byte[width * height];
        for (int i = 0; i < t.length; i++) {
            t[i] = classes[rnd.nextInt(classes.length)];
        }
        return t;
    }

    @Property(tries = 200)
    void navExport_WhenWrittenAndLoaded_SameCellsSizeAndTransform(
            @ForAll @IntRange(min = 1, max = 40) int width, @ForAll @IntRange(min = 1, max = 40) int height,
            @ForAll long seed, @ForAll @DoubleRange(min = -1000, max = 1000) double ox,
            @ForAll @DoubleRange(min = -50, max = 50) double oy, @ForAll @DoubleRange(min = -1000, max = 1000) double oz,
            @ForAll @IntRange(min = 0, max = 5) int cellExp) throws IOException {
        double cell = Math.scalb(1.0, cellExp - 3); // 0.125 .. 4
        GridMap map = new GridMap("m", width, height, new WorldTransform(ox, oy, oz, cell),
                terrain(width, height, seed, new byte[] {Terrain.OPEN, Terrain.WALL}));
        StringWriter out = new StringWriter();
        NavExportFormat.write(map, out);
        GridMap back = MapLoader.parse("m", "prop", new StringReader(out.toString().replace("\n", "\r\n")));
        assertThat(back.width()).isEqualTo(width);
        assertThat(back.height()).isEqualTo(height);
        assertThat(back.transform()).isEqualTo(map.transform());
        for (int i = 0; i < width * height; i++) {
            assertThat(back.terrain(i)).isEqualTo(map.terrain(i));
            assertThat(back.cellAt(map.worldX(i), map.worldZ(i))).isEqualTo(i);
        }
    }

    @Property(tries = 200)
    void movingAi_WhenWrittenAndLoaded_SameCellsAndSize(
            @ForAll @IntRange(min = 1, max = 40) int width, @ForAll @IntRange(min = 1, max = 40) int height,
            @ForAll long seed) throws IOException {
        GridMap map = new GridMap("m", width, height, WorldTransform.UNIT, terrain(width, height, seed,
                new byte[] {Terrain.OPEN, Terrain.WALL, Terrain.TREES, Terrain.WATER, Terrain.SWAMP}));
        StringWriter out = new StringWriter();
        MovingAiFormat.write(map, out);
        GridMap back = MapLoader.parse("m", "prop", new StringReader(out.toString()));
        assertThat(back.width()).isEqualTo(width);
        assertThat(back.height()).isEqualTo(height);
        for (int i = 0; i < width * height; i++) {
            assertThat(back.terrain(i)).isEqualTo(map.terrain(i));
        }
    }
}
