package dev.navserver.server.world;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.search.SearchStatus;
import dev.navserver.nav.smooth.WorldPath;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs plans on the planner pool and brings their results back to the tick thread: at most one plan per monster in
 * flight, identified by a token; a result whose token is no longer the monster's (superseded, monster gone, map
 * changed) is dropped. Several monsters of one player may be planned by one shared task ({@link #submitShared});
 * their results still come back one per monster, each with its own token.
 *
 * <p><b>Threading.</b> {@link #submit}, {@link #submitShared}, {@link #supersede} and {@link #applyFinished} are for
 * the tick thread. Plans run on the pool and hand results back through a concurrent queue, then call
 * {@code wakeup}.
 */
final class PlanDispatcher {
    private static final Logger LOG = LoggerFactory.getLogger(PlanDispatcher.class);

    /** Takes a finished plan into a monster's state (tick thread). */
    interface Adopter {
        /**
         * @param path            the planned path from where the monster stood at submission
         * @param posArrivalNanos arrival of the player position the plan aimed at ({@link Player#posArrivalNanos})
         * @return false when the path could not be used (the monster plans afresh)
         */
        boolean adopt(Monster m, WorldPath path, long playerSeq, long posArrivalNanos);
    }

    /** A finished plan travelling from a planner thread to the tick thread; {@code path} null when planning failed. */
    private record PlanDone(String monsterId, long token, long mapGeneration, long playerSeq, long posArrivalNanos,
            WorldPath path) {
    }

    private final String worldName;
    private final PathPlanner planner;
    private final Executor pool;
    private final WorldMetrics metrics;
    private final Runnable wakeup;
    private final Queue<PlanDone> done = new ConcurrentLinkedQueue<>();

    /**
     * @param worldName for logs
     * @param pool      where plans run; {@code Runnable::run} plans synchronously (tests)
     * @param wakeup    called by planner threads after queuing a result, so the tick thread can apply it early
     */
    PlanDispatcher(String worldName, PathPlanner planner, Executor pool, WorldMetrics metrics, Runnable wakeup) {
        this.worldName = Objects.requireNonNull(worldName);
        this.planner = Objects.requireNonNull(planner);
        this.pool = Objects.requireNonNull(pool);
        this.metrics = Objects.requireNonNull(metrics);
        this.wakeup = Objects.requireNonNull(wakeup);
    }

    /**
     * Starts a plan from the monster to its target player (or, without one, its goal) on {@code map} and records what
     * it aimed at. If the pool rejects
     * it (shutting down) the monster is left to plan afresh at the next chance.
     */
    void submit(Monster m, GridMap map, long mapGeneration, double now) {
        Player p = m.target;
        long token = begin(m, now);
        long playerSeq = p == null ? -1 : p.seq;
        long posArrivalNanos = p == null ? 0 : p.posArrivalNanos;
        String id = m.id;
        double sx = m.x;
        double sz = m.z;
        double gx = m.planGoalX;
        double gz = m.planGoalZ;
        long queued = System.nanoTime();
        Runnable plan = () -> {
            WorldPath result = null;
            long t0 = System.nanoTime();
            metrics.planWaited(t0 - queued, p != null);
            try {
                result = planner.plan(map, sx, sz, gx, gz);
                metrics.planned(System.nanoTime() - t0, result.expanded(),
                        result.hasPoints() ? result.status() : SearchStatus.UNREACHABLE);
            } catch (RuntimeException | Error e) {
                metrics.planFailed();
                LOG.error("plan for {} on {} failed", id, worldName, e);
            }
            done.add(new PlanDone(id, token, mapGeneration, playerSeq, posArrivalNanos, result));
            wakeup.run();
        };
        // a chase first: a player's screen waits for it; a walk to a goal (wander, patrol, move_to) may wait
        Runnable task = p != null ? plan : (PathPlanner.Background) plan::run;
        try {
            pool.execute(task);
        } catch (RejectedExecutionException e) {
            m.inFlight = 0; // pool shutting down; try again next tick
            m.state = m.state.onInvalidated();
        }
    }

    /**
     * Starts one plan for several monsters chasing one player: one task on the pool plans them all with
     * {@link PathPlanner#planShared} (one shared field from the player's position) and hands back one result per
     * monster, each with its own token, exactly as {@link #submit} would. If the pool rejects the task (shutting
     * down) every monster is left to plan afresh at the next chance.
     *
     * @param group monsters of one player, none with a plan in flight; not kept
     */
    void submitShared(List<Monster> group, GridMap map, long mapGeneration, double now) {
        int n = group.size();
        Player p = group.get(0).target;
        long playerSeq = p.seq;
        long posArrivalNanos = p.posArrivalNanos;
        double gx = p.x;
        double gz = p.z;
        String[] ids = new String[n];
        long[] tokens = new long[n];
        double[] sx = new double[n];
        double[] sz = new double[n];
        for (int i = 0; i < n; i++) {
            Monster m = group.get(i);
            if (m.target != p) {
                throw new IllegalArgumentException("monster " + m.id + " chases another player than " + p.sessionId);
            }
            tokens[i] = begin(m, now);
            ids[i] = m.id;
            sx[i] = m.x;
            sz[i] = m.z;
        }
        long queued = System.nanoTime();
        Runnable task = () -> {
            List<WorldPath> paths = null;
            long t0 = System.nanoTime();
            metrics.planWaited(t0 - queued, true);
            try {
                PathPlanner.SharedPaths shared = planner.planShared(map, sx, sz, gx, gz);
                long nanos = System.nanoTime() - t0;
                paths = shared.paths();
                if (shared.fieldCells() > 0) {
                    metrics.sharedFieldBuilt(shared.fieldCells());
                }
                for (WorldPath w : paths) {
                    metrics.planned(nanos / n, w.expanded(), w.hasPoints() ? w.status() : SearchStatus.UNREACHABLE);
                }
            } catch (RuntimeException | Error e) {
                paths = null;
                for (int i = 0; i < n; i++) {
                    metrics.planFailed();
                }
                LOG.error("shared plan for {} monsters of {} on {} failed", n, p.sessionId, worldName, e);
            }
            for (int i = 0; i < n; i++) {
                done.add(new PlanDone(ids[i], tokens[i], mapGeneration, playerSeq, posArrivalNanos,
                        paths == null ? null : paths.get(i)));
            }
            wakeup.run();
        };
        try {
            pool.execute(task);
        } catch (RejectedExecutionException e) {
            for (Monster m : group) {
                m.inFlight = 0; // pool shutting down; try again next tick
                m.state = m.state.onInvalidated();
            }
        }
    }

    /**
     * Gives the monster a new plan token in flight and records what the plan aims at (its target player's position,
     * else its goal); returns the token.
     */
    private static long begin(Monster m, double now) {
        Player p = m.target;
        long token = m.nextToken++;
        m.inFlight = token;
        m.lastPlanTime = now;
        m.planGoalX = p != null ? p.x : m.goalX;
        m.planGoalZ = p != null ? p.z : m.goalZ;
        m.planStartX = m.x;
        m.planStartZ = m.z;
        m.planPlayerSeq = p != null ? p.seq : -1;
        return token;
    }

    /** Whether the monster has a plan in flight. */
    static boolean inFlight(Monster m) {
        return m.inFlight != 0;
    }

    /** Forgets the plan in flight: its result will be dropped when it returns. */
    static void supersede(Monster m) {
        m.inFlight = 0;
    }

    /** Whether a path planned on an older map generation may still be used on the current one. */
    interface GenerationCheck {
        boolean stillValid(long generation, WorldPath path);
    }

    /**
     * Applies every plan that finished since the last call, in completion order: drops results of monsters gone or
     * superseded, and of another map generation unless {@code older} accepts them; a failed plan leaves the monster
     * to plan afresh; the rest go to {@code adopter}.
     *
     * @return number of results adopted
     */
    int applyFinished(Map<String, Monster> monsters, long mapGeneration, GenerationCheck older, Adopter adopter) {
        int applied = 0;
        PlanDone d;
        while ((d = done.poll()) != null) {
            Monster m = monsters.get(d.monsterId());
            if (m == null || m.inFlight != d.token()) {
                metrics.planDropped();
                continue;
            }
            m.inFlight = 0;
            if (d.path() == null
                    || (d.mapGeneration() != mapGeneration && !older.stillValid(d.mapGeneration(), d.path()))) {
                if (d.path() != null) {
                    metrics.planDropped();
                }
                m.state = m.state.onInvalidated();
                continue;
            }
            if (adopter.adopt(m, d.path(), d.playerSeq(), d.posArrivalNanos())) {
                applied++;
            }
        }
        return applied;
    }
}
