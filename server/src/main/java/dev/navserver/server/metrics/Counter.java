package dev.navserver.server.metrics;

import java.util.concurrent.atomic.LongAdder;

/** A monotonically increasing count. Thread-safe; increments do not allocate or block. */
public final class Counter {
    private final LongAdder adder = new LongAdder();

    Counter() {
    }

    /** Adds one. */
    public void inc() {
        adder.increment();
    }

    /** Adds {@code n}; {@code n >= 0}. */
    public void add(long n) {
        if (n < 0) {
            throw new IllegalArgumentException("counters only go up, got " + n);
        }
        adder.add(n);
    }

    /** The current total; not an atomic snapshot while other threads increment. */
    public long get() {
        return adder.sum();
    }
}
