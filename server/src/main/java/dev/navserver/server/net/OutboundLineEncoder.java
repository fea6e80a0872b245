package dev.navserver.server.net;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandler.Sharable;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.MessageToByteEncoder;

/** Writes each {@link OutboundLine} into a buffer of its exact size. Stateless: one shared {@link #INSTANCE}. */
@Sharable
public final class OutboundLineEncoder extends MessageToByteEncoder<OutboundLine> {
    public static final OutboundLineEncoder INSTANCE = new OutboundLineEncoder();

    private OutboundLineEncoder() {
        super(OutboundLine.class);
    }

    @Override
    protected ByteBuf allocateBuffer(ChannelHandlerContext ctx, OutboundLine msg, boolean preferDirect) {
        return ctx.alloc().ioBuffer(msg.size());
    }

    @Override
    protected void encode(ChannelHandlerContext ctx, OutboundLine msg, ByteBuf out) {
        msg.writeTo(out);
    }
}
