package dev.navserver.protocol.codec;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/** However a byte stream is cut into reads, {@link LineFrameDecoder} emits what a plain split on '\n' predicts. */
class LineFramingPropertyTest {
    private static final int MAX = 8;
    private static final String TOO_LONG = "<too long>";

    /** The oracle: split on '\n', drop one trailing '\r', skip empty lines, replace long ones. */
    private static List<String> expectedFrames(String stream) {
        List<String> out = new ArrayList<>();
        int start = 0;
        int eol;
        while ((eol = stream.indexOf('\n', start)) >= 0) {
            String line = stream.substring(start, eol);
            if (line.endsWith("\r")) {
                line = line.substring(0, line.length() - 1);
            }
            if (line.length() > MAX) {
                out.add(TOO_LONG);
            } else if (!line.isEmpty()) {
                out.add(line);
            }
            start = eol + 1;
        }
        if (stream.length() - start > MAX + 1) {
            out.add(TOO_LONG); // reported before its newline arrives
        }
        return out;
    }

    @Property(tries = 1000)
    void anyCutOfTheStream_GivesTheOracleFrames(@ForAll("streams") String stream,
                                                @ForAll @Size(min = 1, max = 10) List<@IntRange(min = 1, max = 25) Integer> readSizes) {
        EmbeddedChannel ch = new EmbeddedChannel(new LineFrameDecoder(MAX));
        byte[] bytes = stream.getBytes(StandardCharsets.US_ASCII);
        List<ByteBuf> written = new ArrayList<>();
        int at = 0;
        for (int i = 0; at < bytes.length; i++) {
            int n = Math.min(readSizes.get(i % readSizes.size()), bytes.length - at);
            ByteBuf buf = Unpooled.copiedBuffer(bytes, at, n);
            written.add(buf);
            ch.writeInbound(buf);
            at += n;
        }

        List<String> frames = new ArrayList<>();
        Object o;
        while ((o = ch.readInbound()) != null) {
            if (o instanceof FrameTooLong) {
                frames.add(TOO_LONG);
            } else {
                ByteBuf b = (ByteBuf) o;
                frames.add(b.toString(StandardCharsets.US_ASCII));
                b.release();
            }
        }
        assertThat(frames).isEqualTo(expectedFrames(stream));
        assertThat(ch.finish()).isFalse();
        for (ByteBuf b : written) {
            assertThat(b.refCnt()).isZero();
        }
    }

    @Provide
    Arbitrary<String> streams() {
        Arbitrary<String> line = Arbitraries.strings().withChars("ab{}\r").ofMaxLength(MAX + 4);
        Arbitrary<String> terminator = Arbitraries.of("\n", "\r\n");
        Arbitrary<String> terminated = net.jqwik.api.Combinators.combine(line, terminator).as(String::concat);
        return net.jqwik.api.Combinators.combine(terminated.list().ofMaxSize(12), line)
                .as((lines, tail) -> String.join("", lines) + tail);
    }
}
