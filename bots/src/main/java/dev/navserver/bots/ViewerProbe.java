package dev.navserver.bots;

import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Live-viewer sockets attached to the server's admin port during a load run ({@code --viewers}), so that the cost
 * of a watching operator shows in the server's tick time. Each socket authenticates with the admin token, watches
 * the bots' map and reads every frame. Thread-safe counters; {@link #close()} ends every socket.
 */
final class ViewerProbe implements AutoCloseable {
    static final String SUBPROTOCOL = "navserver.view.v1";
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);

    private final List<WebSocket> sockets = new ArrayList<>();
    private final AtomicLong fulls = new AtomicLong();
    private final AtomicLong deltas = new AtomicLong();
    private final AtomicLong bytes = new AtomicLong();
    private final AtomicReference<String> problem = new AtomicReference<>();

    /**
     * Opens {@code count} viewer sockets on {@code ws://host:adminPort/view/ws} watching {@code map}.
     *
     * @throws IllegalStateException when a socket is refused (wrong token, viewer disabled, too many viewers)
     */
    static ViewerProbe open(InetAddress host, int adminPort, String token, String map, int count) {
        ViewerProbe probe = new ViewerProbe();
        HttpClient http = HttpClient.newBuilder().connectTimeout(CONNECT_TIMEOUT).build();
        String hostPart = host.getHostAddress().contains(":") ? "[" + host.getHostAddress() + "]"
                : host.getHostAddress();
        URI uri = URI.create("ws://" + hostPart + ":" + adminPort + "/view/ws");
        String bearer = "bearer." + Base64.getUrlEncoder().withoutPadding()
                .encodeToString(token.getBytes(StandardCharsets.UTF_8));
        for (int i = 0; i < count; i++) {
            CompletableFuture<WebSocket> f = http.newWebSocketBuilder().connectTimeout(CONNECT_TIMEOUT)
                    .subprotocols(SUBPROTOCOL, bearer).buildAsync(uri, probe.listener(map));
            try {
                probe.sockets.add(f.get(CONNECT_TIMEOUT.toSeconds() + 1, TimeUnit.SECONDS));
            } catch (ExecutionException | TimeoutException e) {
                probe.close();
                Throwable cause = e instanceof ExecutionException ? e.getCause() : e;
                throw new IllegalStateException("viewer socket " + (i + 1) + " on " + uri + " refused: " + cause, e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                probe.close();
                throw new IllegalStateException("interrupted while opening viewer sockets", e);
            }
        }
        return probe;
    }

    private WebSocket.Listener listener(String map) {
        String watch = "{\"type\":\"watch\",\"map\":\"" + map.replace("\\", "\\\\").replace("\"", "\\\"") + "\"}";
        return new WebSocket.Listener() {
            private final StringBuilder message = new StringBuilder();

            @Override
            public void onOpen(WebSocket ws) {
                ws.sendText(watch, true);
                ws.request(1);
            }

            @Override
            public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
                message.append(data);
                if (last) {
                    count(message);
                    message.setLength(0);
                }
                ws.request(1);
                return null;
            }

            @Override
            public void onError(WebSocket ws, Throwable error) {
                problem.compareAndSet(null, error.toString());
            }
        };
    }

    private void count(CharSequence message) {
        bytes.addAndGet(message.length());
        String head = message.subSequence(0, Math.min(24, message.length())).toString();
        if (head.startsWith("{\"type\":\"full\"")) {
            fulls.incrementAndGet();
        } else if (head.startsWith("{\"type\":\"delta\"")) {
            deltas.incrementAndGet();
        } else if (head.startsWith("{\"type\":\"error\"")) {
            problem.compareAndSet(null, message.toString());
        }
    }

    /** One line for the run's output: sockets, frames received and their size. */
    String summaryLine() {
        return String.format(java.util.Locale.ROOT, "viewers: sockets=%d fulls=%d deltas=%d mb=%.1f%s",
                sockets.size(), fulls.get(), deltas.get(), bytes.get() / 1e6,
                problem.get() == null ? "" : " problem=" + problem.get().replace(' ', '_'));
    }

    long frames() {
        return fulls.get() + deltas.get();
    }

    @Override
    public void close() {
        for (WebSocket ws : sockets) {
            ws.sendClose(WebSocket.NORMAL_CLOSURE, "done").orTimeout(2, TimeUnit.SECONDS).exceptionally(t -> {
                ws.abort();
                return null;
            });
        }
    }
}
