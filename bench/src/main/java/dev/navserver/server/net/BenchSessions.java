package dev.navserver.server.net;

import io.netty.channel.Channel;

/**
 * Benchmark access to {@link Session}'s package-private constructor: registers a welcomed session on a channel the
 * benchmark built. Lives in the server's package (a split package on the benchmark classpath) so the server keeps
 * its visibility. Not thread-safe; set-up only.
 */
public final class BenchSessions {
    private BenchSessions() {
    }

    /**
     * A welcomed player session {@code id} on {@code channel}, registered in {@code context} so world events naming
     * {@code id} reach it.
     *
     * @param outboundLimitBytes the {@code server.outboundLimitBytes} cut-off, bytes
     */
    public static Session open(ServerContext context, String id, Channel channel, long outboundLimitBytes) {
        Session s = new Session(id, channel, context, outboundLimitBytes, 64);
        s.welcome("p-" + id, "bench", dev.navserver.protocol.Roles.PLAYER);
        context.sessions.put(id, s);
        return s;
    }
}
