package dev.navserver.server.world;

import dev.navserver.nav.crowd.CrowdAgents;
import dev.navserver.nav.crowd.OrcaParams;
import dev.navserver.nav.crowd.OrcaSolver;
import dev.navserver.nav.grid.GridMap;
import java.util.Arrays;
import java.util.Collection;

/**
 * Reciprocal avoidance for one world: keeps its monsters (steered) and players (external: the client moves them)
 * in a {@link CrowdAgents} crowd and runs one {@link OrcaSolver} step per tick. A monster's preferred velocity is
 * the move its {@link MonsterMover} made this tick (along its path, to its slot or at its player) divided by the
 * tick; the solver bends it away from the others and clamps it against the grid (no blocked cell, no corner cut).
 * A monster its mover left where it stood (resting, waiting, at its stopping distance) is not steered: it takes part
 * as an external agent with velocity 0, an obstacle the moving ones avoid wholly, and the solver leaves it where it
 * is (body separation still keeps bodies apart); this spares the solver most of a world at rest.
 * A monster the solver moved elsewhere than its mover did is marked {@link Monster#pushed}, so it re-checks the
 * line to its next waypoint (and re-plans when that is blocked) before walking on. Players predict with velocity 0:
 * their positions arrive at the client's rate, which a per-tick difference would turn into bursts.
 *
 * <p>Each monster and player keeps its agent index while it lives ({@link Monster#agent}, {@link Player#agent}); a
 * removal swaps the last agent in, and its owner's index follows. Tick thread only.
 */
final class Avoidance {
    /** Positions closer than this (metres) to where the mover put the monster count as not pushed. */
    private static final double SAME_METERS = 1e-6;
    /** Radius given to players and monsters without a body ({@code radiusMeters: 0}): the solver needs one. */
    private static final double MIN_RADIUS_METERS = 0.01;

    private final OrcaSolver solver;
    private final CrowdAgents agents = new CrowdAgents(64);
    /** Owner of each agent index: a {@link Monster} or a {@link Player}. */
    private Object[] owners = new Object[64];
    private long nextAgentId = 1;
    /** Monsters the last {@link #step} steered (those that moved or were yielding); the rest stood as obstacles. */
    private int steered;

    Avoidance(OrcaParams params) {
        this.solver = new OrcaSolver(params);
    }

    OrcaParams params() {
        return solver.params();
    }

    /**
     * One avoidance step after the movers ran: every monster goes from {@link Monster#tickStartX} toward where its
     * mover put it, avoiding the others, with its kind's body radius ({@link MonsterKind#radiusMeters()}; a monster
     * without a body among others with one gets 0.01 m, as players without one do). Does nothing when there are
     * monsters and none has a body.
     *
     * @param rP player radius, metres
     */
    void step(Collection<Monster> monsters, Collection<Player> players, GridMap map, double rP, double dtSeconds) {
        if (dtSeconds <= 0 || !monsters.isEmpty() && !anyBody(monsters)) {
            return;
        }
        for (Player p : players) {
            if (!p.hasPos) {
                continue;
            }
            if (p.agent < 0) {
                p.agent = add(p, p.x, p.z, Math.max(rP, MIN_RADIUS_METERS), 0, true);
            }
            agents.setPosition(p.agent, p.x, p.z);
            agents.setBody(p.agent, Math.max(rP, MIN_RADIUS_METERS), 0);
            agents.setPreferred(p.agent, 0, 0);
        }
        steered = 0;
        for (Monster m : monsters) {
            double r = m.kind.radiusMeters() > 0 ? m.kind.radiusMeters() : MIN_RADIUS_METERS;
            if (m.agent < 0) {
                m.agent = add(m, m.tickStartX, m.tickStartZ, r, m.speed, false);
            }
            agents.setPosition(m.agent, m.tickStartX, m.tickStartZ);
            agents.setBody(m.agent, r, m.speed);
            agents.setPreferred(m.agent, (m.x - m.tickStartX) / dtSeconds, (m.z - m.tickStartZ) / dtSeconds);
            boolean standing = m.x == m.tickStartX && m.z == m.tickStartZ && !agents.yielding(m.agent);
            agents.setExternal(m.agent, standing);
            if (!standing) {
                steered++;
            }
        }
        if (steered == 0) {
            return; // nobody moves: nothing to avoid, and the standing keep their places
        }
        solver.step(agents, map.navGrid(), dtSeconds);
        for (Monster m : monsters) {
            if (agents.external(m.agent)) {
                continue; // stood: an obstacle the solver does not move
            }
            double x = agents.x(m.agent);
            double z = agents.z(m.agent);
            if (Math.abs(x - m.x) > SAME_METERS || Math.abs(z - m.z) > SAME_METERS) {
                m.x = x;
                m.z = z;
                m.pushed = true;
            }
        }
    }

    /** Monsters the last {@link #step} steered; the others stood and took part as obstacles only. */
    int steered() {
        return steered;
    }

    private static boolean anyBody(Collection<Monster> monsters) {
        for (Monster m : monsters) {
            if (m.kind.radiusMeters() > 0) {
                return true;
            }
        }
        return false;
    }

    /** Forgets a monster that left the world. */
    void remove(Monster m) {
        if (m.agent >= 0) {
            removeAgent(m.agent);
            m.agent = -1;
        }
    }

    /** Forgets a player that left the world. */
    void remove(Player p) {
        if (p.agent >= 0) {
            removeAgent(p.agent);
            p.agent = -1;
        }
    }

    /** Forgets every agent (avoidance switched off, or the world's map replaced its grid). */
    void clear(Collection<Monster> monsters, Collection<Player> players) {
        for (Monster m : monsters) {
            m.agent = -1;
        }
        for (Player p : players) {
            p.agent = -1;
        }
        agents.clear();
        Arrays.fill(owners, null);
    }

    private int add(Object owner, double x, double z, double radius, double speed, boolean external) {
        int i = agents.add(nextAgentId++, x, z, radius, speed, external);
        if (i >= owners.length) {
            owners = Arrays.copyOf(owners, Math.max(i + 1, owners.length * 2));
        }
        owners[i] = owner;
        return i;
    }

    private void removeAgent(int index) {
        int movedFrom = agents.remove(index);
        if (movedFrom >= 0) {
            Object o = owners[movedFrom];
            owners[index] = o;
            if (o instanceof Monster m) {
                m.agent = index;
            } else if (o instanceof Player p) {
                p.agent = index;
            }
            owners[movedFrom] = null;
        } else {
            owners[index] = null;
        }
    }
}
