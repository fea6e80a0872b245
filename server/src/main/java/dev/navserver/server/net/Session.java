package dev.navserver.server.net;

import dev.navserver.protocol.ByeReasons;
import dev.navserver.protocol.message.Bye;
import dev.navserver.protocol.message.ClientMessage;
import dev.navserver.protocol.message.NavPath;
import dev.navserver.protocol.message.ServerMessage;
import dev.navserver.server.metrics.ServerMetrics;
import io.netty.channel.Channel;
import io.netty.channel.ChannelPromise;
import io.netty.channel.socket.DuplexChannel;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One client connection as the rest of the server sees it: a bounded inbox the tick thread drains, and an outbox
 * any thread may write to.
 *
 * <p><b>Slow readers.</b> While the channel is not writable (its outbound buffer is above the high water mark),
 * {@code nav_path} messages are coalesced: only the newest per monster is kept and sent once the channel drains.
 * When the bytes queued for the socket exceed {@code outboundLimitBytes}, the session is closed with
 * {@code bye slow_reader}. Thread-safe.
 */
public final class Session {
    private static final Logger LOG = LoggerFactory.getLogger(Session.class);

    /** How long a closing session may take to flush its {@code bye} before it is closed regardless. */
    private static final long CLOSE_GRACE_MILLIS = 1000;

    private final String id;
    private final Channel channel;
    private final ServerMetrics metrics;
    private final long outboundLimitBytes;
    private final ArrayBlockingQueue<Inbound> inbox;
    private final Map<String, Outbound> coalesced = new ConcurrentHashMap<>();
    private final AtomicBoolean closing = new AtomicBoolean();
    private final AtomicBoolean dirty = new AtomicBoolean();
    private final AtomicBoolean ready = new AtomicBoolean();
    private final ServerContext context;
    private final WriteBatch out;

    private volatile boolean welcomed;
    private volatile String player;
    private volatile String mapName;
    private volatile String role;

    Session(String id, Channel channel, ServerContext context, long outboundLimitBytes, int inboxCapacity) {
        this.id = id;
        this.context = context;
        this.channel = channel;
        this.metrics = context.metrics;
        this.outboundLimitBytes = outboundLimitBytes;
        this.inbox = new ArrayBlockingQueue<>(inboxCapacity);
        this.out = new WriteBatch(channel);
        channel.closeFuture().addListener(f -> releaseCoalesced());
    }

    /** Session id, e.g. {@code s-1}. */
    public String id() {
        return id;
    }

    public Channel channel() {
        return channel;
    }

    public boolean welcomed() {
        return welcomed;
    }

    public String player() {
        return player;
    }

    /** Name of the map the session joined; null before {@code hello}. */
    public String mapName() {
        return mapName;
    }

    /**
     * The session's role from its {@code hello}: {@link dev.navserver.protocol.Roles#AUTHORITY} or
     * {@link dev.navserver.protocol.Roles#PLAYER}; null before {@code hello}. Fixed for the session's life.
     */
    public String role() {
        return role;
    }

    /** Whether the session's {@code hello} carried the right authority token. */
    public boolean authority() {
        return dev.navserver.protocol.Roles.AUTHORITY.equals(role);
    }

    void welcome(String player, String mapName, String role) {
        this.player = player;
        this.mapName = mapName;
        this.role = role;
        this.welcomed = true;
    }

    /**
     * A message in the inbox with the {@link System#nanoTime()} at which the I/O thread accepted it.
     */
    public record Inbound(ClientMessage message, long arrivalNanos) {
    }

    /** A {@code nav_path} kept for a slow reader, with the arrival of the {@code player_pos} its plan used. */
    private record Outbound(SharedLine line, long posArrivalNanos, long editArrivalNanos) {
    }

