package dev.navserver.server.world;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.server.config.NavServerConfig.Chase;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One planning pass of a world: finds the monsters due for a plan and submits them. A chasing monster is due by the
 * {@link ReplanRule}; a monster walking to a goal is due when it needs a fresh plan (a new goal, or its path became
 * unusable). Monsters chasing one player that are due together share one planner task
 * ({@link PlanDispatcher#submitShared}). Tick thread only.
 */
final class PlanningPass {
    /** Part of the re-plan interval after which a chasing monster joins its player's shared plan early. */
    static final double JOIN_FRACTION = 0.5;

    private final PathPlanner planner;
    private final PlanDispatcher dispatcher;
    /** Monsters found due in the current pass, in the order found; empty between passes. */
    private final List<Monster> due = new ArrayList<>();
    /** {@link #due} by chased player, filled by {@link #submit} only when a shared plan is possible. */
    private final Map<Player, List<Monster>> dueByPlayer = new IdentityHashMap<>();

    PlanningPass(PathPlanner planner, PlanDispatcher dispatcher) {
        this.planner = planner;
        this.dispatcher = dispatcher;
    }

    /**
     * Applies the re-plan rule to one monster; a monster found due joins this pass, planned by {@link #submit}. A
     * player-moved re-plan found by the tick (rather than by the arrival of a position) waits
     * {@link ReplanRule#FRESH_POSITION_GRACE_SECONDS} for the next position, so that plans start from fresh
     * positions.
     */
    void consider(Monster m, boolean byTick, GridMap map, ReplanRule rule, double now) {
        if (PlanDispatcher.inFlight(m)) {
            return;
        }
        Player p = m.target;
        if (p == null) {
            if (m.hasGoal && m.state.needsFreshPlan()) {
                due.add(m);
            }
            return;
        }
        if (!p.hasPos) {
            return;
        }
        boolean lineClear = m.state.local() && planner.clearLine(map, m.x, m.z, p.x, p.z);
        double sinceLastPlan = now - m.lastPlanTime;
        ReplanRule.Decision d = rule.decide(m.state, lineClear, sinceLastPlan,
                MonsterMover.distance(p.x - m.planGoalX, p.z - m.planGoalZ),
                MonsterMover.distance(m.x - m.planStartX, m.z - m.planStartZ),
                MonsterMover.distance(p.x - m.x, p.z - m.z));
        if (byTick && d == ReplanRule.Decision.PLAN_PLAYER_MOVED && rule.tickWaitsForFreshPosition(sinceLastPlan)) {
            return;
        }
        if (byTick && d == ReplanRule.Decision.PLAN_FRESH && m.path != null) {
            // A path made unusable by a body push, avoidance or an edit: like a player-moved re-plan, planned from the
            // next arriving position (milliseconds old) rather than from one up to a client period old, unless
            // none arrives within the grace.
            if (Double.isNaN(m.freshWaitSince)) {
                m.freshWaitSince = now;
            }
            if (now - m.freshWaitSince < ReplanRule.FRESH_POSITION_GRACE_SECONDS - 1e-9) {
                return;
            }
        }
        if (d.plans()) {
            m.freshWaitSince = Double.NaN;
            due.add(m);
        }
    }

    /**
     * Plans the monsters found due in this pass, in the order found: the chasers of a player with at least
     * {@code chase.sharedFieldMinMonsters} of them due share one planner task and one field from the player's
     * position, submitted where the first of them was found; the others are planned one search each. Every monster
     * keeps its own token, so a shared result is adopted or dropped monster by monster.
     */
    void submit(GridMap map, long mapGeneration, Chase settings, double now) {
        if (due.isEmpty()) {
            return;
        }
        int min = settings.sharedFieldMinMonsters();
        if (due.size() >= min) {
            for (Monster m : due) {
                if (m.target != null) {
                    dueByPlayer.computeIfAbsent(m.target, k -> new ArrayList<>()).add(m);
                }
            }
        }
        for (Monster m : due) {
            List<Monster> group = m.target == null ? null : dueByPlayer.get(m.target);
            if (group == null || group.size() < min) {
                dispatcher.submit(m, map, mapGeneration, now);
            } else if (group.get(0) == m) {
                joinNearlyDue(group, settings, now);
                dispatcher.submitShared(group, map, mapGeneration, now);
            }
        }
        due.clear();
        dueByPlayer.clear();
    }

    /**
     * Adds to a shared group (chasers of one player, due now) the player's other chasers that are past
     * {@value #JOIN_FRACTION} of their re-plan interval and whose player has moved by the threshold since their last
     * plan: they would be due within half an interval anyway, and joining now costs one descent of the field being
     * built instead of a field of their own later. The player's chasers thus fall into one phase.
     */
    private static void joinNearlyDue(List<Monster> group, Chase settings, double now) {
        Player p = group.get(0).target;
        if (group.size() == p.monsters.size()) {
            return;
        }
        Set<Monster> in = Collections.newSetFromMap(new IdentityHashMap<>());
        in.addAll(group);
        double since = settings.navIntervalSeconds() * JOIN_FRACTION;
        double moved = settings.moveThresholdMeters();
        for (Monster o : p.monsters) {
            if (!in.contains(o) && o.state == MonsterState.CHASE && !PlanDispatcher.inFlight(o)
                    && now - o.lastPlanTime >= since
                    && MonsterMover.distance(p.x - o.planGoalX, p.z - o.planGoalZ) >= moved) {
                group.add(o);
            }
        }
    }
}
