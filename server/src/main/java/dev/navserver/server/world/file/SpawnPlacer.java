package dev.navserver.server.world.file;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.grid.WorldTransform;
import dev.navserver.protocol.message.Vec3;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Where a spawn group's monsters appear. Stateless; thread-safe as long as each caller owns its random.
 */
public final class SpawnPlacer {
    private SpawnPlacer() {
    }

    /**
     * A position on the map: a cell and the world XZ point a monster is placed at.
     *
     * @param cell the cell id ({@code row * width + col}) holding the point
     * @param x    world x, metres
     * @param z    world z, metres
     */
    public record Placement(int cell, double x, double z) {
    }

    /**
     * The positions of the group's {@code count} monsters, in spawn order.
     *
     * <ul>
     *   <li>Circle: distinct walkable cells whose centres lie within {@code radiusMeters} (XZ) of {@code center},
     *       drawn at random, each monster at its cell's centre. When the circle holds fewer walkable cells than
     *       {@code count}, the monsters are spread over those cells in turn: monster {@code i} takes the
     *       {@code (i mod cells)}-th cell drawn, so cells are shared as evenly as possible.</li>
     *   <li>Points: the given points in order, exactly as written (not moved to cell centres). A point whose cell is
     *       not walkable on {@code map} (the map changed since the file was checked) is skipped, and the remaining
     *       points are used in turn as above.</li>
     * </ul>
     *
     * Deterministic: the same group, map and random state give the same positions.
     *
     * @param random consumed only for a circle
     * @return {@code count} positions, or none when the area has no walkable cell on {@code map}
     */
    public static List<Placement> place(SpawnGroupSpec group, GridMap map, SplittableRandom random) {
        List<Placement> candidates = new ArrayList<>();
        if (group.hasPoints()) {
            for (Vec3 p : group.points()) {
                int cell = map.cellAt(p.x(), p.z());
                if (cell != GridMap.NO_CELL && map.navGrid().openCell(cell)) {
                    candidates.add(new Placement(cell, p.x(), p.z()));
                }
            }
        } else {
            int[] cells = walkableCells(map, group.center().x(), group.center().z(), group.radiusMeters());
            int drawn = Math.min(group.count(), cells.length);
            for (int i = 0; i < drawn; i++) {
                int j = i + random.nextInt(cells.length - i);
                int cell = cells[j];
                cells[j] = cells[i];
                cells[i] = cell;
                candidates.add(new Placement(cell, map.worldX(cell), map.worldZ(cell)));
            }
        }
        if (candidates.isEmpty()) {
            return List.of();
        }
        List<Placement> out = new ArrayList<>(group.count());
        for (int i = 0; i < group.count(); i++) {
            out.add(candidates.get(i % candidates.size()));
        }
        return List.copyOf(out);
    }

    /**
     * The walkable cells (under the default movement layer) whose centres lie within {@code radius} metres (XZ) of
     * world point {@code (x, z)}, in row-major order.
     *
     * @return cell ids ({@code row * width + col}), a new array
     */
    public static int[] walkableCells(GridMap map, double x, double z, double radius) {
        WorldTransform t = map.transform();
        long c0 = Math.max(0, Math.min(t.col(x - radius), t.col(x + radius)));
        long c1 = Math.min(map.width() - 1L, Math.max(t.col(x - radius), t.col(x + radius)));
        long r0 = Math.max(0, Math.min(t.row(z - radius), t.row(z + radius)));
        long r1 = Math.min(map.height() - 1L, Math.max(t.row(z - radius), t.row(z + radius)));
        NavGrid grid = map.navGrid();
        int[] out = new int[16];
        int n = 0;
        double r2 = radius * radius;
        for (long row = r0; row <= r1; row++) {
            for (long col = c0; col <= c1; col++) {
                int cell = map.cell(col, row);
                double dx = map.worldX(cell) - x;
                double dz = map.worldZ(cell) - z;
                if (dx * dx + dz * dz <= r2 && grid.openCell(cell)) {
                    if (n == out.length) {
                        out = Arrays.copyOf(out, 2 * n);
                    }
                    out[n++] = cell;
                }
            }
        }
        return Arrays.copyOf(out, n);
    }
}
