package dev.navserver.server.cluster;

import dev.navserver.protocol.codec.ProtocolPipeline;
import dev.navserver.server.config.NavServerConfig;
import io.etcd.jetcd.Client;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.timeout.IdleStateHandler;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code navserver directory}: answers each {@code hello} on {@code server.host}:{@code server.port} with where its map
 * is served ({@link DirectoryHandler}), from an {@link OwnerView} of {@code cluster.etcd} read every
 * {@link #REFRESH_MILLIS} over the map names of {@code maps.dir}. Keeps no state of its own: run any number of
 * replicas. Start once, close once.
 */
public final class DirectoryServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(DirectoryServer.class);
    /** Period of the etcd read, milliseconds. */
    static final long REFRESH_MILLIS = 200;
    /** Stage names of a directory connection's pipeline after the protocol codec. */
    static final String IDLE = "idle";
    static final String DIRECTORY = "directory";

    private final NavServerConfig config;
    private final Client client;
    private final MapFiles files;
    private final OwnerView view;
    private final ScheduledExecutorService refresher;
    private EventLoopGroup boss;
    private EventLoopGroup workers;
    private Channel serverChannel;

    /**
     * @throws IllegalArgumentException when {@code cluster.etcd} is empty
     */
    public DirectoryServer(NavServerConfig config) {
        if (!config.cluster().enabled()) {
            throw new IllegalArgumentException("cluster.etcd: must be set for the directory");
        }
        this.config = config;
        this.client = Etcd.client(config.cluster().etcd());
        this.files = new MapFiles(config.maps().dir());
        this.view = new OwnerView(client.getKVClient(), () -> files.files().keySet());
        this.refresher = Executors.newSingleThreadScheduledExecutor(new DefaultThreadFactory("navserver-directory-etcd",
                true));
    }

    /** Reads etcd once (a failure is logged; answers say unavailable until a read succeeds), then listens. */
    public void start() throws InterruptedException {
        refresh();
        refresher.scheduleWithFixedDelay(this::refresh, REFRESH_MILLIS, REFRESH_MILLIS, TimeUnit.MILLISECONDS);
        NavServerConfig.Server s = config.server();
        DirectoryHandler handler = new DirectoryHandler(view::ownerOf, m -> files.files().containsKey(m),
                config.maps().defaultMap());
        boss = new MultiThreadIoEventLoopGroup(1, new DefaultThreadFactory("navserver-directory-accept"),
                NioIoHandler.newFactory());
        workers = new MultiThreadIoEventLoopGroup(s.ioThreads(), new DefaultThreadFactory("navserver-directory-io"),
                NioIoHandler.newFactory());
        serverChannel = new ServerBootstrap().group(boss, workers).channel(NioServerSocketChannel.class)
                .option(ChannelOption.SO_BACKLOG, 1024)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        ch.pipeline().addLast(IDLE, new IdleStateHandler(s.idleTimeoutSeconds(), 0, 0,
                                TimeUnit.SECONDS));
                        ProtocolPipeline.addServerCodec(ch.pipeline(), s.maxFrameBytes());
                        ch.pipeline().addLast(DIRECTORY, handler);
                    }
                })
                .bind(s.host(), s.port()).sync().channel();
        LOG.info("navserver directory up: port {}, etcd {}, maps in {}", port(), config.cluster().etcd(),
                config.maps().dir());
    }

    private void refresh() {
        try {
            view.refresh();
        } catch (IOException | RuntimeException e) {
            LOG.warn("directory: {}", e.getMessage());
        }
    }

    /** The bound port. */
    public int port() {
        return ((InetSocketAddress) serverChannel.localAddress()).getPort();
    }

    /** Stops listening and reading etcd. Idempotent. */
    @Override
    public void close() {
        refresher.shutdownNow();
        if (serverChannel != null) {
            serverChannel.close().awaitUninterruptibly(1, TimeUnit.SECONDS);
        }
        if (boss != null) {
            boss.shutdownGracefully(0, 500, TimeUnit.MILLISECONDS).awaitUninterruptibly(2, TimeUnit.SECONDS);
            workers.shutdownGracefully(0, 500, TimeUnit.MILLISECONDS).awaitUninterruptibly(2, TimeUnit.SECONDS);
        }
        client.close();
    }
}
