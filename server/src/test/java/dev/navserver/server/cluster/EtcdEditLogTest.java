package dev.navserver.server.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.navserver.protocol.message.CellRect;
import dev.navserver.protocol.message.TerrainEdit;
import dev.navserver.server.editlog.EditLog;
import dev.navserver.server.editlog.EditLogException;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.kv.TxnResponse;
import io.etcd.jetcd.op.Cmp;
import io.etcd.jetcd.op.CmpTarget;
import io.etcd.jetcd.op.Op;
import io.etcd.jetcd.options.DeleteOption;
import io.etcd.jetcd.options.GetOption;
import io.etcd.jetcd.options.PutOption;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link EtcdEditLog} against a real etcd: fenced appends, compaction into a snapshot file, replay by a new owner. */
class EtcdEditLogTest {
    static final Timer TIMER = Timer.builder("t").register(new SimpleMeterRegistry());

    @TempDir
    Path tmp;

    EtcdProcesses etcd;
    Client client;

    @BeforeEach
    void start() throws Exception {
        assumeTrue(EtcdProcesses.available() || System.getenv("NAVSERVER_REQUIRE_ETCD") != null,
                "etcd is not installed (apt-get install etcd-server)");
        etcd = EtcdProcesses.start(tmp.resolve("etcd"), 1);
        client = Etcd.client(etcd.clientUrls());
    }

    @AfterEach
    void stop() {
        if (client != null) {
            client.close();
        }
        if (etcd != null) {
            etcd.close();
        }
    }

    long lease() throws Exception {
        return client.getLeaseClient().grant(30).get(10, TimeUnit.SECONDS).getID();
    }

    /** Creates the owner key of {@code map} for {@code node} on {@code lease}; its create revision. */
    long claim(String map, String node, long lease) throws Exception {
        TxnResponse r = client.getKVClient().txn()
                .If(new Cmp(Etcd.bytes(ClusterKeys.owner(map)), Cmp.Op.EQUAL, CmpTarget.createRevision(0)))
                .Then(Op.put(Etcd.bytes(ClusterKeys.owner(map)), Etcd.bytes(node),
                        PutOption.builder().withLeaseId(lease).build()))
                .commit().get(10, TimeUnit.SECONDS);
        assertThat(r.isSucceeded()).as("claim of " + map + " by " + node).isTrue();
        return r.getHeader().getRevision();
    }

    EtcdEditLog log() throws Exception {
        return new EtcdEditLog(client.getKVClient(), tmp.resolve("snapshots"), () -> true, TIMER);
    }

    boolean exists(String key) throws Exception {
        return client.getKVClient().get(Etcd.bytes(key), GetOption.DEFAULT).get(10, TimeUnit.SECONDS).getCount() > 0;
    }

    static List<TerrainEdit> wall(int col) {
        return List.of(TerrainEdit.cells(new CellRect(col, 1, 1, 2), "wall"));
    }

    @Test
    void newOwner_ReplaysSnapshotAndRecords_AtTheHeadVersion() throws Exception {
        EtcdEditLog a = log();
        long rev = claim("m1", "a", lease());
        a.fence("m1", rev);
        assertThat(a.open("m1", "sha256:x", 1)).isEqualTo(new EditLog.Recovery(1, List.of(), 0, false));
        a.append("m1", 2, wall(2));
        a.append("m1", 3, wall(3));
        a.sync("m1");
        assertThat(a.recordsSinceSnapshot("m1")).isEqualTo(2);
        List<TerrainEdit> changes = List.of(TerrainEdit.cells(new CellRect(2, 1, 2, 2), "wall"));
        a.compact("m1", 3, changes);
        assertThat(tmp.resolve("snapshots/m1.3.snapshot")).isRegularFile();
        assertThat(exists(ClusterKeys.logRecord("m1", 3))).as("compacted records are deleted").isFalse();
        a.append("m1", 4, wall(4));
        a.sync("m1");
        assertThat(Files.list(tmp.resolve("snapshots")).count()).isEqualTo(1);

        client.getKVClient().delete(Etcd.bytes(ClusterKeys.owner("m1")), DeleteOption.DEFAULT)
                .get(10, TimeUnit.SECONDS);
        EtcdEditLog b = log();
        b.fence("m1", claim("m1", "b", lease()));
        EditLog.Recovery r = b.open("m1", "sha256:x", 1);
        assertThat(r.version()).isEqualTo(4);
        assertThat(r.records()).isEqualTo(1);
        assertThat(r.edits()).containsExactly(changes.get(0), wall(4).get(0));
        b.append("m1", 5, wall(5));
        b.sync("m1");
        assertThat(exists(ClusterKeys.logRecord("m1", 5))).isTrue();
    }

