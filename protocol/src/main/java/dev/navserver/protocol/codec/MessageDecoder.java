package dev.navserver.protocol.codec;

import dev.navserver.protocol.json.MessageReader;
import dev.navserver.protocol.message.FromClient;
import dev.navserver.protocol.message.FromServer;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandler.Sharable;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.MessageToMessageDecoder;
import java.util.List;

/**
 * After {@link LineFrameDecoder}: turns each line {@link ByteBuf} into what its {@link MessageReader} decodes it to
 * (a message or a {@link dev.navserver.protocol.message.ProtocolError}) and each {@link FrameTooLong} into a
 * {@code frame_too_long} {@link dev.navserver.protocol.message.ProtocolError}; releases the line. Other messages
 * pass through. Stateless: one shared instance per direction, {@link #FROM_CLIENT} and {@link #FROM_SERVER}.
 *
 * @param <T> what a line decodes to: {@link FromClient} or {@link FromServer}
 */
@Sharable
public final class MessageDecoder<T> extends MessageToMessageDecoder<Object> {
    /** Server side: lines from a client decode to {@link FromClient}. */
    public static final MessageDecoder<FromClient> FROM_CLIENT = new MessageDecoder<>(MessageReader.FROM_CLIENT);
    /** Client (bot) side: lines from the server decode to {@link FromServer}. */
    public static final MessageDecoder<FromServer> FROM_SERVER = new MessageDecoder<>(MessageReader.FROM_SERVER);

    private final MessageReader<T> reader;

    private MessageDecoder(MessageReader<T> reader) {
        super(Object.class);
        this.reader = reader;
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
            out.add(reader.read((ByteBuf) msg));
        }
    }
}
