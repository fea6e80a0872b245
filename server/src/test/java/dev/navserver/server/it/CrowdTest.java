package dev.navserver.server.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.protocol.MonsterStates;
import dev.navserver.protocol.message.LocalNav;
import dev.navserver.protocol.message.MonsterSnapshot;
import dev.navserver.protocol.message.Monsters;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bodies and surround slots as a client sees them: ten monsters chase a player standing still in open space on the
 * bundled arena (default radii 0.4 and 0.5 m, stopping distance 1 m).
 */
class CrowdTest {
    static final double PX = -15;
    static final double PZ = 5;

    @TempDir
    Path tmp;

    @Test
    void tenMonstersChasingAStillPlayer_KeepBodiesApart_SurroundIt_AndGetSlots() throws Exception {
        Map<String, String> cfg = Map.of(
                "chase.monstersPerPlayer", "10",
                "chase.spawnMinDistanceMeters", "5.0",
                "chase.spawnMaxDistanceMeters", "10.0");
        GridMap arena = TestServer.arena();
        try (TestServer server = TestServer.start(tmp, cfg); NdjsonClient c = server.player("still")) {
            c.playerPos(1, PX, PZ);
            Monsters first = c.await(Monsters.class, m -> m.list().size() == 10);
            // Everyone under local nav, then four more seconds for slots to settle.
            Monsters local = c.await(Monsters.class, m -> m.list().stream()
                    .allMatch(s -> s.state().equals(MonsterStates.LOCAL)), Duration.ofSeconds(30));
            Monsters last = c.await(Monsters.class, m -> m.serverTime() >= local.serverTime() + 4,
                    Duration.ofSeconds(30));

            for (Monsters snap : c.received(Monsters.class, m -> m.serverTime() >= first.serverTime() + 1)) {
                List<MonsterSnapshot> list = snap.list();
                for (int i = 0; i < list.size(); i++) {
                    MonsterSnapshot a = list.get(i);
                    int cell = arena.cellAt(a.pos().x(), a.pos().z());
                    assertThat(arena.navGrid().openCell(cell)).as("%s walkable", a).isTrue();
                    assertThat(Math.hypot(a.pos().x() - PX, a.pos().z() - PZ)).as("%s from the player at %s", a,
                            snap.serverTime()).isGreaterThanOrEqualTo(0.85);
                    for (int j = i + 1; j < list.size(); j++) {
                        MonsterSnapshot b = list.get(j);
                        assertThat(Math.hypot(a.pos().x() - b.pos().x(), a.pos().z() - b.pos().z()))
                                .as("%s to %s at %s", a, b, snap.serverTime())
                                .isGreaterThanOrEqualTo(2 * 0.4 - 0.05);
                    }
                }
            }
            List<Double> angles = new ArrayList<>();
            for (MonsterSnapshot m : last.list()) {
                angles.add(Math.toDegrees(Math.atan2(m.pos().z() - PZ, m.pos().x() - PX)));
            }
            angles.sort(Double::compare);
            double gap = 360 - (angles.get(angles.size() - 1) - angles.get(0));
            for (int i = 1; i < angles.size(); i++) {
                gap = Math.max(gap, angles.get(i) - angles.get(i - 1));
            }
            assertThat(gap).as("largest angular gap, angles %s", angles).isLessThanOrEqualTo(120);

            List<LocalNav> active = c.received(LocalNav.class, LocalNav::active);
            assertThat(active).hasSizeGreaterThanOrEqualTo(10);
            for (LocalNav l : active) {
                assertThat(l.slot()).as("slot of %s", l).isNotNull();
                int cell = arena.cellAt(l.slot().x(), l.slot().z());
                assertThat(arena.navGrid().openCell(cell)).as("slot of %s walkable", l).isTrue();
            }
        }
    }
}
