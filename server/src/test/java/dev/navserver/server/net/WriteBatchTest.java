package dev.navserver.server.net;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.DefaultEventLoopGroup;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.local.LocalAddress;
import io.netty.channel.local.LocalChannel;
import io.netty.channel.local.LocalServerChannel;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Writes from a thread other than the channel's event loop wait for the flush and then arrive in order. */
class WriteBatchTest {
    private final EventLoopGroup group = new DefaultEventLoopGroup(2);
    private final BlockingQueue<String> received = new LinkedBlockingQueue<>();
    private Channel server;
    private Channel client;

    @BeforeEach
    void connect() throws InterruptedException {
        LocalAddress address = new LocalAddress("write-batch-" + System.nanoTime());
        server = new ServerBootstrap().group(group).channel(LocalServerChannel.class)
                .childHandler(new ChannelInitializer<LocalChannel>() {
                    @Override
                    protected void initChannel(LocalChannel ch) {
                        ch.pipeline().addLast(new SimpleChannelInboundHandler<ByteBuf>() {
                            @Override
                            protected void channelRead0(ChannelHandlerContext ctx, ByteBuf msg) {
                                received.add(msg.toString(StandardCharsets.UTF_8));
                            }
                        });
                    }
                }).bind(address).sync().channel();
        client = new Bootstrap().group(group).channel(LocalChannel.class)
                .handler(new ChannelInitializer<LocalChannel>() {
                    @Override
                    protected void initChannel(LocalChannel ch) {
                    }
                }).connect(address).sync().channel();
    }

    @AfterEach
    void close() {
        client.close().syncUninterruptibly();
        server.close().syncUninterruptibly();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    private static ByteBuf line(String s) {
        return Unpooled.copiedBuffer(s, StandardCharsets.UTF_8);
    }

    @Test
    void threeWritesFromTheTickThread_ArriveInOrder_OnlyAfterTheFlush() throws InterruptedException {
        WriteBatch batch = new WriteBatch(client);
        ByteBuf a = line("a");
        batch.write(a, client.voidPromise());
        batch.write(line("b"), client.voidPromise());
        batch.write(line("c"), client.voidPromise());
        int queued = client.eventLoop().submit(() -> client.unsafe().outboundBuffer().size()).sync().getNow();
        assertThat(queued).as("nothing handed to the channel before the flush").isZero();
        assertThat(received).isEmpty();
        assertThat(a.refCnt()).as("held by the batch").isEqualTo(1);

        batch.flush();

        StringBuilder got = new StringBuilder();
        while (got.length() < 3) {
            String s = received.poll(5, TimeUnit.SECONDS);
            assertThat(s).as("arrived within 5 s").isNotNull();
            got.append(s);
        }
        assertThat(got.toString()).isEqualTo("abc");
    }

    @Test
    void aDiscardedBatch_ReleasesWhatItHeld_AndEverythingWrittenAfter() {
        WriteBatch batch = new WriteBatch(client);
        ByteBuf held = line("held");
        batch.write(held, client.voidPromise());

        batch.discard();
        ByteBuf late = line("late");
        batch.write(late, client.voidPromise());

        assertThat(List.of(held.refCnt(), late.refCnt())).containsExactly(0, 0);
    }
}
