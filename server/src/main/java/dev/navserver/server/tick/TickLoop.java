package dev.navserver.server.tick;

import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A fixed-rate tick loop with a cap on catch-up, run on one dedicated thread that owns all world state.
 *
 * <p>Between ticks the thread parks until the next tick is due or until {@link TickControl#wakeup()} is called (a
 * planner finished a path, or a session received messages), in which case it runs {@link Task#between} so that work reaches clients without waiting a
 * whole tick. Each tick catches {@code Throwable}: a failing tick is logged and the loop goes on.
 *
 * <p>The scheduling decision is {@link #runDue(long)}, a pure function of the clock value, so tests drive it with a
 * hand-stepped clock instead of sleeping.
 */
public final class TickLoop implements Runnable {
    private static final Logger LOG = LoggerFactory.getLogger(TickLoop.class);

    /** What one tick does; called on the tick thread only. */
    public interface Task {
        /**
         * One tick.
         *
         * @param nowSeconds world time of this tick (seconds since the loop started), advancing by exactly one
         *                   period per tick
         * @param dtSeconds  the period, seconds
         */
        void tick(double nowSeconds, double dtSeconds);

        /**
         * Work that may run between ticks (applying finished plans and newly arrived messages).
         *
         * @param nowSeconds world time now, on the same scale as {@link #tick}'s and never before the last tick's
         */
        void between(double nowSeconds);

        /** Observes the wall-clock duration of each tick, nanoseconds. */
        default void tickDuration(long nanos) {
        }
    }

    private final LongSupplier nanoClock;
    private final TickControl control;
    private final Task task;
    private final int maxCatchUpTicks;
    private volatile boolean running = true;

    private long startNanos;
    private long nextTickNanos;
    private long ticks;
    private long skippedTicks;

    /**
     * @param nanoClock       monotonic clock, nanoseconds ({@code System::nanoTime} in production)
     * @param control         rate and wakeup, shared with whoever retunes or wakes the loop
     * @param maxCatchUpTicks most ticks run back to back after a stall; older missed ticks are skipped
     * @param task            the tick body
     */
    public TickLoop(LongSupplier nanoClock, TickControl control, int maxCatchUpTicks, Task task) {
        this.nanoClock = Objects.requireNonNull(nanoClock);
        this.control = Objects.requireNonNull(control);
        this.task = Objects.requireNonNull(task);
        if (maxCatchUpTicks < 1) {
            throw new IllegalArgumentException("maxCatchUpTicks must be >= 1");
        }
        this.maxCatchUpTicks = maxCatchUpTicks;
        this.startNanos = nanoClock.getAsLong();
        this.nextTickNanos = startNanos;
    }

    /** Period between ticks, nanoseconds. */
    public long periodNanos() {
        return control.periodNanos();
    }

    /** Ticks run so far (tick thread, or after {@link #stop()}). */
    public long ticks() {
        return ticks;
    }

    /** Ticks skipped because the loop fell more than {@code maxCatchUpTicks} behind. */
    public long skippedTicks() {
        return skippedTicks;
    }

    /**
     * Runs every tick due at clock value {@code nowNanos}, at most {@code maxCatchUpTicks}; if still behind after
     * that, skips ahead so the next tick is one period after {@code nowNanos}.
     *
     * @return number of ticks run
     */
    public int runDue(long nowNanos) {
        int ran = 0;
        while (nowNanos - nextTickNanos >= 0 && ran < maxCatchUpTicks) {
            long period = control.periodNanos();
            double now = (nextTickNanos - startNanos) / 1e9;
            long t0 = nanoClock.getAsLong();
            try {
                task.tick(now, period / 1e9);
            } catch (Throwable t) {
                LOG.error("tick {} failed", ticks, t);
            }
            task.tickDuration(nanoClock.getAsLong() - t0);
            ticks++;
            ran++;
            nextTickNanos += period;
        }
        if (nowNanos - nextTickNanos >= 0) {
            long period = control.periodNanos();
            long behind = (nowNanos - nextTickNanos) / period + 1;
            skippedTicks += behind;
            nextTickNanos += behind * period;
        }
        return ran;
    }

    /** Nanoseconds until the next tick is due, at clock value {@code nowNanos} (0 when due). */
    public long nanosUntilNextTick(long nowNanos) {
        return Math.max(0, nextTickNanos - nowNanos);
    }

    /** Stops the loop after the current tick. Thread-safe. */
    public void stop() {
        running = false;
        control.wakeup();
    }

    /** Runs the loop on the calling thread until {@link #stop()}. */
    @Override
    public void run() {
        control.bind(Thread.currentThread());
        while (running) {
            long now = nanoClock.getAsLong();
            runDue(now);
            long wait;
            while (running && (wait = nanosUntilNextTick(nanoClock.getAsLong())) > 0) {
                if (control.takeWakeup()) {
                    try {
                        long at = Math.min(nanoClock.getAsLong(), nextTickNanos);
                        task.between((at - startNanos) / 1e9);
                    } catch (Throwable t) {
                        LOG.error("between-ticks work failed", t);
                    }
                    continue;
                }
                LockSupport.parkNanos(this, Math.min(wait, TimeUnit.MILLISECONDS.toNanos(100)));
            }
        }
    }
}
