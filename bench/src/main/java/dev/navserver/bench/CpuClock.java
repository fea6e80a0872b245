package dev.navserver.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * CPU time the benchmark thread actually got, next to JMH's wall-clock score. On a shared 2-core machine other
 * processes take the CPU away mid-query, which inflates wall time but not thread CPU time; the ratio
 * {@code cpuNanos / queries} (both summed the same way by JMH) is CPU nanoseconds per query.
 *
 * <p>Both counters cover the same span: from this state's iteration setup to the moment JMH reads them, which is
 * the measured loop plus JMH's few calls before and after it; the benchmark method counts every call in
 * {@link #queries}. One per benchmark thread.
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.EVENTS)
public class CpuClock {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    /** Benchmark calls in this iteration (JMH zeroes it per iteration). */
    public long queries;
    private long startNanos;

    @Setup(Level.Iteration)
    public void start() {
        startNanos = THREADS.getCurrentThreadCpuTime();
    }

    /** CPU nanoseconds this thread has used since {@link #start()}; read by JMH in the benchmark thread. */
    public long cpuNanos() {
        return THREADS.getCurrentThreadCpuTime() - startNanos;
    }
}
