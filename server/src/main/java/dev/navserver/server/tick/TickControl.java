package dev.navserver.server.tick;

import java.util.concurrent.locks.LockSupport;

/**
 * The handle others hold on a {@link TickLoop}: its rate and its wakeup. Created before the loop and the task, so
 * the task can be given the control it needs without the loop existing yet. Thread-safe.
 */
public final class TickControl {
    private volatile long periodNanos;
    private volatile boolean woken;
    private volatile Thread thread;

    /** @param hz ticks per second, finite and {@code > 0} */
    public TickControl(double hz) {
        setHz(hz);
    }

    /** Changes the tick rate from the next tick on. */
    public void setHz(double hz) {
        if (!(hz > 0) || !Double.isFinite(hz)) {
            throw new IllegalArgumentException("hz must be finite and > 0, got " + hz);
        }
        this.periodNanos = Math.max(1, Math.round(1e9 / hz));
    }

    /** Period between ticks, nanoseconds. */
    public long periodNanos() {
        return periodNanos;
    }

    /** Asks the tick thread to run {@link TickLoop.Task#between} soon. Cheap, never blocks. */
    public void wakeup() {
        woken = true;
        Thread t = thread;
        if (t != null) {
            LockSupport.unpark(t);
        }
    }

    /** Binds the thread that runs the loop (the tick thread itself). */
    void bind(Thread tickThread) {
        this.thread = tickThread;
    }

    /** Whether a wakeup was asked since the last call; clears it. */
    boolean takeWakeup() {
        if (!woken) {
            return false;
        }
        woken = false;
        return true;
    }
}
