package dev.navserver.server.it;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestWatcher;

/**
 * Counts the real-process scenarios (the cluster's and the single process's kill -9) over the whole test
 * run and prints {@code scenarios: N passed, N failed} after each class that uses it; the last such line of a run
 * is its total. Thread-safe.
 */
public final class ScenarioTally implements TestWatcher, AfterAllCallback {
    private static final AtomicInteger PASSED = new AtomicInteger();
    private static final AtomicInteger FAILED = new AtomicInteger();

    @Override
    public void testSuccessful(ExtensionContext context) {
        PASSED.incrementAndGet();
    }

    @Override
    public void testFailed(ExtensionContext context, Throwable cause) {
        FAILED.incrementAndGet();
    }

    @Override
    public void testAborted(ExtensionContext context, Throwable cause) {
        FAILED.incrementAndGet(); // a skipped scenario (no etcd) did not pass
    }

    @Override
    public void testDisabled(ExtensionContext context, Optional<String> reason) {
        FAILED.incrementAndGet();
    }

    @Override
    public void afterAll(ExtensionContext context) {
        System.out.println("scenarios: " + PASSED.get() + " passed, " + FAILED.get() + " failed (after "
                + context.getRequiredTestClass().getSimpleName() + ")");
    }
}
