package dev.navserver.server.cluster.agones;

/**
 * A call to the Agones SDK sidecar that did not succeed: the sidecar answered with a non-2xx status, or it could not
 * be reached in time. Immutable.
 */
public final class AgonesException extends Exception {
    /** {@link #status()} of a call that got no HTTP answer (connection refused, timeout, interrupted). */
    public static final int NO_RESPONSE = -1;

    private final String call;
    private final int status;
    private final String body;

    /**
     * @param call   method and path, e.g. {@code POST /ready}
     * @param status the HTTP status, or {@link #NO_RESPONSE}
     * @param body   the response body (at most 512 characters kept), or the transport error's description
     */
    AgonesException(String call, int status, String body, Throwable cause) {
        super(message(call, status, body), cause);
        this.call = call;
        this.status = status;
        this.body = clip(body);
    }

    private static String clip(String s) {
        if (s == null) {
            return "";
        }
        String t = s.strip();
        return t.length() <= 512 ? t : t.substring(0, 512) + "...";
    }

    private static String message(String call, int status, String body) {
        String what = status == NO_RESPONSE ? "no response" : "HTTP " + status;
        String b = clip(body);
        return "Agones SDK " + call + " failed: " + what + (b.isEmpty() ? "" : ": " + b);
    }

    /** Method and path of the failed call, e.g. {@code POST /v1beta1/lists/maps:addValue}. */
    public String call() {
        return call;
    }

    /** The HTTP status the sidecar answered, or {@link #NO_RESPONSE}. */
    public int status() {
        return status;
    }

    /** The response body (clipped to 512 characters), or the transport error's description. */
    public String body() {
        return body;
    }

    /** True when a later attempt may succeed: no response, or a 5xx status. A 4xx answer will not change. */
    public boolean retryable() {
        return status == NO_RESPONSE || status >= 500;
    }
}
