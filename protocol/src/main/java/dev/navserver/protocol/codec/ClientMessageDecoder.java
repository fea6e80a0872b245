package dev.navserver.protocol.codec;

import dev.navserver.protocol.json.ClientMessageReader;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandler.Sharable;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.MessageToMessageDecoder;
import java.util.List;

/**
 * Server side, after {@link LineFrameDecoder}: turns each line {@link ByteBuf} into a
 * {@link dev.navserver.protocol.message.FromClient} (a {@link dev.navserver.protocol.message.ClientMessage} or a
 * {@link dev.navserver.protocol.message.ProtocolError}) and each {@link FrameTooLong} into a {@code frame_too_long}
 * {@link dev.navserver.protocol.message.ProtocolError}; releases the line. Other messages pass through. Stateless:
 * one shared instance, {@link #INSTANCE}.
 */
@Sharable
public final class ClientMessageDecoder extends MessageToMessageDecoder<Object> {
    public static final ClientMessageDecoder INSTANCE = new ClientMessageDecoder();

    private ClientMessageDecoder() {
        super(Object.class);
    }

    @Override
    public boolean acceptInboundMessage(Object msg) {
        return msg instanceof ByteBuf || msg instanceof FrameTooLong;
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, Object msg, List<Object> out) {
        if (msg instanceof FrameTooLong) {
            out.add(((FrameTooLong) msg).toError());
        } else {
            out.add(ClientMessageReader.read((ByteBuf) msg));
        }
    }
}
