package dev.navserver.server.net;

import io.netty.channel.Channel;
import io.netty.channel.ChannelPromise;
import io.netty.util.ReferenceCountUtil;
import java.util.ArrayList;
import java.util.concurrent.RejectedExecutionException;

/**
 * A connection's writes from threads other than its event loop, gathered until {@link #flush} and then handed to the
 * event loop as one task that writes them all in order and flushes: the tick thread writes several messages to a
 * session per tick, and one task per write (what {@link Channel#write} does off the loop) cost the I/O threads more
 * than the writes themselves. Writes on the event loop go straight to the channel. Thread-safe.
 */
final class WriteBatch {
    private final Channel channel;
    /** Messages and their promises, alternating; guarded by {@code this}. */
    private ArrayList<Object> pending = new ArrayList<>();
    /** Set by {@link #discard}: later writes are released at once; guarded by {@code this}. */
    private boolean discarded;

    WriteBatch(Channel channel) {
        this.channel = channel;
    }

    /** Writes {@code message} (a message object or an owned {@code ByteBuf}) now or at the next {@link #flush}. */
    void write(Object message, ChannelPromise promise) {
        if (channel.eventLoop().inEventLoop()) {
            channel.write(message, promise);
            return;
        }
        synchronized (this) {
            if (!discarded) {
                pending.add(message);
                pending.add(promise);
                return;
            }
        }
        ReferenceCountUtil.release(message);
    }

    /** Sends everything written so far: one task on the event loop that writes the batch and flushes. */
    void flush() {
        ArrayList<Object> batch = take();
        if (channel.eventLoop().inEventLoop()) {
            writeAll(batch);
            channel.flush();
            return;
        }
        try {
            channel.eventLoop().execute(() -> {
                writeAll(batch);
                channel.flush();
            });
        } catch (RejectedExecutionException e) {
            release(batch); // the event loop is shutting down: the connection is gone
        }
    }

    /** Releases what was written but not yet handed over, and everything written later (the channel closed). */
    void discard() {
        ArrayList<Object> batch;
        synchronized (this) {
            discarded = true;
            batch = take();
        }
        release(batch);
    }

    private synchronized ArrayList<Object> take() {
        if (pending.isEmpty()) {
            return null;
        }
        ArrayList<Object> batch = pending;
        pending = new ArrayList<>(Math.max(8, batch.size()));
        return batch;
    }

    private void writeAll(ArrayList<Object> batch) {
        if (batch == null) {
            return;
        }
        for (int i = 0; i < batch.size(); i += 2) {
            channel.write(batch.get(i), (ChannelPromise) batch.get(i + 1));
        }
    }

    private static void release(ArrayList<Object> batch) {
        if (batch == null) {
            return;
        }
        for (int i = 0; i < batch.size(); i += 2) {
            ReferenceCountUtil.release(batch.get(i));
        }
    }
}
