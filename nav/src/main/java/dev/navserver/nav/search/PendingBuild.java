package dev.navserver.nav.search;

import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

/**
 * A grid whose derived table ({@link JumpTable}, {@link LandmarkTable}) is not built yet: since when it has been
 * asked about, and whether its one build is under way. Mutable; guarded by the lock of the cache that holds it.
 */
final class PendingBuild {
    /** {@link System#nanoTime()} of the first request, or of the last put-off build. */
    long sinceNanos;
    /** Whether a build was claimed and has not been released. */
    boolean building;

    PendingBuild(long sinceNanos) {
        this.sinceNanos = sinceNanos;
    }

    /**
     * Claims the build when none is under way and the grid has been asked about for {@code settleNanos} by
     * {@code nowNanos}.
     *
     * @return true when the caller now owns the build (and must release it, or publish the table)
     */
    boolean claim(long nowNanos, long settleNanos) {
        if (building || nowNanos - sinceNanos < settleNanos) {
            return false;
        }
        building = true;
        return true;
    }

    /**
     * Hands the claimed build to {@code builder}; when the executor refuses it, releases the claim under
     * {@code lock} (the cache's) so that a later request offers it again.
     */
    void handOff(Executor builder, Runnable build, Object lock) {
        try {
            builder.execute(build);
        } catch (RejectedExecutionException e) {
            synchronized (lock) {
                building = false;
            }
        }
    }
}
