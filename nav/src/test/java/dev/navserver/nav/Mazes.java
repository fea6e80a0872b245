package dev.navserver.nav;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.WorldTransform;
import java.util.Random;

/**
 * Perfect mazes by depth-first backtracking on odd cells, seeded: cells with both coordinates odd are rooms, the
 * generator knocks down the wall cell between a room and a random unvisited room two cells away, and backtracks
 * when none is left. Every room is reachable from every other by exactly one simple path. Stateless; thread-safe.
 * A copy of bench's {@code MazeGenerator}: nav tests cannot depend on bench.
 */
public final class Mazes {
    private Mazes() {
    }

    /**
     * The maze's walkability, row-major ({@code row * width + col}).
     *
     * @param width  columns, odd and {@code >= 3}
     * @param height rows, odd and {@code >= 3}
     * @param seed   seed of the {@link Random} choosing the order of neighbours
     */
    public static boolean[] walkable(int width, int height, long seed) {
        if (width < 3 || height < 3 || width % 2 == 0 || height % 2 == 0) {
            throw new IllegalArgumentException("maze sides must be odd and >= 3, got " + width + " x " + height);
        }
        boolean[] open = new boolean[width * height];
        Random rnd = new Random(seed);
        int[] stack = new int[width * height];
        int top = 0;
        int startCell = width + 1;
        open[startCell] = true;
        stack[top++] = startCell;
        int[] dirs = new int[4];
        int[][] steps = {{2, 0}, {-2, 0}, {0, 2}, {0, -2}};
        while (top > 0) {
            int c = stack[top - 1];
            int x = c % width;
            int y = c / width;
            int n = 0;
            for (int d = 0; d < 4; d++) {
                int nx = x + steps[d][0];
                int ny = y + steps[d][1];
                if (nx > 0 && ny > 0 && nx < width - 1 && ny < height - 1 && !open[ny * width + nx]) {
                    dirs[n++] = d;
                }
            }
            if (n == 0) {
                top--;
                continue;
            }
            int d = dirs[rnd.nextInt(n)];
            int nx = x + steps[d][0];
            int ny = y + steps[d][1];
            open[(y + steps[d][1] / 2) * width + x + steps[d][0] / 2] = true;
            open[ny * width + nx] = true;
            stack[top++] = ny * width + nx;
        }
        return open;
    }

    /** The maze as a map named {@code maze-W-H-SEED} with the unit transform. Arguments as in {@link #walkable}. */
    public static GridMap map(int width, int height, long seed) {
        return GridMap.ofWalkable("maze-" + width + "-" + height + "-" + seed, width, height, WorldTransform.UNIT,
                walkable(width, height, seed));
    }
}
