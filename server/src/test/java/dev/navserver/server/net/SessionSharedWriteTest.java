package dev.navserver.server.net;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.search.SearchStatus;
import dev.navserver.nav.smooth.WorldPath;
import dev.navserver.protocol.codec.MessageEncoder;
import dev.navserver.protocol.json.MessageWriter;
import dev.navserver.protocol.message.NavPath;
import dev.navserver.server.metrics.ServerMetrics;
import io.netty.buffer.ByteBuf;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * One message for many sessions is encoded once: every session writes the same bytes, and a slow reader keeps the
 * newest {@code nav_path} per monster.
 */
class SessionSharedWriteTest {
    private static final NavPath PATH = new NavPath("m-1", 3, 0,
            WorldPath.of(SearchStatus.FOUND, new double[] {0, 0, 0, 5, 0, -5}, 2), 2.0, 1.5, 1, "patrol", null);

    private final ServerMetrics metrics = new ServerMetrics();
    private final ServerContext context = new ServerContext(metrics, () -> null, null, null, null, () -> { }, 0);
    private final List<EmbeddedChannel> channels = new ArrayList<>();

    private Session session(String id) {
        EmbeddedChannel ch = new EmbeddedChannel(MessageEncoder.INSTANCE, OutboundLineEncoder.INSTANCE);
        channels.add(ch);
        return new Session(id, ch, context, 1 << 20, 64);
    }

    /** One unflushed line past a high water mark of 2 bytes: the channel is not writable from here on. */
    private static void makeUnwritable(Session s, EmbeddedChannel ch) {
        ch.config().setWriteBufferWaterMark(new WriteBufferWaterMark(1, 2));
        s.writeLine(new SharedLine(PATH));
    }

    @AfterEach
    void release() {
        for (EmbeddedChannel ch : channels) {
            ch.flush();
            ch.finishAndReleaseAll();
        }
    }

    @Test
    void aNavPathForThreeViewers_IsEncodedOnce_AndEachGetsTheSameBytes() {
        List<Session> viewers = List.of(session("s-1"), session("s-2"), session("s-3"));
        SharedLine line = new SharedLine(PATH);
        for (Session s : viewers) {
            s.writeNavPathLine(PATH.monster(), line, 0, 0);
            s.flush();
        }
        byte[] encoded = line.bytes();
        for (EmbeddedChannel ch : channels) {
            ByteBuf out = ch.readOutbound(); // through the pipeline's OutboundLineEncoder
            assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo(MessageWriter.toJson(PATH) + "\n");
            out.release();
        }
        assertThat(line.bytes()).as("encoded once: the same array for every viewer").isSameAs(encoded);
        assertThat(metrics.navPathPushes.count()).isEqualTo(3);
        assertThat(metrics.messagesOut.labels("nav_path").count()).isEqualTo(3);
    }

    @Test
    void aSlowReader_KeepsOnlyTheNewestSharedPathPerMonster_AndSendsItWhenWritableAgain() {
        Session s = session("slow");
        EmbeddedChannel ch = channels.get(0);
        makeUnwritable(s, ch);
        assertThat(ch.isWritable()).isFalse();
        for (int seq = 4; seq <= 6; seq++) {
            NavPath p = new NavPath("m-1", seq, 0, PATH.path(), 2.0, 1.5, 1, "patrol", null);
            s.writeNavPathLine("m-1", new SharedLine(p), 0, 0);
        }
        assertThat(metrics.messagesCoalesced.count()).isEqualTo(2);
        ch.flush();
        ch.config().setWriteBufferWaterMark(WriteBufferWaterMark.DEFAULT);
        ch.releaseOutbound();
        s.drainCoalesced();
        ByteBuf out = ch.readOutbound();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("\"seq\":6");
        out.release();
        assertThat((Object) ch.readOutbound()).isNull();
    }

    @Test
    void anUntimedNavPath_IsWrittenAsTheMessage_ForTheIOThreadToEncode_AndReachesTheSocketAsItsLine() {
        Session s = session("s-1");
        EmbeddedChannel ch = channels.get(0);
        s.writeNavPath(PATH, 0, 0);
        s.flush();
        ByteBuf out = ch.readOutbound(); // through the pipeline's MessageEncoder
        assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo(MessageWriter.toJson(PATH) + "\n");
        out.release();
        assertThat(metrics.navPathPushes.count()).isEqualTo(1);
        assertThat(metrics.messagesOut.labels("nav_path").count()).isEqualTo(1);
    }

    @Test
    void anUntimedNavPathToASlowReader_IsStillCoalescedWithTheNewestPerMonster() {
        Session s = session("slow");
        EmbeddedChannel ch = channels.get(0);
        makeUnwritable(s, ch);
        s.writeNavPath(new NavPath("m-1", 4, 0, PATH.path(), 2.0, 1.5, 1, "patrol", null), 0, 0);
        s.writeNavPath(new NavPath("m-1", 5, 0, PATH.path(), 2.0, 1.5, 1, "patrol", null), 0, 0);
        assertThat(metrics.messagesCoalesced.count()).isEqualTo(1);
    }
}
