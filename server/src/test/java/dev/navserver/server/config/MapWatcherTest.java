package dev.navserver.server.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MapWatcherTest {
    private static final String NAV_EXPORT = "startpos=(-1.0, 0.0, 1.0)\r\nheight=2\r\nwide=2\r\naccuracy=1\r\n{1,1,},\n{1,0,},\n";
    private static final String MOVING_AI = "type octile\nheight 2\nwidth 2\nmap\n..\n.@\n";

    @TempDir
    Path dir;
    final BlockingQueue<Path> changed = new LinkedBlockingQueue<>();
    MapWatcher watcher;

    @AfterEach
    void tearDown() {
        if (watcher != null) {
            watcher.close();
        }
    }

    private void start() throws IOException {
        watcher = new MapWatcher(dir, changed::add, Duration.ofMillis(50), Duration.ofMillis(300));
        watcher.start();
    }

    private Path next() throws InterruptedException {
        Path p = changed.poll(10, TimeUnit.SECONDS);
        assertThat(p).as("a map file reported within 10 s").isNotNull();
        return p;
    }

    @Test
    void isMapFile_AcceptsMovingAiByNameAndNavExportByContent() throws IOException {
        Files.writeString(dir.resolve("a.map"), MOVING_AI);
        Files.writeString(dir.resolve("arena.txt"), NAV_EXPORT);
        Files.writeString(dir.resolve("bom.txt"), "\uFEFF" + NAV_EXPORT);
        Files.writeString(dir.resolve("README.md"), "# maps\n");
        Files.writeString(dir.resolve(".hidden.map"), MOVING_AI);
        Files.writeString(dir.resolve("arena.txt~"), NAV_EXPORT);
        Files.writeString(dir.resolve("arena.txt.swp"), NAV_EXPORT);
        Files.createDirectory(dir.resolve("sub.map"));

        assertThat(MapWatcher.isMapFile(dir.resolve("a.map"))).isTrue();
        assertThat(MapWatcher.isMapFile(dir.resolve("arena.txt"))).isTrue();
        assertThat(MapWatcher.isMapFile(dir.resolve("bom.txt"))).isTrue();
        assertThat(MapWatcher.isMapFile(dir.resolve("README.md"))).isFalse();
        assertThat(MapWatcher.isMapFile(dir.resolve(".hidden.map"))).isFalse();
        assertThat(MapWatcher.isMapFile(dir.resolve("arena.txt~"))).isFalse();
        assertThat(MapWatcher.isMapFile(dir.resolve("arena.txt.swp"))).isFalse();
        assertThat(MapWatcher.isMapFile(dir.resolve("sub.map"))).isFalse();
        assertThat(MapWatcher.isMapFile(dir.resolve("missing.map"))).isFalse();
    }

    @Test
    void isMapFile_AcceptsGzipByMapGzNameOrByDecompressedHeader() throws IOException {
        Files.write(dir.resolve("a.map.gz"), gzip(MOVING_AI));
        Files.write(dir.resolve("level.txt.gz"), gzip(NAV_EXPORT));
        Files.write(dir.resolve("rooms.gz"), gzip(MOVING_AI));
        Files.write(dir.resolve("notes.gz"), gzip("# not a map\n"));

        assertThat(MapWatcher.isMapFile(dir.resolve("a.map.gz"))).isTrue();
        assertThat(MapWatcher.isMapFile(dir.resolve("level.txt.gz"))).isTrue();
        assertThat(MapWatcher.isMapFile(dir.resolve("rooms.gz"))).isTrue();
        assertThat(MapWatcher.isMapFile(dir.resolve("notes.gz"))).isFalse();
    }

    private static byte[] gzip(String text) throws IOException {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        try (java.io.OutputStream out = new java.util.zip.GZIPOutputStream(bytes)) {
            out.write(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        return bytes.toByteArray();
    }

    @Test
    void addedAndModifiedMaps_AreReported_OtherFilesAreNot() throws Exception {
        Files.writeString(dir.resolve("existing.map"), MOVING_AI);
        start();

        Files.writeString(dir.resolve("notes.txt"), "not a map\n");
        Files.writeString(dir.resolve("new.map"), MOVING_AI);
        assertThat(next()).isEqualTo(dir.resolve("new.map"));

        Files.writeString(dir.resolve("existing.map"), MOVING_AI.replace(".@", "@."));
        assertThat(next()).isEqualTo(dir.resolve("existing.map"));

        Path temp = dir.resolve(".arena.tmp");
        Files.writeString(temp, NAV_EXPORT);
        Files.move(temp, dir.resolve("arena"), StandardCopyOption.ATOMIC_MOVE);
        assertThat(next()).isEqualTo(dir.resolve("arena"));

        // The files written before each reported one were examined first or together; none of them was reported.
        assertThat(changed).isEmpty();
    }

    @Test
    void directoryRemovedAndRecreated_IsWatchedAgain() throws Exception {
        Path maps = Files.createDirectory(dir.resolve("maps"));
        watcher = new MapWatcher(maps, changed::add, Duration.ofMillis(50), Duration.ofMillis(100));
        watcher.start();

        Files.delete(maps);
        Files.createDirectory(maps);
        Files.writeString(maps.resolve("late.map"), MOVING_AI);

        assertThat(next()).isEqualTo(maps.resolve("late.map"));
    }

    @Test
    void rewritingTheSameBytes_IsNotReported() throws Exception {
        Files.writeString(dir.resolve("same.map"), MOVING_AI);
        start();

        Files.writeString(dir.resolve("same.map"), MOVING_AI);
        Files.writeString(dir.resolve("marker.map"), MOVING_AI);

        // Events are handled in order of debounce deadlines; the marker comes after the rewrite.
        assertThat(next()).isEqualTo(dir.resolve("marker.map"));
        assertThat(changed).isEmpty();
    }
}
