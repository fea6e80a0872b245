package dev.navserver.nav.io;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.ArenaMap;
import dev.navserver.nav.TestData;
import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.grid.WorldTransform;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The maps the server ships with, in {@code maps/}. */
class BundledMapsTest {

    private static GridMap arena() throws IOException {
        return MapLoader.load(TestData.mapsDir().resolve("arena.txt"));
    }

    @Test
    void arena_WhenLoaded_Is60By60WithOriginMinus30Plus30AndOneMetreCells() throws IOException {
        GridMap map = arena();
        assertThat(map.name()).isEqualTo("arena");
        assertThat(map.width()).isEqualTo(60);
        assertThat(map.height()).isEqualTo(60);
        assertThat(map.transform()).isEqualTo(new WorldTransform(-30, 0, 30, 1));
        assertThat(map.cellAt(-30, 30)).isEqualTo(map.cell(0, 0));
        assertThat(map.cellAt(29, -29)).isEqualTo(map.cell(59, 59));
        assertThat(map.cellAt(30, 0)).isEqualTo(GridMap.NO_CELL);
    }

    @Test
    void arena_WhenLoaded_OuterWallIsClosed() throws IOException {
        GridMap map = arena();
        for (int i = 0; i < 60; i++) {
            assertThat(map.walkable(i, 0)).isFalse();
            assertThat(map.walkable(i, 59)).isFalse();
            assertThat(map.walkable(0, i)).isFalse();
            assertThat(map.walkable(59, i)).isFalse();
        }
    }

    @Test
    void arena_WhenIslandsLabelled_ClosedRoomIsItsOwnIslandAndTheRestIsOne() throws IOException {
        GridMap map = arena();
        NavGrid g = map.navGrid();
        int room = g.island(map.cell(ArenaMap.ROOM_COL0, ArenaMap.ROOM_ROW0));
        int main = g.island(map.cell(1, 1));
        assertThat(room).isPositive();
        assertThat(main).isPositive().isNotEqualTo(room);
        assertThat(g.islandCount()).isEqualTo(2);
        // every walkable cell inside the room's ring belongs to the room, none outside it does
        int walkable = 0;
        int onMain = 0;
        for (int cell = 0; cell < 3600; cell++) {
            if (!g.openCell(cell)) {
                continue;
            }
            walkable++;
            int c = map.col(cell);
            int r = map.row(cell);
            boolean inRoom = c >= ArenaMap.ROOM_COL0 && c <= ArenaMap.ROOM_COL1
                    && r >= ArenaMap.ROOM_ROW0 && r <= ArenaMap.ROOM_ROW1;
            assertThat(g.island(cell)).as("cell (%d, %d)", c, r).isEqualTo(inRoom ? room : main);
            if (!inRoom) {
                onMain++;
            }
        }
        assertThat(onMain).isGreaterThan(walkable * 9 / 10);
        assertThat(walkable).isGreaterThan(3600 * 3 / 4);
    }

    @Test
    void arena_WhenRegenerated_IsExactlyTheCommittedFile() throws IOException {
        assertThat(Files.readString(TestData.mapsDir().resolve("arena.txt"))).isEqualTo(ArenaMap.text());
    }

    @Test
    void rooms512_WhenLoaded_Is512By512CopyOfMovingAi8room000() throws IOException {
        Path file = TestData.mapsDir().resolve("rooms512.map");
        GridMap map = MapLoader.load(file);
        assertThat(map.name()).isEqualTo("rooms512");
        assertThat(map.width()).isEqualTo(512);
        assertThat(map.height()).isEqualTo(512);
        assertThat(Files.readAllBytes(file))
                .isEqualTo(Files.readAllBytes(TestData.movingAiMap("rooms", "8room_000")));
    }

    @Test
    void mapsFolder_WhenEveryTopLevelFileDetected_MapsAreArenaAndRooms512AndAllLoad() throws IOException {
        List<String> names = new ArrayList<>();
        try (Stream<Path> files = Files.list(TestData.mapsDir())) {
            for (Path p : files.filter(Files::isRegularFile).sorted().toList()) {
                if (MapLoader.detect(p).isPresent()) {
                    names.add(MapLoader.load(p).name());
                }
            }
        }
        assertThat(names).containsExactly("arena", "rooms512");
    }
}