    @Test
    void ownerWhoseLeaseLapsed_CannotAppend_NothingIsWritten_EvenAfterAnotherNodeClaimed() throws Exception {
        EtcdEditLog a = log();
        long leaseA = lease();
        a.fence("m1", claim("m1", "a", leaseA));
        a.open("m1", "sha256:x", 1);
        a.append("m1", 2, wall(2));
        a.sync("m1");

        client.getLeaseClient().revoke(leaseA).get(10, TimeUnit.SECONDS); // as if it lapsed: the owner key vanishes
        a.append("m1", 3, wall(3));
        assertThatThrownBy(() -> a.sync("m1")).isInstanceOf(EditLogException.class)
                .hasMessageContaining("refused by etcd");
        assertThat(exists(ClusterKeys.logRecord("m1", 3))).isFalse();

        long revB = claim("m1", "b", lease());
        a.append("m1", 3, wall(3));
        assertThatThrownBy(() -> a.sync("m1")).as("the new owner's key has another create revision")
                .isInstanceOf(EditLogException.class);
        assertThat(exists(ClusterKeys.logRecord("m1", 3))).isFalse();
        String head = Etcd.text(client.getKVClient().get(Etcd.bytes(ClusterKeys.logHead("m1"))).get(10,
                TimeUnit.SECONDS).getKvs().get(0).getValue());
        assertThat(head).isEqualTo("2");

        EtcdEditLog b = log();
        b.fence("m1", revB);
        assertThat(b.open("m1", "sha256:x", 1).version()).isEqualTo(2);
        b.append("m1", 3, wall(30));
        b.sync("m1");
        assertThat(exists(ClusterKeys.logRecord("m1", 3))).isTrue();
        a.unfence("m1");
        assertThatThrownBy(() -> a.append("m1", 4, wall(4))).isInstanceOf(EditLogException.class)
                .hasMessageContaining("not served by this node");
    }

    @Test
    void changedMapFile_StartsANewLogAfterTheLoggedVersion() throws Exception {
        EtcdEditLog a = log();
        a.fence("m1", claim("m1", "a", lease()));
        a.open("m1", "sha256:old", 1);
        a.append("m1", 2, wall(2));
        a.sync("m1");
        EditLog.Recovery r = a.open("m1", "sha256:new", 1);
        assertThat(r).isEqualTo(new EditLog.Recovery(3, List.of(), 0, true));
        assertThat(exists(ClusterKeys.logRecord("m1", 2))).isFalse();
    }

    @Test
    void localLeaseCheck_RefusesWritesBeforeAskingEtcd() throws Exception {
        EtcdEditLog a = new EtcdEditLog(client.getKVClient(), tmp.resolve("snapshots"), () -> false, TIMER);
        a.fence("m1", claim("m1", "a", lease()));
        assertThatThrownBy(() -> a.open("m1", "sha256:x", 1)).isInstanceOf(EditLogException.class)
                .hasMessageContaining("lease is not alive");
        assertThat(exists(ClusterKeys.logHead("m1"))).isFalse();
    }
}
