package dev.navserver.server.cluster;

import dev.navserver.server.editlog.EditLogException;
import dev.navserver.server.editlog.FileRouteStore;
import dev.navserver.server.editlog.RouteStore;
import dev.navserver.server.editlog.StoredRoute;
import io.etcd.jetcd.KV;
import io.etcd.jetcd.kv.GetResponse;
import io.etcd.jetcd.op.Op;
import io.etcd.jetcd.options.PutOption;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * {@link RouteStore} in etcd, for cluster mode: a map's run-time routes are one key ({@link ClusterKeys#routes}),
 * written by one transaction fenced like the map's edit log (only while this node's claim on the map holds), so a
 * map that moves to another node takes its routes along. Each call waits at most {@link Etcd#TIMEOUT_MILLIS}.
 *
 * <p>Called from the tick thread only.
 */
final class EtcdRouteStore implements RouteStore {
    private final KV kv;
    private final LogTxns txns;

    EtcdRouteStore(KV kv, LogTxns txns) {
        this.kv = kv;
        this.txns = txns;
    }

    @Override
    public List<StoredRoute> load(String map) throws EditLogException {
        return List.copyOf(read(map).values());
    }

    @Override
    public void put(String map, StoredRoute route) throws EditLogException {
        LinkedHashMap<String, StoredRoute> routes = read(map);
        routes.put(route.name(), route);
        byte[] value;
        try {
            value = FileRouteStore.encode(map, routes.values());
        } catch (IOException e) {
            throw new EditLogException("routes of map " + map + " cannot be encoded: " + e.getMessage(), e);
        }
        txns.txn(map, "route " + route.name() + " of map " + map, List.of(),
                List.of(Op.put(Etcd.bytes(ClusterKeys.routes(map)), Etcd.bytes(value), PutOption.DEFAULT)), true);
    }

    private LinkedHashMap<String, StoredRoute> read(String map) throws EditLogException {
        String key = ClusterKeys.routes(map);
        GetResponse r;
        try {
            r = Etcd.await(kv.get(Etcd.bytes(key)), Etcd.TIMEOUT_MILLIS, "reading " + key);
        } catch (IOException e) {
            throw new EditLogException(e.getMessage(), e);
        }
        return r.getKvs().isEmpty() ? new LinkedHashMap<>()
                : FileRouteStore.decode("etcd " + key, r.getKvs().get(0).getValue().getBytes());
    }
}
