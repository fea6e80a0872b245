package dev.navserver.nav;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;

/** Allocation counting for tests that a warm path allocates nothing (or only its results). */
public final class Allocations {
    private Allocations() {
    }

    /**
     * HotSpot's per-thread allocation counter ({@code getCurrentThreadAllocatedBytes()}, bytes); skips the calling
     * test (a failed assumption) on a JVM that does not count.
     */
    public static com.sun.management.ThreadMXBean counter() {
        assumeTrue(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean);
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        assumeTrue(mx.isThreadAllocatedMemorySupported() && mx.isThreadAllocatedMemoryEnabled());
        return mx;
    }
}
