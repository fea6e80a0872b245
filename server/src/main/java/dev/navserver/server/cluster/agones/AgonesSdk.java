package dev.navserver.server.cluster.agones;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A client of the Agones SDK sidecar's REST API (the grpc-gateway of the SDK server, {@code sdk.swagger.json} and
 * {@code beta.swagger.json} of Agones): one method per call, one HTTP request per method call, no retries (the
 * caller decides; see {@link AgonesNode}). Every request has a timeout; every non-2xx answer or transport failure is
 * an {@link AgonesException} naming the call, the status and the body.
 *
 * <p>Thread-safe: the underlying {@link HttpClient} is shared; calls may run concurrently. Blocking: each call waits
 * for its answer, at most the request timeout, so never call it from the tick thread or a Netty I/O thread.
 */
public final class AgonesSdk {
    /** The environment variable Agones sets in the game server container to the sidecar's HTTP port. */
    public static final String PORT_ENV = "AGONES_SDK_HTTP_PORT";
    /** The sidecar's HTTP port when {@link #PORT_ENV} is not set (Agones' {@code sdkServer.httpPort} default). */
    public static final int DEFAULT_HTTP_PORT = 9358;
    /**
     * The prefix the SDK server puts before every label key set through {@link #setLabel}: key {@code k} becomes the
     * label {@code agones.dev/sdk-k} of the GameServer.
     */
    public static final String LABEL_PREFIX = "agones.dev/sdk-";

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String EMPTY = "{}";
    /** A Kubernetes label name (the part after the optional prefix) or value: alphanumeric ends, [-_.] inside. */
    private static final Pattern LABEL_NAME = Pattern.compile("([A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?)?");

    private final URI base;
    private final Duration timeout;
    private final HttpClient http;

