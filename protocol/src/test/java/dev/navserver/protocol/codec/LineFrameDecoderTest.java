package dev.navserver.protocol.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class LineFrameDecoderTest {
    private static final int MAX = 8;

    private final List<ByteBuf> written = new ArrayList<>();
    private final EmbeddedChannel ch = new EmbeddedChannel(new LineFrameDecoder(MAX));

    private void write(String s) {
        ByteBuf buf = Unpooled.copiedBuffer(s, StandardCharsets.UTF_8);
        written.add(buf);
        ch.writeInbound(buf);
    }

    /** The next inbound frame as text; releases it. */
    private String frame() {
        Object o = ch.readInbound();
        assertThat(o).isInstanceOf(ByteBuf.class);
        ByteBuf b = (ByteBuf) o;
        try {
            return b.toString(StandardCharsets.UTF_8);
        } finally {
            b.release();
        }
    }

    private Object next() {
        return ch.readInbound();
    }

    private void assertNoMoreInbound() {
        assertThat(next()).isNull();
    }

    @AfterEach
    void everythingWrittenIsReleased() {
        ch.finishAndReleaseAll();
        for (ByteBuf b : written) {
            assertThat(b.refCnt()).as("inbound buffer leaked").isZero();
        }
    }

    @Test
    void frameSplitAcrossWrites_IsReassembled() {
        write("{\"a\"");
        assertNoMoreInbound();
        write(":1");
        assertNoMoreInbound();
        write("}\nx");

        assertThat(frame()).isEqualTo("{\"a\":1}");
        assertNoMoreInbound();
        write("\n");
        assertThat(frame()).isEqualTo("x");
        assertFalse(ch.finish());
    }

    @Test
    void severalFramesInOneWrite_AreEmittedInOrder() {
        write("one\ntwo\nthree\n");

        assertThat(frame()).isEqualTo("one");
        assertThat(frame()).isEqualTo("two");
        assertThat(frame()).isEqualTo("three");
        assertFalse(ch.finish());
    }

    @Test
    void crlf_IsStrippedLikeLf() {
        write("abc\r\ndef\n");

        assertThat(frame()).isEqualTo("abc");
        assertThat(frame()).isEqualTo("def");
        assertFalse(ch.finish());
    }

    @Test
    void crlfSplitBetweenWrites_IsStillOneTerminator() {
        write("abc\r");
        assertNoMoreInbound();
        write("\n");

        assertThat(frame()).isEqualTo("abc");
        assertFalse(ch.finish());
    }

    @Test
    void loneCrInsideALine_IsContent() {
        write("a\rb\n");

        assertThat(frame()).isEqualTo("a\rb");
        assertFalse(ch.finish());
    }

    @Test
    void emptyLines_AreSkipped() {
        write("\n\r\n\nabc\n\n\r\n");

        assertThat(frame()).isEqualTo("abc");
        assertFalse(ch.finish());
    }

    @Test
    void lineOfExactlyMaxBytes_IsAFrame_WithLfOrCrlf() {
        write("12345678\n12345678\r\n");

        assertThat(frame()).isEqualTo("12345678");
        assertThat(frame()).isEqualTo("12345678");
        assertFalse(ch.finish());
    }

    @Test
    void maxBytesThenCr_WaitsForTheLf_ThenIsAFrame() {
        write("12345678\r");
        assertNoMoreInbound();
        write("\n");

        assertThat(frame()).isEqualTo("12345678");
        assertFalse(ch.finish());
    }

    @Test
    void lineOfMaxPlusOneBytes_WithNewline_IsTooLong_AndNextLineDecodes() {
        write("123456789\nok\n");

        assertThat(next()).isEqualTo(new FrameTooLong(MAX));
        assertThat(frame()).isEqualTo("ok");
        assertFalse(ch.finish());
    }

    @Test
    void lineOfMaxPlusOneBytes_WithCrlf_IsTooLong() {
        write("123456789\r\nok\r\n");

        assertThat(next()).isEqualTo(new FrameTooLong(MAX));
        assertThat(frame()).isEqualTo("ok");
        assertFalse(ch.finish());
    }

    @Test
    void overLongLineWithoutNewlineYet_IsReportedAtOnce_ThenDiscardedUpToItsNewline() {
        write("1234567890");
        assertThat(next()).isEqualTo(new FrameTooLong(MAX));
        assertNoMoreInbound();

        write("still the same long line");
        assertNoMoreInbound();
        write("end of it\nok");
        assertNoMoreInbound();
        write("\n");

        assertThat(frame()).isEqualTo("ok");
        assertNoMoreInbound();
        assertFalse(ch.finish());
    }

    @Test
    void overLongLineArrivingByteByByte_GivesOneSignal() {
        for (char c : "abcdefghijklmnop\n".toCharArray()) {
            write(String.valueOf(c));
        }
        write("ok\n");

        assertThat(next()).isEqualTo(new FrameTooLong(MAX));
        assertThat(frame()).isEqualTo("ok");
        assertFalse(ch.finish());
    }

    @Test
    void severalOverLongLinesInOneWrite_GiveOneSignalEach_InOrder() {
        write("aaaaaaaaaaaa\nx\nbbbbbbbbbbbbbbbb\r\ny\n");

        assertThat(next()).isEqualTo(new FrameTooLong(MAX));
        assertThat(frame()).isEqualTo("x");
        assertThat(next()).isEqualTo(new FrameTooLong(MAX));
        assertThat(frame()).isEqualTo("y");
        assertFalse(ch.finish());
    }

    @Test
    void partialLineAtClose_IsDropped() {
        write("ok\npartial");

        assertThat(frame()).isEqualTo("ok");
        assertFalse(ch.finish());
    }

    @Test
    void longPartialLine_IsScannedOnce_AndStillFramedWhenComplete() {
        EmbeddedChannel big = new EmbeddedChannel(new LineFrameDecoder(1000));
        StringBuilder expected = new StringBuilder();
        for (int i = 0; i < 100; i++) {
            String piece = "0123456789".substring(i % 10);
            expected.append(piece);
            big.writeInbound(Unpooled.copiedBuffer(piece, StandardCharsets.UTF_8));
        }
        big.writeInbound(Unpooled.copiedBuffer("\n", StandardCharsets.UTF_8));

        ByteBuf b = big.readInbound();
        assertThat(b.toString(StandardCharsets.UTF_8)).isEqualTo(expected.toString());
        b.release();
        assertFalse(big.finish());
    }

    @Test
    void loweringTheLimit_AppliesToTheNextLine() {
        LineFrameDecoder decoder = new LineFrameDecoder(MAX);
        EmbeddedChannel c = new EmbeddedChannel(decoder);
        decoder.maxFrameBytes(3);

        c.writeInbound(Unpooled.copiedBuffer("abcd\nabc\n", StandardCharsets.UTF_8));

        Object signal = c.readInbound();
        assertThat(signal).isEqualTo(new FrameTooLong(3));
        ByteBuf b = c.readInbound();
        assertThat(b.toString(StandardCharsets.UTF_8)).isEqualTo("abc");
        b.release();
        assertFalse(c.finish());
    }

    @Test
    void limitOutsideRange_IsRejected() {
        assertThatThrownBy(() -> new LineFrameDecoder(0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new LineFrameDecoder(Integer.MAX_VALUE)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void isNotSharable() {
        assertFalse(new LineFrameDecoder(MAX).isSharable());
    }
}
