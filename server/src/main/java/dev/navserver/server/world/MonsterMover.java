package dev.navserver.server.world;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.search.SearchStatus;
import dev.navserver.nav.smooth.WorldPath;
import java.util.Objects;

/**
 * Moves monsters: along their path, straight at their player under local nav while the line is clear, stopping at
 * the stopping distance; and switches local navigation on and off with hysteresis. Tick thread only.
 */
final class MonsterMover {
    /** What {@link #switchLocalNav} did. */
    enum LocalSwitch { NONE, ON, OFF }

    /** Metres beyond the bodies' contact distance at which a monster goes round its player. */
    static final double ROUND_MARGIN_METERS = 0.05;
    /** A monster this close to its surround slot (metres) does not move. */
    static final double SLOT_REACHED_METERS = 1e-3;

    private final PathPlanner planner;

    MonsterMover(PathPlanner planner) {
        this.planner = Objects.requireNonNull(planner);
    }

    /**
     * Moves a monster by at most {@code speed * dtSeconds} metres. Under local nav with a surround slot in a clear
     * line it steps straight to the slot and stops there. Otherwise it does not move when its player is within
     * {@code stopMeters}. Under local nav with a clear line it steps straight at the player (leaving its path,
     * {@link MonsterState#onStraightStep}); otherwise it follows its path, stopping early on reaching the stopping
     * distance, and at the last waypoint takes {@link MonsterState#onPathEnd}.
     */
    void move(Monster m, GridMap map, double dtSeconds, double stopMeters) {
        move(m, map, dtSeconds, stopMeters, 0);
    }

    /**
     * {@link #move(Monster, GridMap, double, double)} with bodies: a monster whose straight line to its slot would
     * pass through its player's body (within {@code bodyMeters} of the player's centre) goes round the player
     * instead, along a circle at least {@code bodyMeters + } {@value #ROUND_MARGIN_METERS} from it, turning toward
     * the slot's bearing.
     *
     * @param bodyMeters {@code monsterRadius + playerRadius}; 0 = no bodies
     */
    void move(Monster m, GridMap map, double dtSeconds, double stopMeters, double bodyMeters) {
        Player p = m.target;
        if (p == null) {
            m.tickStartX = m.x;
            m.tickStartZ = m.z;
            walkPath(m, map, m.speed * dtSeconds, 0); // to a goal point: no player to stop short of
            return;
        }
        m.tickStartX = m.x;
        m.tickStartZ = m.z;
        double budget = m.speed * dtSeconds;
        if (p.hasPos && m.state.local() && m.hasSlot) {
            double toSlot = distance(m.slotX - m.x, m.slotZ - m.z);
            if (toSlot <= SLOT_REACHED_METERS) {
                return;
            }
            double tx = m.slotX;
            double tz = m.slotZ;
            if (bodyMeters > 0 && segmentNear(m.x, m.z, tx, tz, p.x, p.z, bodyMeters)) {
                double radius = Math.max(distance(m.x - p.x, m.z - p.z), bodyMeters + ROUND_MARGIN_METERS);
                double from = Math.atan2(m.z - p.z, m.x - p.x);
                double diff = Math.IEEEremainder(Math.atan2(tz - p.z, tx - p.x) - from, 2 * Math.PI);
                double turn = Math.copySign(Math.min(Math.abs(diff), budget / radius), diff);
                tx = p.x + radius * Math.cos(from + turn);
                tz = p.z + radius * Math.sin(from + turn);
            }
            double toTarget = distance(tx - m.x, tz - m.z);
            if (toTarget > 0 && planner.clearLine(map, m.x, m.z, tx, tz)) {
                double step = Math.min(budget, toTarget);
                m.x += (tx - m.x) / toTarget * step;
                m.z += (tz - m.z) / toTarget * step;
                m.state = m.state.onStraightStep();
                return;
            }
        }
        if (p.hasPos) {
            double dist = distance(p.x - m.x, p.z - m.z);
            if (dist <= stopMeters) {
                return;
            }
            if (m.state.local() && planner.clearLine(map, m.x, m.z, p.x, p.z)) {
                double step = Math.min(budget, dist - stopMeters);
                m.x += (p.x - m.x) / dist * step;
                m.z += (p.z - m.z) / dist * step;
                // It left its path: walking on to a waypoint from here could cut a corner. When the line of sight
                // breaks, it needs a path that starts where it stands.
                m.state = m.state.onStraightStep();
                return;
            }
        }
        walkPath(m, map, budget, stopMeters);
    }

