package dev.navserver.bots;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;

/**
 * Counts the bytes a connection receives (before any decoding) once {@link #startCounting()} has been called.
 * Stateful, so one per bot: in one pipeline at a time, marked sharable only so that it follows its bot into the
 * next connection after a move; confined to the bot's event loop.
 */
@ChannelHandler.Sharable
final class ByteCounter extends ChannelInboundHandlerAdapter {
    private boolean counting;
    private long bytes;

    /** From now on, received bytes count. */
    void startCounting() {
        counting = true;
    }

    /** Bytes received since {@link #startCounting()}. */
    long bytes() {
        return bytes;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (counting && msg instanceof ByteBuf b) {
            bytes += b.readableBytes();
        }
        ctx.fireChannelRead(msg);
    }
}