    /**
     * Queues a message for the tick thread and, if the session was not already waiting in the ready queue, puts it
     * there and wakes the tick thread, which applies it between ticks. False when the inbox is full.
     *
     * @param arrivalNanos {@link System#nanoTime()} when the I/O thread accepted the message
     */
    boolean offer(ClientMessage message, long arrivalNanos) {
        if (!inbox.offer(new Inbound(message, arrivalNanos))) {
            return false;
        }
        if (ready.compareAndSet(false, true)) {
            context.readySessions.add(this);
            context.tickWakeup.run();
        }
        return true;
    }

    /**
     * Takes the session out of the ready state before its inbox is drained: a message offered from now on queues it
     * again. Tick thread.
     */
    public void clearReady() {
        ready.set(false);
    }

    /** Queues the session again if its inbox still holds messages (the per-tick cap left some). Tick thread. */
    public void requeueIfPending() {
        if (!inbox.isEmpty() && ready.compareAndSet(false, true)) {
            context.readySessions.add(this);
        }
    }

    /** The next queued message without taking it, or null. Tick thread. */
    public ClientMessage peekInbox() {
        Inbound in = inbox.peek();
        return in == null ? null : in.message();
    }

    /** Next queued message, or null. Tick thread. */
    public Inbound pollInbox() {
        return inbox.poll();
    }

    /**
     * Writes a message without flushing; {@link #flush()} sends it. Dropped silently once the session is closing.
     */
    public void write(ServerMessage message) {
        write(message, channel.voidPromise());
    }

    private void write(ServerMessage message, ChannelPromise promise) {
        if (closing.get()) {
            return;
        }
        out.write(message, promise);
        metrics.messagesOut.inc(message.type());
        if (!dirty.getAndSet(true)) {
            context.dirtySessions.add(this);
        }
        checkOutbound();
    }

    /** Writes and flushes a message. */
    public void send(ServerMessage message) {
        write(message);
        flush();
    }

    /** Flushes if anything was written since the last flush. */
    public void flush() {
        if (dirty.getAndSet(false)) {
            out.flush();
        }
    }

    /**
     * Sends a {@code nav_path}, or, while the channel is not writable, keeps it as the newest for its monster
     * (replacing and counting an older one as coalesced). When the socket has taken it, the time since
     * {@code posArrivalNanos} is recorded as {@code navserver_pos_to_path_seconds}.
     *
     * @param posArrivalNanos {@link System#nanoTime()} at which the {@code player_pos} the plan used arrived; 0 when
     *                        unknown (nothing is recorded)
     * @param editArrivalNanos {@link System#nanoTime()} at which the map edit this path answers arrived (recorded as
     *                        {@code navserver_edit_to_path_seconds}); 0 when the path answers no edit
     */
    public void writeNavPath(NavPath path, long posArrivalNanos, long editArrivalNanos) {
        if (posArrivalNanos == 0 && editArrivalNanos == 0 && channel.isWritable() && coalesced.isEmpty()) {
            // nothing to time and nothing to coalesce: the I/O thread encodes it like any other message
            metrics.navPathPushes.increment();
            write(path, channel.voidPromise());
            return;
        }
        writeNavPathLine(path.monster(), new SharedLine(path), posArrivalNanos, editArrivalNanos);
    }

    /**
     * {@link #writeNavPath} of a {@code nav_path} shared with other sessions: its bytes are encoded once, by the first
     * I/O thread that writes it ({@link SharedLine}).
     */
    public void writeNavPathLine(String monster, SharedLine line, long posArrivalNanos, long editArrivalNanos) {
        if (closing.get()) {
            return;
        }
        if (channel.isWritable() && coalesced.isEmpty()) {
            writeTimed(line, posArrivalNanos, editArrivalNanos);
            return;
        }
        if (coalesced.put(monster, new Outbound(line, posArrivalNanos, editArrivalNanos)) != null) {
            metrics.messagesCoalesced.increment();
        }
        if (channel.isWritable()) {
            channel.eventLoop().execute(this::drainCoalesced);
        }
    }

