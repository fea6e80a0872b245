package dev.navserver.server.config;

import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;

/**
 * Cluster membership through etcd ({@code cluster.*}); every key is [restart]. An empty {@link #etcd} list means a
 * single process serving every map (no etcd).
 *
 * @param etcd          etcd client URLs ({@code http://host:port}); empty = single process
 * @param nodeId        this node's unique name, 1..64 characters of {@code [A-Za-z0-9._-]}; a node needs one
 *                      ({@link #checkNode})
 * @param advertiseHost the host clients are redirected to for this node's maps; empty = {@code server.host}, which
 *                      must then not be a wildcard address on a node ({@link #checkNode})
 * @param leaseSeconds  TTL of the node's etcd lease, s; 1..60. A node whose lease lapsed stops serving its maps
 * @param maxMaps       most maps this node serves at once; 1..100000
 * @param snapshotDir   directory shared by every node where compacted map logs are written; {@link ConfigLoader}
 *                      resolves a relative one like {@code maps.dir}
 * @param drainSeconds  longest time a SIGTERM drain takes before the process exits, s; 1..3600
 * @param agones        whether this node talks to the Agones SDK sidecar
 */
public record Cluster(List<String> etcd, @JsonSetter(nulls = Nulls.AS_EMPTY) String nodeId,
                      @JsonSetter(nulls = Nulls.AS_EMPTY) String advertiseHost, int leaseSeconds, int maxMaps,
                      Path snapshotDir, int drainSeconds, boolean agones) {
    public static final Cluster DEFAULT = new Cluster(List.of(), "", "", 3, 64, Path.of("data/snapshots"), 30,
            false);

    public Cluster {
        Checks.notNull("cluster.etcd", etcd);
        etcd = List.copyOf(etcd);
        for (int i = 0; i < etcd.size(); i++) {
            checkUrl("cluster.etcd[" + i + "]", etcd.get(i));
        }
        Checks.notNull("cluster.nodeId", nodeId);
        Checks.notNull("cluster.advertiseHost", advertiseHost);
        if (!nodeId.isEmpty() && (nodeId.length() > 64 || !nodeId.matches("[A-Za-z0-9._-]+"))) {
            throw new IllegalArgumentException("cluster.nodeId: '" + nodeId + "' must be 1..64 characters of "
                    + "A-Z a-z 0-9 . _ -");
        }
        if (!advertiseHost.isEmpty()) {
            Checks.notBlank("cluster.advertiseHost", advertiseHost);
        }
        Checks.range("cluster.leaseSeconds", leaseSeconds, 1, 60);
        Checks.range("cluster.maxMaps", maxMaps, 1, 100_000);
        Checks.notNull("cluster.snapshotDir", snapshotDir);
        Checks.range("cluster.drainSeconds", drainSeconds, 1, 3600);
    }

    /** Whether this process is a cluster node (etcd is set). */
    public boolean enabled() {
        return !etcd.isEmpty();
    }

    /** The host clients are redirected to: {@link #advertiseHost}, or {@code serverHost} when it is empty. */
    public String advertiseHost(String serverHost) {
        return advertiseHost.isEmpty() ? serverHost : advertiseHost;
    }

    /**
     * Checks what a cluster node (not the directory) needs: a {@code nodeId}, and an advertised host clients can
     * reach (not a wildcard address). Nothing to check without etcd.
     *
     * @param serverHost {@code server.host}
     * @throws IllegalArgumentException naming {@code cluster.nodeId} or {@code cluster.advertiseHost}
     */
    public void checkNode(String serverHost) {
        if (!enabled()) {
            return;
        }
        if (nodeId.isEmpty()) {
            throw new IllegalArgumentException("cluster.nodeId: must be set when cluster.etcd is set");
        }
        String host = advertiseHost(serverHost);
        if (isWildcard(host)) {
            throw new IllegalArgumentException("cluster.advertiseHost: '" + host + "' (from "
                    + (advertiseHost.isEmpty() ? "server.host" : "cluster.advertiseHost") + ") is a wildcard address "
                    + "clients cannot connect to; set cluster.advertiseHost to this node's reachable host or IP");
        }
    }

    /** This record with {@code dir} as its snapshot directory. */
    Cluster withSnapshotDir(Path dir) {
        return new Cluster(etcd, nodeId, advertiseHost, leaseSeconds, maxMaps, dir, drainSeconds, agones);
    }

    static boolean isWildcard(String host) {
        String h = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        return h.equals("0.0.0.0") || h.equals("::") || h.equals("0:0:0:0:0:0:0:0") || h.equals("*");
    }

    private static void checkUrl(String key, String url) {
        if (url == null || url.isBlank()) {
            throw new IllegalArgumentException(key + ": must not be empty");
        }
        try {
            URI u = new URI(url);
            if (!("http".equals(u.getScheme()) || "https".equals(u.getScheme())) || u.getHost() == null
                    || u.getPort() < 1) {
                throw new IllegalArgumentException(key + ": '" + url + "' is not an etcd client URL like "
                        + "http://127.0.0.1:2379");
            }
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(key + ": '" + url + "' is not a URL: " + e.getReason());
        }
    }
}
