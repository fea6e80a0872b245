package dev.navserver.server.cluster;

/**
 * Answers which process serves a map. A single process serves every map it has; a cluster node answers from its
 * view of etcd. Thread-safe: called from Netty I/O threads (on {@code hello}) and the tick thread.
 */
public interface MapOwnership {
    /** The owner of {@code map} as this process knows it now; never null. */
    Owner ownerOf(String map);

    /**
     * Whether {@code map} exists for this process's cluster although it may not be loaded here (a cluster node loads
     * only the maps it serves). A single process knows only the maps it has loaded: false.
     */
    default boolean knows(String map) {
        return false;
    }

    /** A single process: this process serves every map. */
    MapOwnership SINGLE_PROCESS = map -> Owner.LOCAL;
}
