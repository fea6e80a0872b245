package dev.navserver.server.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestWatcher;

/**
 * Counts the real-process scenarios (the cluster's and the single process's kill -9) over the whole test
 * run and prints {@code scenarios: N passed, N failed} after each class that uses it; the last such line of a run
 * is its total, also written to {@code server/target/scenarios.txt}, which {@code .ci/run} prints at the end of the
 * build. Thread-safe.
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

    /** The run's latest tally, for the build log ({@code .ci/run} prints it last). */
    static final Path SUMMARY = Path.of("target", "scenarios.txt");

    @Override
    public void afterAll(ExtensionContext context) throws IOException {
        String line = PASSED.get() + " passed, " + FAILED.get() + " failed";
        System.out.println("scenarios: " + line + " (after " + context.getRequiredTestClass().getSimpleName() + ")");
        Files.createDirectories(SUMMARY.getParent());
        Files.writeString(SUMMARY, "real-process scenarios (issue 27): " + line + "\n");
    }
}
