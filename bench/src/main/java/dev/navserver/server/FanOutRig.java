package dev.navserver.server;

import dev.navserver.protocol.message.NavPath;
import dev.navserver.server.metrics.ServerMetrics;
import dev.navserver.server.net.BenchSessions;
import dev.navserver.server.net.GameServerInitializer;
import dev.navserver.server.net.MapRegistry;
import dev.navserver.server.net.ServerContext;
import dev.navserver.server.net.Session;
import dev.navserver.server.world.WorldEvent;
import io.netty.buffer.ByteBuf;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.util.ReferenceCountUtil;
import java.util.ArrayList;
import java.util.List;

/**
 * The server's {@code nav_path} delivery to {@code viewers} sessions on {@link EmbeddedChannel}s that carry the
 * game pipeline's codec and water marks ({@code GameServerInitializer}): {@link #deliverShared} is today's path
 * ({@link WorldDelivery}: one encoding, the same bytes to every viewer), {@link #deliverPerViewer} the former one
 * ({@link Session#writeNavPath} per viewer: one encoding per viewer). Each call ends like a tick: every written
 * session is flushed, then the benchmark's {@link #drain} plays the socket. Lives in the server's package (a split
 * package on the benchmark classpath) to reach {@link WorldDelivery}. One thread only.
 */
public final class FanOutRig {
    /** {@code server.outboundLimitBytes} of the shipped config. */
    private static final long OUTBOUND_LIMIT_BYTES = 1L << 20;
    private static final int MAX_FRAME_BYTES = 65536;

    private final ServerContext context;
    private final WorldDelivery delivery;
    private final List<EmbeddedChannel> channels = new ArrayList<>();
    private final List<Session> sessions = new ArrayList<>();

    /** @param viewers sessions that have the monster in view, {@code >= 1}; the first is the chased player's */
    public FanOutRig(int viewers) {
        context = new ServerContext(new ServerMetrics(), () -> null, new MapRegistry(), null, null, () -> { },
                System.nanoTime());
        delivery = new WorldDelivery(context);
        int high = (int) (OUTBOUND_LIMIT_BYTES / 2);
        for (int i = 0; i < viewers; i++) {
            EmbeddedChannel ch = new EmbeddedChannel();
            ch.config().setWriteBufferWaterMark(new WriteBufferWaterMark(high / 2, high));
            GameServerInitializer.addCodec(ch.pipeline(), MAX_FRAME_BYTES);
            channels.add(ch);
            sessions.add(BenchSessions.open(context, "s-" + i, ch, OUTBOUND_LIMIT_BYTES));
        }
    }

    /** Today's delivery: {@link WorldDelivery#deliver}, then the tick's flush of every written session. */
    public void deliverShared(WorldEvent.NavPathReady event) {
        delivery.deliver(event);
        flushAll();
    }

    /** The former delivery: the message built once, encoded and written per viewer, then the tick's flush. */
    public void deliverPerViewer(WorldEvent.NavPathReady event) {
        NavPath message = WorldMessages.navPath(event, context.serverTime(), context.maps().version(event.map()));
        for (String id : event.viewers()) {
            Session s = context.sessions().get(id);
            if (s != null) {
                s.writeNavPath(message, 0, 0);
            }
        }
        flushAll();
    }

    private void flushAll() {
        Session s;
        while ((s = context.pollDirtySession()) != null) {
            s.flush();
        }
    }

    /**
     * Plays the sockets: takes and releases every flushed buffer.
     *
     * @return the bytes taken, summed over viewers
     */
    public long drain() {
        long bytes = 0;
        for (EmbeddedChannel ch : channels) {
            Object o;
            while ((o = ch.readOutbound()) != null) {
                if (o instanceof ByteBuf b) {
                    bytes += b.readableBytes();
                }
                ReferenceCountUtil.release(o);
            }
        }
        return bytes;
    }

    /** Session ids of the viewers, the chased player's first. */
    public List<String> viewerIds() {
        List<String> ids = new ArrayList<>(sessions.size());
        for (Session s : sessions) {
            ids.add(s.id());
        }
        return ids;
    }

    /** Sessions the server closed (e.g. as slow readers); 0 in a fair run. */
    public long closedSessions() {
        return channels.stream().filter(ch -> !ch.isOpen()).count();
    }

    /** Closes every channel, releasing what is still queued. */
    public void close() {
        for (EmbeddedChannel ch : channels) {
            ch.finishAndReleaseAll();
        }
    }
}
