package dev.navserver.bench;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.WorldTransform;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

/**
 * Perfect mazes by depth-first backtracking on odd cells, seeded: cells with both coordinates odd are rooms, the
 * generator knocks down the wall cell between a room and a random unvisited room two cells away, and backtracks
 * when none is left. Every room is reachable from every other by exactly one simple path. Stateless; thread-safe.
 */
public final class MazeGenerator {
    private MazeGenerator() {
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

    /**
     * Writes the maze as text: {@code width height} on the first line, then one line per row of {@code .} (open)
     * and {@code #} (wall). This is what {@code bench/seed000/astar.py} reads.
     */
    public static void writeText(Path file, int width, int height, long seed) throws IOException {
        boolean[] open = walkable(width, height, seed);
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.US_ASCII)) {
            out.write(width + " " + height + "\n");
            StringBuilder row = new StringBuilder(width + 1);
            for (int y = 0; y < height; y++) {
                row.setLength(0);
                for (int x = 0; x < width; x++) {
                    row.append(open[y * width + x] ? '.' : '#');
                }
                out.write(row.append('\n').toString());
            }
        }
    }

    /**
     * {@code MazeGenerator WIDTH HEIGHT SEED FILE [PAIRS_FILE]}: writes one maze with {@link #writeText} and,
     * given a second file, the random query pairs {@link FourConnectedBenchmark} times on it, one
     * {@code sx sy gx gy} line each.
     */
    public static void main(String[] args) throws IOException {
        if (args.length != 4 && args.length != 5) {
            System.err.println("usage: MazeGenerator WIDTH HEIGHT SEED FILE [PAIRS_FILE]");
            System.exit(2);
        }
        int width = Integer.parseInt(args[0]);
        int height = Integer.parseInt(args[1]);
        long seed = Long.parseLong(args[2]);
        writeText(Path.of(args[3]), width, height, seed);
        if (args.length == 5) {
            int[] q = FourConnectedBenchmark.queries(map(width, height, seed).navGrid(), false,
                    FourConnectedBenchmark.PAIRS, FourConnectedBenchmark.SEED);
            StringBuilder b = new StringBuilder();
            for (int i = 0; i < q.length; i += 4) {
                b.append(q[i]).append(' ').append(q[i + 1]).append(' ').append(q[i + 2]).append(' ')
                        .append(q[i + 3]).append('\n');
            }
            Files.writeString(Path.of(args[4]), b.toString(), StandardCharsets.US_ASCII);
        }
    }
}
