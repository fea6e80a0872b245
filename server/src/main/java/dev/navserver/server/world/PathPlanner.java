package dev.navserver.server.world;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.smooth.WorldPath;
import java.util.List;

/**
 * Computes chase paths and answers line-of-sight questions on immutable maps. Implementations are thread-safe:
 * {@link #plan} and {@link #planShared} run on planner threads, {@link #clearLine} on the tick thread.
 */
public interface PathPlanner {
    /**
     * Plans from a monster's position to a player's position, both in world metres (XZ plane). A goal on a blocked
     * cell snaps to the nearest walkable cell; a goal on another island yields a PARTIAL path toward the reachable
     * cell nearest it. A path without points says why there is none (UNREACHABLE, START_BLOCKED, OUT_OF_BOUNDS).
     */
    WorldPath plan(GridMap map, double startX, double startZ, double goalX, double goalZ);

    /**
     * Plans from many monsters' positions to one player's position at once: for each start, in order, a path with
     * the status and end points {@link #plan} gives it and a cell path of the same (optimal) length, smoothed; the
     * points may differ where equal-cost cell paths exist. An implementation may share work between the starts (one
     * integration field from the goal); this default plans them one by one and builds no field.
     *
     * @param startX world x of each start, metres; {@code startZ} likewise, same length
     * @param goalX  world x of the goal, metres; {@code goalZ} likewise
     * @return one path per start and the cells settled by a shared field (0 when none was built)
     */
    default SharedPaths planShared(GridMap map, double[] startX, double[] startZ, double goalX, double goalZ) {
        if (startZ.length != startX.length) {
            throw new IllegalArgumentException("need as many x as z: " + startX.length + ", " + startZ.length);
        }
        WorldPath[] out = new WorldPath[startX.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = plan(map, startX[i], startZ[i], goalX, goalZ);
        }
        return new SharedPaths(List.of(out), 0);
    }

    /** Whether the straight segment between two world points crosses no blocked cell and cuts no corner. */
    boolean clearLine(GridMap map, double x0, double z0, double x1, double z1);

    /**
     * Paths of {@link #planShared}. Immutable.
     *
     * @param paths      one per start, in order
     * @param fieldCells cells settled by the shared field, 0 when none was built
     */
    record SharedPaths(List<WorldPath> paths, int fieldCells) {
        public SharedPaths {
            paths = List.copyOf(paths);
        }
    }

    /**
     * Marks a planner task that may wait behind every other on the planner queue (a walk to a goal: wander, patrol,
     * {@code move_to}); unmarked tasks (chases, path queries) are urgent.
     */
    interface Background extends Runnable {
    }
}
