package dev.navserver.server.admin;

import dev.navserver.nav.io.MapFormat;
import dev.navserver.protocol.ErrorCodes;
import dev.navserver.protocol.json.EditListReader;
import dev.navserver.server.edit.EditPublisher;
import dev.navserver.server.edit.MapExport;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.QueryStringDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The admin API's map endpoints, under {@value #PREFIX} (the caller has checked the bearer token):
 * <ul>
 *   <li>{@code GET /admin/maps/{name}?format=movingai|navexport}: the current map, edits included, as a file the
 *   server loads back ({@link MapExport}); default format: the one the map's file had, else Moving AI.</li>
 *   <li>{@code POST /admin/maps/{name}/edit} with {@code {"edits":[...]}}: a {@code map_edit}'s edits, decoded by
 *   the protocol's own decoder and applied by the tick thread exactly as an authority session's; the answer is
 *   written on the admin event loop once the tick thread has applied (or refused) the edit, which never blocks the
 *   loop.</li>
 * </ul>
 * Errors are {@code {"error":"<code>","message":"..."}} with the protocol's codes. Stateless apart from the
 * {@link MapAdmin} it serves; thread-safe.
 */
final class MapEndpoints {
    /** Path prefix of these endpoints. */
    static final String PREFIX = "/admin/maps/";
    private static final String EDIT_SUFFIX = "/edit";
    /** Code of a map that the requested format cannot hold exactly (409). */
    static final String UNREPRESENTABLE = "unrepresentable";
    /** Response header carrying the served map's version. */
    static final String VERSION_HEADER = "X-Map-Version";
    private static final String TEXT_TYPE = "text/plain; charset=utf-8";
    private static final Logger log = LoggerFactory.getLogger(MapEndpoints.class);

    private final MapAdmin maps;

    MapEndpoints(MapAdmin maps) {
        this.maps = maps;
    }

    /** Whether {@code path} is one of these endpoints' paths. */
    static boolean owns(String path) {
        return path.startsWith(PREFIX);
    }

    /**
     * Answers the request (now or, for an edit, when the tick thread is done). The request is released when this
     * returns; what is used later is copied.
     */
    void handle(ChannelHandlerContext ctx, FullHttpRequest req, String path, boolean keepAlive) {
        String rest = path.substring(PREFIX.length());
        boolean edit = rest.endsWith(EDIT_SUFFIX);
        String name = edit ? rest.substring(0, rest.length() - EDIT_SUFFIX.length()) : rest;
        if (name.isEmpty() || name.contains("/")) {
            AdminHandler.send(ctx, HttpResponses.error(HttpResponseStatus.NOT_FOUND, "no such endpoint: " + path),
                    keepAlive);
            return;
        }
        HttpMethod expected = edit ? HttpMethod.POST : HttpMethod.GET;
        if (!expected.equals(req.method())) {
            AdminHandler.send(ctx, AdminHandler.methodNotAllowed(expected.name()), keepAlive);
            return;
        }
        if (edit) {
            edit(ctx, name, ByteBufUtil.getBytes(req.content()), keepAlive);
        } else {
            AdminHandler.send(ctx, download(name, new QueryStringDecoder(req.uri()).parameters()), keepAlive);
        }
    }

    private FullHttpResponse download(String name, Map<String, List<String>> query) {
        MapAdmin.Snapshot s = maps.snapshot(name);
        if (s == null) {
            return error(HttpResponseStatus.NOT_FOUND, ErrorCodes.UNKNOWN_MAP, unknownMap(name));
        }
        List<String> asked = query.get("format");
        MapFormat format;
        if (asked == null || asked.isEmpty()) {
            format = s.sourceFormat() != null ? s.sourceFormat() : MapFormat.MOVING_AI;
        } else {
            format = asked.size() == 1 ? MapExport.format(asked.get(0)) : null;
            if (format == null) {
                return error(HttpResponseStatus.BAD_REQUEST, ErrorCodes.BAD_FIELD, "format: unknown format '"
                        + excerpt(String.join(",", asked)) + "', expected " + MapExport.MOVING_AI + " or "
                        + MapExport.NAV_EXPORT);
            }
        }
        MapExport.Result r = MapExport.write(s.map(), format);
        if (r.status() == MapExport.Status.UNREPRESENTABLE) {
            return error(HttpResponseStatus.CONFLICT, UNREPRESENTABLE, r.message());
        }
        FullHttpResponse resp = HttpResponses.response(HttpResponseStatus.OK, TEXT_TYPE,
                r.text().getBytes(StandardCharsets.UTF_8));
        resp.headers().set(HttpHeaderNames.CONTENT_DISPOSITION,
                "attachment; filename=\"" + safeFileName(MapExport.fileName(name, format)) + "\"");
        resp.headers().set(VERSION_HEADER, Long.toString(s.version()));
        return resp;
    }

    private void edit(ChannelHandlerContext ctx, String name, byte[] body, boolean keepAlive) {
        if (maps.snapshot(name) == null) {
            maps.rejected(ErrorCodes.UNKNOWN_MAP);
            AdminHandler.send(ctx, error(HttpResponseStatus.NOT_FOUND, ErrorCodes.UNKNOWN_MAP, unknownMap(name)),
                    keepAlive);
            return;
        }
        EditListReader.Decoded d = EditListReader.read(body);
        if (d.error() != null) {
            maps.rejected(d.error().code());
            AdminHandler.send(ctx, error(HttpResponseStatus.BAD_REQUEST, d.error().code(), d.error().message()),
                    keepAlive);
            return;
        }
        maps.edit(name, d.edits()).whenCompleteAsync((outcome, failure) -> {
            FullHttpResponse resp;
            if (failure != null) {
                log.warn("Admin edit of map {} failed", name, failure);
                resp = error(HttpResponseStatus.INTERNAL_SERVER_ERROR, ErrorCodes.INTERNAL,
                        "internal error: " + failure.getClass().getSimpleName());
            } else if (outcome.applied()) {
                Map<String, Object> ok = new LinkedHashMap<>();
                ok.put("map", outcome.map());
                ok.put("version", outcome.version());
                ok.put("changedCells", outcome.changedCells());
                resp = HttpResponses.json(HttpResponseStatus.OK, ok);
            } else {
                maps.rejected(outcome.status().code());
                resp = error(switch (outcome.status()) {
                    case UNKNOWN_MAP -> HttpResponseStatus.NOT_FOUND;
                    case NOT_DURABLE -> HttpResponseStatus.SERVICE_UNAVAILABLE; // the disk, not the request
                    default -> HttpResponseStatus.BAD_REQUEST;
                }, outcome.status().code(), outcome.message());
            }
            AdminHandler.send(ctx, resp, keepAlive);
        }, ctx.executor());
    }

    private static String unknownMap(String name) {
        return "map: no map named '" + excerpt(name) + "'";
    }

    /** {@code {"error": code, "message": message}} with {@code status}. */
    static FullHttpResponse error(HttpResponseStatus status, String code, String message) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("error", code);
        body.put("message", message);
        return HttpResponses.json(status, body);
    }

    private static String excerpt(String s) {
        return s.length() <= 64 ? s : s.substring(0, 64) + "...";
    }

    /** A file name safe inside a quoted header parameter: characters other than letters, digits, {@code ._-} → _. */
    static String safeFileName(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean ok = c < 128 && (Character.isLetterOrDigit(c) || c == '.' || c == '_' || c == '-');
            b.append(ok ? c : '_');
        }
        return b.toString();
    }
}
