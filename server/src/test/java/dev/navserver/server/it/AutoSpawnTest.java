package dev.navserver.server.it;

import static dev.navserver.server.it.PathAssertions.assertWalkable;
import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.protocol.PathStatus;
import dev.navserver.protocol.message.MonsterSnapshot;
import dev.navserver.protocol.message.Monsters;
import dev.navserver.protocol.message.NavPath;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Monsters spawned with the first {@code player_pos}: {@code chase.monstersPerPlayer} of them, on the player's island,
 * at the set range.
 */
class AutoSpawnTest {
    @TempDir
    Path tmp;

    @Test
    void playerInsideTheClosedRoom_AutoSpawnedMonstersLandInTheRoomAndGetOkPaths() throws Exception {
        Map<String, String> cfg = Map.of(
                "chase.monstersPerPlayer", "3",
                "chase.spawnMinDistanceMeters", "5.0",
                "chase.spawnMaxDistanceMeters", "10.0");
        GridMap arena = TestServer.arena();
        try (TestServer server = TestServer.start(tmp, cfg); NdjsonClient c = server.player("roomed")) {
            c.playerPos(1, 9, -13); // the room's corner cell (col 39, row 43)
            Monsters snapshot = c.await(Monsters.class, m -> m.list().size() == 3);
            int playerIsland = arena.navGrid().island(arena.cellAt(9, -13));
            for (MonsterSnapshot m : snapshot.list()) {
                int cell = arena.cellAt(m.pos().x(), m.pos().z());
                assertThat(arena.navGrid().openCell(cell)).as("%s walkable", m).isTrue();
                assertThat(arena.navGrid().island(cell)).as("%s on the player's island", m).isEqualTo(playerIsland);
                // a spawn is the centre of the cell under a random point at 5..10 m: up to half a diagonal off
                double d = Math.hypot(m.pos().x() - 9, m.pos().z() + 13);
                assertThat(d).as("%s distance", m).isBetween(5 - Math.sqrt(0.5), 10 + Math.sqrt(0.5));
            }
            List<String> ids = snapshot.list().stream().map(MonsterSnapshot::monster).toList();
            assertThat(ids).doesNotHaveDuplicates();
            for (String id : ids) {
                NavPath p = c.received(NavPath.class, n -> n.monster().equals(id)).stream().findFirst()
                        .orElseGet(() -> c.await(NavPath.class, n -> n.monster().equals(id)));
                assertThat(p.status()).isEqualTo(PathStatus.OK);
                assertWalkable(arena, p.navPath());
            }
            assertThat(server.metrics()).as("spawn events counted").contains("navserver_monsters_spawned_total 3.0");
        }
    }
}