    private void walkPath(Monster m, GridMap map, double budget, double stopMeters) {
        Player p = m.target;
        WorldPath path = m.path;
        boolean offPath = m.pushed;
        if (m.pushed && m.state.following()) {
            // A body push moved it off its path: walking on to the waypoint could cross a blocked cell.
            if (!planner.clearLine(map, m.x, m.z, path.x(m.next), path.z(m.next))) {
                m.state = m.state.onInvalidated();
                return;
            }
            m.pushed = false;
        }
        boolean crossed = false;
        while (m.state.following() && budget > 0) {
            double tx = path.x(m.next);
            double tz = path.z(m.next);
            double dx = tx - m.x;
            double dz = tz - m.z;
            double d = distance(dx, dz);
            if (crossed && offPath) {
                // Off its path's own geometry (pushed off it, or given a path that starts where a push or a straight
                // local step left it, perhaps close to a wall), then past a waypoint within one tick: the tick's
                // whole move, which the path's corners no longer bound, must stay a clear line too.
                double nx = d <= budget ? tx : m.x + dx / d * budget;
                double nz = d <= budget ? tz : m.z + dz / d * budget;
                if (!planner.clearLine(map, m.tickStartX, m.tickStartZ, nx, nz)) {
                    return;
                }
            }
            if (d <= budget) {
                crossed = true;
                m.x = tx;
                m.z = tz;
                budget -= d;
                m.next++;
                if (m.next >= path.size()) {
                    m.state = m.state.onPathEnd(path.status() == SearchStatus.FOUND);
                }
            } else {
                m.x += dx / d * budget;
                m.z += dz / d * budget;
                budget = 0;
            }
            if (p != null && p.hasPos && distance(p.x - m.x, p.z - m.z) <= stopMeters) {
                return;
            }
        }
    }

    /**
     * Switches local nav on at XZ distance {@code <= onMeters} from the player and off beyond {@code offMeters}
     * ({@code >= onMeters}); updates the monster's state.
     */
    LocalSwitch switchLocalNav(Monster m, double onMeters, double offMeters) {
        Player p = m.target;
        if (p == null || !p.hasPos) {
            return LocalSwitch.NONE;
        }
        double dist = distance(p.x - m.x, p.z - m.z);
        if (!m.state.local() && dist <= onMeters) {
            m.state = m.state.onLocalOn();
            return LocalSwitch.ON;
        }
        if (m.state.local() && dist > offMeters) {
            m.state = m.state.onLocalOff();
            return LocalSwitch.OFF;
        }
        return LocalSwitch.NONE;
    }

    /** Whether the segment (x0,z0)-(x1,z1) comes closer than {@code r} to (px,pz). */
    static boolean segmentNear(double x0, double z0, double x1, double z1, double px, double pz, double r) {
        double sx = x1 - x0;
        double sz = z1 - z0;
        double len2 = sx * sx + sz * sz;
        double t = len2 == 0 ? 0 : Math.max(0, Math.min(1, ((px - x0) * sx + (pz - z0) * sz) / len2));
        return distance(x0 + t * sx - px, z0 + t * sz - pz) < r;
    }

    /**
     * Euclidean length of (dx, dz). Coordinates are bounded (the protocol rejects |x| > 1e7 m), so the plain formula
     * cannot overflow, and it is several times cheaper than {@code Math.hypot} on this per-monster, per-tick path.
     */
    static double distance(double dx, double dz) {
        return Math.sqrt(dx * dx + dz * dz);
    }
}
