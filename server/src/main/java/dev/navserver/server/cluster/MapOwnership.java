package dev.navserver.server.cluster;

/**
 * Answers which process serves a map. A single process serves every map it has; a cluster node answers from its
 * view of etcd. Thread-safe: called from Netty I/O threads (on {@code hello}) and the tick thread.
 */
public interface MapOwnership {
    /** The owner of {@code map} as this process knows it now; never null. */
    Owner ownerOf(String map);

    /** A single process: this process serves every map. */
    MapOwnership SINGLE_PROCESS = map -> Owner.LOCAL;
}
