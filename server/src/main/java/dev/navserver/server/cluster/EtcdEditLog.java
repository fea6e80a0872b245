package dev.navserver.server.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import dev.navserver.protocol.message.TerrainEdit;
import dev.navserver.server.editlog.EditLog;
import dev.navserver.server.editlog.EditLogException;
import dev.navserver.server.editlog.EditRecords;
import dev.navserver.server.editlog.LogFiles;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.KV;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.kv.GetResponse;
import io.etcd.jetcd.op.Op;
import io.etcd.jetcd.options.DeleteOption;
import io.etcd.jetcd.options.GetOption;
import io.etcd.jetcd.options.PutOption;
import io.micrometer.core.instrument.Timer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link EditLog} in etcd, for cluster mode ({@link ClusterKeys}): a record key per version, a head key holding the
 * last version, and a snapshot reference {@code {"identity":..,"version":..,"file":..}} naming the file identity the
 * log belongs to and, once compacted, a snapshot file in {@code cluster.snapshotDir} (the {@link EditRecords}
 * snapshot form). Every write is one transaction fenced by this node's claim: it succeeds only while the map's
 * owner key still has the create revision given to {@link #fence} (and, for records, while the head is the previous
 * version); {@link #sync} is that transaction, so a synced record is committed in etcd (durable on a quorum).
 * A map must be {@link #fence fenced} before it is opened; {@link #unfence} makes every later write fail. A failed
 * append is reported to {@link #onFailure}: an etcd timeout leaves it unknown whether the records committed.
 *
 * <p>Thread-safe; callers serialise calls per map ({@link EditLog}). Each etcd request waits at most
 * {@link Etcd#TIMEOUT_MILLIS}.
 */
public final class EtcdEditLog implements EditLog {
    private static final Logger LOG = LoggerFactory.getLogger(EtcdEditLog.class);

    /** The open log of one map. */
    private static final class MapLog {
        final String identity;
        long head;
        long records;
        String snapshotFile;
        /** Version of the last appended, not yet synced record; {@link #head} when none. */
        long pendingLast;
        /** The record bytes of {@link #pendingLast}, to tell after a lost answer whether its transaction committed. */
        byte[] pendingLastBytes;
        final List<Op> pending = new ArrayList<>();

        MapLog(String identity, long head, long records, String snapshotFile) {
            this.identity = identity;
            this.head = head;
            this.pendingLast = head;
            this.records = records;
            this.snapshotFile = snapshotFile;
        }
    }

    private final KV kv;
    private final Path snapshotDir;
    private final LogTxns txns;
    private final Timer appendTimer;
    private volatile Consumer<String> failures = map -> { };
    private final Map<String, MapLog> logs = new ConcurrentHashMap<>();

    /**
     * @param snapshotDir {@code cluster.snapshotDir}, created when absent
     * @param leaseAlive  whether this node's lease is alive now: no write is even tried without it
     * @param appendTimer times each record-appending transaction
     */
    public EtcdEditLog(KV kv, Path snapshotDir, BooleanSupplier leaseAlive, Timer appendTimer)
            throws EditLogException {
        this.kv = kv;
        this.appendTimer = appendTimer;
        this.snapshotDir = snapshotDir;
        this.txns = new LogTxns(kv, leaseAlive);
        try {
            Files.createDirectories(snapshotDir);
        } catch (IOException e) {
            throw new EditLogException("cluster.snapshotDir: cannot create " + snapshotDir + ": "
                    + LogFiles.describe(e), e);
        }
    }

    /**
     * Who hears of a map whose append failed: its log may now differ from what this node holds (a timed-out
     * transaction can still commit later), so the node must stop serving the map and load it again from etcd.
     * Called on the appending thread; must not block.
     */
    public void onFailure(Consumer<String> listener) {
        this.failures = listener;
    }

    /** The run-time routes of the maps this node serves, written under the same fence as their logs. */
    public dev.navserver.server.editlog.RouteStore routes() {
        return new EtcdRouteStore(kv, txns);
    }

    /** Writes to {@code map}'s log are fenced by the owner key created at {@code claimRevision}. */
    public void fence(String map, long claimRevision) {
        txns.fence(map, claimRevision);
    }

    /** Forgets {@code map}'s claim and log: every later write to it fails until it is fenced and opened again. */
    public void unfence(String map) {
        txns.unfence(map);
        logs.remove(map);
    }

    @Override
    public Recovery open(String map, String identity, long version) throws EditLogException {
        logs.remove(map);
        List<GetResponse> got = txns.txn(map, "reading the log of map " + map, List.of(),
                List.of(Op.get(Etcd.bytes(ClusterKeys.logHead(map)), GetOption.DEFAULT),
                        Op.get(Etcd.bytes(ClusterKeys.logSnapshot(map)), GetOption.DEFAULT),
                        Op.get(Etcd.bytes(ClusterKeys.logPrefix(map)), GetOption.builder().isPrefix(true)
                                .withSortField(GetOption.SortTarget.KEY).build())), false).getGetResponses();
        if (got.get(0).getKvs().isEmpty() || got.get(1).getKvs().isEmpty()) {
            reset(map, identity, version);
            return new Recovery(version, List.of(), 0, false);
        }
        long head = Long.parseLong(Etcd.text(got.get(0).getKvs().get(0).getValue()));
        JsonNode ref = SnapshotRefs.parse(got.get(1).getKvs().get(0).getValue().getBytes(), map);
        long snapVersion = ref.path("version").asLong();
        if (!identity.equals(ref.path("identity").asText())) {
            long next = Math.max(version, head + 1);
            LOG.info("map {}: the file changed since its etcd log was written (log at version {}); a new log starts "
                    + "at version {}", map, head, next);
            reset(map, identity, next);
            return new Recovery(next, List.of(), 0, true);
        }
        String file = ref.path("file").isTextual() ? ref.path("file").asText() : null;
        List<TerrainEdit> edits = new ArrayList<>(file == null ? List.of()
                : SnapshotRefs.edits(snapshotDir, map, file, snapVersion));
        long expect = snapVersion + 1;
        for (KeyValue k : got.get(2).getKvs()) {
            byte[] b = k.getValue().getBytes();
            EditRecords.Record rec = EditRecords.record(EditRecords.verified(b, 0, Math.max(0, b.length - 1)));
            if (rec == null || rec.version() < expect) {
                if (rec != null) {
                    continue; // compacted into the snapshot already
                }
                throw new EditLogException("map " + map + ": damaged record " + Etcd.text(k.getKey()) + " in etcd");
            }
            if (rec.version() != expect) {
                throw new EditLogException("map " + map + ": etcd log has version " + rec.version() + " after "
                        + (expect - 1));
            }
            edits.addAll(rec.edits());
            expect++;
        }
        if (expect - 1 != head) {
            throw new EditLogException("map " + map + ": etcd log ends at version " + (expect - 1) + " but its head "
                    + "says " + head);
        }
        logs.put(map, new MapLog(identity, head, head - snapVersion, file));
        return new Recovery(head, edits, head - snapVersion, false);
    }

    @Override
    public void reset(String map, String identity, long version) throws EditLogException {
        logs.remove(map);
        txns.txn(map, "starting the log of map " + map, List.of(),
                List.of(Op.delete(Etcd.bytes(ClusterKeys.logPrefix(map)),
                                DeleteOption.builder().isPrefix(true).build()),
                        put(ClusterKeys.logHead(map), Long.toString(version).getBytes()),
                        put(ClusterKeys.logSnapshot(map), SnapshotRefs.ref(identity, version, null))), true);
        logs.put(map, new MapLog(identity, version, 0, null));
    }

    @Override
    public void append(String map, long version, List<TerrainEdit> edits) throws EditLogException {
        MapLog m = openLog(map);
        if (version != m.pendingLast + 1) {
            throw new EditLogException("map " + map + ": record " + version + " does not follow " + m.pendingLast);
        }
        m.pendingLast = version;
        m.pendingLastBytes = EditRecords.record(version, edits);
        m.pending.add(put(ClusterKeys.logRecord(map, version), m.pendingLastBytes));
    }

    @Override
    public void sync(String map) throws EditLogException {
        MapLog m = openLog(map);
        if (m.pending.isEmpty()) {
            return;
        }
        long last = m.pendingLast;
        byte[] lastBytes = m.pendingLastBytes;
        List<Op> ops = new ArrayList<>(m.pending);
        ops.add(put(ClusterKeys.logHead(map), Long.toString(last).getBytes()));
        int n = m.pending.size();
        m.pending.clear();
        m.pendingLast = m.head;
        long started = System.nanoTime();
        long deadline = started + TimeUnit.MILLISECONDS.toNanos(Etcd.TIMEOUT_MILLIS);
        String what = "appending version " + last + " of map " + map;
        try {
            txns.commitAppend(map, what, m.head, last, lastBytes, ops, deadline);
        } catch (EditLogException e) {
            failures.accept(map);
            throw e;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            failures.accept(map);
            throw new EditLogException(what + ": interrupted", e);
        } finally {
            appendTimer.record(System.nanoTime() - started, TimeUnit.NANOSECONDS);
        }
        m.head = last;
        m.pendingLast = last;
        m.records += n;
    }

    @Override
    public long recordsSinceSnapshot(String map) {
        MapLog m = logs.get(map);
        return m == null ? 0 : m.records;
    }

    @Override
    public void compact(String map, long version, List<TerrainEdit> changes) throws EditLogException {
        MapLog m = openLog(map);
        if (!m.pending.isEmpty() || version != m.head) {
            throw new IllegalStateException("compact of map " + map + " at " + version + " with head " + m.head
                    + " and " + m.pending.size() + " unsynced records");
        }
        String file = map + "." + version + ".snapshot";
        try {
            LogFiles.replaceAtomically(snapshotDir.resolve(file), EditRecords.snapshot(map, m.identity, version,
                    changes));
        } catch (IOException e) {
            throw new EditLogException("cannot write snapshot " + snapshotDir.resolve(file) + ": "
                    + LogFiles.describe(e), e);
        }
        txns.txn(map, "compacting the log of map " + map, List.of(LogTxns.headIs(map, version)),
                List.of(put(ClusterKeys.logSnapshot(map), SnapshotRefs.ref(m.identity, version, file)),
                        Op.delete(Etcd.bytes(ClusterKeys.logRecord(map, 0)), DeleteOption.builder()
                                .withRange(Etcd.bytes(ClusterKeys.logRecord(map, version + 1))).build())), true);
        String old = m.snapshotFile;
        m.snapshotFile = file;
        m.records = 0;
        if (old != null && !old.equals(file)) {
            try {
                Files.deleteIfExists(snapshotDir.resolve(old));
            } catch (IOException e) {
                LOG.warn("map {}: cannot delete the replaced snapshot {}: {}", map, old, LogFiles.describe(e));
            }
        }
    }

    @Override
    public void close() {
        logs.clear();
        txns.clear();
    }

    private MapLog openLog(String map) throws EditLogException {
        MapLog m = logs.get(map);
        if (m == null || !txns.fenced(map)) {
            throw new EditLogException("map " + map + " is not served by this node (no claim, or its log is not open)");
        }
        return m;
    }

    private static Op put(String key, byte[] value) {
        return Op.put(Etcd.bytes(key), ByteSequence.from(value), PutOption.DEFAULT);
    }
}
