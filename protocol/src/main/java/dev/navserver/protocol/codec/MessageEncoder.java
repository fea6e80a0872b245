package dev.navserver.protocol.codec;

import dev.navserver.protocol.json.MessageWriter;
import dev.navserver.protocol.message.Message;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandler.Sharable;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.MessageToByteEncoder;

/**
 * Writes each outbound {@link Message} as its compact JSON followed by {@code '\n'}. Used on both sides. Other
 * outbound objects (e.g. pre-encoded {@link ByteBuf}s) pass through. Stateless: one shared instance,
 * {@link #INSTANCE}.
 */
@Sharable
public final class MessageEncoder extends MessageToByteEncoder<Message> {
    public static final MessageEncoder INSTANCE = new MessageEncoder();

    private MessageEncoder() {
        super(Message.class);
    }

    @Override
    protected void encode(ChannelHandlerContext ctx, Message msg, ByteBuf out) {
        MessageWriter.writeLine(msg, out);
    }
}
