package dev.navserver.server.cluster;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.function.IntSupplier;

/**
 * The {@code navserver_cluster_*} meters of a node, registered once. Updated lock-free from any thread.
 */
public final class ClusterMetrics {
    /** Outcome label of {@code navserver_cluster_claims_total}: the map was claimed and is served. */
    public static final String CLAIMED = "claimed";
    /** Another node created the owner key first. */
    public static final String LOST_RACE = "lost_race";
    /** The claim or the map's load failed; the key was given back. */
    public static final String FAILED = "failed";

    final Counter claimed;
    final Counter lostRace;
    final Counter failed;
    final Counter leaseLost;
    final Counter released;
    final Timer logAppend;

    /**
     * @param mapsOwned maps this node serves now
     */
    public ClusterMetrics(MeterRegistry registry, IntSupplier mapsOwned) {
        Gauge.builder("navserver_cluster_maps_owned", mapsOwned::getAsInt)
                .description("Maps this cluster node owns and serves now.").register(registry);
        claimed = claims(registry, CLAIMED);
        lostRace = claims(registry, LOST_RACE);
        failed = claims(registry, FAILED);
        leaseLost = Counter.builder("navserver_cluster_lease_lost_total")
                .description("Times this node's etcd lease lapsed (or went unacknowledged too long) while held.")
                .register(registry);
        released = Counter.builder("navserver_cluster_releases_total")
                .description("Maps this node gave up (lost lease, drain, failed append).").register(registry);
        logAppend = Timer.builder("navserver_cluster_log_append_seconds")
                .description("Time of one fenced etcd transaction appending edit records.")
                .serviceLevelObjectives(Duration.ofMillis(1), Duration.ofMillis(2), Duration.ofMillis(5),
                        Duration.ofMillis(10), Duration.ofMillis(20), Duration.ofMillis(50), Duration.ofMillis(100),
                        Duration.ofMillis(500), Duration.ofSeconds(2))
                .publishPercentiles(0.5, 0.9, 0.99).percentilePrecision(2).register(registry);
    }

    private static Counter claims(MeterRegistry registry, String outcome) {
        return Counter.builder("navserver_cluster_claims_total").tag("outcome", outcome)
                .description("Attempts to claim an unowned map, by outcome.").register(registry);
    }

    /** Meters nobody reads (tests and tools without a registry). */
    public static ClusterMetrics unregistered() {
        return new ClusterMetrics(new io.micrometer.core.instrument.simple.SimpleMeterRegistry(), () -> 0);
    }
}
