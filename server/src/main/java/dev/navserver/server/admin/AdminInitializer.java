package dev.navserver.server.admin;

import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.timeout.ReadTimeoutHandler;
import java.util.concurrent.TimeUnit;

/**
 * Pipeline of one admin connection: read timeout, HTTP codec with small line and header limits, an aggregator with
 * a small body limit (oversized requests get 413), then the shared {@link AdminHandler}.
 */
final class AdminInitializer extends ChannelInitializer<SocketChannel> {
    static final String READ_TIMEOUT = "read-timeout";
    static final String HTTP_CODEC = "http-codec";
    static final String AGGREGATOR = "http-aggregator";
    static final String HANDLER = "admin-handler";

    /** Longest request line, bytes. */
    static final int MAX_INITIAL_LINE_BYTES = 4096;
    /** Largest header block, bytes. */
    static final int MAX_HEADER_BYTES = 8192;
    /**
     * Largest request body, bytes: room for a {@code POST /admin/maps/{name}/edit} of the most edits a
     * {@code map_edit} may hold, as large as the game port's default frame limit.
     */
    static final int MAX_CONTENT_BYTES = 65536;

    private final AdminHandler handler;
    private final int readTimeoutSeconds;

    AdminInitializer(AdminHandler handler, int readTimeoutSeconds) {
        this.handler = handler;
        this.readTimeoutSeconds = readTimeoutSeconds;
    }

    @Override
    protected void initChannel(SocketChannel ch) {
        ChannelPipeline p = ch.pipeline();
        // The timeout, codec and aggregator keep per-connection state, so each channel gets its own.
        p.addLast(READ_TIMEOUT, new ReadTimeoutHandler(readTimeoutSeconds, TimeUnit.SECONDS));
        p.addLast(HTTP_CODEC, new HttpServerCodec(MAX_INITIAL_LINE_BYTES, MAX_HEADER_BYTES, MAX_CONTENT_BYTES));
        p.addLast(AGGREGATOR, new HttpObjectAggregator(MAX_CONTENT_BYTES));
        p.addLast(HANDLER, handler);
    }
}
