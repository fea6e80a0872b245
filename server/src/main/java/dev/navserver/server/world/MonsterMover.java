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
        Player p = m.player;
        m.tickStartX = m.x;
        m.tickStartZ = m.z;
        double budget = m.speed * dtSeconds;
        if (p.hasPos && m.state.local() && m.hasSlot) {
            double toSlot = distance(m.slotX - m.x, m.slotZ - m.z);
            if (toSlot <= SLOT_REACHED_METERS) {
                return;
            }
            if (planner.clearLine(map, m.x, m.z, m.slotX, m.slotZ)) {
                double step = Math.min(budget, toSlot);
                m.x += (m.slotX - m.x) / toSlot * step;
                m.z += (m.slotZ - m.z) / toSlot * step;
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
        Player p = m.player;
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
                // Pushed off its path, then past a waypoint within one tick: the tick's whole move (which the
                // path's corners no longer bound) must stay a clear line too.
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
            if (p.hasPos && distance(p.x - m.x, p.z - m.z) <= stopMeters) {
                return;
            }
        }
    }

    /**
     * Switches local nav on at XZ distance {@code <= onMeters} from the player and off beyond {@code offMeters}
     * ({@code >= onMeters}); updates the monster's state.
     */
    LocalSwitch switchLocalNav(Monster m, double onMeters, double offMeters) {
        Player p = m.player;
        if (!p.hasPos) {
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

    /**
     * Euclidean length of (dx, dz). Coordinates are bounded (the protocol rejects |x| > 1e7 m), so the plain formula
     * cannot overflow, and it is several times cheaper than {@code Math.hypot} on this per-monster, per-tick path.
     */
    static double distance(double dx, double dz) {
        return Math.sqrt(dx * dx + dz * dz);
    }
}
