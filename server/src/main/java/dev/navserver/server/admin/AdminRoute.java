package dev.navserver.server.admin;

import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.FullHttpRequest;

/**
 * Extra admin endpoints mounted under a path prefix (the live viewer's {@code /view}). Called on the admin event
 * loop; must not block it and must answer every request it takes (or upgrade the connection).
 */
public interface AdminRoute {
    /** Whether this route answers {@code path} (the request path without the query). */
    boolean owns(String path);

    /**
     * Answers the request. The request is released when this returns; retain what is used later.
     *
     * @param keepAlive whether the connection stays open after a plain HTTP answer
     */
    void handle(ChannelHandlerContext ctx, FullHttpRequest req, String path, boolean keepAlive);
}
