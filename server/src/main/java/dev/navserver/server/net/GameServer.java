package dev.navserver.server.net;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The game listener: NDJSON over TCP. Uses native epoll where available, NIO elsewhere. Start once, close once.
 */
public final class GameServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(GameServer.class);

    private final ServerContext context;
    private final String host;
    private final int port;
    private final int ioThreads;
    private EventLoopGroup boss;
    private EventLoopGroup workers;
    private Channel serverChannel;

    /**
     * @param ioThreads I/O threads for connections, >= 1
     */
    public GameServer(ServerContext context, String host, int port, int ioThreads) {
        this.context = context;
        this.host = host;
        this.port = port;
        this.ioThreads = ioThreads;
    }

    /** Binds the port; returns when listening. */
    public void start() throws InterruptedException {
        boolean epoll = Epoll.isAvailable();
        IoHandlerFactory factory = epoll ? EpollIoHandler.newFactory() : NioIoHandler.newFactory();
        Class<? extends ServerChannel> channelClass = epoll ? EpollServerSocketChannel.class
                : NioServerSocketChannel.class;
        boss = new MultiThreadIoEventLoopGroup(1, new DefaultThreadFactory("navserver-accept"), factory);
        workers = new MultiThreadIoEventLoopGroup(ioThreads, new DefaultThreadFactory("navserver-io"), factory);
        context.metrics.monitorEventLoops(boss, "accept");
        context.metrics.monitorEventLoops(workers, "io");
        ServerBootstrap b = new ServerBootstrap()
                .group(boss, workers)
                .channel(channelClass)
                .option(ChannelOption.SO_BACKLOG, 1024)
                .option(ChannelOption.SO_REUSEADDR, true)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childOption(ChannelOption.SO_KEEPALIVE, true)
                .childHandler(new GameServerInitializer(context));
        serverChannel = b.bind(host, port).sync().channel();
        LOG.info("game listener on {} ({})", serverChannel.localAddress(), epoll ? "epoll" : "nio");
    }

    /** The bound port (useful when configured as 0). */
    public int port() {
        return ((InetSocketAddress) serverChannel.localAddress()).getPort();
    }

    /** Stops accepting new connections; open ones stay. */
    public void stopAccepting() {
        if (serverChannel != null) {
            serverChannel.close().awaitUninterruptibly(1, TimeUnit.SECONDS);
        }
    }

    /** Closes every connection and the event loops, waiting at most a few seconds. */
    @Override
    public void close() {
        stopAccepting();
        if (boss != null) {
            boss.shutdownGracefully(0, 500, TimeUnit.MILLISECONDS);
            workers.shutdownGracefully(0, 1000, TimeUnit.MILLISECONDS);
            boss.terminationFuture().awaitUninterruptibly(2, TimeUnit.SECONDS);
            workers.terminationFuture().awaitUninterruptibly(2, TimeUnit.SECONDS);
        }
    }
}
