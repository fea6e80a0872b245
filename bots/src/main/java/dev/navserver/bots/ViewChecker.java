package dev.navserver.bots;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * One bot's view checks against the {@link WorldTruth}. At each of the bot's own {@code monsters} snapshots it
 * records the bot's view (the monsters between {@code monster_enter} and {@code monster_leave}) and the position
 * the server used (the one the snapshot's {@code playerSeq} names); once the truth has a snapshot at or after that
 * time, it checks against the truth's snapshots just before and after it:
 * <ul>
 *   <li>{@code missing}: a monster within {@code radius − hysteresis} of the player in both is not in view;</li>
 *   <li>{@code beyond}: a monster in view is farther than {@code radius + hysteresis} + one snapshot's travel
 *       (its speed × one snapshot period, 1 / {@code snapshotHz}, or × the time between the bot's snapshot and the
 *       farther of the truth's two when that is longer: the truth missed a snapshot) in both truth snapshots, and neither chases this bot's player
 *       nor did within {@link #CHASE_GRACE_NANOS} (a chaser stays in its player's view wherever it is);</li>
 *   <li>{@code unknown}: a monster in view, listed by the bot's snapshots since before the earlier truth snapshot,
 *       is in neither truth snapshot (despawned without {@code monster_leave});</li>
 *   <li>{@code snapshot_mismatch}: the snapshot's list differs from the view.</li>
 * </ul>
 * The truth's snapshots are indexed ({@link TruthSnapshot}): a check visits the truth's monsters near its player, not
 * all of them. A check is skipped (counted by reason) when its truth does not arrive within {@link #PENDING_LIMIT}
 * snapshots ({@code truth_behind}), when its time is older than every kept truth snapshot ({@code truth_too_old}),
 * or when the truth's snapshots around it are more than {@link #MAX_BRACKET_PERIODS} snapshot periods apart
 * ({@code truth_gap}: the authority missed snapshots, and a monster could have walked in and out between them).
 * Not thread-safe: confined to the bot's event loop.
 */
final class ViewChecker {
    /** A chaser of this bot's player may stay in view anywhere this long after it was last known to chase, ns. */
    static final long CHASE_GRACE_NANOS = TimeUnit.SECONDS.toNanos(2);
    /** Checks waiting for the truth at most. */
    static final int PENDING_LIMIT = 32;
    /** Truth snapshots further apart than this many snapshot periods do not judge the checks between them. */
    static final double MAX_BRACKET_PERIODS = 4;

    /** A finished check: how many problems of each kind, and a description of the first one (null when none). */
    record Outcome(int missing, int beyond, int unknown, int mismatch, String first) {
        int errors() {
            return missing + beyond + unknown + mismatch;
        }
    }

    /**
     * A monster in view at a recorded check.
     *
     * @param speed       its speed, metres per second
     * @param firstListed {@code serverTime} of the first own snapshot that listed it
     * @param chaser      whether it chases (or just chased) the bot's player
     */
    private record InView(double speed, double firstListed, boolean chaser) {
    }

    private record Pending(double serverTime, double x, double z, Map<String, InView> inView) {
    }

    private final String who;
    private final BotView view;
    private final WorldTruth truth;
    private final WorldStats stats;
    private final RunControl run;
    private final double inner;
    private final double outer;
    private final double snapshotHz;
    private final double maxBracketSeconds;
    private final ArrayDeque<Pending> pending = new ArrayDeque<>();
    private int skipped;

    /**
     * @param who   the bot's name in problem notes
     * @param stats where checks, errors and skipped checks are counted
     */
    ViewChecker(String who, BotView view, WorldTruth truth, WorldSettings w, WorldStats stats, RunControl run) {
        this.who = who;
        this.stats = stats;
        this.run = run;
        this.view = view;
        this.truth = truth;
        this.inner = w.aoiRadiusMeters() - w.aoiHysteresisMeters();
        this.outer = w.aoiRadiusMeters() + w.aoiHysteresisMeters();
        this.snapshotHz = w.snapshotHz();
        this.maxBracketSeconds = MAX_BRACKET_PERIODS / w.snapshotHz();
    }

    /**
     * Records a check at a snapshot of the bot's own.
     *
     * @param serverTime the snapshot's {@code serverTime}, seconds
     * @param listed     the monsters the snapshot lists
     * @param x          the player's X the server used, world metres
     * @param z          its Z
     * @param nowNanos   {@link System#nanoTime()}
     * @return a {@code snapshot_mismatch} outcome when the list differs from the view, else null
     */
    Outcome record(double serverTime, Set<String> listed, double x, double z, long nowNanos) {
        Map<String, InView> inView = new java.util.HashMap<>(2 * view.size());
        for (BotView.Entry e : view.entries()) {
            if (Double.isNaN(e.firstListed) && listed.contains(e.monster)) {
                e.firstListed = serverTime;
            }
            inView.put(e.monster, new InView(e.speedMetersPerSecond,
                    Double.isNaN(e.firstListed) ? serverTime : e.firstListed,
                    view.chasesPlayer(e, nowNanos, CHASE_GRACE_NANOS)));
        }
        if (pending.size() >= PENDING_LIMIT) {
            pending.pollFirst();
            skip("truth_behind");
        }
        pending.addLast(new Pending(serverTime, x, z, inView));
        if (!listed.equals(inView.keySet())) {
            Set<String> extra = new HashSet<>(listed);
            extra.removeAll(inView.keySet());
            Set<String> absent = new HashSet<>(inView.keySet());
            absent.removeAll(listed);
            return new Outcome(0, 0, 0, 1, "snapshot at serverTime " + serverTime + " lists " + extra
                    + " not in view and leaves out " + absent + " in view");
        }
        return null;
    }

    /**
     * At a {@code monsters} snapshot of the bot's own: records a check at the position it names (when the bot still
     * knows it) and runs every check whose truth has arrived, counting them and their problems.
     *
     * @param known whether {@code x}, {@code z} are the position the snapshot's {@code playerSeq} names
     */
    void atSnapshot(dev.navserver.protocol.message.Monsters ms, boolean known, double x, double z, long nowNanos) {
        if (known) {
            Set<String> listed = new HashSet<>();
            for (dev.navserver.protocol.message.MonsterSnapshot s : ms.list()) {
                listed.add(s.monster());
            }
            count(record(ms.serverTime(), listed, x, z, nowNanos));
        }
        for (Outcome o : drain()) {
            stats.viewChecks.increment();
            count(o);
        }
    }

    private void skip(String reason) {
        skipped++;
        stats.viewCheckSkipped(reason);
    }

    private void count(Outcome o) {
        if (o == null || o.errors() == 0) {
            return;
        }
        stats.viewError("missing", o.missing());
        stats.viewError("beyond", o.beyond());
        stats.viewError("unknown", o.unknown());
        stats.viewError("snapshot_mismatch", o.mismatch());
        run.note(() -> who + ": view: " + o.first());
    }

    /** Checks every recorded snapshot whose truth has arrived, oldest first. */
    List<Outcome> drain() {
        List<Outcome> out = new ArrayList<>();
        while (!pending.isEmpty()) {
            Pending p = pending.peekFirst();
            WorldTruth.Bracket b = truth.bracket(p.serverTime());
            if (b == null) {
                break; // the truth has not caught up yet
            }
            pending.pollFirst();
            if (b.before() == null) {
                skip("truth_too_old");
                continue;
            }
            if (b.after().serverTime() - b.before().serverTime() > maxBracketSeconds) {
                skip("truth_gap");
                continue;
            }
            out.add(check(p, b));
        }
        return out;
    }

    /** Checks skipped so far (no usable truth around their time). */
    int skipped() {
        return skipped;
    }

    private Outcome check(Pending p, WorldTruth.Bracket b) {
        TruthSnapshot after = b.after();
        TruthSnapshot before = b.before();
        int[] missing = new int[1];
        String[] firstMissing = new String[1];
        after.forEachWithin(p.x(), p.z(), inner, i -> {
            String id = after.id(i);
            int j = before.indexOf(id);
            if (j >= 0 && !p.inView().containsKey(id) && before.distance(j, p.x(), p.z()) <= inner) {
                if (missing[0]++ == 0) {
                    firstMissing[0] = id + " is " + round(after.distance(i, p.x(), p.z()))
                            + " m from the player but not in view";
                }
            }
        });
        int beyond = 0;
        int unknown = 0;
        double travelSeconds = Math.max(1 / snapshotHz, Math.max(p.serverTime() - before.serverTime(),
                after.serverTime() - p.serverTime()));
        String first = firstMissing[0];
        for (Map.Entry<String, InView> v : p.inView().entrySet()) {
            String id = v.getKey();
            int a = after.indexOf(id);
            int c = before.indexOf(id);
            if (a < 0 && c < 0 && v.getValue().firstListed() < before.serverTime()) {
                unknown++;
                if (first == null) {
                    first = id + " is in view but not in the world";
                }
                continue;
            }
            double limit = outer + v.getValue().speed() * travelSeconds;
            // a monster spawned, despawned or teleported between the truth's snapshots is judged on none of them
            boolean far = a >= 0 && c >= 0 && after.distance(a, p.x(), p.z()) > limit
                    && before.distance(c, p.x(), p.z()) > limit;
            if (far && !v.getValue().chaser()) {
                beyond++;
                if (first == null) {
                    BotView.Entry now = view.get(id);
                    first = id + " is in view " + round(after.distance(a, p.x(), p.z())) + " m from the player at "
                            + round(p.x()) + "," + round(p.z()) + " (limit " + round(limit) + (now == null ? ""
                            : ", now " + (now.target == null ? now.state : now.state + " " + now.target)) + ")";
                }
            }
        }
        return new Outcome(missing[0], beyond, unknown, 0, first == null ? null : "at serverTime " + p.serverTime()
                + ": " + first + " (truth at " + before.serverTime() + " and " + after.serverTime() + ")");
    }

    private static double round(double v) {
        return Math.round(v * 100) / 100.0;
    }
}
