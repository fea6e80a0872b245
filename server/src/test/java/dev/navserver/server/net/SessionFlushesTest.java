package dev.navserver.server.net;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.protocol.codec.MessageEncoder;
import dev.navserver.protocol.message.Pong;
import dev.navserver.protocol.message.RequestId;
import dev.navserver.server.metrics.ServerMetrics;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.util.ReferenceCountUtil;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Between ticks only sessions with urgent writes are flushed; a viewer's untimed {@code nav_path} waits for the tick,
 * unless something urgent follows it. Over {@link EmbeddedChannel}s, which hand out only flushed writes.
 */
class SessionFlushesTest {
    private static final Pong PONG = new Pong(RequestId.of("p1"), 1.0);

    private final ServerContext context = new ServerContext(new ServerMetrics(), () -> null, null, null, null,
            () -> { }, 0);
    private final EmbeddedChannel viewerChannel = new EmbeddedChannel(MessageEncoder.INSTANCE);
    private final EmbeddedChannel chasedChannel = new EmbeddedChannel(MessageEncoder.INSTANCE);
    private final Session viewer = new Session("s-1", viewerChannel, context, 1 << 20, 64);
    private final Session chased = new Session("s-2", chasedChannel, context, 1 << 20, 64);
    private final SessionFlushes flushes = new SessionFlushes(context);
    private final ByteBuf line = Unpooled.copiedBuffer("{\"type\":\"nav_path\",\"monster\":\"m-1\"}\n",
            StandardCharsets.UTF_8);

    @AfterEach
    void release() {
        line.release();
        viewerChannel.flush();
        chasedChannel.flush();
        viewerChannel.finishAndReleaseAll();
        chasedChannel.finishAndReleaseAll();
    }

    @Test
    void betweenTicks_ViewersNavPathWaitsForTheTick_ChasedPlayersTimedOneGoesAtOnce() {
        viewer.writeNavPathLine("m-1", line, 0, 0);
        chased.writeNavPathLine("m-1", line, System.nanoTime(), 0);

        flushes.urgent();

        assertThat(lines(chasedChannel)).isEqualTo(1);
        assertThat(lines(viewerChannel)).isZero();

        flushes.all();

        assertThat(lines(viewerChannel)).isEqualTo(1);
        assertThat(lines(chasedChannel)).isZero();
    }

    @Test
    void heldBackSession_GetsAReply_FlushedBetweenTicksWithItsNavPath() {
        viewer.writeNavPathLine("m-1", line, 0, 0);
        flushes.urgent();
        assertThat(lines(viewerChannel)).isZero();

        viewer.write(PONG); // the session is still dirty: it is not queued again, the held-back list finds it

        flushes.urgent();

        assertThat(lines(viewerChannel)).isEqualTo(2);
        flushes.all();
        assertThat(lines(viewerChannel)).isZero();
    }

    @Test
    void repliesAndSharedLines_AreUrgent() {
        viewer.writeLine("monster_state", line);
        chased.write(PONG);

        flushes.urgent();

        assertThat(lines(viewerChannel)).isEqualTo(1);
        assertThat(lines(chasedChannel)).isEqualTo(1);
    }

    /** Flushed outbound messages taken off the channel (and released). */
    private static int lines(EmbeddedChannel ch) {
        int n = 0;
        Object o;
        while ((o = ch.readOutbound()) != null) {
            ReferenceCountUtil.release(o);
            n++;
        }
        return n;
    }
}
