package dev.navserver.server.view;

import dev.navserver.server.admin.HttpResponses;
import dev.navserver.server.auth.Secrets;
import dev.navserver.nav.grid.GridMap;
import dev.navserver.server.admin.AdminRoute;
import dev.navserver.server.admin.BearerTokens;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.handler.codec.http.websocketx.WebSocketFrameAggregator;
import io.netty.handler.codec.http.websocketx.WebSocketServerHandshaker;
import io.netty.handler.codec.http.websocketx.WebSocketServerHandshakerFactory;
import io.netty.handler.timeout.IdleStateHandler;
import io.netty.handler.timeout.ReadTimeoutHandler;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The viewer's HTTP side on the admin port: {@code GET /view} (the page), {@code GET /view/assets/<name>},
 * {@code GET /view/tile} and the WebSocket upgrade at {@code /view/ws}; see docs/viewer.md. Stateless apart from
 * a cache of the page's files; one instance for all admin channels. Runs on the admin event loop; tiles are
 * computed on the hub's tile thread and written from there.
 */
public final class ViewHttp implements AdminRoute {
    private static final Logger LOG = LoggerFactory.getLogger(ViewHttp.class);
    /** Classpath folder of the page's files. */
    static final String RESOURCES = "/dev/navserver/server/view/";
    /** Names allowed under {@code /view/assets/}: one path segment, no leading dot. */
    private static final Pattern ASSET_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]{0,63}");
    private static final String BEARER_PREFIX = "bearer.";
    static final String WS_AGGREGATOR = "view-ws-aggregator";
    static final String WS_IDLE = "view-ws-idle";
    static final String VIEWER = "viewer";

    private final ViewHub hub;
    private final Map<String, byte[]> files = new ConcurrentHashMap<>();

    public ViewHttp(ViewHub hub) {
        this.hub = Objects.requireNonNull(hub);
    }

    @Override
    public boolean owns(String path) {
        return path.equals("/view") || path.startsWith("/view/");
    }

    @Override
    public void handle(ChannelHandlerContext ctx, FullHttpRequest req, String path, boolean keepAlive) {
        if (path.equals("/view/ws")) {
            upgrade(ctx, req);
            return;
        }
        if (!HttpMethod.GET.equals(req.method())) {
            FullHttpResponse r = error(HttpResponseStatus.METHOD_NOT_ALLOWED, "method not allowed; use GET");
            r.headers().set(HttpHeaderNames.ALLOW, "GET");
            send(ctx.channel(), r, keepAlive);
            return;
        }
        if (path.equals("/view") || path.equals("/view/")) {
            if (hub.token().isEmpty()) {
                send(ctx.channel(), response(HttpResponseStatus.FORBIDDEN, "text/plain; charset=utf-8",
                        ("The viewer is disabled: set admin.token in the config file to enable it, then open "
                                + "/view#token=<admin.token>.\n").getBytes(StandardCharsets.UTF_8)), keepAlive);
                return;
            }
            file(ctx.channel(), "index.html", keepAlive);
        } else if (path.startsWith("/view/assets/")) {
            if (hub.token().isEmpty()) {
                send(ctx.channel(), disabled(), keepAlive);
                return;
            }
            file(ctx.channel(), path.substring("/view/assets/".length()), keepAlive);
        } else if (path.equals("/view/tile")) {
            tile(ctx.channel(), req, keepAlive);
        } else {
            send(ctx.channel(), error(HttpResponseStatus.NOT_FOUND, "no such endpoint: " + path), keepAlive);
        }
    }

    // ---- page files ----

    private void file(Channel ch, String name, boolean keepAlive) {
        byte[] body = ASSET_NAME.matcher(name).matches() && !name.contains("..") ? load(name) : null;
        if (body == null) {
            send(ch, error(HttpResponseStatus.NOT_FOUND, "no such viewer file: " + name), keepAlive);
            return;
        }
        send(ch, response(HttpResponseStatus.OK, contentType(name), body), keepAlive);
    }

    private byte[] load(String name) {
        byte[] cached = files.get(name);
        if (cached != null) {
            return cached;
        }
        try (InputStream in = ViewHttp.class.getResourceAsStream(RESOURCES + name)) {
            if (in == null) {
                return null;
            }
            byte[] b = in.readAllBytes();
            files.put(name, b);
            return b;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Content type by file extension. */
    static String contentType(String name) {
        String n = name.toLowerCase(java.util.Locale.ROOT);
        if (n.endsWith(".html")) {
            return "text/html; charset=utf-8";
        } else if (n.endsWith(".js") || n.endsWith(".mjs")) {
            return "text/javascript; charset=utf-8";
        } else if (n.endsWith(".css")) {
            return "text/css; charset=utf-8";
        } else if (n.endsWith(".svg")) {
            return "image/svg+xml";
        } else if (n.endsWith(".png")) {
            return "image/png";
        } else if (n.endsWith(".json")) {
            return "application/json; charset=utf-8";
        } else if (n.endsWith(".ico")) {
            return "image/x-icon";
        }
        return "application/octet-stream";
    }

    // ---- tiles ----

    private void tile(Channel ch, FullHttpRequest req, boolean keepAlive) {
        FullHttpResponse denied = authorizeHeader(req);
        if (denied != null) {
            send(ch, denied, keepAlive);
            return;
        }
        Map<String, List<String>> q = new QueryStringDecoder(req.uri()).parameters();
        String mapName = single(q, "map");
        if (mapName == null) {
            send(ch, error(HttpResponseStatus.BAD_REQUEST, "map: required, one value"), keepAlive);
            return;
        }
        GridMap map = hub.maps().get(mapName);
        if (map == null) {
            send(ch, error(HttpResponseStatus.NOT_FOUND, "unknown map: " + mapName), keepAlive);
            return;
        }
        ViewTiles.Layer layer = ViewTiles.Layer.of(single(q, "layer"));
        if (layer == null) {
            send(ch, error(HttpResponseStatus.BAD_REQUEST, "layer: must be terrain or islands"), keepAlive);
            return;
        }
        int levels = ViewTiles.levels(map.width(), map.height());
        int level = intParam(q, "level", levels);
        if (level < 0) {
            send(ch, error(HttpResponseStatus.BAD_REQUEST, "level: must be an integer in 0.." + (levels - 1)),
                    keepAlive);
            return;
        }
        int nx = ViewTiles.tiles(map.width(), level);
        int ny = ViewTiles.tiles(map.height(), level);
        int tx = intParam(q, "tx", nx);
        if (tx < 0) {
            send(ch, error(HttpResponseStatus.BAD_REQUEST, "tx: must be an integer in 0.." + (nx - 1)
                    + " at level " + level), keepAlive);
            return;
        }
        int ty = intParam(q, "ty", ny);
        if (ty < 0) {
            send(ch, error(HttpResponseStatus.BAD_REQUEST, "ty: must be an integer in 0.." + (ny - 1)
                    + " at level " + level), keepAlive);
            return;
        }
        try {
            hub.tileWorker().execute(() -> {
                FullHttpResponse r;
                try {
                    byte[] body = hub.tiles().tile(map, layer, level, tx, ty);
                    r = response(HttpResponseStatus.OK, "application/octet-stream", body);
                } catch (RuntimeException e) {
                    LOG.warn("tile {} {} {} {},{} failed", mapName, layer, level, tx, ty, e);
                    r = error(HttpResponseStatus.INTERNAL_SERVER_ERROR,
                            "internal error: " + e.getClass().getSimpleName());
                }
                send(ch, r, keepAlive);
            });
        } catch (RejectedExecutionException e) {
            send(ch, error(HttpResponseStatus.SERVICE_UNAVAILABLE, "tile queue full, retry"), keepAlive);
        }
    }

    private static String single(Map<String, List<String>> q, String name) {
        List<String> v = q.get(name);
        return v == null || v.size() != 1 ? null : v.get(0);
    }

    /** The parameter as an integer in {@code [0, bound)}, or -1. */
    private static int intParam(Map<String, List<String>> q, String name, int bound) {
        String s = single(q, name);
        if (s == null || s.isEmpty() || s.length() > 9) {
            return -1;
        }
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                return -1;
            }
        }
        int v = Integer.parseInt(s);
        return v < bound ? v : -1;
    }

    /** Null if the request carries {@code Authorization: Bearer <admin.token>}, else the refusal. */
    private FullHttpResponse authorizeHeader(FullHttpRequest req) {
        String expected = hub.token();
        if (expected.isEmpty()) {
            return disabled();
        }
        if (!BearerTokens.authorizes(req.headers().get(HttpHeaderNames.AUTHORIZATION), expected)) {
            return unauthorized("missing or wrong Authorization: Bearer <admin.token>");
        }
        return null;
    }

    // ---- WebSocket ----

    private void upgrade(ChannelHandlerContext ctx, FullHttpRequest req) {
        Channel ch = ctx.channel();
        if (!HttpMethod.GET.equals(req.method())) {
            FullHttpResponse r = error(HttpResponseStatus.METHOD_NOT_ALLOWED, "method not allowed; use GET");
            r.headers().set(HttpHeaderNames.ALLOW, "GET");
            send(ch, r, false);
            return;
        }
        String expected = hub.token();
        if (expected.isEmpty()) {
            send(ch, disabled(), false);
            return;
        }
        List<String> protocols = req.headers().getAll(HttpHeaderNames.SEC_WEBSOCKET_PROTOCOL);
        String presented = bearerToken(protocols);
        if (presented == null || !Secrets.constantTimeEquals(presented, expected)) {
            send(ch, unauthorized("missing or wrong token: list \"bearer.<base64url(admin.token)>\" in "
                    + "Sec-WebSocket-Protocol"), false);
            return;
        }
        if (!lists(protocols, ViewHub.SUBPROTOCOL)) {
            send(ch, error(HttpResponseStatus.BAD_REQUEST, "Sec-WebSocket-Protocol must list "
                    + ViewHub.SUBPROTOCOL), false);
            return;
        }
        if (!req.headers().containsValue(HttpHeaderNames.UPGRADE, HttpHeaderValues.WEBSOCKET, true)) {
            send(ch, error(HttpResponseStatus.BAD_REQUEST, "expected a WebSocket upgrade request"), false);
            return;
        }
        WebSocketServerHandshaker hs = new WebSocketServerHandshakerFactory("ws://"
                + req.headers().get(HttpHeaderNames.HOST, "localhost") + "/view/ws", ViewHub.SUBPROTOCOL, false,
                ViewerHandler.MAX_MESSAGE_BYTES).newHandshaker(req);
        if (hs == null) {
            WebSocketServerHandshakerFactory.sendUnsupportedVersionResponse(ch);
            return;
        }
        ViewerHandler viewer = new ViewerHandler(hub, hs, ch);
        if (!hub.tryRegister(viewer)) {
            send(ch, error(HttpResponseStatus.SERVICE_UNAVAILABLE, "at most " + ViewHub.MAX_VIEWERS
                    + " viewers at once"), false);
            return;
        }
        ChannelFuture done;
        try {
            done = hs.handshake(ch, req);
        } catch (RuntimeException e) {
            hub.unregister(viewer);
            send(ch, error(HttpResponseStatus.BAD_REQUEST, "bad WebSocket handshake: " + e.getMessage()), false);
            return;
        }
        // A viewer socket lives long and reads little: no read timeout, pings instead (see ViewerHandler).
        ChannelPipeline p = ctx.pipeline();
        if (p.get(ReadTimeoutHandler.class) != null) {
            p.remove(ReadTimeoutHandler.class);
        }
        p.addLast(WS_AGGREGATOR, new WebSocketFrameAggregator(ViewerHandler.MAX_MESSAGE_BYTES));
        p.addLast(WS_IDLE, new IdleStateHandler(ViewerHandler.PING_AFTER_IDLE_SECONDS, 0, 0));
        p.addLast(VIEWER, viewer);
        p.remove(ctx.name());
        done.addListener((ChannelFutureListener) f -> {
            if (f.isSuccess()) {
                viewer.sendHello();
            } else {
                hub.unregister(viewer);
                ch.close();
            }
        });
        ch.closeFuture().addListener(f -> hub.unregister(viewer));
    }

    /**
     * The token carried as {@code bearer.<base64url(utf8(token))>} in {@code Sec-WebSocket-Protocol} header values
     * (comma-separated lists), or null when absent or not valid base64url.
     */
    static String bearerToken(List<String> headerValues) {
        for (String value : headerValues) {
            for (String item : value.split(",")) {
                String s = item.trim();
                if (s.length() > BEARER_PREFIX.length() && s.regionMatches(true, 0, BEARER_PREFIX, 0,
                        BEARER_PREFIX.length())) {
                    try {
                        byte[] b = Base64.getUrlDecoder().decode(s.substring(BEARER_PREFIX.length()));
                        return new String(b, StandardCharsets.UTF_8);
                    } catch (IllegalArgumentException e) {
                        return null;
                    }
                }
            }
        }
        return null;
    }

    private static boolean lists(List<String> headerValues, String protocol) {
        for (String value : headerValues) {
            for (String item : value.split(",")) {
                if (item.trim().equals(protocol)) {
                    return true;
                }
            }
        }
        return false;
    }

    // ---- responses ----

    private static FullHttpResponse disabled() {
        return error(HttpResponseStatus.FORBIDDEN,
                "the viewer is disabled: set admin.token in the config file to enable it");
    }

    private static FullHttpResponse unauthorized(String message) {
        FullHttpResponse r = error(HttpResponseStatus.UNAUTHORIZED, message);
        r.headers().set(HttpHeaderNames.WWW_AUTHENTICATE, "Bearer realm=\"navserver-admin\"");
        return r;
    }

    private static FullHttpResponse error(HttpResponseStatus status, String message) {
        return HttpResponses.error(status, message);
    }

    private static FullHttpResponse response(HttpResponseStatus status, String contentType, byte[] body) {
        return HttpResponses.response(status, contentType, body);
    }

    private static void send(Channel ch, FullHttpResponse r, boolean keepAlive) {
        HttpUtil.setKeepAlive(r, keepAlive);
        if (keepAlive) {
            ch.writeAndFlush(r);
        } else {
            ch.writeAndFlush(r).addListener(ChannelFutureListener.CLOSE);
        }
    }
}
