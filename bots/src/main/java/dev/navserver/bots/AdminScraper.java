package dev.navserver.bots;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Reads {@code GET /metrics} from the server's admin HTTP port on the bots' (loopback) host, directly, without a
 * proxy. Each scrape is asynchronous so the run's clock is not held up. Thread-safe.
 */
final class AdminScraper {
    /** Longest wait for one scrape, connect included. */
    static final Duration TIMEOUT = Duration.ofSeconds(5);

    private final HttpClient client = HttpClient.newBuilder().connectTimeout(TIMEOUT)
            .proxy(HttpClient.Builder.NO_PROXY).build();
    private final URI uri;

    /**
     * @param host loopback address of the server
     * @param port its admin port, 1..65535
     */
    AdminScraper(InetAddress host, int port) {
        String h = host instanceof Inet6Address ? "[" + host.getHostAddress() + "]" : host.getHostAddress();
        this.uri = URI.create("http://" + h + ":" + port + "/metrics");
    }

    URI uri() {
        return uri;
    }

    /** The outcome of one scrape: the body, or why there is none. */
    record Result(String body, String problem) {
    }

    /** Starts a scrape; the future never fails, a problem is in its {@link Result}. */
    CompletableFuture<Result> scrape() {
        HttpRequest request = HttpRequest.newBuilder(uri).timeout(TIMEOUT).GET().build();
        return client.sendAsync(request, HttpResponse.BodyHandlers.ofString())
                .handle((r, e) -> {
                    if (e != null) {
                        Throwable c = e.getCause() != null ? e.getCause() : e;
                        return new Result(null, "GET " + uri + ": " + c);
                    }
                    if (r.statusCode() != 200) {
                        return new Result(null, "GET " + uri + ": HTTP " + r.statusCode());
                    }
                    return new Result(r.body(), null);
                });
    }

    /** Waits for {@code scrape}, at most {@link #TIMEOUT} plus a second; a problem result on timeout. */
    static Result await(CompletableFuture<Result> scrape) throws InterruptedException {
        try {
            return scrape.get(TIMEOUT.toMillis() + 1000, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            return new Result(null, String.valueOf(e.getCause()));
        } catch (TimeoutException e) {
            return new Result(null, "no answer within " + (TIMEOUT.toSeconds() + 1) + " s");
        }
    }
}
