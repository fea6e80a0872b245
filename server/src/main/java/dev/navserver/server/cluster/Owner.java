package dev.navserver.server.cluster;

import java.util.Objects;

/** Who serves a map: this process, another node at a game address, or nobody yet. Immutable. */
public sealed interface Owner {
    /** This process serves the map. */
    record Local() implements Owner {
    }

    /**
     * Another node serves the map.
     *
     * @param nodeId the node's {@code cluster.nodeId}
     * @param host   the node's {@code cluster.advertiseHost}
     * @param port   the node's game port (1..65535)
     */
    record Remote(String nodeId, String host, int port) implements Owner {
        public Remote {
            Objects.requireNonNull(nodeId, "nodeId");
            Objects.requireNonNull(host, "host");
            if (port < 1 || port > 65535) {
                throw new IllegalArgumentException("port " + port + " is not 1..65535");
            }
        }
    }

    /** Nobody serves the map at the moment (clients retry later). */
    record Unowned() implements Owner {
    }

    Owner LOCAL = new Local();
    Owner UNOWNED = new Unowned();
}
