package dev.navserver.protocol.codec;

import dev.navserver.protocol.json.ServerMessageReader;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandler.Sharable;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.MessageToMessageDecoder;
import java.util.List;

/**
 * Client (bot) side, after {@link LineFrameDecoder}: turns each line {@link ByteBuf} into a
 * {@link dev.navserver.protocol.message.FromServer} (a {@link dev.navserver.protocol.message.ServerMessage} or a
 * {@link dev.navserver.protocol.message.ProtocolError}) and each {@link FrameTooLong} into a {@code frame_too_long}
 * {@link dev.navserver.protocol.message.ProtocolError}; releases the line. Other messages pass through. Stateless:
 * one shared instance, {@link #INSTANCE}.
 */
@Sharable
public final class ServerMessageDecoder extends MessageToMessageDecoder<Object> {
    public static final ServerMessageDecoder INSTANCE = new ServerMessageDecoder();

    private ServerMessageDecoder() {
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
            out.add(ServerMessageReader.read((ByteBuf) msg));
        }
    }
}
