package dev.navserver.server.cluster;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.op.Cmp;
import io.etcd.jetcd.op.CmpTarget;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** jetcd plumbing shared by the cluster classes: bytes, bounded waits, the owner fence. Stateless. */
final class Etcd {
    /** Longest wait for one etcd request, milliseconds (an edit is refused after it). */
    static final long TIMEOUT_MILLIS = 2000;

    private Etcd() {
    }

    /**
     * A client of the given endpoints, spreading requests over them; a request to a member that is down fails at once
     * instead of waiting for it (callers retry). Calls through it are bounded by {@link #await}.
     */
    static Client client(List<String> endpoints) {
        return Client.builder().endpoints(endpoints.toArray(String[]::new)).loadBalancerPolicy("round_robin")
                .waitForReady(false).build();
    }

    static ByteSequence bytes(String s) {
        return ByteSequence.from(s, StandardCharsets.UTF_8);
    }

    static ByteSequence bytes(byte[] b) {
        return ByteSequence.from(b);
    }

    static String text(ByteSequence b) {
        return b.toString(StandardCharsets.UTF_8);
    }

    /** The compare that holds while {@code map}'s owner key is still the one created at {@code claimRevision}. */
    static Cmp ownedAt(String map, long claimRevision) {
        return new Cmp(bytes(ClusterKeys.owner(map)), Cmp.Op.EQUAL, CmpTarget.createRevision(claimRevision));
    }

    /**
     * Waits up to {@code millis} for {@code f}.
     *
     * @throws IOException naming {@code what} on a timeout or an etcd error (the request may or may not have been
     *                     applied)
     */
    static <T> T await(CompletableFuture<T> f, long millis, String what) throws IOException {
        try {
            return f.get(millis, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            f.cancel(true);
            throw new IOException(what + ": etcd did not answer within " + millis + " ms", e);
        } catch (ExecutionException e) {
            Throwable c = e.getCause() == null ? e : e.getCause();
            throw new IOException(what + ": etcd error: " + c.getMessage(), c);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(what + ": interrupted", e);
        }
    }
}
