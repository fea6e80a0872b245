package dev.navserver.bots;

/**
 * When each bot of a run starts connecting during the ramp: bot {@code i} of {@code n} at
 * {@code floor(i * ramp / n)} after the run's start, so the connections (and the server's spawns that follow each
 * {@code welcome}) are spread evenly over {@code [0, ramp)}. A zero ramp starts every bot at once (the runner still
 * caps connects in flight). Immutable and thread-safe.
 */
final class RampSchedule {
    private final int players;
    private final long rampNanos;

    /**
     * @param players   bots in the run, {@code >= 1}
     * @param rampNanos ramp length, nanoseconds, {@code 0..3600 s}
     */
    RampSchedule(int players, long rampNanos) {
        if (players < 1) {
            throw new IllegalArgumentException("players must be >= 1, got " + players);
        }
        if (rampNanos < 0) {
            throw new IllegalArgumentException("ramp must be >= 0 ns, got " + rampNanos);
        }
        this.players = players;
        this.rampNanos = rampNanos;
    }

    /** Nanoseconds after the run's start at which bot {@code bot} ({@code 0..players-1}) starts connecting. */
    long offsetNanos(int bot) {
        if (bot < 0 || bot >= players) {
            throw new IndexOutOfBoundsException("bot " + bot + " of " + players);
        }
        // rampNanos <= 3.6e12 and bot < 1e5 in practice; multiplyHigh keeps it exact for any long ramp
        long hi = Math.multiplyHigh(rampNanos, bot);
        if (hi != 0) {
            return (long) ((double) rampNanos * bot / players);
        }
        return rampNanos * bot / players;
    }

    long rampNanos() {
        return rampNanos;
    }
}
