package dev.navserver.protocol.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.navserver.protocol.ByeReasons;
import dev.navserver.protocol.ErrorCodes;
import dev.navserver.protocol.message.Bye;
import dev.navserver.protocol.message.ErrorMessage;
import dev.navserver.protocol.message.Ping;
import dev.navserver.protocol.message.PlayerPos;
import dev.navserver.protocol.message.Pong;
import dev.navserver.protocol.message.ProtocolError;
import dev.navserver.protocol.message.RequestId;
import dev.navserver.protocol.message.Vec3;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandler;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The whole protocol codec as the server and the bots install it. */
class ProtocolPipelineTest {
    private static final int MAX = 64;

    private final List<ByteBuf> written = new ArrayList<>();

    private static EmbeddedChannel serverSide() {
        EmbeddedChannel ch = new EmbeddedChannel();
        ProtocolPipeline.addServerCodec(ch.pipeline(), MAX);
        return ch;
    }

    private static EmbeddedChannel clientSide() {
        EmbeddedChannel ch = new EmbeddedChannel();
        ProtocolPipeline.addClientCodec(ch.pipeline(), MAX);
        return ch;
    }

    private void write(EmbeddedChannel ch, String s) {
        ByteBuf buf = Unpooled.copiedBuffer(s, StandardCharsets.UTF_8);
        written.add(buf);
        ch.writeInbound(buf);
    }

    private static Object next(EmbeddedChannel ch) {
        return ch.readInbound();
    }

    private static String outboundLine(EmbeddedChannel ch) {
        ByteBuf b = ch.readOutbound();
        try {
            return b.toString(StandardCharsets.UTF_8);
        } finally {
            b.release();
        }
    }

    @AfterEach
    void inboundBuffersAreReleased() {
        for (ByteBuf b : written) {
            assertThat(b.refCnt()).as("inbound buffer leaked").isZero();
        }
    }

    @Test
    void stagesAreNamedInOrder_AndCodecsAreSharedSingletons() {
        EmbeddedChannel a = serverSide();
        EmbeddedChannel b = serverSide();

        assertThat(a.pipeline().names()).startsWith(ProtocolPipeline.FRAME_DECODER,
                ProtocolPipeline.MESSAGE_DECODER, ProtocolPipeline.MESSAGE_ENCODER);
        ChannelHandler decoderA = a.pipeline().get(ProtocolPipeline.MESSAGE_DECODER);
        assertThat(decoderA).isSameAs(MessageDecoder.FROM_CLIENT).isSameAs(b.pipeline().get(ProtocolPipeline.MESSAGE_DECODER));
        assertThat(MessageDecoder.FROM_CLIENT.isSharable()).isTrue();
        assertThat(MessageEncoder.INSTANCE.isSharable()).isTrue();
        assertThat(MessageDecoder.FROM_SERVER.isSharable()).isTrue();
        EmbeddedChannel bot = clientSide();
        assertThat(bot.pipeline().get(ProtocolPipeline.MESSAGE_DECODER)).isSameAs(MessageDecoder.FROM_SERVER);
        assertFalse(bot.finish());
        assertThat(a.pipeline().get(ProtocolPipeline.FRAME_DECODER))
                .isNotSameAs(b.pipeline().get(ProtocolPipeline.FRAME_DECODER));
        assertFalse(a.finish());
        assertFalse(b.finish());
    }

    @Test
    void linesSplitAcrossWrites_DecodeToMessages() {
        EmbeddedChannel ch = serverSide();

        write(ch, "{\"type\":\"ping\",\"id\":5}\r\n{\"type\":\"player_");
        write(ch, "pos\",\"seq\":17,\"pos\":[1,2,3]}\n");

        assertThat(next(ch)).isEqualTo(new Ping(RequestId.of(5)));
        assertThat(next(ch)).isEqualTo(new PlayerPos(null, 17, new Vec3(1, 2, 3)));
        assertFalse(ch.finish());
    }

    @Test
    void overLongLine_GivesFrameTooLongError_ThenTheConnectionKeepsDecoding() {
        EmbeddedChannel ch = serverSide();

        write(ch, "{\"type\":\"ping\",\"id\":\"" + "x".repeat(100) + "\"}\n{\"type\":\"ping\",\"id\":1}\n");

        ProtocolError error = ch.readInbound();
        assertThat(error.code()).isEqualTo(ErrorCodes.FRAME_TOO_LONG);
        assertThat(error.id()).isNull();
        assertThat(error.message()).contains("64");
        assertThat(next(ch)).isEqualTo(new Ping(RequestId.of(1)));
        assertFalse(ch.finish());
    }

    @Test
    void badLine_GivesErrorValue_AndNextLineDecodes() {
        EmbeddedChannel ch = serverSide();

        write(ch, "not json\n{\"type\":\"bye\"}\n");

        ProtocolError error = ch.readInbound();
        assertThat(error.code()).isEqualTo(ErrorCodes.BAD_JSON);
        assertThat(next(ch)).isEqualTo(new Bye(null));
        assertFalse(ch.finish());
    }

    @Test
    void outboundMessages_AreWrittenAsOneJsonLineEach() {
        EmbeddedChannel ch = serverSide();

        ch.writeOutbound(new Pong(RequestId.of("p"), 1.5), new ErrorMessage(null, ErrorCodes.BAD_JSON, "x"));

        assertThat(outboundLine(ch)).isEqualTo("{\"type\":\"pong\",\"id\":\"p\",\"serverTime\":1.5}\n");
        assertThat(outboundLine(ch)).isEqualTo("{\"type\":\"error\",\"code\":\"bad_json\",\"message\":\"x\"}\n");
        assertFalse(ch.finish());
    }

    @Test
    void serverToBot_RoundTripsThroughBothCodecs() {
        EmbeddedChannel server = serverSide();
        EmbeddedChannel bot = clientSide();

        server.writeOutbound(new Bye(ByeReasons.SHUTDOWN), new Pong(RequestId.ofNumberLiteral("1e3"), 2.0));
        ByteBuf byeLine = server.readOutbound();
        ByteBuf pongLine = server.readOutbound();
        bot.writeInbound(byeLine);
        bot.writeInbound(pongLine);

        assertThat(next(bot)).isEqualTo(new Bye(ByeReasons.SHUTDOWN));
        assertThat(next(bot)).isEqualTo(new Pong(RequestId.ofNumberLiteral("1e3"), 2.0));
        assertFalse(server.finish());
        assertFalse(bot.finish());
    }

    @Test
    void botSide_OverLongLine_GivesFrameTooLongError() {
        EmbeddedChannel bot = clientSide();

        write(bot, "y".repeat(200));
        write(bot, "\n{\"type\":\"bye\",\"reason\":\"idle\"}\n");

        ProtocolError error = bot.readInbound();
        assertThat(error.code()).isEqualTo(ErrorCodes.FRAME_TOO_LONG);
        assertThat(next(bot)).isEqualTo(new Bye(ByeReasons.IDLE));
        assertFalse(bot.finish());
    }

    @Test
    void objectsTheDecoderDoesNotKnow_PassThrough() {
        EmbeddedChannel ch = serverSide();
        Object other = "user object";

        ch.pipeline().fireChannelRead(other);

        assertThat(next(ch)).isSameAs(other);
        assertFalse(ch.finish());
    }
}
