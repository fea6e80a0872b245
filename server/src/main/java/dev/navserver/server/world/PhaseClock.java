package dev.navserver.server.world;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Objects;

/**
 * Splits the CPU time of the thread that uses it into {@link TickPhase}s: {@link #start} begins, each {@link #lap}
 * reports the CPU time since the previous call to {@link WorldMetrics#tickPhase}. CPU time rather than wall time, so
 * that a phase preempted by other processes on a busy machine does not look longer than it is. Costs one thread CPU
 * clock read per call; where the JVM cannot read it, nothing is reported. One clock per thread (the tick thread).
 */
public final class PhaseClock {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final WorldMetrics metrics;
    private final boolean enabled;
    private long last;

    public PhaseClock(WorldMetrics metrics) {
        this.metrics = Objects.requireNonNull(metrics);
        this.enabled = metrics != WorldMetrics.NONE && THREADS.isCurrentThreadCpuTimeSupported();
    }

    /** Starts timing at the current thread's CPU time. */
    public void start() {
        if (enabled) {
            last = THREADS.getCurrentThreadCpuTime();
        }
    }

    /** Reports the CPU time since {@link #start} or the last lap as {@code phase}'s, and starts the next lap. */
    public void lap(TickPhase phase) {
        if (enabled) {
            long now = THREADS.getCurrentThreadCpuTime();
            metrics.tickPhase(phase, now - last);
            last = now;
        }
    }
}
