package dev.navserver.bots;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;

/**
 * In the world authority bot's pipeline, between the line framer and the protocol decoder: {@code monsters} lines
 * go straight into the {@link WorldTruth} through a {@link TruthLineParser} (counted in {@code messages_in} as
 * {@code monsters}, never decoded into records), every other line goes on to the decoder. Lines that begin with
 * {@code {"type":"} and another type are passed on without parsing. The parse's thread CPU time is added to
 * {@link WorldStats#truthIntakeCpuNanos}. Stateful; one per connection, on its event loop.
 */
final class TruthIntake extends ChannelInboundHandlerAdapter {
    private static final byte[] TYPE_FIRST = "{\"type\":\"".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] MONSTERS_TYPE = "{\"type\":\"monsters\"".getBytes(StandardCharsets.US_ASCII);
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final WorldTruth truth;
    private final BotStats stats;
    private final WorldStats world;
    private final TruthLineParser parser;
    private final boolean cpuTime = THREADS.isCurrentThreadCpuTimeSupported();
    private byte[] copy = new byte[64 * 1024];

    TruthIntake(WorldTruth truth, BotStats stats, WorldStats world) {
        this.truth = truth;
        this.stats = stats;
        this.world = world;
        this.parser = new TruthLineParser(truth.cellMeters());
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof ByteBuf line) || !mayBeMonsters(line)) {
            ctx.fireChannelRead(msg);
            return;
        }
        long cpu0 = cpuTime ? THREADS.getCurrentThreadCpuTime() : 0;
        TruthSnapshot s;
        int n = line.readableBytes();
        if (line.hasArray()) {
            s = parser.parse(line.array(), line.arrayOffset() + line.readerIndex(), n);
        } else {
            if (copy.length < n) {
                copy = new byte[Math.max(n, copy.length * 2)];
            }
            line.getBytes(line.readerIndex(), copy, 0, n);
            s = parser.parse(copy, 0, n);
        }
        if (s == null) {
            ctx.fireChannelRead(msg); // not readable here: the decoder judges it
            return;
        }
        line.release();
        truth.add(s);
        stats.messageIn(dev.navserver.protocol.message.Monsters.TYPE);
        if (cpuTime) {
            world.truthIntakeCpuNanos.add(THREADS.getCurrentThreadCpuTime() - cpu0);
            world.truthIntakeParsed.increment();
        }
    }

    /** False for a line that begins with {@code {"type":"} and names another type. */
    static boolean mayBeMonsters(ByteBuf line) {
        int at = line.readerIndex();
        if (!startsWith(line, at, TYPE_FIRST)) {
            return true; // fields in another order: let the parser look
        }
        return startsWith(line, at, MONSTERS_TYPE);
    }

    private static boolean startsWith(ByteBuf line, int at, byte[] prefix) {
        if (line.readableBytes() < prefix.length) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if (line.getByte(at + i) != prefix[i]) {
                return false;
            }
        }
        return true;
    }

    /**
     * The CPU time the thread of a one-thread event loop group has used so far, ns, or -1 when unknown (not
     * measurable, or the loop did not answer within a second). Call from outside the group.
     */
    static long threadCpuNanos(io.netty.channel.EventLoopGroup group) {
        if (!THREADS.isCurrentThreadCpuTimeSupported()) {
            return -1;
        }
        try {
            return group.submit(THREADS::getCurrentThreadCpuTime).get(1, java.util.concurrent.TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException
                 | java.util.concurrent.RejectedExecutionException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }
}