    /** Writes a line made off the I/O thread ({@link OutboundLine}), shared or not, without flushing. */
    public void writeLine(OutboundLine line) {
        writeLine(line, channel.voidPromise());
    }

    private void writeLine(OutboundLine line, ChannelPromise promise) {
        if (closing.get()) {
            return;
        }
        out.write(line, promise);
        metrics.messagesOut.inc(line.type());
        if (!dirty.getAndSet(true)) {
            context.dirtySessions.add(this);
        }
        checkOutbound();
    }

    private void writeTimed(SharedLine line, long posArrivalNanos, long editArrivalNanos) {
        metrics.navPathPushes.increment();
        if (posArrivalNanos == 0 && editArrivalNanos == 0) {
            writeLine(line, channel.voidPromise());
            return;
        }
        ChannelPromise written = channel.newPromise();
        written.addListener(f -> {
            if (f.isSuccess()) {
                long now = System.nanoTime();
                if (posArrivalNanos != 0) {
                    metrics.posToPath.record(now - posArrivalNanos, TimeUnit.NANOSECONDS);
                }
                if (editArrivalNanos != 0) {
                    metrics.editToPath.record(now - editArrivalNanos, TimeUnit.NANOSECONDS);
                }
            }
        });
        writeLine(line, written);
    }

    /** Sends the coalesced paths if the channel is writable again. Called on the channel's event loop. */
    void drainCoalesced() {
        if (!channel.isWritable()) {
            return;
        }
        Iterator<Map.Entry<String, Outbound>> it = coalesced.entrySet().iterator();
        while (it.hasNext() && channel.isWritable()) {
            Outbound o = it.next().getValue();
            it.remove();
            writeTimed(o.line(), o.posArrivalNanos(), o.editArrivalNanos());
        }
        flush();
    }

    /** Drops the paths kept for a slow reader and releases the batch (the channel closed). */
    void releaseCoalesced() {
        out.discard();
        coalesced.clear();
    }

    /** Bytes queued for the socket but not yet written ({@link OutboundBytes#pending}). Any thread. */
    long pendingOutboundBytes() {
        return OutboundBytes.pending(channel);
    }

    void checkOutbound() {
        if (pendingOutboundBytes() > outboundLimitBytes) {
            metrics.messagesDropped.inc("slow_reader");
            closeWithBye(ByeReasons.SLOW_READER);
        }
    }

    /**
     * Sends {@code bye} with a reason and ends the connection: for {@code slow_reader} it closes at once; otherwise it
     * shuts the output down after the bye and closes when the client does, or after a one-second grace. Idempotent.
     */
    public void closeWithBye(String reason) {
        if (!closing.compareAndSet(false, true)) {
            return;
        }
        LOG.debug("closing {}: {}", id, reason);
        closeReason = reason;
        out.flush(); // what was written before the bye goes before it
        metrics.messagesOut.inc(Bye.TYPE);
        if (ByeReasons.SLOW_READER.equals(reason)) {
            // It does not read: waiting for the bye to be written could take forever.
            channel.writeAndFlush(new Bye(reason));
            channel.close();
            return;
        }
        // Half-close after the bye and keep reading (input is discarded once closing) until the client closes or
        // the grace ends: closing with unread input, e.g. from a flooding client, resets the connection, and a
        // reset can destroy the bye before the client reads it.
        channel.writeAndFlush(new Bye(reason)).addListener(f -> {
            if (f.isSuccess() && channel instanceof DuplexChannel duplex) {
                duplex.shutdownOutput();
            } else {
                channel.close();
            }
        });
        channel.eventLoop().schedule(() -> {
            channel.close();
        }, CLOSE_GRACE_MILLIS, TimeUnit.MILLISECONDS);
    }

    private volatile String closeReason;

    /** Why the server closed the session, or null when the client closed it. */
    String closeReason() {
        return closeReason;
    }

    /** Whether a close was started. */
    boolean closing() {
        return closing.get();
    }
}
