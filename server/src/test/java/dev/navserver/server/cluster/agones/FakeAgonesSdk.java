package dev.navserver.server.cluster.agones;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A FAKE of the Agones SDK sidecar's REST API, for tests: the real SDK server needs a Kubernetes API server and a
 * GameServer resource, neither of which runs here. It is a real HTTP server on loopback answering the published
 * paths that navserver uses ({@code POST /ready}, {@code /health}, {@code /shutdown}, {@code PUT /metadata/label},
 * {@code GET /gameserver}, {@code GET /v1beta1/lists/{name}}, {@code POST /v1beta1/lists/{name}:addValue} and
 * {@code :removeValue}) with the status codes grpc-gateway gives (404 NOT_FOUND, 409 ALREADY_EXISTS, 400
 * OUT_OF_RANGE or bad body), keeps a GameServer's state, labels and lists, and records every call in order with its
 * arrival time. Stricter than the real sidecar in one place: a label that Kubernetes would refuse is answered 400
 * at once (the real sidecar answers 200 and then fails to update the GameServer).
 *
 * <p>Failures for tests: {@link #fail} answers the next calls to a path with a status, {@link #delay} holds the
 * answers to a path. Thread-safe; close it after use. Usable from any test (lead's real-process cluster tests:
 * point a node's {@code AGONES_SDK_HTTP_PORT} at {@link #port()}).
 */
public final class FakeAgonesSdk implements AutoCloseable {
    /** One request as the fake received it. {@code status} is the status it answered. */
    public record Call(String method, String path, String body, Instant at, int status) {
    }

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern LIST = Pattern.compile("/v1beta1/lists/([^/:]+)(:addValue|:removeValue)?");
    private static final Pattern LABEL = Pattern.compile("([A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?)?");

    private final HttpServer server;
    private final ExecutorService pool = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "fake-agones-sdk");
        t.setDaemon(true);
        return t;
    });
    private final List<Call> calls = new ArrayList<>();
    private final Map<String, Integer> failures = new HashMap<>();
    private final Map<String, Integer> failureStatus = new HashMap<>();
    private final Map<String, Duration> delays = new HashMap<>();
    private final Map<String, String> labels = new LinkedHashMap<>();
    private final Map<String, Long> capacities = new LinkedHashMap<>();
    private final Map<String, List<String>> lists = new LinkedHashMap<>();
    private String state = "Scheduled";

    /** A fake with one List {@code maps} of capacity 64, on a free loopback port. */
    public FakeAgonesSdk() throws IOException {
        this(Map.of("maps", 64L));
    }

    /** A fake whose GameServer declares the lists {@code capacities} (name to capacity), on a free loopback port. */
    public FakeAgonesSdk(Map<String, Long> capacities) throws IOException {
        capacities.forEach((name, cap) -> {
            this.capacities.put(name, cap);
            this.lists.put(name, new ArrayList<>());
        });
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::handle);
        server.setExecutor(pool);
        server.start();
    }

    /** The port to give as {@code AGONES_SDK_HTTP_PORT}. */
    public int port() {
        return server.getAddress().getPort();
    }

    /** {@code http://127.0.0.1:port}. */
    public URI base() {
        return URI.create("http://127.0.0.1:" + port());
    }

    /** The calls so far, oldest first. */
    public synchronized List<Call> calls() {
        return List.copyOf(calls);
    }

    /** The calls to {@code path} so far, oldest first. */
    public synchronized List<Call> calls(String path) {
        return calls.stream().filter(c -> c.path().equals(path)).toList();
    }

    /** The first call to {@code path}, waiting up to {@code timeout} for it. */
    public Call awaitCall(String path, Duration timeout) throws InterruptedException {
        return awaitCalls(path, 1, timeout).get(0);
    }

    /**
     * The first {@code n} calls to {@code path}, waiting up to {@code timeout} for them.
     *
     * @throws AssertionError listing the calls received when they do not come in time
     */
    public synchronized List<Call> awaitCalls(String path, int n, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            List<Call> matching = calls(path);
            if (matching.size() >= n) {
                return matching.subList(0, n);
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new AssertionError("expected " + n + " call(s) to " + path + " within " + timeout + ", got "
                        + matching.size() + "; all calls: " + calls);
            }
            wait(Math.max(1, left / 1_000_000));
        }
    }

    /** Answers the next {@code times} calls to {@code path} with {@code status} and a grpc-gateway error body. */
    public synchronized void fail(String path, int times, int status) {
        failures.put(path, times);
        failureStatus.put(path, status);
    }

    /** Holds every later answer to {@code path} for {@code delay} (zero: no delay). */
    public synchronized void delay(String path, Duration delay) {
        delays.put(path, delay);
    }

    /** The GameServer's state: {@code Scheduled}, then {@code Ready} after {@code /ready}, {@code Shutdown}. */
    public synchronized String state() {
        return state;
    }

    /** The GameServer's labels set through the SDK, with their {@code agones.dev/sdk-} prefix. */
    public synchronized Map<String, String> labels() {
        return Map.copyOf(labels);
    }

    /** The values of list {@code name}, in insertion order. */
    public synchronized List<String> list(String name) {
        return List.copyOf(lists.getOrDefault(name, List.of()));
    }

    @Override
    public void close() {
        server.stop(0);
        pool.shutdownNow();
    }

    private record Answer(int status, String body) {
    }

    private void handle(HttpExchange ex) throws IOException {
        String method = ex.getRequestMethod();
        String path = ex.getRequestURI().getPath();
        String body = new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        Duration hold;
        synchronized (this) {
            hold = delays.getOrDefault(path, Duration.ZERO);
        }
        if (!hold.isZero()) {
            try {
                Thread.sleep(hold.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        Answer a;
        synchronized (this) {
            a = answer(method, path, body);
            calls.add(new Call(method, path, body, Instant.now(), a.status()));
            notifyAll();
        }
        byte[] out = a.body().getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().set("Content-Type", "application/json");
        ex.sendResponseHeaders(a.status(), out.length == 0 ? -1 : out.length);
        try (OutputStream os = ex.getResponseBody()) {
            os.write(out);
        }
    }

    /** The answer to one call; holds the monitor. */
    private Answer answer(String method, String path, String body) {
        Integer left = failures.get(path);
        if (left != null && left > 0) {
            failures.put(path, left - 1);
            return error(failureStatus.get(path), 13, "fake failure injected by the test");
        }
        JsonNode json = null;
        if (method.equals("POST") || method.equals("PUT")) {
            try {
                json = JSON.readTree(body);
            } catch (IOException e) {
                json = null;
            }
            if (json == null || !json.isObject()) {
                return error(400, 3, "request body is not a JSON object: " + body);
            }
        }
        switch (method + " " + path) {
            case "POST /ready":
                state = "Ready";
                return ok("{}");
            case "POST /health":
                return ok("{}");
            case "POST /shutdown":
                state = "Shutdown";
                return ok("{}");
            case "PUT /metadata/label":
                return label(json);
            case "GET /gameserver":
                return ok(gameServer().toString());
            default:
                break;
        }
        Matcher m = LIST.matcher(path);
        if (m.matches()) {
            return list(method, m.group(1), m.group(2), json);
        }
        return error(404, 5, "Not Found: " + method + " " + path);
    }

    private Answer label(JsonNode json) {
        String key = json.path("key").asText("");
        String value = json.path("value").asText("");
        String name = "sdk-" + key;
        if (key.isEmpty() || name.length() > 63 || !LABEL.matcher(name).matches() || value.length() > 63
                || !LABEL.matcher(value).matches()) {
            return error(400, 3, "fake: Kubernetes would refuse label " + AgonesSdk.LABEL_PREFIX + key + "="
                    + value);
        }
        labels.put(AgonesSdk.LABEL_PREFIX + key, value);
        return ok("{}");
    }

    private Answer list(String method, String name, String verb, JsonNode json) {
        List<String> values = lists.get(name);
        if (values == null) {
            return error(404, 5, "list not found: " + name);
        }
        if (verb == null) {
            return method.equals("GET") ? ok(listJson(name).toString()) : error(405, 12, "method not allowed");
        }
        if (!method.equals("POST")) {
            return error(405, 12, "method not allowed");
        }
        String value = json.path("value").asText("");
        if (verb.equals(":addValue")) {
            if (values.contains(value)) {
                return error(409, 6, "already exists. Value: " + value + " already in List: " + name);
            }
            if (values.size() >= capacities.get(name)) {
                return error(400, 11, "out of range. No available capacity. Current Capacity: "
                        + capacities.get(name));
            }
            values.add(value);
        } else if (!values.remove(value)) {
            return error(404, 5, "not found. Value: " + value + " not found in List: " + name);
        }
        return ok(listJson(name).toString());
    }

    private ObjectNode listJson(String name) {
        ObjectNode n = JSON.createObjectNode().put("name", name).put("capacity", String.valueOf(capacities.get(name)));
        ArrayNode values = n.putArray("values");
        lists.get(name).forEach(values::add);
        return n;
    }

    private ObjectNode gameServer() {
        ObjectNode gs = JSON.createObjectNode();
        ObjectNode meta = gs.putObject("object_meta").put("name", "fake-gameserver").put("namespace", "default");
        ObjectNode l = meta.putObject("labels");
        labels.forEach(l::put);
        ObjectNode status = gs.putObject("status").put("state", state).put("address", "127.0.0.1");
        ObjectNode ls = status.putObject("lists");
        lists.keySet().forEach(name -> ls.set(name, listJson(name)));
        return gs;
    }

    private static Answer ok(String body) {
        return new Answer(200, body);
    }

    private static Answer error(int status, int grpcCode, String message) {
        ObjectNode e = JSON.createObjectNode().put("code", grpcCode).put("message", message);
        e.putArray("details");
        return new Answer(status, e.toString());
    }
}
