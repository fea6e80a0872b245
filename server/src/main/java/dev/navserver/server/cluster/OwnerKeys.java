package dev.navserver.server.cluster;

import io.etcd.jetcd.KV;
import io.etcd.jetcd.kv.TxnResponse;
import io.etcd.jetcd.op.Cmp;
import io.etcd.jetcd.op.CmpTarget;
import io.etcd.jetcd.op.Op;
import io.etcd.jetcd.options.DeleteOption;
import io.etcd.jetcd.options.PutOption;
import java.io.IOException;

/** The owner keys of one node ({@link ClusterKeys#owner}): created only when absent, deleted only by their claim. */
final class OwnerKeys {
    private final KV kv;
    private final String nodeId;

    OwnerKeys(KV kv, String nodeId) {
        this.kv = kv;
        this.nodeId = nodeId;
    }

    /**
     * Creates {@code map}'s owner key with this node's id on {@code lease} if it is absent.
     *
     * @return the key's create revision (the claim), or 0 when another node owns the map
     * @throws IOException when etcd does not answer within {@link Etcd#TIMEOUT_MILLIS}
     */
    long claim(String map, long lease) throws IOException {
        Cmp absent = new Cmp(Etcd.bytes(ClusterKeys.owner(map)), Cmp.Op.EQUAL, CmpTarget.createRevision(0));
        TxnResponse r = Etcd.await(kv.txn().If(absent).Then(Op.put(Etcd.bytes(ClusterKeys.owner(map)),
                Etcd.bytes(nodeId), PutOption.builder().withLeaseId(lease).build())).commit(),
                Etcd.TIMEOUT_MILLIS, "claiming map " + map);
        return r.isSucceeded() ? r.getHeader().getRevision() : 0;
    }

    /**
     * Deletes {@code map}'s owner key if it is still the one created at {@code claim}.
     *
     * @throws IOException when etcd does not answer within {@link Etcd#TIMEOUT_MILLIS}
     */
    void release(String map, long claim) throws IOException {
        Etcd.await(kv.txn().If(Etcd.ownedAt(map, claim))
                .Then(Op.delete(Etcd.bytes(ClusterKeys.owner(map)), DeleteOption.DEFAULT)).commit(),
                Etcd.TIMEOUT_MILLIS, "releasing map " + map);
    }
}
