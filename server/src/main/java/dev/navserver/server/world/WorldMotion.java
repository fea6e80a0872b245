package dev.navserver.server.world;

import dev.navserver.nav.crowd.OrcaParams;
import dev.navserver.nav.grid.GridMap;
import dev.navserver.server.config.NavServerConfig.Chase;
import java.util.Collection;

/**
 * How a world's monsters move in a tick and hand chases to and from the clients: surround slots, walking their
 * paths ({@link MonsterMover}), reciprocal avoidance ({@link Avoidance}, when on), local navigation switches and body
 * separation ({@link BodySeparation}). Tick thread only.
 */
final class WorldMotion {
    private final World world;
    private final PlanDispatcher dispatcher;
    private final WorldMetrics metrics;
    private final MonsterMover mover;
    private final BodySeparation bodies;
    private final SurroundSlots slots;
    /** CPU time of the tick's parts, for the world's metrics. */
    private final PhaseClock clock;
    /** Reciprocal avoidance while moving, or null when off ({@link #setAvoidance}). */
    private Avoidance avoidance;

    WorldMotion(World world, PathPlanner planner, PlanDispatcher dispatcher, WorldMetrics metrics) {
        this.world = world;
        this.dispatcher = dispatcher;
        this.metrics = metrics;
        this.mover = new MonsterMover(planner);
        this.bodies = new BodySeparation(planner);
        this.slots = new SurroundSlots(planner);
        this.clock = new PhaseClock(metrics);
    }

    /** See {@link World#setAvoidance}. */
    void setAvoidance(OrcaParams params, Collection<Monster> monsters, Collection<Player> players) {
        if (avoidance != null && avoidance.params().equals(params)) {
            return;
        }
        if (avoidance != null) {
            avoidance.clear(monsters, players);
        }
        avoidance = params == null ? null : new Avoidance(params);
    }

    /** The world's tick phase clock ({@link PhaseClock}); tick thread. */
    PhaseClock clock() {
        return clock;
    }

    /** Reciprocal avoidance, or null when off. */
    Avoidance avoidance() {
        return avoidance;
    }

    /**
     * Moves every monster by {@code dtSeconds}: lays out slots, walks paths (a chaser stops at
     * {@code max(stoppingDistanceMeters, its radius + playerRadiusMeters)} from its player), avoids, switches local
     * navigation and separates bodies; laps {@link TickPhase#MOVE}, {@link TickPhase#AVOIDANCE} and
     * {@link TickPhase#BODIES} on {@link #clock()}.
     */
    void step(Collection<Monster> monsters, Collection<Player> players, double dtSeconds, double now) {
        GridMap map = world.map();
        Chase s = world.settings();
        double rP = s.playerRadiusMeters();
        double on = s.localNavDistanceMeters();
        double off = on + s.localNavHysteresisMeters();
        slots.update(players, map, s, now, world.outbox(), metrics);
        for (Monster m : monsters) {
            double body = m.kind.radiusMeters() + rP; // each monster keeps its own kind's body from the player
            mover.move(m, map, dtSeconds, Math.max(s.stoppingDistanceMeters(), body), body);
        }
        clock.lap(TickPhase.MOVE);
        if (avoidance != null) {
            avoidance.step(monsters, players, map, rP, dtSeconds);
        }
        clock.lap(TickPhase.AVOIDANCE);
        for (Monster m : monsters) {
            switchLocalNav(m, on, off, now);
        }
        int overlaps = bodies.separate(monsters, players, map, rP, now);
        if (overlaps > 0) {
            metrics.monsterOverlaps(overlaps);
        }
        clock.lap(TickPhase.BODIES);
    }

    /**
     * Switches a chaser's local navigation on within {@code onMeters} of its player ({@code local_nav active} with a
     * provisional slot) and off beyond {@code offMeters} (handed back with an immediate fresh plan).
     */
    void switchLocalNav(Monster m, double onMeters, double offMeters, double now) {
        GridMap map = world.map();
        switch (mover.switchLocalNav(m, onMeters, offMeters)) {
            case ON -> world.outbox().add(new WorldEvent.LocalNavChanged(m.target.sessionId, m.id, true,
                    slots.provisional(m, map, world.settings())));
            case OFF -> {
                SurroundSlots.release(m);
                world.outbox().add(new WorldEvent.LocalNavChanged(m.target.sessionId, m.id, false));
                PlanDispatcher.supersede(m); // a plan made during local mode may be stale
                dispatcher.submit(m, map, world.generation(), now); // hand back with an immediate fresh nav_path
            }
            case NONE -> {
            }
        }
    }
}
