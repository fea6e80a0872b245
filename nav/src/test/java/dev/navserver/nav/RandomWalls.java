package dev.navserver.nav;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.MoveLayer;
import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.grid.WorldTransform;
import java.util.Random;
import java.util.random.RandomGenerator;

/**
 * Maps of scattered walls for tests: cell by cell, row-major, one {@code rnd.nextInt(100)} each, a wall when it is
 * below {@code wallPct}. The same generator state gives the same map.
 */
public final class RandomWalls {
    private RandomWalls() {
    }

    /** Walkability of {@code cells} cells. */
    public static boolean[] walkable(int cells, int wallPct, RandomGenerator rnd) {
        boolean[] walk = new boolean[cells];
        for (int i = 0; i < cells; i++) {
            walk[i] = rnd.nextInt(100) >= wallPct;
        }
        return walk;
    }

    /** A {@code width x height} map in unit cells. */
    public static GridMap map(String name, int width, int height, int wallPct, RandomGenerator rnd) {
        return GridMap.ofWalkable(name, width, height, WorldTransform.UNIT, walkable(width * height, wallPct, rnd));
    }

    /** The grid of {@link #map} named "random", drawn with {@code new Random(seed)}, for agents of {@code agentSize}. */
    public static NavGrid grid(int width, int height, int wallPct, int agentSize, long seed) {
        return map("random", width, height, wallPct, new Random(seed)).navGrid(MoveLayer.DEFAULT, agentSize);
    }
}
