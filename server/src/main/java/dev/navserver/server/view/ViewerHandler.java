package dev.navserver.server.view;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.TooLongFrameException;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.PingWebSocketFrame;
import io.netty.handler.codec.http.websocketx.PongWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketCloseStatus;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketServerHandshaker;
import io.netty.handler.timeout.IdleState;
import io.netty.handler.timeout.IdleStateEvent;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One viewer socket after the upgrade: answers {@code watch}, sends {@code full} and {@code delta} frames, pings an
 * idle peer. Stateful (the map watched, the last frame sent), hence one instance per channel.
 *
 * <p><b>Threading.</b> Everything runs on the channel's event loop except {@link #offer} (the tick thread), which
 * parks the frame in a one-slot mailbox and schedules a drain. A frame that finds the channel not writable is
 * skipped; the next delta is computed against the last frame <em>sent</em>, so nothing is lost and nothing
 * buffers without bound.
 *
 * <p><b>Liveness.</b> After {@link #PING_AFTER_IDLE_SECONDS} without anything read it sends a ping; after
 * {@link #IDLE_STRIKES} such periods in a row (no pong) it closes the socket.
 */
final class ViewerHandler extends SimpleChannelInboundHandler<WebSocketFrame> {
    private static final Logger LOG = LoggerFactory.getLogger(ViewerHandler.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Largest viewer→server message, bytes; larger ones close the socket. */
    static final int MAX_MESSAGE_BYTES = 4096;
    /** Seconds without a read before a ping. */
    static final int PING_AFTER_IDLE_SECONDS = 20;
    /** Idle periods in a row after which the socket is closed. */
    static final int IDLE_STRIKES = 3;

    private final ViewHub hub;
    private final WebSocketServerHandshaker handshaker;
    private final Channel channel;
    private final AtomicReference<ViewFrame> pending = new AtomicReference<>();
    private volatile String map;
    private ViewFrame lastSent;
    private boolean needFull;
    private int idleStrikes;

    ViewerHandler(ViewHub hub, WebSocketServerHandshaker handshaker, Channel channel) {
        this.hub = hub;
        this.handshaker = handshaker;
        this.channel = channel;
    }

    /** The map watched, or null before the first {@code watch}. Any thread. */
    String map() {
        return map;
    }

    /** Hands a newer frame of the watched map to this viewer. Any thread. */
    void offer(ViewFrame frame) {
        if (pending.getAndSet(frame) == null) {
            channel.eventLoop().execute(this::drain);
        }
    }

    /** Closes the socket (server shutdown). Any thread. */
    void close() {
        channel.close();
    }

    /** Sends the {@code hello} (event loop, after the handshake). */
    void sendHello() {
        write(ViewJson.write(channel.alloc(), g -> ViewJson.hello(g, hub.maps().all(), hub::mapVersion)));
    }

    private void drain() {
        ViewFrame f = pending.getAndSet(null);
        if (f != null && f.map().equals(map)) {
            send(f);
        }
    }

    /** Sends {@code f} as a full or as a delta against the last frame sent; skips it if the socket is backed up. */
    private void send(ViewFrame f) {
        if (f == lastSent || !channel.isActive() || !channel.isWritable()) {
            return;
        }
        boolean newVersion = lastSent != null && lastSent.version() != f.version();
        if (newVersion) {
            sendHello(); // the reloaded map may differ in size, origin, levels and islands
        }
        boolean full = needFull || lastSent == null || newVersion;
        write(full ? ViewMessages.full(channel.alloc(), f) : ViewMessages.delta(channel.alloc(), lastSent, f));
        lastSent = f;
        needFull = false;
        hub.frameSent();
    }

    private void write(ByteBuf buf) {
        channel.writeAndFlush(new TextWebSocketFrame(buf));
    }

    private void error(String code, String message) {
        write(ViewJson.write(channel.alloc(), g -> ViewJson.error(g, code, message)));
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, WebSocketFrame frame) {
        idleStrikes = 0;
        if (frame instanceof TextWebSocketFrame text) {
            onText(text.text());
        } else if (frame instanceof PingWebSocketFrame) {
            ctx.writeAndFlush(new PongWebSocketFrame(frame.content().retain()));
        } else if (frame instanceof CloseWebSocketFrame) {
            handshaker.close(ctx.channel(), (CloseWebSocketFrame) frame.retain());
        } else if (!(frame instanceof PongWebSocketFrame)) {
            error("bad_message", "only text frames with {\"type\":\"watch\",\"map\":\"<name>\"} are accepted");
        }
    }

    private void onText(String text) {
        JsonNode msg;
        try {
            msg = JSON.readTree(text);
        } catch (IOException e) {
            error("bad_message", "not JSON; expected {\"type\":\"watch\",\"map\":\"<name>\"}");
            return;
        }
        if (msg == null || !msg.isObject() || !"watch".equals(msg.path("type").asText(null))) {
            error("bad_message", "unknown message; the only one accepted is {\"type\":\"watch\",\"map\":\"<name>\"}");
            return;
        }
        JsonNode m = msg.get("map");
        if (m == null || !m.isTextual()) {
            error("bad_message", "watch: map must be a string");
            return;
        }
        String name = m.asText();
        if (hub.maps().get(name) == null) {
            error("unknown_map", "watch: no map named '" + name + "'");
            return;
        }
        map = name;
        lastSent = null;
        needFull = true;
        pending.set(null);
        hub.watchChanged();
        ViewFrame latest = hub.latest(name);
        if (latest != null) {
            send(latest);
        }
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) throws Exception {
        if (evt instanceof IdleStateEvent e && e.state() == IdleState.READER_IDLE) {
            if (++idleStrikes >= IDLE_STRIKES) {
                LOG.debug("viewer {} silent for {} s, closing", ctx.channel().remoteAddress(),
                        idleStrikes * PING_AFTER_IDLE_SECONDS);
                ctx.close();
            } else {
                ctx.writeAndFlush(new PingWebSocketFrame());
            }
            return;
        }
        super.userEventTriggered(ctx, evt);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        hub.unregister(this);
        super.channelInactive(ctx);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (cause instanceof TooLongFrameException) {
            ctx.writeAndFlush(new CloseWebSocketFrame(WebSocketCloseStatus.MESSAGE_TOO_BIG,
                    "messages are limited to " + MAX_MESSAGE_BYTES + " bytes")).addListener(f -> ctx.close());
            return;
        }
        LOG.debug("viewer {} failed", ctx.channel().remoteAddress(), cause);
        ctx.close();
    }
}
