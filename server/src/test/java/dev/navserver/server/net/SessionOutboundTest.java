package dev.navserver.server.net;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.protocol.ByeReasons;
import dev.navserver.protocol.codec.MessageEncoder;
import dev.navserver.protocol.message.Pong;
import dev.navserver.protocol.message.RequestId;
import dev.navserver.server.metrics.ServerMetrics;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A session's slow-reader cut-off on its outbound byte count, over an {@link EmbeddedChannel}. */
class SessionOutboundTest {
    private static final long LIMIT = 8192;
    /** One pong is about 1 KiB encoded. */
    private static final Pong PONG = new Pong(RequestId.of("p".repeat(1000)), 1.0);

    private final ServerMetrics metrics = new ServerMetrics();
    private final EmbeddedChannel ch = new EmbeddedChannel(MessageEncoder.INSTANCE);
    private final Session session;

    SessionOutboundTest() {
        // The water marks GameServerInitializer sets: writability flips at half the limit.
        int high = (int) (LIMIT / 2);
        ch.config().setWriteBufferWaterMark(new WriteBufferWaterMark(high / 2, high));
        ServerContext context = new ServerContext(metrics, () -> null, null, null, null, () -> { }, 0);
        session = new Session("s-1", ch, context, LIMIT, 64);
    }

    @AfterEach
    void release() {
        ch.flush(); // unflushed writes would fail their void promises on close
        ch.finishAndReleaseAll();
    }

    @Test
    void unflushedOutputBelowTheLimit_CountedAndSessionStaysOpen() {
        for (int i = 0; i < 5; i++) {
            session.write(PONG);
        }

        assertThat(session.pendingOutboundBytes()).isBetween(5L * 1000, LIMIT);
        assertThat(ch.isWritable()).isFalse();
        assertThat(session.closing()).isFalse();
        assertThat(ch.isOpen()).isTrue();
    }

    @Test
    void flushedOutput_LeavesNothingPending() {
        for (int i = 0; i < 50; i++) {
            session.send(PONG);
        }

        assertThat(session.pendingOutboundBytes()).isZero();
        assertThat(session.closing()).isFalse();
    }

    @Test
    void unflushedOutputPastTheLimit_ClosedAsSlowReader() {
        int writes = 0;
        while (!session.closing() && writes < 100) {
            session.write(PONG);
            writes++;
        }

        assertThat(writes).isBetween(8, 9);
        assertThat(session.closeReason()).isEqualTo(ByeReasons.SLOW_READER);
        assertThat(metrics.messagesDropped.get("slow_reader")).isEqualTo(1);
        assertThat(ch.isOpen()).isFalse();
        assertThat(session.pendingOutboundBytes()).isZero();
    }
}
