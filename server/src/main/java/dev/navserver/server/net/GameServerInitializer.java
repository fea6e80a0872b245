package dev.navserver.server.net;

import dev.navserver.protocol.codec.ProtocolPipeline;
import dev.navserver.server.config.NavServerConfig;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.timeout.IdleStateHandler;
import java.util.concurrent.TimeUnit;

/**
 * Builds each game connection's pipeline: read-idle timeout, NDJSON line framing with the frame limit, message
 * decode/encode, then a {@link SessionHandler}. Limits are read from the config in force when the connection opens.
 */
public final class GameServerInitializer extends ChannelInitializer<SocketChannel> {
    /** Pipeline stage names (the codec's own names are in {@link ProtocolPipeline}). */
    public static final String IDLE = "idle";
    public static final String SESSION = "session";
    public static final String LINE_ENCODER = "line-encoder";

    private final ServerContext context;

    public GameServerInitializer(ServerContext context) {
        this.context = context;
    }

    @Override
    protected void initChannel(SocketChannel ch) {
        NavServerConfig.Server cfg = context.config.get().server();
        // Writability flips at half the outbound limit, so nav_path coalescing starts well before the cut-off.
        int high = (int) Math.min(Integer.MAX_VALUE, Math.max(2, cfg.outboundLimitBytes() / 2));
        ch.config().setWriteBufferWaterMark(new WriteBufferWaterMark(high / 2, high));
        ChannelPipeline p = ch.pipeline();
        p.addLast(IDLE, new IdleStateHandler(cfg.idleTimeoutSeconds(), 0, 0, TimeUnit.SECONDS));
        addCodec(p, cfg.maxFrameBytes());
        // A new SessionHandler per channel: it holds that connection's session and rate-limit window.
        p.addLast(SESSION, new SessionHandler(context));
    }

    /**
     * Appends a game connection's codec: the protocol's server codec and the {@link OutboundLineEncoder} for lines
     * made off the I/O thread.
     */
    public static void addCodec(ChannelPipeline p, int maxFrameBytes) {
        ProtocolPipeline.addServerCodec(p, maxFrameBytes);
        p.addLast(LINE_ENCODER, OutboundLineEncoder.INSTANCE);
    }
}
