package dev.navserver.server.editlog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.navserver.protocol.message.CellRect;
import dev.navserver.protocol.message.TerrainEdit;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link FileEditLog} on real files in a temporary directory: what is synced comes back, a torn or damaged tail
 * is dropped, a snapshot compacts the log, a changed map file starts a new log, a bad directory is named.
 */
class FileEditLogTest {
    private static final String FILE_A = "sha256:aaaa";
    private static final String FILE_B = "sha256:bbbb";

    @TempDir
    Path tmp;

    private static TerrainEdit wall(int col, int row, int w, int h) {
        return TerrainEdit.cells(new CellRect(col, row, w, h), "wall");
    }

    private static TerrainEdit open(int col, int row, int w, int h) {
        return TerrainEdit.cells(new CellRect(col, row, w, h), "open");
    }

    private Path logFile() {
        return tmp.resolve("edits/arena/log");
    }

    @Test
    void syncedRecords_ComeBackInOrderAtTheLastVersion_AfterReopening() throws Exception {
        try (FileEditLog log = new FileEditLog(tmp.resolve("edits"))) {
            assertThat(log.open("arena", FILE_A, 1)).isEqualTo(new EditLog.Recovery(1, List.of(), 0, false));
            log.append("arena", 2, List.of(wall(1, 1, 2, 2)));
            log.sync("arena");
            log.append("arena", 3, List.of(open(1, 1, 1, 1), wall(5, 0, 1, 3)));
            log.sync("arena");
        }
        try (FileEditLog log = new FileEditLog(tmp.resolve("edits"))) {
            EditLog.Recovery r = log.open("arena", FILE_A, 1);
            assertThat(r).isEqualTo(new EditLog.Recovery(3, List.of(wall(1, 1, 2, 2), open(1, 1, 1, 1),
                    wall(5, 0, 1, 3)), 2, false));
            log.append("arena", 4, List.of(wall(0, 0, 1, 1)));
            log.sync("arena");
            assertThat(log.recordsSinceSnapshot("arena")).isEqualTo(3);
        }
        assertThat(Files.readAllLines(logFile())).hasSize(4).allMatch(l -> l.matches("[0-9a-f]{8} \\{.*}"));
    }

    @Test
    void tornLastRecord_IsDroppedAndTheLogContinuesAfterTheLastWholeOne() throws Exception {
        try (FileEditLog log = new FileEditLog(tmp.resolve("edits"))) {
            log.open("arena", FILE_A, 1);
            log.append("arena", 2, List.of(wall(1, 1, 2, 2)));
            log.sync("arena");
        }
        long whole = Files.size(logFile());
        // a crash in the middle of writing record 3: half a line, no newline
        byte[] record3 = EditRecords.record(3, List.of(wall(7, 7, 1, 1)));
        Files.write(logFile(), java.util.Arrays.copyOf(record3, record3.length / 2), StandardOpenOption.APPEND);

        try (FileEditLog log = new FileEditLog(tmp.resolve("edits"))) {
            assertThat(log.open("arena", FILE_A, 1))
                    .isEqualTo(new EditLog.Recovery(2, List.of(wall(1, 1, 2, 2)), 1, false));
            assertThat(Files.size(logFile())).as("the torn bytes are cut off").isEqualTo(whole);
            log.append("arena", 3, List.of(open(0, 0, 1, 1)));
            log.sync("arena");
        }
        try (FileEditLog log = new FileEditLog(tmp.resolve("edits"))) {
            assertThat(log.open("arena", FILE_A, 1).version()).isEqualTo(3);
        }
    }

    @Test
    void checksumMismatchBeforeOtherRecords_ReplaysOnlyWhatPrecedesIt_AndKeepsACopy() throws Exception {
        try (FileEditLog log = new FileEditLog(tmp.resolve("edits"))) {
            log.open("arena", FILE_A, 1);
            for (int v = 2; v <= 4; v++) {
                log.append("arena", v, List.of(wall(v, 0, 1, 1)));
                log.sync("arena");
            }
        }
        List<String> lines = Files.readAllLines(logFile());
        // one bit of record 3's JSON flipped on disk: [2,0,1,1] becomes [3,0,1,1] under the same checksum
        lines.set(2, lines.get(2).replace("[3,0,1,1]", "[2,0,1,1]"));
        Files.write(logFile(), (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));

        try (FileEditLog log = new FileEditLog(tmp.resolve("edits"))) {
            EditLog.Recovery r = log.open("arena", FILE_A, 1);
            assertThat(r).isEqualTo(new EditLog.Recovery(2, List.of(wall(2, 0, 1, 1)), 1, false));
        }
        try (var files = Files.list(logFile().getParent())) {
            assertThat(files.map(p -> p.getFileName().toString())).anyMatch(n -> n.startsWith("log.damaged-"));
        }
        assertThat(Files.readAllLines(logFile())).hasSize(2);
    }

