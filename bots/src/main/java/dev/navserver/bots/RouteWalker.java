package dev.navserver.bots;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.smooth.LineOfSight;
import java.util.SplittableRandom;

/**
 * A bot's player walking a random route for ever: from its current cell centre it picks a random goal cell on the
 * largest island {@value #MIN_GOAL_CELLS}..{@value #MAX_GOAL_CELLS} cells away (any cell of the island if there is
 * none; near goals keep each route search small on large maps), follows the {@link CellRoutes} turning points
 * (every leg clear between cell centres) at a fixed speed, and on arrival picks the next goal. The position is
 * always on a clear leg between two cell centres.
 *
 * <p>When the map is edited, {@link #useGrid} switches the walk to the new version's grid: a route whose remaining
 * legs are still clear is kept; otherwise the walker routes again to the same goal from the cell it stands in
 * (walking to that cell's centre first), and if that cell itself became blocked it steps onto the nearest open
 * cell (a player bot cannot walk through the new wall, so it is put beside it).
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
    private NavGrid grid;
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
        this.grid = map.grid();
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

    /** The grid the walker routes on: the map's own until {@link #useGrid}. */
    public NavGrid grid() {
        return grid;
    }

    /**
     * Continues the walk on {@code next}, the grid of a newer version of the same map (same size).
     *
     * @return true when the route had to change (re-routed, or stepped off a cell that became blocked)
     */
    public boolean useGrid(NavGrid next) {
        this.grid = next;
        GridMap m = map.map();
        if (remainingClear()) {
            return false;
        }
        int here = m.cellAt(x, z);
        if (here == GridMap.NO_CELL || !next.openCell(here)) {
            int open = here == GridMap.NO_CELL ? GridMap.NO_CELL
                    : next.nearestOpen(m.col(here), m.row(here), 0, MAX_GOAL_CELLS);
            if (open == GridMap.NO_CELL) {
                return false; // nowhere to go: stand still until a later version opens something
            }
            here = open;
            x = m.worldX(here);
            z = m.worldZ(here);
        }
        int goal = route[route.length - 1];
        int[] r = goal == here ? new int[0] : CellRoutes.route(next, here, goal);
        if (r.length >= 2) {
            route = r;
        } else {
            route = new int[] {here}; // goal blocked or cut off: walk to this cell's centre, then pick a new goal
        }
        this.next = 0;
        return true;
    }

    /** Whether every leg still to walk, from the current position on, is clear on {@link #grid}. */
    private boolean remainingClear() {
        GridMap m = map.map();
        double px = x;
        double pz = z;
        for (int i = next; i < route.length; i++) {
            double tx = m.worldX(route[i]);
            double tz = m.worldZ(route[i]);
            if (!LineOfSight.clearWorld(grid, px, pz, tx, tz)) {
                return false;
            }
            px = tx;
            pz = tz;
        }
        int c = m.cellAt(x, z);
        return c != GridMap.NO_CELL && grid.openCell(c);
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
            int[] r = CellRoutes.route(grid, here, goal);
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
