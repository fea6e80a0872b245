package dev.navserver.server.admin;

import dev.navserver.protocol.ErrorCodes;
import dev.navserver.server.config.ReloadResult;
import dev.navserver.server.metrics.ServerMetrics;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.handler.timeout.ReadTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Routes admin HTTP requests: {@code GET /health}, {@code GET /metrics}, {@code GET /admin/status},
 * {@code POST /admin/reload}, {@code GET /admin/maps/{name}} and {@code POST /admin/maps/{name}/edit}
 * ({@link MapEndpoints}), and whatever an extra {@link AdminRoute} owns (the viewer's {@code /view...}). {@code /admin/*} needs {@code Authorization: Bearer <admin.token>} (401 without or with
 * a wrong token, 403 when no token is configured), checked before the method. Unknown path → 404, known path with
 * another method → 405 with {@code Allow}. Stateless, hence one {@code @Sharable} instance for all channels.
 */
@ChannelHandler.Sharable
final class AdminHandler extends SimpleChannelInboundHandler<FullHttpRequest> {
    private static final Logger log = LoggerFactory.getLogger(AdminHandler.class);

    private final AdminEndpoints endpoints;
    private final AdminRoute extra;
    /** The map endpoints, or null when {@link AdminEndpoints#maps()} is. */
    private final MapEndpoints maps;

    /** @param extra further endpoints (the viewer), or null */
    AdminHandler(AdminEndpoints endpoints, AdminRoute extra) {
        this.endpoints = endpoints;
        this.extra = extra;
        this.maps = endpoints.maps() == null ? null : new MapEndpoints(endpoints.maps());
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest req) {
        if (req.decoderResult().isFailure()) {
            send(ctx, error(HttpResponseStatus.BAD_REQUEST, "malformed request"), false);
            return;
        }
        boolean keepAlive = HttpUtil.isKeepAlive(req);
        String path = new QueryStringDecoder(req.uri()).path();
        if (extra != null && extra.owns(path)) {
            try {
                extra.handle(ctx, req, path, keepAlive);
            } catch (RuntimeException e) {
                log.warn("Admin request {} {} failed", req.method(), path, e);
                send(ctx, error(HttpResponseStatus.INTERNAL_SERVER_ERROR,
                        "internal error: " + e.getClass().getSimpleName()), false);
            }
            return;
        }
        if (maps != null && MapEndpoints.owns(path)) {
            FullHttpResponse denied = authorize(req);
            if (denied != null) {
                send(ctx, denied, keepAlive);
                return;
            }
            try {
                maps.handle(ctx, req, path, keepAlive);
            } catch (RuntimeException e) {
                log.warn("Admin request {} {} failed", req.method(), path, e);
                send(ctx, MapEndpoints.error(HttpResponseStatus.INTERNAL_SERVER_ERROR, ErrorCodes.INTERNAL,
                        "internal error: " + e.getClass().getSimpleName()), false);
            }
            return;
        }
        FullHttpResponse resp;
        try {
            resp = route(req);
        } catch (RuntimeException e) {
            log.warn("Admin request {} {} failed", req.method(), req.uri(), e);
            resp = error(HttpResponseStatus.INTERNAL_SERVER_ERROR, "internal error: " + e.getClass().getSimpleName());
        }
        send(ctx, resp, keepAlive);
    }

    private FullHttpResponse route(FullHttpRequest req) {
        String path = new QueryStringDecoder(req.uri()).path();
        HttpMethod method = req.method();
        switch (path) {
            case "/health" -> {
                if (!HttpMethod.GET.equals(method)) {
                    return methodNotAllowed("GET");
                }
                return health();
            }
            case "/metrics" -> {
                if (!HttpMethod.GET.equals(method)) {
                    return methodNotAllowed("GET");
                }
                return text(endpoints.metrics().get());
            }
            case "/admin/status" -> {
                FullHttpResponse denied = authorize(req);
                if (denied != null) {
                    return denied;
                }
                if (!HttpMethod.GET.equals(method)) {
                    return methodNotAllowed("GET");
                }
                return json(HttpResponseStatus.OK, endpoints.status().get());
            }
            case "/admin/reload" -> {
                FullHttpResponse denied = authorize(req);
                if (denied != null) {
                    return denied;
                }
                if (!HttpMethod.POST.equals(method)) {
                    return methodNotAllowed("POST");
                }
                ReloadResult r = endpoints.reload().get();
                return json(r.accepted() ? HttpResponseStatus.OK : HttpResponseStatus.UNPROCESSABLE_ENTITY, r.toMap());
            }
            default -> {
                return error(HttpResponseStatus.NOT_FOUND, "no such endpoint: " + path);
            }
        }
    }

    private FullHttpResponse health() {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("status", "ok");
        Map<String, ?> extra = endpoints.health().get();
        if (extra != null) {
            body.putAll(extra);
        }
        boolean ok = "ok".equals(body.get("status"));
        return json(ok ? HttpResponseStatus.OK : HttpResponseStatus.SERVICE_UNAVAILABLE, body);
    }

    /** {@code null} if the request carries the configured bearer token, else the refusal to send. */
    private FullHttpResponse authorize(FullHttpRequest req) {
        String expected = endpoints.adminToken().get();
        if (expected == null || expected.isEmpty()) {
            return error(HttpResponseStatus.FORBIDDEN,
                    "admin endpoints are disabled: set admin.token in the config file to enable them");
        }
        String header = req.headers().get(HttpHeaderNames.AUTHORIZATION);
        if (!BearerTokens.authorizes(header, expected)) {
            FullHttpResponse resp = error(HttpResponseStatus.UNAUTHORIZED,
                    "missing or wrong Authorization: Bearer <admin.token>");
            resp.headers().set(HttpHeaderNames.WWW_AUTHENTICATE, "Bearer realm=\"navserver-admin\"");
            return resp;
        }
        return null;
    }

    static FullHttpResponse methodNotAllowed(String allow) {
        FullHttpResponse resp = error(HttpResponseStatus.METHOD_NOT_ALLOWED, "method not allowed; use " + allow);
        resp.headers().set(HttpHeaderNames.ALLOW, allow);
        return resp;
    }

    private static FullHttpResponse error(HttpResponseStatus status, String message) {
        return HttpResponses.error(status, message);
    }

    private static FullHttpResponse json(HttpResponseStatus status, Object body) {
        return HttpResponses.json(status, body);
    }

    private static FullHttpResponse text(String body) {
        return HttpResponses.response(HttpResponseStatus.OK, ServerMetrics.CONTENT_TYPE,
                body.getBytes(StandardCharsets.UTF_8));
    }

    /** Writes a complete response; closes the connection after it unless {@code keepAlive}. Any thread. */
    static void send(ChannelHandlerContext ctx, FullHttpResponse resp, boolean keepAlive) {
        HttpUtil.setKeepAlive(resp, keepAlive);
        if (keepAlive) {
            ctx.writeAndFlush(resp);
        } else {
            ctx.writeAndFlush(resp).addListener(ChannelFutureListener.CLOSE);
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (!(cause instanceof ReadTimeoutException)) {
            log.debug("Admin connection {} failed", ctx.channel().remoteAddress(), cause);
        }
        ctx.close();
    }
}
