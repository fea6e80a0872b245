package dev.navserver.server.cluster;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The maps a node serves, each with its claim (the create revision of its owner key), and how it stops serving one:
 * the claim is dropped and the map's log unfenced at once (no more appends, no more {@link Owner#LOCAL}), then its
 * sessions are sent to the next owner and the orchestrator is told. Thread-safe.
 */
final class ServedMaps {
    private static final Logger LOG = LoggerFactory.getLogger(ServedMaps.class);

    private final Map<String, Long> claims = new ConcurrentHashMap<>();
    private final String nodeId;
    private final EtcdEditLog log;
    private final ClusterMetrics metrics;
    private final NodeEvents events;
    private final Function<String, Owner> nextOwner;
    private volatile MapSessions sessions = (map, next) -> { };

    /**
     * @param nextOwner where a map's sessions go when it is given up (never this node)
     */
    ServedMaps(String nodeId, EtcdEditLog log, ClusterMetrics metrics, NodeEvents events,
               Function<String, Owner> nextOwner) {
        this.nodeId = nodeId;
        this.log = log;
        this.metrics = metrics;
        this.events = events;
        this.nextOwner = nextOwner;
    }

    void sessions(MapSessions sessions) {
        this.sessions = sessions;
    }

    boolean serves(String map) {
        return claims.containsKey(map);
    }

    Set<String> names() {
        return Set.copyOf(claims.keySet());
    }

    int size() {
        return claims.size();
    }

    /** Starts serving {@code map} under {@code claim}. */
    void add(String map, long claim) {
        metrics.claimed.increment();
        claims.put(map, claim);
        events.mapClaimed(map);
    }

    /** Stops serving {@code map} at once, without telling anyone yet; its claim, or null when not served. */
    Long stop(String map) {
        Long claim = claims.remove(map);
        if (claim != null) {
            log.unfence(map);
        }
        return claim;
    }

    /** Sends the sessions of a map no longer served to its next owner and tells the orchestrator. */
    void sendAway(String map) {
        sessions.sendAway(map, nextOwner.apply(map));
        metrics.released.increment();
        events.mapReleased(map);
    }

    /**
     * Stops serving every map at once, runs {@code beforeSendingAway} (bring the owner view up to date), then sends
     * each one's sessions away (a lost lease).
     */
    void loseAll(Runnable beforeSendingAway) {
        List<String> lost = new ArrayList<>(claims.keySet());
        LOG.warn("node {}: etcd lease lost; stops serving {} at once", nodeId, lost);
        lost.forEach(this::stop);
        beforeSendingAway.run();
        lost.forEach(this::sendAway);
    }

    /** Stops serving, silently, every map (a simulated crash). */
    void forgetAll() {
        new ArrayList<>(claims.keySet()).forEach(this::stop);
    }

    /** Stops serving maps whose owner key is gone or was created anew (deleted by hand, or its lease revoked). */
    void dropVanished(OwnerView.State state) {
        for (Map.Entry<String, Long> e : claims.entrySet()) {
            OwnerView.Claim c = state.owners().get(e.getKey());
            if ((c == null || c.createRevision() != e.getValue()) && claims.remove(e.getKey(), e.getValue())) {
                LOG.warn("node {}: the owner key of map {} is no longer this node's; stops serving it", nodeId,
                        e.getKey());
                log.unfence(e.getKey());
                sendAway(e.getKey());
            }
        }
    }
}
