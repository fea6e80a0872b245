package dev.navserver.server.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KV;
import io.etcd.jetcd.kv.TxnResponse;
import io.etcd.jetcd.op.Cmp;
import io.etcd.jetcd.op.CmpTarget;
import io.etcd.jetcd.op.Op;
import io.etcd.jetcd.options.GetOption;
import io.etcd.jetcd.options.PutOption;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** jetcd against a real three-member etcd cluster: the client, leases and create-only transactions work here. */
class EtcdClientSmokeTest {
    @TempDir
    Path dir;

    @Test
    void ownerKeyIsTakenOnceOnALeaseAndSurvivesOneMemberKilled() throws Exception {
        assumeTrue(EtcdProcesses.available() || System.getenv("NAVSERVER_REQUIRE_ETCD") != null,
                "etcd is not installed (apt-get install etcd-server)");
        try (EtcdProcesses etcd = EtcdProcesses.start(dir, 3);
                Client client = Client.builder().endpoints(etcd.clientUrls().toArray(String[]::new)).build()) {
            KV kv = client.getKVClient();
            long lease = client.getLeaseClient().grant(5).get(10, TimeUnit.SECONDS).getID();
            ByteSequence key = ByteSequence.from(ClusterKeys.utf8(ClusterKeys.owner("m1")));
            Cmp absent = new Cmp(key, Cmp.Op.EQUAL, CmpTarget.createRevision(0));
            TxnResponse first = kv.txn().If(absent)
                    .Then(Op.put(key, ByteSequence.from(ClusterKeys.utf8("node-a")),
                            PutOption.builder().withLeaseId(lease).build()))
                    .commit().get(10, TimeUnit.SECONDS);
            TxnResponse second = kv.txn().If(absent)
                    .Then(Op.put(key, ByteSequence.from(ClusterKeys.utf8("node-b")), PutOption.DEFAULT))
                    .commit().get(10, TimeUnit.SECONDS);
            assertThat(first.isSucceeded()).isTrue();
            assertThat(second.isSucceeded()).isFalse();

            etcd.kill(2);
            var got = kv.get(key, GetOption.DEFAULT).get(10, TimeUnit.SECONDS);
            assertThat(got.getKvs()).hasSize(1);
            assertThat(got.getKvs().get(0).getValue().toString()).isEqualTo("node-a");
            assertThat(got.getKvs().get(0).getLease()).isEqualTo(lease);
        }
    }
}
