package dev.navserver.bots;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.protocol.Protocol;
import dev.navserver.protocol.codec.ProtocolPipeline;
import dev.navserver.protocol.message.Bye;
import dev.navserver.protocol.message.FromClient;
import dev.navserver.protocol.message.Hello;
import dev.navserver.protocol.message.MapInfo;
import dev.navserver.protocol.message.Message;
import dev.navserver.protocol.message.NavPath;
import dev.navserver.protocol.message.PlayerPos;
import dev.navserver.protocol.message.Spawn;
import dev.navserver.protocol.message.Spawned;
import dev.navserver.protocol.message.Vec3;
import dev.navserver.protocol.message.Welcome;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A minimal navserver for the bots' tests, on 127.0.0.1 and an ephemeral port: answers {@code hello} with
 * {@code welcome} for its map, {@code spawn} with {@code spawned}, closes on {@code bye}, and hands every
 * {@code player_pos} to a {@link Script} that decides what to push. {@link #validPath} builds paths the bots must
 * accept. Each connection's state is confined to its event loop.
 */
final class FakeServer implements AutoCloseable {
    /** What the fake does on a session's events; defaults do nothing. Called on the session's event loop. */
    interface Script {
        /** On {@code hello}: returns the reply to send ({@code welcome} by default), or null for none. */
        default Message onHello(Session s, Hello hello, Welcome welcome) {
            return welcome;
        }

        /** On {@code spawn}: returns the reply ({@code spawned} by default); a {@code Spawned} adds the monster. */
        default Message onSpawn(Session s, Spawn spawn, Spawned spawned) {
            return spawned;
        }

        /** On {@code player_pos}, after {@link Session#positions} was incremented. */
        default void onPlayerPos(Session s, PlayerPos pos) {
        }
    }

    /** One connection. */
    final class Session {
        final Channel channel;
        final List<String> monsters = new ArrayList<>();
        final List<Vec3> monsterPos = new ArrayList<>();
        long navSeq;
        int positions;
        Hello hello;

        Session(Channel channel) {
            this.channel = channel;
        }

        /** Sends {@code m} and counts it when it is a nav_path. */
        void send(Message m) {
            if (m instanceof NavPath) {
                navPathsSent.incrementAndGet();
            }
            channel.writeAndFlush(m);
        }

        /** Adds a monster the bot did not ask for (as {@code chase.monstersPerPlayer} would). */
        String addMonster(Vec3 pos) {
            String id = "m-" + monsterIds.incrementAndGet();
            monsters.add(id);
            monsterPos.add(pos);
            return id;
        }

        /** A random cell centre of the map's largest island. */
        Vec3 randomIslandPoint(SplittableRandom random) {
            return FakeServer.this.randomIslandPoint(random);
        }

        /** A valid nav_path for monster {@code i} toward {@code pos}, with the next seq. */
        NavPath validPathFor(int i, PlayerPos pos) {
            return new NavPath(monsters.get(i), ++navSeq, pos.seq(), "ok", validPath(monsterPos.get(i), pos.pos()),
                    2.0, 1.0);
        }
    }

    final GridMap map;
    final BotMap botMap;
    final AtomicInteger navPathsSent = new AtomicInteger();
    final AtomicInteger hellos = new AtomicInteger();
    final AtomicInteger byes = new AtomicInteger();
    final AtomicInteger monsterIds = new AtomicInteger();
    final CountDownLatch closed;
    private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    private final Channel server;
    private volatile MapInfo mapInfo;

    /**
     * @param expectedConnections connections whose close {@link #awaitClosed} waits for
     */
    FakeServer(GridMap map, int expectedConnections, Script script) throws InterruptedException {
        this.map = map;
        this.botMap = new BotMap(map);
        this.closed = new CountDownLatch(expectedConnections);
        this.mapInfo = new MapInfo(map.name(), new Vec3(map.transform().originX(), map.transform().originY(),
                map.transform().originZ()), map.transform().cellSize(), map.width(), map.height());
        server = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        ProtocolPipeline.addServerCodec(ch.pipeline(), Protocol.DEFAULT_MAX_FRAME_BYTES);
                        // per channel: holds this connection's session
                        ch.pipeline().addLast(new Handler(script));
                    }
                }).bind("127.0.0.1", 0).sync().channel();
    }

    int port() {
        return ((InetSocketAddress) server.localAddress()).getPort();
    }

    /** Replaces the map description sent in {@code welcome} (to test a mismatch). */
    void announce(MapInfo info) {
        this.mapInfo = info;
    }

    boolean awaitClosed(long seconds) throws InterruptedException {
        return closed.await(seconds, TimeUnit.SECONDS);
    }

    /**
     * A path the bots must accept: the monster's position, the turning points of {@link CellRoutes} between the
     * two cells' centres, then the player's position.
     */
    List<Vec3> validPath(Vec3 from, Vec3 to) {
        int a = map.cellAt(from.x(), from.z());
        int b = map.cellAt(to.x(), to.z());
        int[] route = CellRoutes.route(map.navGrid(), a, b);
        List<Vec3> points = new ArrayList<>();
        points.add(from);
        for (int i = 1; i < route.length; i++) {
            points.add(new Vec3(map.worldX(route[i]), map.transform().originY(), map.worldZ(route[i])));
        }
        points.add(to);
        return points;
    }

    /** A random cell centre of the map's largest island. */
    Vec3 randomIslandPoint(SplittableRandom random) {
        int c = botMap.randomIslandCell(random);
        return new Vec3(map.worldX(c), map.transform().originY(), map.worldZ(c));
    }

    @Override
    public void close() throws InterruptedException {
        server.close().sync();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).await(5, TimeUnit.SECONDS);
    }

    private final class Handler extends SimpleChannelInboundHandler<FromClient> {
        private final Script script;
        private Session session;

        Handler(Script script) {
            this.script = script;
        }

        @Override
        public void channelActive(ChannelHandlerContext ctx) {
            session = new Session(ctx.channel());
            ctx.fireChannelActive();
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, FromClient msg) {
            if (msg instanceof Hello h) {
                hellos.incrementAndGet();
                session.hello = h;
                Welcome w = new Welcome(h.id(), Protocol.VERSION, "s-" + hellos.get(), h.player(), mapInfo, 20, 0.5,
                        0.5, 4.0);
                Message reply = script.onHello(session, h, w);
                if (reply != null) {
                    session.send(reply);
                }
            } else if (msg instanceof Spawn s) {
                Spawned spawned = new Spawned(s.id(), "m-" + monsterIds.incrementAndGet(), s.pos());
                Message reply = script.onSpawn(session, s, spawned);
                if (reply instanceof Spawned ok) {
                    session.monsters.add(ok.monster());
                    session.monsterPos.add(ok.pos());
                }
                if (reply != null) {
                    session.send(reply);
                }
            } else if (msg instanceof PlayerPos p) {
                session.positions++;
                script.onPlayerPos(session, p);
            } else if (msg instanceof Bye) {
                byes.incrementAndGet();
                ctx.close();
            }
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            closed.countDown();
            ctx.fireChannelInactive();
        }
    }
}
