package dev.navserver.server.admin;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.navserver.server.config.ConfigReloader;
import dev.navserver.server.config.NavServerConfig;
import dev.navserver.server.config.PendingConfig;
import dev.navserver.server.metrics.ServerMetrics;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AdminServerTest {
    private static final String TOKEN = "test-token-0123456789abcdef";
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;
    Path configFile;
    final ServerMetrics metrics = new ServerMetrics();
    final PendingConfig pending = new PendingConfig();
    ConfigReloader reloader;
    AdminServer server;
    final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    volatile Map<String, Object> healthExtra = Map.of("sessions", 3);

    @BeforeEach
    void setUp() throws Exception {
        configFile = tmp.resolve("navserver.yaml");
        writeConfig(0.5, TOKEN);
        reloader = new ConfigReloader(configFile, pending, metrics.configReloads, Clock.systemUTC());
        AdminEndpoints endpoints = new AdminEndpoints(
                () -> reloader.current().admin().token(),
                () -> healthExtra,
                metrics::scrape,
                () -> {
                    Map<String, Object> m = new LinkedHashMap<>();
                    m.put("uptimeSeconds", metrics.uptimeSeconds());
                    m.putAll(reloader.describe());
                    return m;
                },
                reloader::reload);
        server = new AdminServer("127.0.0.1", 0, endpoints);
        server.start();
    }

    @AfterEach
    void tearDown() {
        server.close();
        reloader.close();
        metrics.close();
    }

    private void writeConfig(double navIntervalSeconds, String token) throws IOException {
        Files.writeString(configFile, "configVersion: 1\nadmin:\n  port: 0\n  token: \"" + token + "\"\n"
                + "chase:\n  navIntervalSeconds: " + navIntervalSeconds + "\n");
    }

    private HttpResponse<String> send(String method, String path, String token) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
                .timeout(Duration.ofSeconds(10))
                .method(method, HttpRequest.BodyPublishers.noBody());
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void start_BindsAnEphemeralPort() {
        assertThat(server.port()).isPositive();
        assertThat(server.localAddress().getAddress().isLoopbackAddress()).isTrue();
    }

    @Test
    void health_IsOkWithTheSuppliedFields() throws Exception {
        HttpResponse<String> r = send("GET", "/health", null);
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type")).hasValueSatisfying(v -> assertThat(v).startsWith("application/json"));
        assertThat(JSON.readTree(r.body())).isEqualTo(JSON.readTree("{\"status\":\"ok\",\"sessions\":3}"));
    }

    @Test
    void health_WithANonOkStatus_Is503() throws Exception {
        healthExtra = Map.of("status", "draining");
        assertThat(send("GET", "/health", null).statusCode()).isEqualTo(503);
    }

    @Test
    void metrics_ServesPrometheusText() throws Exception {
        metrics.messagesIn.inc("ping");
        HttpResponse<String> r = send("GET", "/metrics?x=1", null);
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type")).contains("text/plain; version=0.0.4; charset=utf-8");
        assertThat(r.body()).contains("# TYPE navserver_messages_in_total counter",
                "navserver_messages_in_total{type=\"ping\"} 1", "navserver_plan_latency_seconds_bucket",
                "navserver_tick_duration_seconds_count 0", "navserver_connections 0");
    }

    @Test
    void adminEndpoints_WithoutOrWithWrongToken_Are401() throws Exception {
        for (String path : new String[] {"/admin/status", "/admin/reload"}) {
            String method = path.endsWith("reload") ? "POST" : "GET";
            HttpResponse<String> none = send(method, path, null);
            assertThat(none.statusCode()).as(path).isEqualTo(401);
            assertThat(none.headers().firstValue("WWW-Authenticate")).hasValueSatisfying(v -> assertThat(v).startsWith("Bearer"));
            assertThat(send(method, path, TOKEN + "x").statusCode()).as(path).isEqualTo(401);
            assertThat(send(method, path, "").statusCode()).as(path).isEqualTo(401);
        }
        assertThat(reloader.lastResult()).isEmpty();
    }

    @Test
    void status_WithToken_ShowsConfigAndLastReload() throws Exception {
        HttpResponse<String> r = send("GET", "/admin/status", TOKEN);
        assertThat(r.statusCode()).isEqualTo(200);
        JsonNode body = JSON.readTree(r.body());
        assertThat(body.get("configVersion").asInt()).isEqualTo(1);
        assertThat(body.get("configSha256").asText()).hasSize(64);
        assertThat(body.get("lastReload").isNull()).isTrue();
        assertThat(body.get("config").get("admin.token").asText()).isEqualTo("(set)");
        assertThat(r.body()).doesNotContain(TOKEN);
    }

    @Test
    void reload_WithToken_AppliesAValidFile() throws Exception {
        writeConfig(0.25, TOKEN);

        HttpResponse<String> r = send("POST", "/admin/reload", TOKEN);

        assertThat(r.statusCode()).isEqualTo(200);
        JsonNode body = JSON.readTree(r.body());
        assertThat(body.get("outcome").asText()).isEqualTo("applied");
        assertThat(body.get("ok").asBoolean()).isTrue();
        assertThat(body.get("changedKeys").get(0).asText()).isEqualTo("chase.navIntervalSeconds");
        NavServerConfig published = pending.poll();
        assertThat(published.chase().navIntervalSeconds()).isEqualTo(0.25);

        JsonNode status = JSON.readTree(send("GET", "/admin/status", TOKEN).body());
        assertThat(status.get("lastReload").get("outcome").asText()).isEqualTo("applied");
        assertThat(send("GET", "/metrics", null).body()).contains("navserver_config_reloads_total{outcome=\"applied\"} 1");
    }

    @Test
    void reload_WithToken_RejectsAnInvalidFileWith422() throws Exception {
        Files.writeString(configFile, "configVersion: 1\nadmin: {port: 0, token: " + TOKEN + "}\nchase: {navIntervalSeconds: .nan}\n");

        HttpResponse<String> r = send("POST", "/admin/reload", TOKEN);

        assertThat(r.statusCode()).isEqualTo(422);
        JsonNode body = JSON.readTree(r.body());
        assertThat(body.get("outcome").asText()).isEqualTo("rejected");
        assertThat(body.get("message").asText()).contains("chase.navIntervalSeconds");
        assertThat(pending.poll()).isNull();
        assertThat(reloader.current().chase().navIntervalSeconds()).isEqualTo(0.5);
    }

    @Test
    void reload_CanChangeTheTokenItself() throws Exception {
        String newToken = "another-token-9876543210";
        writeConfig(0.5, newToken);

        assertThat(send("POST", "/admin/reload", TOKEN).statusCode()).isEqualTo(200);

        assertThat(send("GET", "/admin/status", TOKEN).statusCode()).isEqualTo(401);
        assertThat(send("GET", "/admin/status", newToken).statusCode()).isEqualTo(200);
    }

    @Test
    void adminEndpoints_WithNoConfiguredToken_AreRefusedWithAClearMessage() throws Exception {
        Files.writeString(configFile, "configVersion: 1\nadmin: {port: 0, token: \"\"}\n");
        reloader.reload();

        HttpResponse<String> r = send("POST", "/admin/reload", "");
        assertThat(r.statusCode()).isEqualTo(403);
        assertThat(r.body()).contains("set admin.token");
        assertThat(send("GET", "/admin/status", TOKEN).statusCode()).isEqualTo(403);
        assertThat(send("GET", "/health", null).statusCode()).isEqualTo(200);
    }

    @Test
    void wrongMethod_Is405_AndUnknownPath_Is404() throws Exception {
        HttpResponse<String> post = send("POST", "/health", null);
        assertThat(post.statusCode()).isEqualTo(405);
        assertThat(post.headers().firstValue("Allow")).contains("GET");
        assertThat(send("DELETE", "/metrics", null).statusCode()).isEqualTo(405);
        assertThat(send("GET", "/admin/reload", TOKEN).statusCode()).isEqualTo(405);
        assertThat(send("POST", "/admin/status", TOKEN).statusCode()).isEqualTo(405);
        assertThat(send("GET", "/nope", null).statusCode()).isEqualTo(404);
        assertThat(send("GET", "/admin/nope", TOKEN).statusCode()).isEqualTo(404);
    }

    @Test
    void oversizedBody_Is413() throws Exception {
        HttpRequest req = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/admin/reload"))
                .header("Authorization", "Bearer " + TOKEN)
                .POST(HttpRequest.BodyPublishers.ofString("x".repeat(AdminInitializer.MAX_CONTENT_BYTES + 1)))
                .build();
        assertThat(http.send(req, HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(413);
        assertThat(reloader.lastResult()).isEmpty();
    }

    @Test
    void garbageRequest_GetsA400AndTheServerKeepsServing() throws Exception {
        try (Socket s = new Socket("127.0.0.1", server.port())) {
            s.setSoTimeout(5000);
            OutputStream out = s.getOutputStream();
            out.write("\u0001\u0002 nonsense\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            InputStream in = s.getInputStream();
            byte[] head = in.readNBytes(12);
            assertThat(new String(head, StandardCharsets.ISO_8859_1)).isEqualTo("HTTP/1.1 400");
        }
        assertThat(send("GET", "/health", null).statusCode()).isEqualTo(200);
    }

    @Test
    void keepAlive_ServesSeveralRequestsOnOneConnection() throws Exception {
        for (int i = 0; i < 5; i++) {
            assertThat(send("GET", "/health", null).statusCode()).isEqualTo(200);
        }
    }


    @Test
    void close_IsIdempotent_AndFreesThePort() throws Exception {
        int port = server.port();
        server.close();
        server.close();
        try (java.net.ServerSocket ss = new java.net.ServerSocket()) {
            ss.setReuseAddress(true);
            ss.bind(new java.net.InetSocketAddress("127.0.0.1", port));
            assertThat(ss.getLocalPort()).isEqualTo(port);
        }
    }
}
