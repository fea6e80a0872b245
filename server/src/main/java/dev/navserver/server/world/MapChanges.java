package dev.navserver.server.world;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.search.SearchStatus;
import dev.navserver.protocol.message.CellRect;
import java.util.ArrayList;
import java.util.List;

/**
 * What a new map does to a world's monsters and routes: a file reload ({@link #reloaded}) or a runtime edit
 * ({@link #edited}). Tick thread only.
 */
final class MapChanges {
    private final World world;
    private final EditTracker edits;
    private final PlanDispatcher dispatcher;

    MapChanges(World world, EditTracker edits, PlanDispatcher dispatcher) {
        this.world = world;
        this.edits = edits;
        this.dispatcher = dispatcher;
    }

    /**
     * The map file was reloaded: in-flight plans are dropped when they return; every monster re-plans at once; a
     * monster left on a blocked cell moves to the nearest walkable cell; a route with a point that is no longer
     * walkable is removed (its patrols stand idle).
     *
     * @return the names of the routes removed
     */
    List<String> reloaded(GridMap map) {
        edits.reloaded();
        for (Monster m : world.monsterList()) {
            snapToWalkable(m, map);
            m.state = m.state.onInvalidated();
            PlanDispatcher.supersede(m);
        }
        List<String> removed = new ArrayList<>();
        world.routes().values().removeIf(r -> {
            boolean bad = MonsterOrders.checkRoute(map, r) != null;
            if (bad) {
                removed.add(r.name());
            }
            return bad;
        });
        return removed;
    }

    /**
     * A runtime edit: a monster re-plans at once when it stands on a cell the edit blocked (it first moves to the
     * nearest walkable cell), when its path has no full route ({@code partial} or {@code unreachable}: an opened wall
     * may give one), or when the rest of its path passes within one cell of an edited area; a plan it had in flight
     * is then dropped when it returns. Every other monster keeps its path and its plan in flight.
     *
     * @param arrivalNanos {@link System#nanoTime()} when the edit arrived, 0 = unknown
     * @return the number of monsters that re-plan
     */
    int edited(GridMap edited, List<CellRect> areas, long arrivalNanos, double now) {
        double[] boxes = edits.edited(edited, areas);
        int replans = 0;
        for (Monster m : world.monsterList()) {
            boolean replan = snapToWalkable(m, edited)
                    || m.path != null && (m.path.status() != SearchStatus.FOUND
                    || EditTracker.crosses(m.path, Math.max(m.next, 1), m.x, m.z, boxes));
            if (!replan || m.target == null && !m.hasGoal) {
                continue;
            }
            replans++;
            m.editArrivalNanos = arrivalNanos;
            m.state = m.state.onInvalidated();
            PlanDispatcher.supersede(m);
            if (m.target == null ? m.state.needsFreshPlan() : m.target.hasPos && m.state == MonsterState.REPLAN) {
                dispatcher.submit(m, edited, edits.generation(), now);
            }
        }
        return replans;
    }

    /** Moves a monster off a cell that is not walkable to the nearest walkable one; true when it was not walkable. */
    private static boolean snapToWalkable(Monster m, GridMap map) {
        if (Spawner.check(map, m.x, m.z) == World.SpawnStatus.SPAWNED) {
            return false;
        }
        int snapped = Spawner.nearestWalkable(map, m.x, m.z, 0);
        if (snapped != GridMap.NO_CELL) {
            m.x = map.worldX(snapped);
            m.z = map.worldZ(snapped);
        }
        return true;
    }
}
