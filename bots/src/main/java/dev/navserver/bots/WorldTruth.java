package dev.navserver.bots;

import java.util.Map;

/**
 * The server's truth about the world's monsters for the view checks: the recent {@code monsters} snapshots of the
 * world's authority bot, whose view holds every monster of the map. Written by the authority bot's event loop,
 * read by every bot's; thread-safe (one lock, held briefly).
 */
final class WorldTruth {
    /** Snapshots kept: at 5 Hz, 12.8 s. Power of two. */
    static final int KEPT = 64;

    /**
     * One authority snapshot: its {@code serverTime} (seconds) and every monster's XZ position, world metres.
     *
     * @param serverTime the snapshot's {@code serverTime}, seconds
     * @param positions  monster id → {x, z}; not modified after publication
     */
    record Snapshot(double serverTime, Map<String, double[]> positions) {
    }

    /**
     * The truth around a time: the newest snapshot at or before it (null when none is kept) and the oldest one at
     * or after it.
     */
    record Bracket(Snapshot before, Snapshot after) {
    }

    private final Snapshot[] ring = new Snapshot[KEPT];
    private long count;

    /** Adds the authority's next snapshot; {@code serverTime} must not go back (an older one is ignored). */
    synchronized void add(double serverTime, Map<String, double[]> positions) {
        if (count > 0 && serverTime < ring[(int) ((count - 1) & (KEPT - 1))].serverTime()) {
            return;
        }
        ring[(int) (count & (KEPT - 1))] = new Snapshot(serverTime, positions);
        count++;
    }

    /** Adds the authority's next {@code monsters} snapshot (see {@link #add(double, Map)}). */
    void add(dev.navserver.protocol.message.Monsters ms) {
        Map<String, double[]> positions = new java.util.HashMap<>(ms.list().size() * 2);
        for (dev.navserver.protocol.message.MonsterSnapshot s : ms.list()) {
            positions.put(s.monster(), new double[] {s.pos().x(), s.pos().z()});
        }
        add(ms.serverTime(), positions);
    }

    /** Whether any snapshot has been added. */
    synchronized boolean started() {
        return count > 0;
    }

    /**
     * The snapshots around {@code serverTime}, or null while none at or after it has arrived. {@code before} is
     * null when {@code serverTime} is older than every kept snapshot.
     */
    synchronized Bracket bracket(double serverTime) {
        Snapshot after = null;
        for (long i = count - 1; i >= Math.max(0, count - KEPT); i--) {
            Snapshot s = ring[(int) (i & (KEPT - 1))];
            if (s.serverTime() >= serverTime) {
                after = s;
            } else {
                return after == null ? null : new Bracket(s, after);
            }
        }
        return after == null ? null : new Bracket(null, after);
    }
}
