package dev.navserver.server.world;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.search.SearchStatus;
import dev.navserver.nav.smooth.WorldPath;

/**
 * Takes a finished plan into its monster. The plan was made from where the monster stood at submission and it kept
 * walking meanwhile, so the path is made to start where it stands now: its position replaces the first point when
 * the second is in sight, or is prepended when the first is; otherwise the plan is dropped and the monster plans
 * afresh. Tick thread only.
 */
final class PlanAdopter implements PlanDispatcher.Adopter {
    private final World world;
    private final PathPlanner planner;
    private final WorldMetrics metrics;

    PlanAdopter(World world, PathPlanner planner, WorldMetrics metrics) {
        this.world = world;
        this.planner = planner;
        this.metrics = metrics;
    }

    @Override
    public boolean adopt(Monster m, WorldPath planned, long playerSeq, long posArrivalNanos) {
        GridMap map = world.map();
        double y = map.transform().originY();
        WorldPath path;
        if (!planned.hasPoints()) {
            path = WorldPath.of(SearchStatus.UNREACHABLE, new double[] {m.x, y, m.z}, planned.expanded());
        } else if (planned.size() >= 2 && planner.clearLine(map, m.x, m.z, planned.x(1), planned.z(1))) {
            path = planned.startingAt(m.x, y, m.z, true);
        } else if (planner.clearLine(map, m.x, m.z, planned.x(0), planned.z(0))) {
            path = planned.startingAt(m.x, y, m.z, false);
        } else {
            metrics.planDropped();
            m.state = m.state.onInvalidated();
            return false;
        }
        m.path = path;
        m.pathMap = map;
        m.next = 1;
        // its first segment starts where it stands, not where the planner designed the path: until it has walked
        // past that first corner, its tick moves are checked as a pushed monster's are
        m.pushed |= planned.hasPoints()
                && MonsterMover.distance(m.x - planned.x(0), m.z - planned.z(0)) > 1e-6;
        m.state = m.state.onAdopted(path.size() >= 2, path.status() == SearchStatus.FOUND);
        if (!m.state.local()) {
            world.announce().path(m, path, playerSeq, posArrivalNanos);
        }
        m.editArrivalNanos = 0; // under local nav no nav_path answers the edit: nothing to time
        return true;
    }
}
