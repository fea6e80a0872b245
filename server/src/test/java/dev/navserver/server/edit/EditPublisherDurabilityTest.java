package dev.navserver.server.edit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.Terrain;
import dev.navserver.nav.grid.WorldTransform;
import dev.navserver.protocol.ErrorCodes;
import dev.navserver.protocol.message.CellRect;
import dev.navserver.protocol.message.MapPatch;
import dev.navserver.protocol.message.ServerMessage;
import dev.navserver.protocol.message.TerrainEdit;
import dev.navserver.server.net.MapRegistry;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link EditPublisher} with a {@link EditPublisher.Durability} that records or fails: an edit is published only
 * after its record is synced, and one that cannot be made durable changes nothing, per message or per pass.
 */
class EditPublisherDurabilityTest {
    private static final TerrainEdit WALL = TerrainEdit.cells(new CellRect(1, 1, 2, 1), "wall");
    private static final TerrainEdit MOAT = TerrainEdit.cells(new CellRect(0, 3, 4, 1), "water");

    /** Records what is appended and synced; a sync fails while {@link #failSync} is set. */
    private static final class Recorder implements EditPublisher.Durability {
        final List<String> calls = new ArrayList<>();
        boolean failSync;

        @Override
        public void append(String map, long version, List<TerrainEdit> patch) {
            calls.add("append " + map + " v" + version + " " + patch.size());
        }

        @Override
        public void sync(String map) throws IOException {
            if (failSync) {
                throw new IOException("No space left on device");
            }
            calls.add("sync " + map);
        }
    }

    private final MapRegistry maps = new MapRegistry();
    private final List<ServerMessage> sent = new ArrayList<>();
    private final Recorder log = new Recorder();
    private final EditPublisher publisher = new EditPublisher(maps, (name, m) -> sent.add(m), log);

    EditPublisherDurabilityTest() {
        // 4x4:
        // ....
        // ....
        // ....
        // ....
        maps.put(new GridMap("yard", 4, 4, WorldTransform.UNIT, new byte[16]));
    }

    @Test
    void perMessage_EachEditIsSyncedBeforeItIsPublished() {
        EditPublisher.Outcome r = publisher.publish("yard", List.of(WALL), 100);

        assertThat(r.applied()).isTrue();
        assertThat(r.version()).isEqualTo(2);
        assertThat(log.calls).containsExactly("append yard v2 1", "sync yard");
        assertThat(sent).containsExactly(MapPatch.edits("yard", 2, List.of(WALL)));
    }

    @Test
    void failedSync_RejectsTheEditAsNotDurable_AndTheMapStaysAtItsVersion() {
        GridMap before = maps.get("yard");
        log.failSync = true;

        EditPublisher.Outcome r = publisher.publish("yard", List.of(WALL), 100);

        assertThat(r.status()).isEqualTo(EditPublisher.Status.NOT_DURABLE);
        assertThat(r.status().code()).isEqualTo(ErrorCodes.EDIT_NOT_DURABLE);
        assertThat(r.message()).isEqualTo("edit log: No space left on device; nothing was applied, the map stays "
                + "at its version");
        assertThat(maps.get("yard")).isSameAs(before);
        assertThat(maps.version(maps.get("yard"))).isEqualTo(1);
        assertThat(sent).as("no map_patch").isEmpty();

        log.failSync = false;
        assertThat(publisher.publish("yard", List.of(WALL), 100).version()).as("the next edit takes version 2")
                .isEqualTo(2);
    }

    @Test
    void perPass_RecordsOfOneMapShareOneSync_AndArePublishedInOrderAfterIt() {
        List<EditPublisher.Outcome> out = publisher.publish(List.of(new EditPublisher.Request("yard", List.of(WALL)),
                new EditPublisher.Request("nowhere", List.of(WALL)),
                new EditPublisher.Request("yard", List.of(MOAT))), 100, true);

        assertThat(out).extracting(EditPublisher.Outcome::status).containsExactly(EditPublisher.Status.APPLIED,
                EditPublisher.Status.UNKNOWN_MAP, EditPublisher.Status.APPLIED);
        assertThat(out.get(2).version()).isEqualTo(3);
        assertThat(log.calls).containsExactly("append yard v2 1", "append yard v3 1", "sync yard");
        assertThat(sent).containsExactly(MapPatch.edits("yard", 2, List.of(WALL)),
                MapPatch.edits("yard", 3, List.of(MOAT)));
        assertThat(maps.get("yard").terrain(0, 3)).isEqualTo(Terrain.WATER);
        assertThat(maps.get("yard").terrain(1, 1)).as("the second edit was built on the first").isEqualTo(Terrain.WALL);
    }

    @Test
    void perPass_FailedSync_RejectsEveryEditOfThePass_AndPublishesNothing() {
        log.failSync = true;
        List<EditPublisher.Outcome> out = publisher.publish(List.of(new EditPublisher.Request("yard", List.of(WALL)),
                new EditPublisher.Request("yard", List.of(MOAT))), 100, true);

        assertThat(out).extracting(EditPublisher.Outcome::status).containsOnly(EditPublisher.Status.NOT_DURABLE);
        assertThat(maps.version(maps.get("yard"))).isEqualTo(1);
        assertThat(maps.get("yard").terrain(0, 3)).isEqualTo(Terrain.OPEN);
        assertThat(sent).isEmpty();
    }
}
