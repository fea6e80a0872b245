package dev.navserver.server.net;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelOutboundBuffer;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link OutboundBytes} against Netty's own count. Only this test reads the transport-only
 * {@code ChannelOutboundBuffer}, as the oracle the public-API derivation must equal.
 */
class OutboundBytesTest {
    private static final int LOW = 1000;
    private static final int HIGH = 2000;

    private final SlowSocketChannel ch = new SlowSocketChannel();

    OutboundBytesTest() {
        ch.config().setWriteBufferWaterMark(new WriteBufferWaterMark(LOW, HIGH));
    }

    /**
     * An {@link EmbeddedChannel} whose socket takes at most one message per flush and drops it, so output backs up
     * and drains step by step like a slow reader's.
     */
    static final class SlowSocketChannel extends EmbeddedChannel {
        @Override
        protected void doWrite(ChannelOutboundBuffer in) {
            in.remove();
        }
    }

    @AfterEach
    void close() {
        ch.finishAndReleaseAll();
    }

    private long nettyCount() {
        ChannelOutboundBuffer buffer = ch.unsafe().outboundBuffer();
        return buffer == null ? 0 : buffer.totalPendingWriteBytes();
    }

    private void writeBytes(int n) {
        ch.write(Unpooled.wrappedBuffer(new byte[n]));
    }

    @Test
    void emptyChannel_NothingPending() {
        assertThat(OutboundBytes.pending(ch)).isZero();
    }

    @Test
    void unflushedWritesBelowHighWaterMark_CountedAsNettyCountsThem() {
        writeBytes(100);
        writeBytes(250);

        assertThat(ch.isWritable()).isTrue();
        assertThat(OutboundBytes.pending(ch)).isEqualTo(nettyCount()).isGreaterThanOrEqualTo(350);
    }

    @Test
    void exactlyAtHighWaterMark_StillWritableAndExact() {
        writeBytes(100);
        long overheadPerEntry = nettyCount() - 100;
        writeBytes((int) (HIGH - nettyCount() - overheadPerEntry));

        assertThat(nettyCount()).isEqualTo(HIGH);
        assertThat(ch.isWritable()).isTrue();
        assertThat(OutboundBytes.pending(ch)).isEqualTo(HIGH);
    }

    @Test
    void pastHighWaterMark_NotWritableAndExactFarBeyondIt() {
        for (int i = 0; i < 10; i++) {
            writeBytes(700);
            assertThat(OutboundBytes.pending(ch)).as("after write %d", i).isEqualTo(nettyCount());
        }

        assertThat(ch.isWritable()).isFalse();
        assertThat(OutboundBytes.pending(ch)).isGreaterThan(3L * HIGH);
    }

    @Test
    void drainingStepByStep_ExactAboveBetweenAndBelowTheWaterMarks() {
        for (int i = 0; i < 10; i++) {
            writeBytes(300);
        }
        boolean sawUnwritableBetweenMarks = false;
        boolean sawWritableAgain = false;

        while (nettyCount() > 0) {
            ch.flush(); // the socket takes one message
            long expected = nettyCount();
            assertThat(OutboundBytes.pending(ch)).as("pending with %d in Netty's count", expected)
                    .isEqualTo(expected);
            sawUnwritableBetweenMarks |= !ch.isWritable() && expected > LOW && expected < HIGH;
            sawWritableAgain |= ch.isWritable() && expected > 0;
        }

        assertThat(sawUnwritableBetweenMarks).as("hysteresis state reached").isTrue();
        assertThat(sawWritableAgain).as("writable with bytes still pending reached").isTrue();
        assertThat(OutboundBytes.pending(ch)).isZero();
    }

    @Test
    void closedChannel_NothingPending() {
        for (int i = 0; i < 10; i++) {
            writeBytes(700);
        }

        ch.close();

        assertThat(ch.unsafe().outboundBuffer()).isNull();
        assertThat(OutboundBytes.pending(ch)).isZero();
    }
}
