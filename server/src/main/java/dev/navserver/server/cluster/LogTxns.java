package dev.navserver.server.cluster;

import dev.navserver.server.editlog.EditLogException;
import io.etcd.jetcd.KV;
import io.etcd.jetcd.kv.GetResponse;
import io.etcd.jetcd.kv.TxnResponse;
import io.etcd.jetcd.op.Cmp;
import io.etcd.jetcd.op.CmpTarget;
import io.etcd.jetcd.op.Op;
import io.etcd.jetcd.options.GetOption;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * The transactions of {@link EtcdEditLog}: each write is fenced by this node's claim on the map (the create revision
 * of its owner key, see {@link #fence}) and tried only while the node's lease is alive; an append whose answer was
 * lost is resolved by reading the head back ({@link #commitAppend}). Thread-safe.
 */
final class LogTxns {
    /** Pause before an append whose answer was lost is tried again, milliseconds. */
    static final long RETRY_MILLIS = 50;
    /** Longest wait for one try of an append, milliseconds (several fit in {@link Etcd#TIMEOUT_MILLIS}). */
    static final long ATTEMPT_MILLIS = 700;

    private final KV kv;
    private final BooleanSupplier leaseAlive;
    private final Map<String, Long> fences = new ConcurrentHashMap<>();

    /**
     * @param leaseAlive whether this node's lease is alive now: no fenced write is even tried without it
     */
    LogTxns(KV kv, BooleanSupplier leaseAlive) {
        this.kv = kv;
        this.leaseAlive = leaseAlive;
    }

    void fence(String map, long claimRevision) {
        fences.put(map, claimRevision);
    }

    void unfence(String map) {
        fences.remove(map);
    }

    boolean fenced(String map) {
        return fences.containsKey(map);
    }

    void clear() {
        fences.clear();
    }

    /**
     * One transaction on {@code map}'s log: {@code ops} if (when {@code fenced}) this node's claim still holds and
     * every compare in {@code ifs} holds.
     */
    TxnResponse txn(String map, String what, List<Cmp> ifs, List<Op> ops, boolean fenced)
            throws EditLogException {
        return txn(map, what, ifs, ops, fenced, Etcd.TIMEOUT_MILLIS);
    }

    /**
     * {@link #txn(String, String, List, List, boolean)} waiting at most {@code millis}. An exception with a cause
     * means the outcome is unknown (no answer, or the connection failed); without one, the write was refused.
     */
    TxnResponse txn(String map, String what, List<Cmp> ifs, List<Op> ops, boolean fenced, long millis)
            throws EditLogException {
        List<Cmp> cmps = new ArrayList<>(ifs);
        if (fenced) {
            Long claim = fences.get(map);
            if (claim == null) {
                throw new EditLogException(what + ": map " + map + " is not served by this node");
            }
            if (!leaseAlive.getAsBoolean()) {
                throw new EditLogException(what + ": this node's etcd lease is not alive");
            }
            cmps.add(Etcd.ownedAt(map, claim));
        }
        TxnResponse r;
        try {
            r = Etcd.await(kv.txn().If(cmps.toArray(Cmp[]::new)).Then(ops.toArray(Op[]::new)).commit(), millis,
                    what);
        } catch (IOException e) {
            throw new EditLogException(e.getMessage(), e);
        }
        if (!r.isSucceeded()) {
            throw new EditLogException(what + ": refused by etcd (this node no longer owns the map, or its log "
                    + "moved on)");
        }
        return r;
    }

    static Cmp headIs(String map, long version) {
        return new Cmp(Etcd.bytes(ClusterKeys.logHead(map)), Cmp.Op.EQUAL,
                CmpTarget.value(Etcd.bytes(Long.toString(version))));
    }

    /**
     * Commits the appending transaction by {@code deadline}, each try waiting at most {@link #ATTEMPT_MILLIS}. When a
     * try's answer is lost (its member went away mid-request, no answer) the head is read back: at {@code last} with
     * this record the transaction committed; still at {@code head} it is tried again; anything else refuses it.
     *
     * @throws EditLogException refused, or still unknown at {@code deadline}
     */
    void commitAppend(String map, String what, long head, long last, byte[] lastBytes, List<Op> ops, long deadline)
            throws EditLogException, InterruptedException {
        boolean unknown = false;
        while (true) {
            EditLogException failed;
            try {
                txn(map, what, List.of(headIs(map, head)), ops, true, attemptMillis(deadline));
                return;
            } catch (EditLogException e) {
                failed = e;
            }
            boolean refused = failed.getCause() == null; // else the outcome is unknown
            if (refused && !unknown) {
                throw failed;
            }
            unknown = true;
            Boolean committed = readBack(map, what, head, last, lastBytes, deadline);
            if (Boolean.TRUE.equals(committed)) {
                return;
            }
            if (refused && Boolean.FALSE.equals(committed) || System.nanoTime() - deadline >= 0) {
                throw failed;
            }
            Thread.sleep(RETRY_MILLIS);
        }
    }

    /**
     * Whether the append to {@code last} committed (true), not yet (false, the head is still {@code head}), or null
     * when etcd did not answer.
     *
     * @throws EditLogException when the log moved on to another version
     */
    private Boolean readBack(String map, String what, long head, long last, byte[] lastBytes, long deadline)
            throws EditLogException {
        List<GetResponse> got;
        try {
            got = Etcd.await(kv.txn().Then(Op.get(Etcd.bytes(ClusterKeys.logHead(map)), GetOption.DEFAULT),
                    Op.get(Etcd.bytes(ClusterKeys.logRecord(map, last)), GetOption.DEFAULT)).commit(),
                    attemptMillis(deadline), what).getGetResponses();
        } catch (IOException e) {
            return null;
        }
        String now = got.get(0).getKvs().isEmpty() ? "" : Etcd.text(got.get(0).getKvs().get(0).getValue());
        if (now.equals(Long.toString(last)) && !got.get(1).getKvs().isEmpty()
                && Arrays.equals(got.get(1).getKvs().get(0).getValue().getBytes(), lastBytes)) {
            return true;
        }
        if (now.equals(Long.toString(head))) {
            return false;
        }
        throw new EditLogException(what + ": the log moved on to version " + now + " meanwhile");
    }

    private static long attemptMillis(long deadlineNanos) {
        return Math.max(1, Math.min(ATTEMPT_MILLIS, TimeUnit.NANOSECONDS.toMillis(deadlineNanos - System.nanoTime())));
    }
}
