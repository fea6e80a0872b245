package dev.navserver.bots;

import java.util.Arrays;

/**
 * The {@code player_pos} messages a bot sent lately, by {@code seq}: send time and XZ position (world metres), for
 * latency (first {@code nav_path} per position), the overlap check and the view checks. Holds the last
 * {@value #RING} positions. Not thread-safe: confined to the bot's event loop.
 */
final class SentPositions {
    /** Positions remembered: at 20 Hz, 12.8 s worth. Power of two. */
    static final int RING = 256;

    private final long[] latencySeq = new long[RING];
    private final long[] sentNanos = new long[RING];
    private final double[] sentX = new double[RING];
    private final double[] sentZ = new double[RING];
    private long seq;

    SentPositions() {
        Arrays.fill(latencySeq, -1);
    }

    /** Records the next position sent; returns its {@code seq} (1, 2, ...). */
    long add(long nanos, double x, double z) {
        seq++;
        int slot = slot(seq);
        latencySeq[slot] = seq;
        sentNanos[slot] = nanos;
        sentX[slot] = x;
        sentZ[slot] = z;
        return seq;
    }

    /** The newest {@code seq} sent, 0 before the first. */
    long seq() {
        return seq;
    }

    /**
     * The send time of {@code playerSeq} the first time a {@code nav_path} names it, else -1 (later ones, unknown
     * or forgotten seqs).
     */
    long takeLatencyStart(long playerSeq) {
        int slot = slot(playerSeq);
        if (latencySeq[slot] != playerSeq) {
            return -1;
        }
        latencySeq[slot] = -1;
        return sentNanos[slot];
    }

    /** Whether {@code s} was sent and is still remembered. */
    boolean known(long s) {
        return s >= 1 && s <= seq && s > seq - RING;
    }

    /** X of a {@link #known} seq. */
    double x(long s) {
        return sentX[slot(s)];
    }

    /** Z of a {@link #known} seq. */
    double z(long s) {
        return sentZ[slot(s)];
    }

    /**
     * Fills {@code out} with the XZ pairs of every position sent within {@code lagNanos} before {@code nowNanos}
     * plus the newest one sent before that, newest first; returns how many pairs.
     *
     * @param out room for {@value #RING} pairs: {x0, z0, x1, z1, ...}
     */
    int recent(long nowNanos, long lagNanos, double[] out) {
        int n = 0;
        for (long s = seq; s >= 1 && s > seq - RING && n < RING; s--) {
            int slot = slot(s);
            out[2 * n] = sentX[slot];
            out[2 * n + 1] = sentZ[slot];
            n++;
            if (nowNanos - sentNanos[slot] > lagNanos) {
                break; // the newest one sent before the window: the server has had it for a while
            }
        }
        return n;
    }

    private static int slot(long s) {
        return (int) (s & (RING - 1));
    }
}