    @Test
    void compaction_WritesASnapshotAndEmptiesTheLog_AndReplayGivesTheSameEdits() throws Exception {
        try (FileEditLog log = new FileEditLog(tmp.resolve("edits"))) {
            log.open("arena", FILE_A, 1);
            log.append("arena", 2, List.of(wall(0, 0, 4, 1)));
            log.append("arena", 3, List.of(open(1, 0, 1, 1)));
            log.sync("arena");
            // the cells that differ from the file after versions 2 and 3
            log.compact("arena", 3, List.of(wall(0, 0, 1, 1), wall(2, 0, 2, 1)));
            assertThat(log.recordsSinceSnapshot("arena")).isZero();
            log.append("arena", 4, List.of(wall(9, 9, 1, 1)));
            log.sync("arena");
        }
        assertThat(Files.readAllLines(logFile())).as("header and record 4").hasSize(2);
        try (FileEditLog log = new FileEditLog(tmp.resolve("edits"))) {
            assertThat(log.open("arena", FILE_A, 1)).isEqualTo(new EditLog.Recovery(4,
                    List.of(wall(0, 0, 1, 1), wall(2, 0, 2, 1), wall(9, 9, 1, 1)), 1, false));
        }
    }

    @Test
    void crashBetweenSnapshotAndNewLog_SkipsTheRecordsTheSnapshotHolds() throws Exception {
        try (FileEditLog log = new FileEditLog(tmp.resolve("edits"))) {
            log.open("arena", FILE_A, 1);
            log.append("arena", 2, List.of(wall(0, 0, 1, 1)));
            log.append("arena", 3, List.of(wall(1, 0, 1, 1)));
            log.sync("arena");
        }
        // the snapshot at version 2 was renamed into place, the emptied log was not
        Files.write(logFile().resolveSibling("snapshot"),
                EditRecords.snapshot("arena", FILE_A, 2, List.of(wall(0, 0, 1, 1))));
        try (FileEditLog log = new FileEditLog(tmp.resolve("edits"))) {
            assertThat(log.open("arena", FILE_A, 1))
                    .isEqualTo(new EditLog.Recovery(3, List.of(wall(0, 0, 1, 1), wall(1, 0, 1, 1)), 1, false));
        }
    }

    @Test
    void changedMapFile_SetsTheOldLogAsideAndStartsAfterItsLastVersion() throws Exception {
        try (FileEditLog log = new FileEditLog(tmp.resolve("edits"))) {
            log.open("arena", FILE_A, 1);
            log.append("arena", 2, List.of(wall(0, 0, 1, 1)));
            log.sync("arena");
        }
        try (FileEditLog log = new FileEditLog(tmp.resolve("edits"))) {
            assertThat(log.open("arena", FILE_B, 1)).isEqualTo(new EditLog.Recovery(3, List.of(), 0, true));
            log.append("arena", 4, List.of(open(0, 0, 1, 1)));
            log.sync("arena");
        }
        assertThat(Files.readString(tmp.resolve("edits/arena.previous/log"))).contains(FILE_A);
        try (FileEditLog log = new FileEditLog(tmp.resolve("edits"))) {
            assertThat(log.open("arena", FILE_B, 1))
                    .isEqualTo(new EditLog.Recovery(4, List.of(open(0, 0, 1, 1)), 1, false));
        }
    }

    @Test
    void directoryThatCannotBeCreated_IsRefusedNamingTheKeyAndPath() throws IOException {
        Path file = Files.writeString(tmp.resolve("not-a-dir"), "x");
        assertThatThrownBy(() -> new FileEditLog(file.resolve("edits")))
                .isInstanceOf(EditLogException.class)
                .hasMessageStartingWith("maps.editLogDir: cannot create " + file.resolve("edits"));
    }

    @Test
    void appendToAMapWithoutAnOpenLog_IsRefused() throws Exception {
        try (FileEditLog log = new FileEditLog(tmp.resolve("edits"))) {
            assertThatThrownBy(() -> log.append("nowhere", 2, List.of(wall(0, 0, 1, 1))))
                    .isInstanceOf(EditLogException.class).hasMessage("map nowhere has no open edit log");
        }
    }
}
