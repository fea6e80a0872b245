package dev.navserver.bots;

import java.util.Map;

/**
 * The server's truth about the world's monsters for the view checks: the recent {@code monsters} snapshots of the
 * world's authority bot, whose view holds every monster of the map, each indexed as a {@link TruthSnapshot}. It
 * also counts the snapshots it got and the ones the authority missed (gaps in {@code serverTime} longer than one
 * snapshot period and a half: dropped by the server while the authority's socket was full). Written by the authority
 * bot's event loop, read by every bot's; thread-safe (one lock, held briefly).
 */
final class WorldTruth {
    /** Snapshots kept: at 5 Hz, 25.6 s (bots far behind their own snapshots still find their truth). Power of two. */
    static final int KEPT = 128;
    /** Spatial hash cell of the snapshots when none is given, metres. */
    static final double DEFAULT_CELL_METERS = 16;

    /**
     * The truth around a time: the newest snapshot at or before it (null when none is kept) and the oldest one at
     * or after it.
     */
    record Bracket(TruthSnapshot before, TruthSnapshot after) {
    }

    private final TruthSnapshot[] ring = new TruthSnapshot[KEPT];
    private final double cellMeters;
    private final double periodSeconds;
    private long count;
    private long missed;

    /**
     * @param cellMeters side of each snapshot's spatial hash cells, metres (the view checks' inner radius is a good
     *                   choice), > 0
     * @param snapshotHz the server's {@code chase.snapshotHz}: gaps longer than 1.5 periods count as missed
     *                   snapshots, > 0
     */
    WorldTruth(double cellMeters, double snapshotHz) {
        if (!(cellMeters > 0) || !(snapshotHz > 0)) {
            throw new IllegalArgumentException("cellMeters and snapshotHz must be > 0, got " + cellMeters + ", "
                    + snapshotHz);
        }
        this.cellMeters = cellMeters;
        this.periodSeconds = 1 / snapshotHz;
    }

    /** A truth with {@value #DEFAULT_CELL_METERS} m cells at 5 Hz. */
    WorldTruth() {
        this(DEFAULT_CELL_METERS, 5);
    }

    /** A truth for view checks with these settings: cells of their inner radius (at least 1 m), their snapshot rate. */
    static WorldTruth forChecks(WorldSettings w) {
        return new WorldTruth(Math.max(1, w.aoiRadiusMeters() - w.aoiHysteresisMeters()), w.snapshotHz());
    }

    /** The side of the spatial hash cells its snapshots should use, metres. */
    double cellMeters() {
        return cellMeters;
    }

    /** Adds the authority's next snapshot; {@code serverTime} must not go back (an older one is ignored). */
    synchronized void add(TruthSnapshot s) {
        if (count > 0) {
            double last = ring[(int) ((count - 1) & (KEPT - 1))].serverTime();
            if (s.serverTime() < last) {
                return;
            }
            double gap = s.serverTime() - last;
            if (gap > 1.5 * periodSeconds) {
                missed += Math.max(1, Math.round(gap / periodSeconds) - 1);
            }
        }
        ring[(int) (count & (KEPT - 1))] = s;
        count++;
    }

    /** Adds a snapshot of id → {x, z} positions (see {@link #add(TruthSnapshot)}). */
    void add(double serverTime, Map<String, double[]> positions) {
        add(TruthSnapshot.of(serverTime, positions, cellMeters));
    }

    /** Adds the authority's next {@code monsters} snapshot as decoded by the protocol module (the slow path). */
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

    /** Snapshots added so far. */
    synchronized long snapshots() {
        return count;
    }

    /** Snapshots the authority missed so far, from the gaps between the ones it got. */
    synchronized long missed() {
        return missed;
    }

    /** {@code serverTime} of the newest snapshot, seconds, or NaN before the first. */
    synchronized double newestTime() {
        return count == 0 ? Double.NaN : ring[(int) ((count - 1) & (KEPT - 1))].serverTime();
    }

    /**
     * The snapshots around {@code serverTime}, or null while none at or after it has arrived. {@code before} is
     * null when {@code serverTime} is older than every kept snapshot.
     */
    synchronized Bracket bracket(double serverTime) {
        TruthSnapshot after = null;
        for (long i = count - 1; i >= Math.max(0, count - KEPT); i--) {
            TruthSnapshot s = ring[(int) (i & (KEPT - 1))];
            if (s.serverTime() >= serverTime) {
                after = s;
            } else {
                return after == null ? null : new Bracket(s, after);
            }
        }
        return after == null ? null : new Bracket(null, after);
    }
}
