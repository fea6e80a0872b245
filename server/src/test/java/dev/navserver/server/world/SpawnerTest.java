package dev.navserver.server.world;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.server.config.NavServerConfig.Chase;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Spawn checks, automatic spawn cells on the player's island, snapping, ids. */
class SpawnerTest {
    /** Two islands split by a wall column; the player stands on the west one. */
    private static final GridMap ISLANDS = AsciiMaps.parse(
            "....#....",
            "....#....",
            "....#....",
            "....#....");
    private static final Chase RING = new Chase(0.5, 0.5, 4, 1, 1, 2, 1, true, 0, 1, 3, 0.4, 0.5, 8);

    private final Spawner spawner = new Spawner(new SplittableRandom(3), new AtomicLong(41)::incrementAndGet);

    @Test
    void check_ReportsOffMapBlockedOrOk() {
        assertThat(Spawner.check(ISLANDS, 40, 0)).isEqualTo(World.SpawnStatus.OUT_OF_BOUNDS);
        assertThat(Spawner.check(ISLANDS, 4, -1)).isEqualTo(World.SpawnStatus.BLOCKED);
        assertThat(Spawner.check(ISLANDS, 1, -1)).isEqualTo(World.SpawnStatus.SPAWNED);
    }

    @Test
    void autoSpawnCell_AlwaysOnThePlayersIslandWithinTheRingOrNearest() {
        int westIsland = ISLANDS.navGrid().island(ISLANDS.cellAt(0, 0));
        for (int i = 0; i < 200; i++) {
            int cell = spawner.autoSpawnCell(ISLANDS, RING, 2, -1.5);
            assertThat(cell).isNotEqualTo(GridMap.NO_CELL);
            assertThat(ISLANDS.navGrid().island(cell)).isEqualTo(westIsland);
        }
    }

    @Test
    void autoSpawnCell_WhenPlayerOnAWall_UsesTheNearestWalkableCellsIsland() {
        int cell = spawner.autoSpawnCell(ISLANDS, RING, 4, -1);
        assertThat(cell).isNotEqualTo(GridMap.NO_CELL);
        assertThat(ISLANDS.navGrid().openCell(cell)).isTrue();
    }

    @Test
    void nearestWalkable_WhenOnWallOrOffMapNearby_SnapsToAWalkableCell() {
        int cell = Spawner.nearestWalkable(ISLANDS, 4, -1, 0);
        assertThat(ISLANDS.navGrid().openCell(cell)).isTrue();
        assertThat(Math.abs(ISLANDS.worldX(cell) - 4)).isEqualTo(1.0);
        assertThat(Spawner.nearestWalkable(ISLANDS, -3, 0, 0)).isEqualTo(ISLANDS.cellAt(0, 0));
        assertThat(Spawner.nearestWalkable(ISLANDS, Double.NaN, 0, 0)).isEqualTo(GridMap.NO_CELL);
    }

    @Test
    void nextId_UniqueFromSharedCounter() {
        assertThat(spawner.nextId()).isEqualTo("m-42");
        assertThat(spawner.nextId()).isEqualTo("m-43");
    }
}
