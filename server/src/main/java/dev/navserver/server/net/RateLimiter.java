package dev.navserver.server.net;

import java.util.function.LongSupplier;

/**
 * One connection's inbound message rate limit over fixed one-second windows. A window opens with the first message
 * at least one second after the previous window opened (an idle gap is not a window). In a window the first
 * {@code limit} messages are admitted and the rest dropped; the first drop of a window is to be answered with
 * {@code error rate_limited}. The connection is to be closed with {@code bye rate_limited} on the drop that makes
 * the window hold more than twice the limit, or on the first drop of the {@value #STRIKES_TO_CLOSE}th consecutive
 * window with drops.
 *
 * <p>Not thread-safe: one instance per channel, used on that channel's I/O thread.
 */
final class RateLimiter {
    /** Consecutive windows with drops, the last of which closes the connection at its first drop. */
    static final int STRIKES_TO_CLOSE = 3;
    private static final long SECOND_NANOS = 1_000_000_000L;

    /** What to do with one inbound message. */
    enum Verdict {
        /** Within the limit: handle the message. */
        ADMITTED(false, false),
        /** Over the limit, already answered in this window: drop it silently. */
        DROPPED(false, false),
        /** The window's first drop: drop it and answer {@code error rate_limited}. */
        DROPPED_FIRST(true, false),
        /** Drop it and close the connection with {@code bye rate_limited}. */
        DROPPED_CLOSE(false, true),
        /** The window's first drop, which also closes: answer {@code error rate_limited}, then close. */
        DROPPED_FIRST_CLOSE(true, true);

        private final boolean answer;
        private final boolean close;

        Verdict(boolean answer, boolean close) {
            this.answer = answer;
            this.close = close;
        }

        /** Whether the drop is answered with {@code error rate_limited}. */
        boolean answer() {
            return answer;
        }

        /** Whether the connection is closed with {@code bye rate_limited}. */
        boolean close() {
            return close;
        }
    }

    private final LongSupplier nanoClock;
    private long windowStartNanos;
    private int windowCount;
    private int windowDropped;
    /** Consecutive windows with drops before the current one. */
    private int strikes;

    /**
     * @param nanoClock monotonic time in nanoseconds, e.g. {@code System::nanoTime}; the first window opens now
     */
    RateLimiter(LongSupplier nanoClock) {
        this.nanoClock = nanoClock;
        this.windowStartNanos = nanoClock.getAsLong();
    }

    /**
     * Counts one inbound message and says what to do with it.
     *
     * @param limit messages admitted per window, {@code >= 1}; read per message so a config reload applies at once
     */
    Verdict admit(int limit) {
        long now = nanoClock.getAsLong();
        if (now - windowStartNanos >= SECOND_NANOS) {
            strikes = windowDropped > 0 ? strikes + 1 : 0;
            windowStartNanos = now;
            windowCount = 0;
            windowDropped = 0;
        }
        if (++windowCount <= limit) {
            return Verdict.ADMITTED;
        }
        windowDropped++;
        boolean first = windowDropped == 1;
        boolean close = windowDropped > limit || strikes + 1 >= STRIKES_TO_CLOSE;
        if (close) {
            return first ? Verdict.DROPPED_FIRST_CLOSE : Verdict.DROPPED_CLOSE;
        }
        return first ? Verdict.DROPPED_FIRST : Verdict.DROPPED;
    }
}
