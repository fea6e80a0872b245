package dev.navserver.server.editlog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.Terrain;
import dev.navserver.protocol.message.CellRect;
import dev.navserver.protocol.message.MapPatch;
import dev.navserver.protocol.message.ServerMessage;
import dev.navserver.protocol.message.TerrainEdit;
import dev.navserver.server.edit.EditPublisher;
import dev.navserver.server.metrics.ServerMetrics;
import dev.navserver.server.net.MapRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@link MapRegistry} with a {@link MapJournal} on a {@link FileEditLog}, over real map and log files: a load of
 * the same bytes keeps version and edits, a changed file resets them and starts a new log, and a fresh registry
 * (a restart) comes back at the logged version with the logged grid.
 */
class JournaledRegistryTest {
    /** 6x4, Moving AI: {@code .} open, {@code @} wall. */
    private static final String YARD = "type octile\nheight 4\nwidth 6\nmap\n"
            + "......\n"
            + "......\n"
            + "..@@..\n"
            + "......\n";

    @TempDir
    Path tmp;

    private final ServerMetrics metrics = new ServerMetrics();
    private final List<FileEditLog> logs = new ArrayList<>();
    private final List<ServerMessage> sent = new ArrayList<>();

    @AfterEach
    void close() {
        logs.forEach(FileEditLog::close);
        metrics.close();
    }

    private MapRegistry registry(int compactEdits) throws Exception {
        FileEditLog log = new FileEditLog(tmp.resolve("edits"));
        logs.add(log);
        MapRegistry maps = new MapRegistry();
        maps.journal(new MapJournal(log, RouteStore.NONE, metrics, () -> compactEdits));
        return maps;
    }

    private EditPublisher publisher(MapRegistry maps) {
        MapJournal journal = new MapJournal(logs.get(logs.size() - 1), RouteStore.NONE, metrics, () -> 1000);
        return new EditPublisher(maps, (name, m) -> sent.add(m), journal);
    }

    private static List<TerrainEdit> wall(int col, int row) {
        return List.of(TerrainEdit.cells(new CellRect(col, row, 1, 1), "wall"));
    }

    @Test
    void sameBytesAgain_KeepVersionAndEdits_ChangedBytesResetAndStartANewLog() throws Exception {
        Path file = Files.writeString(tmp.resolve("yard.map"), YARD);
        MapRegistry maps = registry(1000);
        maps.load(file);
        EditPublisher publisher = publisher(maps);
        assertThat(publisher.publish("yard", wall(0, 0), 10).version()).isEqualTo(2);
        GridMap edited = maps.get("yard");

        assertThat(maps.load(file)).as("same bytes: nothing published").isNull();
        assertThat(maps.get("yard")).isSameAs(edited);
        assertThat(maps.version(edited)).isEqualTo(2);

        Files.writeString(file, YARD.replace("..@@..", "......"));
        GridMap reloaded = maps.load(file);
        assertThat(maps.version(reloaded)).isEqualTo(3);
        assertThat(reloaded.terrain(0, 0)).as("the edit is gone with the old file").isEqualTo(Terrain.OPEN);
        assertThat(tmp.resolve("edits/yard.previous/log")).isRegularFile();
        assertThat(publisher.publish("yard", wall(5, 3), 10).version()).isEqualTo(4);

        MapRegistry restarted = registry(1000);
        restarted.load(file);
        GridMap back = restarted.get("yard");
        assertThat(restarted.version(back)).isEqualTo(4);
        assertThat(back.terrain(5, 3)).isEqualTo(Terrain.WALL);
        assertThat(back.terrain(0, 0)).isEqualTo(Terrain.OPEN);
        assertThat(sent).containsExactly(MapPatch.edits("yard", 2, wall(0, 0)), MapPatch.edits("yard", 4, wall(5, 3)));
    }

    @Test
    void fileChangedWhileTheServerWasDown_StartsANewLogAfterTheLoggedVersion() throws Exception {
        Path file = Files.writeString(tmp.resolve("yard.map"), YARD);
        MapRegistry maps = registry(1000);
        maps.load(file);
        EditPublisher publisher = publisher(maps);
        publisher.publish("yard", wall(0, 0), 10);
        publisher.publish("yard", wall(1, 0), 10);

        Files.writeString(file, YARD.replace("..@@..", "@....."));
        MapRegistry restarted = registry(1000);
        GridMap fresh = restarted.load(file);
        assertThat(restarted.version(restarted.get("yard"))).as("versions never go back").isEqualTo(4);
        assertThat(restarted.get("yard")).isSameAs(fresh);
        assertThat(fresh.terrain(0, 0)).isEqualTo(Terrain.OPEN);
    }

    @Test
    void compactedJournal_RestartsAtTheSameVersionAndGrid() throws Exception {
        Path file = Files.writeString(tmp.resolve("yard.map"), YARD);
        MapRegistry maps = registry(2);
        maps.load(file);
        MapJournal journal = new MapJournal(logs.get(0), RouteStore.NONE, metrics, () -> 2);
        EditPublisher publisher = new EditPublisher(maps, (name, m) -> sent.add(m), journal);
        for (int col = 0; col < 5; col++) {
            publisher.publish("yard", wall(col, 0), 10);
            journal.compactDue(maps);
        }
        assertThat(Files.readAllLines(tmp.resolve("edits/yard/log"))).as("header and version 6").hasSize(2);

        MapRegistry restarted = registry(2);
        restarted.load(file);
        GridMap back = restarted.get("yard");
        assertThat(restarted.version(back)).isEqualTo(6);
        for (int col = 0; col < 6; col++) {
            assertThat(back.terrain(col, 0)).as("column %d", col).isEqualTo(col < 5 ? Terrain.WALL : Terrain.OPEN);
        }
        assertThat(back.terrain(2, 2)).isEqualTo(Terrain.WALL);
    }
}
