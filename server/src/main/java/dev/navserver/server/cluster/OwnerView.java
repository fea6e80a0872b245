package dev.navserver.server.cluster;

import io.etcd.jetcd.KV;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.kv.GetResponse;
import io.etcd.jetcd.kv.TxnResponse;
import io.etcd.jetcd.op.Op;
import io.etcd.jetcd.options.GetOption;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * What etcd says about ownership: every live node ({@link ClusterKeys#node}) and the owner key of every map name
 * this process knows (its {@code maps.dir}), read by {@link #refresh} (a few read-only transactions) and answered
 * from the last read. A map is {@link Owner.Remote} when its owner key names a node whose membership key exists,
 * else {@link Owner.Unowned}; this view never answers {@link Owner.Local} (a node adds its own claims on top).
 * Thread-safe: {@link #refresh} from one thread at a time, reads from any.
 */
public final class OwnerView implements MapOwnership {
    /** Most operations per read-only transaction (etcd's default {@code --max-txn-ops} is 128). */
    static final int OPS_PER_TXN = 100;

    /**
     * An owner key.
     *
     * @param nodeId         its value
     * @param createRevision its create revision (the owner's fence)
     */
    public record Claim(String nodeId, long createRevision) {
    }

    /**
     * One read of etcd.
     *
     * @param revision etcd's revision of the first transaction of the read
     * @param owners   owner keys by map name, only for names that have one
     * @param nodes    live nodes by nodeId
     */
    public record State(long revision, Map<String, Claim> owners, Map<String, NodeInfo> nodes) {
        public State {
            owners = Map.copyOf(owners);
            nodes = Map.copyOf(nodes);
        }

        /** Maps per live node id (0 for a node that owns none). */
        public Map<String, Integer> counts() {
            Map<String, Integer> c = new HashMap<>();
            nodes.keySet().forEach(n -> c.put(n, 0));
            owners.values().forEach(o -> c.computeIfPresent(o.nodeId(), (k, v) -> v + 1));
            return c;
        }
    }

    static final State EMPTY = new State(0, Map.of(), Map.of());

    private final KV kv;
    private final Supplier<? extends Collection<String>> mapNames;
    private volatile State state = EMPTY;

    /**
     * @param mapNames the map names to read owner keys of, asked at every refresh
     */
    public OwnerView(KV kv, Supplier<? extends Collection<String>> mapNames) {
        this.kv = kv;
        this.mapNames = mapNames;
    }

    /**
     * Reads the nodes and the owner keys of every map name, each wait bounded by {@link Etcd#TIMEOUT_MILLIS}.
     *
     * @return the new state, also kept for {@link #ownerOf}
     * @throws IOException when etcd does not answer; the last state stays
     */
    public State refresh() throws IOException {
        List<String> names = new ArrayList<>(mapNames.get());
        Map<String, Claim> owners = new HashMap<>();
        Map<String, NodeInfo> nodes = new HashMap<>();
        long revision = 0;
        int from = 0;
        do {
            List<String> chunk = names.subList(from, Math.min(names.size(), from + OPS_PER_TXN));
            List<Op> ops = new ArrayList<>();
            if (from == 0) {
                ops.add(Op.get(Etcd.bytes(ClusterKeys.NODES), GetOption.builder().isPrefix(true).build()));
            }
            for (String name : chunk) {
                ops.add(Op.get(Etcd.bytes(ClusterKeys.owner(name)), GetOption.DEFAULT));
            }
            TxnResponse r = Etcd.await(kv.txn().Then(ops.toArray(Op[]::new)).commit(), Etcd.TIMEOUT_MILLIS,
                    "reading map owners");
            List<GetResponse> gets = r.getGetResponses();
            int g = 0;
            if (from == 0) {
                revision = r.getHeader().getRevision();
                for (KeyValue kvs : gets.get(g++).getKvs()) {
                    NodeInfo n = NodeInfo.parse(kvs.getValue().getBytes());
                    if (n != null) {
                        nodes.put(n.nodeId(), n);
                    }
                }
            }
            for (String name : chunk) {
                List<KeyValue> kvs = gets.get(g++).getKvs();
                if (!kvs.isEmpty()) {
                    owners.put(name, new Claim(Etcd.text(kvs.get(0).getValue()), kvs.get(0).getCreateRevision()));
                }
            }
            from += chunk.size();
        } while (from < names.size());
        State s = new State(revision, owners, nodes);
        state = s;
        return s;
    }

    /** The state of the last successful {@link #refresh}. */
    public State state() {
        return state;
    }

    @Override
    public Owner ownerOf(String map) {
        return ownerIn(state, map);
    }

    static Owner ownerIn(State s, String map) {
        Claim c = s.owners().get(map);
        NodeInfo n = c == null ? null : s.nodes().get(c.nodeId());
        return n == null ? Owner.UNOWNED : new Owner.Remote(n.nodeId(), n.host(), n.port());
    }
}