    /**
     * @param base    the sidecar's base URL, e.g. {@code http://localhost:9358}
     * @param timeout connect and per-request timeout, positive
     */
    public AgonesSdk(URI base, Duration timeout) {
        this.base = Objects.requireNonNull(base, "base");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive: " + timeout);
        }
        this.timeout = timeout;
        this.http = HttpClient.newBuilder().connectTimeout(timeout).version(HttpClient.Version.HTTP_1_1).build();
    }

    /**
     * {@code http://localhost:${AGONES_SDK_HTTP_PORT}}, or port {@value #DEFAULT_HTTP_PORT} when the variable is unset
     * or empty.
     *
     * @throws IllegalArgumentException naming {@value #PORT_ENV} when it is not a port number 1..65535
     */
    public static URI baseUri(Map<String, String> env) {
        String v = env.get(PORT_ENV);
        int port = DEFAULT_HTTP_PORT;
        if (v != null && !v.isBlank()) {
            try {
                port = Integer.parseInt(v.strip());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(PORT_ENV + " '" + v + "' is not a port number 1..65535");
            }
            if (port < 1 || port > 65535) {
                throw new IllegalArgumentException(PORT_ENV + " " + port + " is not a port number 1..65535");
            }
        }
        return URI.create("http://localhost:" + port);
    }

    /** The base URL this client talks to. */
    public URI base() {
        return base;
    }

    /** {@code POST /ready}: the game server accepts players; the GameServer moves to {@code Ready}. */
    public void ready() throws AgonesException {
        send("POST", "/ready", EMPTY);
    }

    /** {@code POST /health}: one health ping; Agones marks the GameServer unhealthy when pings stop. */
    public void health() throws AgonesException {
        send("POST", "/health", EMPTY);
    }

    /** {@code POST /shutdown}: the GameServer moves to {@code Shutdown} and its pod is deleted. */
    public void shutdown() throws AgonesException {
        send("POST", "/shutdown", EMPTY);
    }

    /**
     * {@code PUT /metadata/label}: sets the GameServer label {@value #LABEL_PREFIX}{@code key} to {@code value}.
     *
     * @throws IllegalArgumentException when the prefixed key or the value is not a valid Kubernetes label (the
     *                                  sidecar would accept the call and then fail to update the GameServer forever)
     */
    public void setLabel(String key, String value) throws AgonesException {
        checkLabel(key, value);
        ObjectNode body = JSON.createObjectNode().put("key", key).put("value", value);
        send("PUT", "/metadata/label", body.toString());
    }

    /**
     * Checks that {@code key} (without {@value #LABEL_PREFIX}) and {@code value} make a valid Kubernetes label.
     *
     * @throws IllegalArgumentException saying which part is wrong
     */
    public static void checkLabel(String key, String value) {
        String name = "sdk-" + key;
        if (key.isEmpty() || name.length() > 63 || !LABEL_NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("label key '" + LABEL_PREFIX + key + "' is not a Kubernetes label "
                    + "key: after the prefix at most 59 characters, letters, digits, '-', '_', '.', no '/'");
        }
        if (value.length() > 63 || !LABEL_NAME.matcher(value).matches()) {
            throw new IllegalArgumentException("label value '" + value + "' is not a Kubernetes label value: at most "
                    + "63 characters, letters, digits, '-', '_', '.', beginning and ending with a letter or digit");
        }
    }

    /**
     * {@code POST /v1beta1/lists/{list}:addValue} (Agones Counters and Lists, beta since 1.41).
     *
     * @return the list's values after the call
     * @throws AgonesException status 409 when the value is already in the list, 404 when the GameServer has no such
     *                         list, 400 when the list is at capacity
     */
    public List<String> addListValue(String list, String value) throws AgonesException {
        return valuesOf(send("POST", "/v1beta1/lists/" + segment(list) + ":addValue", valueBody(value)));
    }

    /**
     * {@code POST /v1beta1/lists/{list}:removeValue}.
     *
     * @return the list's values after the call
     * @throws AgonesException status 404 when the value is not in the list or the GameServer has no such list
     */
    public List<String> removeListValue(String list, String value) throws AgonesException {
        return valuesOf(send("POST", "/v1beta1/lists/" + segment(list) + ":removeValue", valueBody(value)));
    }

    /** {@code GET /v1beta1/lists/{list}}: the list's values. */
    public List<String> listValues(String list) throws AgonesException {
        return valuesOf(send("GET", "/v1beta1/lists/" + segment(list), null));
    }

    /** {@code GET /gameserver}: the backing GameServer as the SDK shows it ({@code object_meta}, {@code status}). */
    public JsonNode gameServer() throws AgonesException {
        return parse("GET /gameserver", send("GET", "/gameserver", null));
    }

    private static String segment(String name) {
        if (name.isEmpty()) {
            throw new IllegalArgumentException("list name is empty");
        }
        return URLEncoder.encode(name, StandardCharsets.UTF_8).replace("+", "%20");
    }

    private static String valueBody(String value) {
        return JSON.createObjectNode().put("value", Objects.requireNonNull(value, "value")).toString();
    }

    private static List<String> valuesOf(String body) throws AgonesException {
        JsonNode list = parse("list", body);
        List<String> out = new ArrayList<>();
        list.path("values").forEach(v -> out.add(v.asText()));
        return out;
    }

    private static JsonNode parse(String call, String body) throws AgonesException {
        try {
            return JSON.readTree(body.isEmpty() ? EMPTY : body);
        } catch (IOException e) {
            throw new AgonesException(call, 200, "answer is not JSON: " + body, e);
        }
    }

    /** One request; the answer's body on 2xx. */
    private String send(String method, String path, String body) throws AgonesException {
        String call = method + " " + path;
        HttpRequest.Builder rb = HttpRequest.newBuilder(base.resolve(path)).timeout(timeout)
                .header("Accept", "application/json");
        if (body == null) {
            rb.method(method, HttpRequest.BodyPublishers.noBody());
        } else {
            rb.header("Content-Type", "application/json")
                    .method(method, HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
        }
        HttpResponse<String> response;
        try {
            response = http.send(rb.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (HttpTimeoutException e) {
            throw new AgonesException(call, AgonesException.NO_RESPONSE,
                    "timed out after " + timeout.toMillis() + " ms", e);
        } catch (IOException e) {
            throw new AgonesException(call, AgonesException.NO_RESPONSE,
                    e.getClass().getSimpleName() + (e.getMessage() == null ? "" : " " + e.getMessage()), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AgonesException(call, AgonesException.NO_RESPONSE, "interrupted", e);
        }
        if (response.statusCode() / 100 != 2) {
            throw new AgonesException(call, response.statusCode(), response.body(), null);
        }
        return response.body();
    }
}
