package dev.navserver.server.admin;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.net.InetSocketAddress;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The admin HTTP listener ({@code admin.host:admin.port}); see {@link AdminHandler} for the endpoints. Runs on its
 * own single-thread event loop so that admin traffic and slow suppliers never delay game I/O. Thread-safe.
 */
public final class AdminServer implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(AdminServer.class);
    /** An idle admin connection is closed after this many seconds. */
    public static final int READ_TIMEOUT_SECONDS = 10;

    private final String host;
    private final int port;
    private final AdminEndpoints endpoints;
    private final AdminRoute extra;
    private EventLoopGroup group;
    private Channel channel;

    /**
     * @param host bind address
     * @param port TCP port; 0 binds an ephemeral port, see {@link #port()}
     */
    public AdminServer(String host, int port, AdminEndpoints endpoints) {
        this(host, port, endpoints, null);
    }

    /**
     * @param host  bind address
     * @param port  TCP port; 0 binds an ephemeral port, see {@link #port()}
     * @param extra further endpoints (the live viewer), or null
     */
    public AdminServer(String host, int port, AdminEndpoints endpoints, AdminRoute extra) {
        this.host = Objects.requireNonNull(host, "host");
        this.port = port;
        this.endpoints = Objects.requireNonNull(endpoints, "endpoints");
        this.extra = extra;
    }

    /**
     * Binds and starts serving. Call once.
     *
     * @throws InterruptedException if interrupted while binding
     * @throws RuntimeException     wrapping the cause if the address cannot be bound
     */
    public synchronized void start() throws InterruptedException {
        if (group != null) {
            throw new IllegalStateException("already started");
        }
        group = new MultiThreadIoEventLoopGroup(1, new DefaultThreadFactory("navserver-admin", true),
                NioIoHandler.newFactory());
        try {
            channel = new ServerBootstrap()
                    .group(group)
                    .channel(NioServerSocketChannel.class)
                    .option(ChannelOption.SO_BACKLOG, 64)
                    .childHandler(new AdminInitializer(new AdminHandler(endpoints, extra), READ_TIMEOUT_SECONDS))
                    .bind(host, port).sync().channel();
        } catch (InterruptedException | RuntimeException e) {
            group.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
            group = null;
            throw e;
        }
        log.info("Admin HTTP listening on {}", channel.localAddress());
    }

    /** The bound address; only after {@link #start()}. */
    public synchronized InetSocketAddress localAddress() {
        if (channel == null) {
            throw new IllegalStateException("not started");
        }
        return (InetSocketAddress) channel.localAddress();
    }

    /** The bound port (the ephemeral one if constructed with 0); only after {@link #start()}. */
    public int port() {
        return localAddress().getPort();
    }

    /** Stops listening, closes open admin connections and waits up to 2 s for the event loop. Idempotent. */
    @Override
    public synchronized void close() {
        if (channel != null) {
            channel.close().awaitUninterruptibly(1, TimeUnit.SECONDS);
            channel = null;
        }
        if (group != null) {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(2, TimeUnit.SECONDS);
            group = null;
        }
    }
}
