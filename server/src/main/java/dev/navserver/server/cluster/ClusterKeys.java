package dev.navserver.server.cluster;

import java.nio.charset.StandardCharsets;

/**
 * The etcd key schema of a navserver cluster, one place for every reader and writer. All values are UTF-8.
 * <ul>
 *   <li>{@code /navserver/nodes/<nodeId>}: JSON {@code {"nodeId":..,"host":..,"port":..,"maxMaps":..}}, put with
 *       the node's lease (membership).</li>
 *   <li>{@code /navserver/maps/<map>/owner}: the owner's nodeId, put with the owner's lease, created only when
 *       absent (transaction on create revision 0); its create revision fences the owner.</li>
 *   <li>{@code /navserver/maps/<map>/log/head}: the map's last logged version, decimal.</li>
 *   <li>{@code /navserver/maps/<map>/log/v/<version>}: one edit record, version zero-padded to 20 digits so keys
 *       sort by version.</li>
 *   <li>{@code /navserver/maps/<map>/log/snapshot}: JSON reference to a compacted map file in
 *       {@code cluster.snapshotDir}.</li>
 *   <li>{@code /navserver/maps/<map>/routes}: the routes authorities defined at run time, the JSON form of
 *       {@code FileRouteStore}; written only by the owner, fenced like the log.</li>
 * </ul>
 * Stateless and thread-safe.
 */
public final class ClusterKeys {
    public static final String ROOT = "/navserver/";
    public static final String NODES = ROOT + "nodes/";
    public static final String MAPS = ROOT + "maps/";

    private ClusterKeys() {
    }

    public static String node(String nodeId) {
        return NODES + nodeId;
    }

    public static String owner(String map) {
        return MAPS + map + "/owner";
    }

    public static String logHead(String map) {
        return MAPS + map + "/log/head";
    }

    public static String logPrefix(String map) {
        return MAPS + map + "/log/v/";
    }

    public static String logRecord(String map, long version) {
        return logPrefix(map) + String.format("%020d", version);
    }

    public static String routes(String map) {
        return MAPS + map + "/routes";
    }

    public static String logSnapshot(String map) {
        return MAPS + map + "/log/snapshot";
    }

    /** UTF-8 bytes of a key or value. */
    public static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
