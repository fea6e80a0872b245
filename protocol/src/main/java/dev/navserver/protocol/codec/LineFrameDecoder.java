package dev.navserver.protocol.codec;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import java.util.List;

/**
 * Splits an inbound byte stream into NDJSON lines. Emits each non-empty line as a retained {@link ByteBuf} slice
 * without its {@code \n} or {@code \r\n} (the receiver releases it); skips empty lines. A line whose content is
 * longer than {@code maxFrameBytes} is discarded up to its newline and replaced by one {@link FrameTooLong},
 * emitted as soon as the excess is seen (even before the newline arrives); decoding resumes with the next line.
 * Bytes after the last newline when the channel closes are dropped.
 *
 * <p>Not sharable: one instance per channel, because it keeps the partial line, the scan position and the
 * discarding state between reads. {@link #maxFrameBytes(int)} may be called from any thread.
 */
public final class LineFrameDecoder extends ByteToMessageDecoder {
    private volatile int maxFrameBytes;
    /** Bytes after the reader index already scanned without finding {@code '\n'}. */
    private int scanned;
    /** True while skipping the rest of an over-long line whose {@link FrameTooLong} was already emitted. */
    private boolean discarding;

    /** @param maxFrameBytes longest accepted line content, bytes, excluding the terminator, {@code >= 1} */
    public LineFrameDecoder(int maxFrameBytes) {
        maxFrameBytes(maxFrameBytes);
    }

    /** Changes the limit for lines not yet complete; in effect from the next read. */
    public void maxFrameBytes(int maxFrameBytes) {
        if (maxFrameBytes < 1 || maxFrameBytes == Integer.MAX_VALUE) {
            throw new IllegalArgumentException("maxFrameBytes must be in [1, " + (Integer.MAX_VALUE - 1) + "], got "
                    + maxFrameBytes);
        }
        this.maxFrameBytes = maxFrameBytes;
    }

    /** The current limit, bytes. */
    public int maxFrameBytes() {
        return maxFrameBytes;
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        int max = maxFrameBytes;
        while (in.isReadable()) {
            int start = in.readerIndex();
            int eol = in.indexOf(start + scanned, in.writerIndex(), (byte) '\n');
            if (eol < 0) {
                int readable = in.readableBytes();
                if (discarding) {
                    in.skipBytes(readable);
                    scanned = 0;
                } else if (readable > max + 1) {
                    // max + 1: a last '\r' may still turn out to be half of "\r\n".
                    in.skipBytes(readable);
                    scanned = 0;
                    discarding = true;
                    out.add(new FrameTooLong(max));
                } else {
                    scanned = readable;
                }
                return;
            }
            scanned = 0;
            in.readerIndex(eol + 1);
            if (discarding) {
                discarding = false;
                continue;
            }
            int length = eol - start;
            if (length > 0 && in.getByte(eol - 1) == '\r') {
                length--;
            }
            if (length > max) {
                out.add(new FrameTooLong(max));
            } else if (length > 0) {
                out.add(in.retainedSlice(start, length));
            }
        }
    }
}
