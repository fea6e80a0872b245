package dev.navserver.bots;

import dev.navserver.nav.grid.GridMap;
import java.util.SplittableRandom;

/**
 * A bot's player walking a random route for ever: from its current cell centre it picks a random goal cell on the
 * largest island {@value #MIN_GOAL_CELLS}..{@value #MAX_GOAL_CELLS} cells away (any cell of the island if there is
 * none; near goals keep each route search small on large maps), follows the {@link CellRoutes} turning points
 * (every leg clear between cell centres) at a fixed speed, and on arrival picks the next goal. The position is
 * always on a clear leg between two cell centres.
 *
 * <p>Not thread-safe: one walker per bot, used on that bot's event-loop thread.
 */
public final class RouteWalker {
    private static final int MAX_GOAL_ATTEMPTS = 16;
    /** Nearest goal, cells (straight line from the current cell). */
    static final int MIN_GOAL_CELLS = 8;
    /** Farthest goal, cells (straight line from the current cell). */
    static final int MAX_GOAL_CELLS = 48;

    private final BotMap map;
    private final SplittableRandom random;
    private int[] route = new int[0];
    private int next;
    private double x;
    private double z;
    private int routes;

    /**
     * @param start  cell id on the map's largest island where the walk starts (its centre)
     * @param random this bot's random source
     */
    public RouteWalker(BotMap map, int start, SplittableRandom random) {
        this.map = map;
        this.random = random;
        GridMap m = map.map();
        this.x = m.worldX(start);
        this.z = m.worldZ(start);
        this.route = new int[] {start};
        this.next = 1;
    }

    /** Current world x, metres. */
    public double x() {
        return x;
    }

    /** Current world z, metres. */
    public double z() {
        return z;
    }

    /** World y of every position: the map origin's y, metres. */
    public double y() {
        return map.map().transform().originY();
    }

    /** Number of routes started so far (goals picked), excluding the initial standing point. */
    public int routes() {
        return routes;
    }

    /**
     * Walks {@code meters} along the route, picking new goals as needed.
     *
     * @param meters distance to walk, metres, {@code >= 0}
     */
    public void advance(double meters) {
        GridMap m = map.map();
        double left = meters;
        int guard = 0;
        while (left > 0 && guard++ < 1000) {
            if (next >= route.length) {
                if (!newRoute()) {
                    return;
                }
                continue;
            }
            double tx = m.worldX(route[next]);
            double tz = m.worldZ(route[next]);
            double d = Math.hypot(tx - x, tz - z);
            if (d <= left) {
                x = tx;
                z = tz;
                left -= d;
                next++;
            } else {
                x += (tx - x) * (left / d);
                z += (tz - z) * (left / d);
                left = 0;
            }
        }
    }

    private boolean newRoute() {
        int here = route[route.length - 1];
        double cs = map.map().transform().cellSize();
        for (int attempt = 0; attempt < MAX_GOAL_ATTEMPTS; attempt++) {
            int goal = map.randomIslandCellNear(here, MIN_GOAL_CELLS * cs, MAX_GOAL_CELLS * cs, random);
            if (goal == GridMap.NO_CELL) {
                goal = map.randomIslandCell(random);
            }
            if (goal == here) {
                continue;
            }
            int[] r = CellRoutes.route(map.grid(), here, goal);
            if (r.length >= 2) {
                route = r;
                next = 1;
                routes++;
                return true;
            }
        }
        return false;
    }
}
