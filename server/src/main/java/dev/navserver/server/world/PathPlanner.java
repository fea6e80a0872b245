package dev.navserver.server.world;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.smooth.WorldPath;

/**
 * Computes chase paths and answers line-of-sight questions on immutable maps. Implementations are thread-safe:
 * {@link #plan} runs on planner threads, {@link #clearLine} on the tick thread.
 */
public interface PathPlanner {
    /**
     * Plans from a monster's position to a player's position, both in world metres (XZ plane). A goal on a blocked
     * cell snaps to the nearest walkable cell; a goal on another island yields a PARTIAL path toward the reachable
     * cell nearest it. A path without points says why there is none (UNREACHABLE, START_BLOCKED, OUT_OF_BOUNDS).
     */
    WorldPath plan(GridMap map, double startX, double startZ, double goalX, double goalZ);

    /** Whether the straight segment between two world points crosses no blocked cell and cuts no corner. */
    boolean clearLine(GridMap map, double x0, double z0, double x1, double z1);
}
