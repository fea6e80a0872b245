package dev.navserver.server.net;

import io.netty.channel.Channel;

/**
 * How many bytes a channel holds for its socket, derived from Netty's public writability API
 * ({@link Channel#bytesBeforeUnwritable()}, {@link Channel#bytesBeforeWritable()} and the channel's write buffer
 * water marks) instead of the transport-only {@code ChannelOutboundBuffer}. The count is Netty's own: encoded
 * bytes written but not yet taken by the socket, flushed or not, plus Netty's per-entry overhead and its estimate
 * for writes still travelling to the event loop.
 *
 * <p>Exact on the channel's event loop. From another thread the writability flag and the byte count are read at
 * slightly different moments; when they disagree (the channel just turned writable again, or a write just passed the
 * high water mark and the flag is not set yet) the result is 0. Such a read is below the high water mark or is
 * followed by a writability change on the event loop, which reads again.
 */
final class OutboundBytes {
    private OutboundBytes() {
    }

    /** Bytes pending for the socket, {@code >= 0}; 0 once the channel is closed. Any thread. */
    static long pending(Channel channel) {
        long beforeUnwritable = channel.bytesBeforeUnwritable();
        if (beforeUnwritable > 0) {
            // Writable: bytesBeforeUnwritable = high - pending + 1.
            return Math.max(0, channel.config().getWriteBufferHighWaterMark() + 1L - beforeUnwritable);
        }
        long beforeWritable = channel.bytesBeforeWritable();
        if (beforeWritable == Long.MAX_VALUE) {
            // No outbound buffer: the channel is closed and holds nothing.
            return 0;
        }
        if (beforeWritable > 0) {
            // Not writable: bytesBeforeWritable = pending - low + 1.
            return channel.config().getWriteBufferLowWaterMark() - 1L + beforeWritable;
        }
        return 0;
    }
}
