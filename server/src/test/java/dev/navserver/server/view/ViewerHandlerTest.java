package dev.navserver.server.view;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.WorldTransform;
import dev.navserver.server.net.MapRegistry;
import dev.navserver.server.world.MonsterState;
import dev.navserver.server.world.WorldView;
import dev.navserver.server.world.WorldView.MonsterRow;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A viewer socket on an {@link EmbeddedChannel}: watch, full, deltas, and frames skipped while backed up. */
class ViewerHandlerTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final MapRegistry maps = new MapRegistry();
    private final AtomicInteger sent = new AtomicInteger();
    private final ViewHub hub = new ViewHub(maps, () -> "token-token-token-token", sent::incrementAndGet);

    ViewerHandlerTest() {
        boolean[] open = new boolean[16];
        Arrays.fill(open, true);
        maps.put(GridMap.ofWalkable("tiny", 4, 4, WorldTransform.UNIT, open));
    }

    private static ViewFrame frame(long n, double... xs) {
        List<MonsterRow> rows = new ArrayList<>();
        for (int i = 0; i < xs.length; i++) {
            rows.add(new MonsterRow("m" + i, "s1", xs[i], 0, MonsterState.CHASE, Double.NaN, WorldView.NONE, null,
                    WorldView.NONE, 0));
        }
        return new ViewFrame("tiny", 1, n, n / 10.0, ViewStats.ZERO, 4, 1, WorldView.of(List.of(), rows), List.of());
    }

    private static List<JsonNode> read(EmbeddedChannel ch) throws Exception {
        ch.runPendingTasks();
        List<JsonNode> out = new ArrayList<>();
        TextWebSocketFrame f;
        while ((f = ch.readOutbound()) != null) {
            out.add(JSON.readTree(f.text()));
            f.release();
        }
        return out;
    }

    private EmbeddedChannel watching() throws Exception {
        EmbeddedChannel ch = new EmbeddedChannel();
        ViewerHandler v = new ViewerHandler(hub, null, ch);
        assertThat(hub.tryRegister(v)).isTrue();
        ch.pipeline().addLast(v);
        ch.writeInbound(new TextWebSocketFrame("{\"type\":\"watch\",\"map\":\"tiny\"}"));
        assertThat(hub.watchedMaps()).containsExactly("tiny");
        return ch;
    }

    @Test
    void watchThenFrames_FirstIsFullThenDeltas() throws Exception {
        EmbeddedChannel ch = watching();
        hub.publish(frame(1, 0, 1));
        hub.publish(frame(2, 0.5, 1));
        List<JsonNode> out = read(ch);
        // two publishes before the loop ran: the mailbox keeps only the newer one
        assertThat(out).hasSize(1);
        assertThat(out.get(0).get("type").asText()).isEqualTo("full");
        assertThat(out.get(0).get("frame").asLong()).isEqualTo(2);
        hub.publish(frame(3, 1.0, 1));
        out = read(ch);
        assertThat(out.get(0).get("type").asText()).isEqualTo("delta");
        assertThat(out.get(0).get("moved").toString()).isEqualTo("[[\"m0\",1.0,0.0]]");
        assertThat(sent.get()).isEqualTo(2);
        assertThat(ch.finish()).isFalse();
    }

    @Test
    void backedUpSocket_SkipsFrames_AndTheNextDeltaFoldsThemIn() throws Exception {
        EmbeddedChannel ch = watching();
        hub.publish(frame(1, 0, 1, 2));
        assertThat(read(ch)).hasSize(1);
        ch.unsafe().outboundBuffer().setUserDefinedWritability(1, false);
        hub.publish(frame(2, 0.5, 1, 2));
        assertThat(read(ch)).isEmpty();
        hub.publish(frame(3, 0.5, 1)); // m2 gone while backed up
        assertThat(read(ch)).isEmpty();
        ch.unsafe().outboundBuffer().setUserDefinedWritability(1, true);
        hub.publish(frame(4, 0.7, 1));
        List<JsonNode> out = read(ch);
        assertThat(out).hasSize(1);
        JsonNode d = out.get(0);
        assertThat(d.get("frame").asLong()).isEqualTo(4);
        assertThat(d.get("moved").toString()).isEqualTo("[[\"m0\",0.7,0.0]]");
        assertThat(d.get("monstersGone").toString()).isEqualTo("[\"m2\"]");
        ch.finish();
    }

    @Test
    void unknownMapAndOtherMessages_GetErrors_AndTheSocketStays() throws Exception {
        EmbeddedChannel ch = new EmbeddedChannel();
        ViewerHandler v = new ViewerHandler(hub, null, ch);
        hub.tryRegister(v);
        ch.pipeline().addLast(v);
        ch.writeInbound(new TextWebSocketFrame("{\"type\":\"watch\",\"map\":\"nowhere\"}"));
        ch.writeInbound(new TextWebSocketFrame("{\"type\":\"watch\",\"map\":7}"));
        ch.writeInbound(new TextWebSocketFrame("[1,2]"));
        List<JsonNode> out = read(ch);
        assertThat(out).extracting(n -> n.get("code").asText())
                .containsExactly("unknown_map", "bad_message", "bad_message");
        assertThat(ch.isActive()).isTrue();
        assertThat(hub.watchedMaps()).isEmpty();
        ch.close();
        assertThat(hub.viewerCount()).isZero();
    }
}
