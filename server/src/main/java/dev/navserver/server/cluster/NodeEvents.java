package dev.navserver.server.cluster;

/**
 * Lifecycle events of a cluster node, for an orchestrator's agent (Agones). Called from the node's own threads,
 * never from the tick thread; implementations must not block for long (hand slow work to their own thread).
 */
public interface NodeEvents {
    /** The game port accepts connections. */
    void listening();

    /** This node took ownership of {@code map} and serves it. */
    void mapClaimed(String map);

    /** This node gave up {@code map} (drain, lost lease, rebalance). */
    void mapReleased(String map);

    /** Every map was released after a drain; the process exits next. */
    void drained();

    /** Events nobody listens to. */
    NodeEvents NONE = new NodeEvents() {
        @Override
        public void listening() {
        }

        @Override
        public void mapClaimed(String map) {
        }

        @Override
        public void mapReleased(String map) {
        }

        @Override
        public void drained() {
        }
    };
}
