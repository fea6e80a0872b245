package dev.navserver.server.cluster;

import io.etcd.jetcd.Client;
import io.etcd.jetcd.lease.LeaseKeepAliveResponse;
import io.etcd.jetcd.options.PutOption;
import io.etcd.jetcd.support.CloseableClient;
import io.grpc.stub.StreamObserver;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * This node's membership: one etcd lease of {@code cluster.leaseSeconds}, kept alive by jetcd, and the node key
 * {@link ClusterKeys#node} on it. The lease counts as alive only while the last keep-alive acknowledgement is younger
 * than {@link #safeNanos} (90 % of the TTL): a process that was stopped (SIGSTOP, a long pause) or cut off from etcd
 * treats its lease as lost at once, before etcd expires it, so it never serves a map another node may already own.
 * Thread-safe.
 */
final class Membership {
    private static final Logger LOG = LoggerFactory.getLogger(Membership.class);

    private final Client client;
    private final String nodeId;
    private final long ttlSeconds;
    private final long safeNanos;
    private final LongSupplier nanos;
    private volatile long leaseId;
    private volatile long lastAckNanos;
    private volatile boolean lost;
    /** The current lease's keep-alive stream ended (e.g. its etcd member went away); {@link #maintain} renews it. */
    private volatile boolean streamEnded;
    private CloseableClient keepAlive;

    /**
     * @param nanos the clock of acknowledgements ({@link System#nanoTime})
     */
    Membership(Client client, String nodeId, int leaseSeconds, LongSupplier nanos) {
        this.client = client;
        this.nodeId = nodeId;
        this.ttlSeconds = leaseSeconds;
        this.safeNanos = TimeUnit.SECONDS.toNanos(leaseSeconds) * 9 / 10;
        this.nanos = nanos;
    }

    /**
     * Grants a new lease, puts the node key on it and starts keeping it alive.
     *
     * @throws IOException when etcd does not answer in time; nothing is kept
     */
    synchronized void join(NodeInfo info) throws IOException {
        stopKeepAlive();
        long id = Etcd.await(client.getLeaseClient().grant(ttlSeconds), Etcd.TIMEOUT_MILLIS, "granting a lease")
                .getID();
        long granted = nanos.getAsLong();
        publish(info, id);
        leaseId = id;
        lastAckNanos = granted;
        lost = false;
        keepAlive = keepAlive(id);
        LOG.info("node {} joined the cluster with lease {} ({} s)", nodeId, Long.toHexString(id), ttlSeconds);
    }

    private CloseableClient keepAlive(long id) {
        streamEnded = false;
        return client.getLeaseClient().keepAlive(id, new StreamObserver<>() {
            @Override
            public void onNext(LeaseKeepAliveResponse r) {
                if (leaseId != id) {
                    return;
                }
                if (r.getTTL() > 0) {
                    lastAckNanos = nanos.getAsLong();
                } else {
                    lost = true; // etcd says the lease is gone
                }
            }

            @Override
            public void onError(Throwable t) {
                if (leaseId == id) {
                    LOG.warn("lease {} of node {}: keep-alive stream failed ({}); renewing it", Long.toHexString(id),
                            nodeId, t.getMessage());
                    streamEnded = true;
                }
            }

            @Override
            public void onCompleted() {
                if (leaseId == id) {
                    streamEnded = true;
                }
            }
        });
    }

    /**
     * Opens a new keep-alive stream for the current lease when the last one ended while the lease is still alive
     * (jetcd then talks to another etcd member). Call periodically.
     */
    synchronized void maintain() {
        if (streamEnded && alive()) {
            stopKeepAlive();
            keepAlive = keepAlive(leaseId);
        }
    }

    /** Puts the node key with {@code info} on the current lease (e.g. {@code maxMaps} 0 when draining). */
    void republish(NodeInfo info) throws IOException {
        publish(info, leaseId);
    }

    private void publish(NodeInfo info, long id) throws IOException {
        Etcd.await(client.getKVClient().put(Etcd.bytes(ClusterKeys.node(nodeId)), Etcd.bytes(info.toJson()),
                PutOption.builder().withLeaseId(id).build()), Etcd.TIMEOUT_MILLIS, "putting the node key");
    }

    /** Whether the lease is held and was acknowledged recently enough to still be alive in etcd. */
    boolean alive() {
        return leaseId != 0 && !lost && nanos.getAsLong() - lastAckNanos < safeNanos;
    }

    /** Whether a lease was granted and not yet {@link #abandon abandoned} or revoked. */
    boolean joined() {
        return leaseId != 0;
    }

    long leaseId() {
        return leaseId;
    }

    /** Stops keeping the lease alive without revoking it (it lapsed, or a test simulates a crash). */
    synchronized void abandon() {
        stopKeepAlive();
        leaseId = 0;
    }

    /** Revokes the lease (its keys vanish at once), bounded by {@link Etcd#TIMEOUT_MILLIS}. */
    synchronized void revoke() {
        long id = leaseId;
        abandon();
        if (id == 0) {
            return;
        }
        try {
            Etcd.await(client.getLeaseClient().revoke(id), Etcd.TIMEOUT_MILLIS, "revoking the lease");
        } catch (IOException e) {
            LOG.warn("node {}: {}; its keys vanish when the lease expires", nodeId, e.getMessage());
        }
    }

    private void stopKeepAlive() {
        if (keepAlive != null) {
            keepAlive.close();
            keepAlive = null;
        }
    }
}
