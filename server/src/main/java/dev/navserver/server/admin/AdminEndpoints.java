package dev.navserver.server.admin;

import dev.navserver.server.config.ReloadResult;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * What the admin HTTP endpoints serve. Every supplier is called on the admin event loop, once per request, and must
 * be thread-safe: read snapshots or volatile state, never the tick thread's live world. A supplier that throws gives
 * a 500 response.
 *
 * @param adminToken bearer token required by {@code /admin/*}, read per request so a reload can change it; empty
 *                   disables {@code /admin/*}
 * @param health     extra fields for {@code GET /health}, merged after {@code "status":"ok"}; setting
 *                   {@code status} to anything but {@code ok} makes the response 503
 * @param metrics    body of {@code GET /metrics} in the Prometheus text format 0.0.4
 * @param status     body of {@code GET /admin/status}
 * @param reload     runs a config reload for {@code POST /admin/reload}; may block on file I/O
 * @param maps       serves {@code GET /admin/maps/{name}} and {@code POST /admin/maps/{name}/edit}, or null for no
 *                   map endpoints (404)
 */
public record AdminEndpoints(Supplier<String> adminToken, Supplier<? extends Map<String, ?>> health,
                             Supplier<String> metrics, Supplier<? extends Map<String, ?>> status,
                             Supplier<ReloadResult> reload, MapAdmin maps) {
    /** Endpoints without the map endpoints. */
    public AdminEndpoints(Supplier<String> adminToken, Supplier<? extends Map<String, ?>> health,
            Supplier<String> metrics, Supplier<? extends Map<String, ?>> status, Supplier<ReloadResult> reload) {
        this(adminToken, health, metrics, status, reload, null);
    }

    public AdminEndpoints {
        Objects.requireNonNull(adminToken, "adminToken");
        Objects.requireNonNull(health, "health");
        Objects.requireNonNull(metrics, "metrics");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(reload, "reload");
    }
}
