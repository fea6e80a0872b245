package dev.navserver.server.cluster.agones;

import dev.navserver.server.cluster.NodeEvents;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A cluster node's life told to Agones through the SDK sidecar ({@code cluster.agones: true}):
 * <ul>
 *   <li>{@link #listening()}: {@code Ready} (retried with backoff for up to {@value #READY_BUDGET_SECONDS} s: the
 *       sidecar may start after the game server), then the label {@value AgonesSdk#LABEL_PREFIX}{@value #NODE_LABEL}
 *       = nodeId, then a {@code Health} ping every health period (2 s in production) until {@link #drained()}.</li>
 *   <li>{@link #mapClaimed}/{@link #mapReleased}: the map's name added to / removed from the List
 *       {@value #MAPS_LIST} (a value already present on add, or absent on remove, counts as done).</li>
 *   <li>{@link #drained()}: health pings stop, then {@code Shutdown}.</li>
 * </ul>
 * Every SDK call runs on one daemon thread of this object, in the order the events came: a map's add is never
 * sent before {@code Ready}, {@code Shutdown} never before the last remove. A failed call is retried at most
 * {@value #CALL_ATTEMPTS} times with backoff (100 ms doubling) when the answer says a retry may help (no response,
 * 5xx); then it is logged and dropped. A failed health ping does not stop the next one.
 *
 * <p>Thread-safe. The event methods return at once, except {@link #listening()}, which waits up to
 * {@value #LISTENING_WAIT_MILLIS} ms for the first {@code Ready} attempt, and {@link #drained()}, which waits up to
 * {@value #DRAINED_WAIT_MILLIS} ms for {@code Shutdown} to be sent (the process exits next).
 */
public final class AgonesNode implements NodeEvents, AutoCloseable {
    /** The GameServer List holding the names of the maps this node serves (declared in the Fleet). */
    public static final String MAPS_LIST = "maps";
    /**
     * The label key given to the SDK; the GameServer label is {@code agones.dev/sdk-navserver-node}. (The SDK prefixes
     * every key, so a key with its own prefix such as {@code navserver.dev/node} would make an invalid label.)
     */
    public static final String NODE_LABEL = "navserver-node";
    /** Production health ping period. */
    public static final Duration HEALTH_PERIOD = Duration.ofSeconds(2);
    /** Production timeout of one SDK request. */
    public static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(1);
    static final int READY_BUDGET_SECONDS = 30;
    static final int CALL_ATTEMPTS = 3;
    static final long LISTENING_WAIT_MILLIS = 2_000;
    static final long DRAINED_WAIT_MILLIS = 10_000;
    private static final long FIRST_BACKOFF_MILLIS = 100;
    private static final long MAX_BACKOFF_MILLIS = 2_000;
    private static final Logger LOG = LoggerFactory.getLogger(AgonesNode.class);

    private final AgonesSdk sdk;
    private final String nodeId;
    private final Duration healthPeriod;
    private final ScheduledThreadPoolExecutor thread;
    private final AtomicBoolean listening = new AtomicBoolean();
    private final AtomicBoolean drained = new AtomicBoolean();
    private final AtomicLong healthPings = new AtomicLong();
    private final AtomicLong healthFailures = new AtomicLong();
    private volatile ScheduledFuture<?> health;
    private volatile AgonesException lastError;
    private volatile boolean closed;
    /** Failed health pings since the last good one; touched only on the SDK thread. */
    private long failingRun;

    /**
     * @param sdk          the sidecar client
     * @param nodeId       this node's {@code cluster.nodeId}, set as a label value
     * @param healthPeriod time between the end of one health ping and the start of the next, positive
     * @throws IllegalArgumentException naming {@code cluster.nodeId} when it cannot be a Kubernetes label value
     */
    public AgonesNode(AgonesSdk sdk, String nodeId, Duration healthPeriod) {
        this.sdk = Objects.requireNonNull(sdk, "sdk");
        try {
            AgonesSdk.checkLabel(NODE_LABEL, nodeId);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("cluster.nodeId '" + nodeId + "' cannot be used with cluster.agones: "
                    + e.getMessage(), e);
        }
        if (healthPeriod.isNegative() || healthPeriod.isZero()) {
            throw new IllegalArgumentException("healthPeriod must be positive: " + healthPeriod);
        }
        this.nodeId = nodeId;
        this.healthPeriod = healthPeriod;
        this.thread = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "agones-sdk");
            t.setDaemon(true);
            return t;
        });
        thread.setRemoveOnCancelPolicy(true);
        thread.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
    }

    /**
     * The node of a production run: the sidecar at {@code http://localhost:${AGONES_SDK_HTTP_PORT}} (default
     * {@value AgonesSdk#DEFAULT_HTTP_PORT}), health every 2 s, requests timing out after 1 s.
     *
     * @param env the process environment ({@code System.getenv()})
     * @throws IllegalArgumentException naming {@code AGONES_SDK_HTTP_PORT} or {@code cluster.nodeId} when invalid
     */
    public static AgonesNode fromEnvironment(String nodeId, Map<String, String> env) {
        return new AgonesNode(new AgonesSdk(AgonesSdk.baseUri(env), REQUEST_TIMEOUT), nodeId, HEALTH_PERIOD);
    }

    @Override
    public void listening() {
        if (!listening.compareAndSet(false, true)) {
            return;
        }
        Future<?> first = submit(() -> {
            AgonesException e = withRetries(sdk::ready, Integer.MAX_VALUE, Duration.ofSeconds(READY_BUDGET_SECONDS));
            if (e == null) {
                LOG.info("Agones: Ready sent to {}", sdk.base());
            } else if (!closed) {
                LOG.error("Agones: Ready not accepted, the GameServer will not become Ready: {}", e.getMessage());
            }
            AgonesException l = withRetries(() -> sdk.setLabel(NODE_LABEL, nodeId), CALL_ATTEMPTS, healthPeriod);
            if (l != null && !closed) {
                LOG.warn("Agones: label {}{} not set: {}", AgonesSdk.LABEL_PREFIX, NODE_LABEL, l.getMessage());
            }
            if (!drained.get()) {
                health = thread.scheduleWithFixedDelay(this::healthPing, 0, healthPeriod.toMillis(),
                        TimeUnit.MILLISECONDS);
            }
        });
        await(first, LISTENING_WAIT_MILLIS, "the first Ready");
    }

    @Override
    public void mapClaimed(String map) {
        Objects.requireNonNull(map, "map");
        submit(() -> {
            AgonesException e = withRetries(() -> {
                try {
                    sdk.addListValue(MAPS_LIST, map);
                } catch (AgonesException x) {
                    if (x.status() != 409) {
                        throw x;
                    }
                    LOG.debug("Agones: {} already in list {}", map, MAPS_LIST);
                }
            }, CALL_ATTEMPTS, healthPeriod);
            if (e != null && !closed) {
                LOG.warn("Agones: map {} not added to list {}: {}", map, MAPS_LIST, e.getMessage());
            }
        });
    }

    @Override
    public void mapReleased(String map) {
        Objects.requireNonNull(map, "map");
        submit(() -> {
            AgonesException e = withRetries(() -> sdk.removeListValue(MAPS_LIST, map), CALL_ATTEMPTS, healthPeriod);
            if (e == null || closed) {
                return;
            }
            if (e.status() == 404) {
                LOG.warn("Agones: map {} was not in list {} (or the GameServer has no such list): {}", map,
                        MAPS_LIST, e.getMessage());
            } else {
                LOG.warn("Agones: map {} not removed from list {}: {}", map, MAPS_LIST, e.getMessage());
            }
        });
    }

    @Override
    public void drained() {
        if (!drained.compareAndSet(false, true)) {
            return;
        }
        Future<?> done = submit(() -> {
            ScheduledFuture<?> h = health;
            if (h != null) {
                h.cancel(false);
            }
            AgonesException e = withRetries(sdk::shutdown, CALL_ATTEMPTS, healthPeriod);
            if (e == null) {
                LOG.info("Agones: Shutdown sent");
            } else if (!closed) {
                LOG.error("Agones: Shutdown not accepted: {}", e.getMessage());
            }
        });
        await(done, DRAINED_WAIT_MILLIS, "Shutdown");
    }

    /** Successful health pings so far. */
    public long healthPings() {
        return healthPings.get();
    }

    /** Health pings that failed after their retries so far. */
    public long healthFailures() {
        return healthFailures.get();
    }

    /** The last error an SDK call ended with (each attempt counts), if any. */
    public Optional<AgonesException> lastError() {
        return Optional.ofNullable(lastError);
    }

    /** Stops health pings and the SDK thread without telling Agones anything (no {@code Shutdown}). Idempotent. */
    @Override
    public void close() {
        closed = true;
        ScheduledFuture<?> h = health;
        if (h != null) {
            h.cancel(false);
        }
        thread.shutdownNow();
    }

    private void healthPing() {
        AgonesException e = withRetries(sdk::health, CALL_ATTEMPTS, healthPeriod.dividedBy(2));
        if (e == null) {
            healthPings.incrementAndGet();
            if (failingRun > 0) {
                LOG.info("Agones: health pings accepted again after {} failed", failingRun);
                failingRun = 0;
            }
            return;
        }
        if (closed) {
            return;
        }
        healthFailures.incrementAndGet();
        if (failingRun++ == 0) {
            LOG.warn("Agones: health ping failed (next pings go on every {} ms; failures logged at DEBUG until one "
                    + "succeeds): {}", healthPeriod.toMillis(), e.getMessage());
        } else {
            LOG.debug("Agones: health ping failed ({} in a row): {}", failingRun, e.getMessage());
        }
    }

    /** A call that may fail with an {@link AgonesException}. */
    @FunctionalInterface
    private interface SdkCall {
        void run() throws AgonesException;
    }

    /**
     * Runs {@code call} until it succeeds, fails for good ({@link AgonesException#retryable()} false), has run
     * {@code attempts} times, or the next backoff would pass {@code budget}.
     *
     * @return null on success, else the last error
     */
    private AgonesException withRetries(SdkCall call, int attempts, Duration budget) {
        long deadline = System.nanoTime() + budget.toNanos();
        long backoff = FIRST_BACKOFF_MILLIS;
        for (int i = 1; ; i++) {
            try {
                call.run();
                return null;
            } catch (AgonesException e) {
                if (closed) {
                    return e;
                }
                lastError = e;
                boolean out = i >= attempts || !e.retryable()
                        || System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(backoff) > deadline;
                if (out) {
                    return e;
                }
                LOG.debug("Agones: attempt {} failed, retrying in {} ms: {}", i, backoff, e.getMessage());
                try {
                    Thread.sleep(backoff);
                } catch (InterruptedException x) {
                    Thread.currentThread().interrupt();
                    return e;
                }
                backoff = Math.min(backoff * 2, MAX_BACKOFF_MILLIS);
            }
        }
    }

    private Future<?> submit(Runnable task) {
        try {
            return thread.submit(() -> {
                try {
                    task.run();
                } catch (RuntimeException e) {
                    LOG.error("Agones: SDK task failed", e);
                }
            });
        } catch (RejectedExecutionException e) {
            LOG.debug("Agones: event after close ignored");
            return CompletableFuture.completedFuture(null);
        }
    }

    private static void await(Future<?> f, long millis, String what) {
        try {
            f.get(millis, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            LOG.warn("Agones: {} still pending after {} ms, going on", what, millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException e) {
            LOG.error("Agones: {} failed", what, e.getCause());
        }
    }
}
