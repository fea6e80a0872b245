package dev.navserver.server.admin;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The admin port's HTTP responses: complete, uncacheable ({@code Cache-Control: no-store}), with a
 * {@code Content-Length}; errors as {@code {"error": message}}. Stateless and thread-safe.
 */
public final class HttpResponses {
    /** Content type of JSON bodies. */
    public static final String JSON_TYPE = "application/json; charset=utf-8";
    private static final ObjectMapper JSON = new ObjectMapper();

    private HttpResponses() {
    }

    /** {@code {"error": message}} with {@code status}. */
    public static FullHttpResponse error(HttpResponseStatus status, String message) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("error", message);
        return json(status, body);
    }

    /** {@code body} rendered as JSON with {@code status}. */
    public static FullHttpResponse json(HttpResponseStatus status, Object body) {
        try {
            return response(status, JSON_TYPE, JSON.writeValueAsBytes(body));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot render an admin response as JSON", e);
        }
    }

    /** {@code body} as it is, with {@code status} and {@code contentType}. */
    public static FullHttpResponse response(HttpResponseStatus status, String contentType, byte[] body) {
        FullHttpResponse resp = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, Unpooled.wrappedBuffer(body));
        resp.headers().set(HttpHeaderNames.CONTENT_TYPE, contentType);
        resp.headers().set(HttpHeaderNames.CACHE_CONTROL, HttpHeaderValues.NO_STORE);
        resp.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, body.length);
        return resp;
    }
}
