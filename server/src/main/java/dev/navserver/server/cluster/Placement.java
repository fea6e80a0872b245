package dev.navserver.server.cluster;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Collection;
import java.util.Map;

/**
 * Which unowned map a node claims next: a node claims only while it has free slots and the fewest maps among the
 * live nodes with free slots, and only a map whose rendezvous hash of (map, nodeId) is highest for it among those
 * least-loaded nodes. Every node computes the same answer from the same {@link OwnerView.State}, so maps spread
 * evenly, a joining node takes only unowned maps and nothing is ever taken away from its owner. Stateless.
 */
public final class Placement {
    private Placement() {
    }

    /**
     * The map {@code nodeId} should claim now, or null.
     *
     * @param names   every map name (the node's {@code maps.dir})
     * @param state   etcd's view; {@code nodeId} must be among its nodes to claim anything
     * @param maxMaps this node's slots
     */
    public static String next(Collection<String> names, OwnerView.State state, String nodeId, int maxMaps) {
        Map<String, Integer> counts = state.counts();
        Integer mine = counts.get(nodeId);
        if (mine == null || mine >= maxMaps) {
            return null;
        }
        int least = Integer.MAX_VALUE;
        for (Map.Entry<String, Integer> e : counts.entrySet()) {
            if (e.getValue() < slots(state, e.getKey(), nodeId, maxMaps)) {
                least = Math.min(least, e.getValue());
            }
        }
        if (mine > least) {
            return null;
        }
        String best = null;
        for (String map : names.stream().sorted().toList()) {
            if (state.owners().containsKey(map)) {
                continue;
            }
            if (winner(map, counts, state, least, nodeId, maxMaps).equals(nodeId)) {
                best = map;
                break;
            }
        }
        return best;
    }

    private static int slots(OwnerView.State state, String node, String self, int selfMaxMaps) {
        return node.equals(self) ? selfMaxMaps : state.nodes().get(node).maxMaps();
    }

    /** The least-loaded node with free slots that ranks highest for {@code map}. */
    private static String winner(String map, Map<String, Integer> counts, OwnerView.State state, int least,
                                 String self, int selfMaxMaps) {
        String best = self;
        long bestScore = score(map, self);
        for (Map.Entry<String, Integer> e : counts.entrySet()) {
            String node = e.getKey();
            if (e.getValue() != least || e.getValue() >= slots(state, node, self, selfMaxMaps)) {
                continue;
            }
            long s = score(map, node);
            if (s > bestScore || (s == bestScore && node.compareTo(best) < 0)) {
                best = node;
                bestScore = s;
            }
        }
        return best;
    }

    /** Rendezvous score of (map, node): the first 8 bytes of SHA-256 of {@code map + '\0' + node}, unsigned order. */
    static long score(String map, String node) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256")
                    .digest((map + '\0' + node).getBytes(StandardCharsets.UTF_8));
            return ByteBuffer.wrap(d).getLong() >>> 1;
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
