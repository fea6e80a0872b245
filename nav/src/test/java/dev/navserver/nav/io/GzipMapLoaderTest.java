package dev.navserver.nav.io;

import static dev.navserver.nav.io.MapFiles.MOVING_AI;
import static dev.navserver.nav.io.MapFiles.NAV_EXPORT;
import static dev.navserver.nav.io.MapFiles.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.WorldTransform;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GzipMapLoaderTest {
    @TempDir
    Path dir;

    private static byte[] gzip(String text) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (OutputStream out = new GZIPOutputStream(bytes)) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        }
        return bytes.toByteArray();
    }

    /** A rooms-like map large enough that its compressed form spans several reads. */
    private static String bigMovingAi(int side) {
        StringBuilder b = new StringBuilder("type octile\nheight " + side + "\nwidth " + side + "\nmap\n");
        for (int r = 0; r < side; r++) {
            for (int c = 0; c < side; c++) {
                b.append((r % 7 == 0 && c % 5 != 2) || (c % 11 == 0 && r % 3 != 1) ? '@' : '.');
            }
            b.append('\n');
        }
        return b.toString();
    }

    @Test
    void load_WhenMovingAiMapIsGzipped_LoadsTheSameGridNamedWithoutGzAndExtension() throws IOException {
        GridMap gz = MapLoader.load(write(dir, "arena.map.gz", gzip(MOVING_AI)));
        GridMap plain = MapLoader.load(write(dir, "arena.map", MOVING_AI.getBytes(StandardCharsets.UTF_8)));
        assertThat(gz.name()).isEqualTo("arena");
        assertThat(gz.width()).isEqualTo(3);
        for (int i = 0; i < 6; i++) {
            assertThat(gz.terrain(i)).isEqualTo(plain.terrain(i));
        }
    }

    @Test
    void load_WhenNavExportIsGzippedAsTxtGz_LoadsWithItsTransform() throws IOException {
        GridMap map = MapLoader.load(write(dir, "level.txt.gz", gzip(NAV_EXPORT)));
        assertThat(map.name()).isEqualTo("level");
        assertThat(map.transform()).isEqualTo(new WorldTransform(-1, 0, 1, 0.5));
        assertThat(map.walkable(2, 0)).isFalse();
        assertThat(MapLoader.detect(dir.resolve("level.txt.gz"))).contains(MapFormat.NAV_EXPORT);
    }

    @Test
    void load_WhenGzipHasNoGzName_RecognisedByMagicBytes() throws IOException {
        Path p = write(dir, "level.map", gzip(MOVING_AI));
        assertThat(MapLoader.isGzip(p)).isTrue();
        assertThat(MapLoader.load(p).walkable(2, 1)).isTrue();
        assertThat(MapLoader.detect(p)).contains(MapFormat.MOVING_AI);
    }

    @Test
    void load_WhenLargeGzippedMap_StreamsAllRows() throws IOException {
        String text = bigMovingAi(700);
        GridMap map = MapLoader.load(write(dir, "big.map.gz", gzip(text)));
        assertThat(map.height()).isEqualTo(700);
        assertThat(map.walkable(699, 699)).isEqualTo(text.charAt(text.length() - 2) == '.');
    }

    @Test
    void load_WhenGzipIsTruncated_FailsNamingTheFileWithoutALine() throws IOException {
        byte[] whole = gzip(bigMovingAi(300));
        for (int cut : new int[] {whole.length / 2, whole.length - 4, 2, 5}) {
            Path p = write(dir, "cut" + cut + ".map.gz", Arrays.copyOf(whole, cut));
            MapFormatException e = catchThrowableOfType(MapFormatException.class, () -> MapLoader.load(p));
            assertThat(e).as("cut at %d", cut)
                    .hasMessage(p + ": gzip data is truncated (the file ends inside the compressed stream)");
            assertThat(e.line()).isZero();
        }
    }

    @Test
    void load_WhenGzipChecksumIsWrong_FailsAsCorrupt() throws IOException {
        byte[] bytes = gzip(MOVING_AI);
        bytes[bytes.length - 8] ^= 0x5a; // first byte of the CRC-32 in the trailer
        Path p = write(dir, "crc.map.gz", bytes);
        MapFormatException e = catchThrowableOfType(MapFormatException.class, () -> MapLoader.load(p));
        assertThat(e).hasMessageStartingWith(p + ": gzip data is corrupt: ");
    }

    @Test
    void load_WhenDeflateDataIsGarbage_FailsAsCorrupt() throws IOException {
        byte[] bytes = gzip(bigMovingAi(200));
        for (int i = 10; i < bytes.length - 8; i++) {
            bytes[i] = (byte) 0xff;
        }
        Path p = write(dir, "junk.map.gz", bytes);
        MapFormatException e = catchThrowableOfType(MapFormatException.class, () -> MapLoader.load(p));
        assertThat(e).hasMessageStartingWith(p + ": gzip data is corrupt: ");
    }

    @Test
    void load_WhenGzippedHeaderPromisesMoreRowsThanItHolds_FailsWhereTheTextEnds() throws IOException {
        Path p = write(dir, "short.map.gz", gzip("type octile\nheight 3\nwidth 2\nmap\n..\n"));
        assertThat(catchThrowableOfType(MapFormatException.class, () -> MapLoader.load(p)))
                .hasMessage(p + ":6: file ends after 1 of 3 rows");
    }

    @Test
    void detect_WhenGzipIsBrokenBeforeTheFirstLine_IsEmpty() throws IOException {
        Path p = write(dir, "broken.gz", new byte[] {0x1f, (byte) 0x8b, 8});
        assertThat(MapLoader.detect(p)).isEmpty();
    }

    @Test
    void mapName_WhenGzSuffix_DropsItAndTheExtension() {
        assertThat(MapLoader.mapName(Path.of("maps/arena.map.gz"))).isEqualTo("arena");
        assertThat(MapLoader.mapName(Path.of("maps/arena.txt.GZ"))).isEqualTo("arena");
        assertThat(MapLoader.mapName(Path.of("maps/arena.gz"))).isEqualTo("arena");
        assertThat(MapLoader.mapName(Path.of("maps/arena.txt"))).isEqualTo("arena");
    }
}
