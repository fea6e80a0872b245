package dev.navserver.bots;

import dev.navserver.nav.grid.WorldTransform;
import dev.navserver.protocol.message.MapInfo;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.NavGrid;
import java.util.SplittableRandom;

/**
 * The map the bots walk and check paths on, with what they sample from: the cells of its largest island (where
 * every bot starts, so that its route and its monsters share one connected area). Built once per run and shared by
 * all bots; immutable and thread-safe.
 */
public final class BotMap {
    private static final double MAP_TOLERANCE = 1e-9;

    private final GridMap map;
    private final NavGrid grid;
    private final int island;
    private final int[] islandCells;
    private final PathChecker checker;

    /** @throws IllegalArgumentException when the map has no walkable cell */
    public BotMap(GridMap map) {
        this.map = map;
        this.grid = map.navGrid();
        int[] sizes = new int[grid.islandCount() + 1];
        int cells = map.width() * map.height();
        for (int c = 0; c < cells; c++) {
            sizes[grid.island(c)]++;
        }
        int best = 0;
        for (int i = 1; i < sizes.length; i++) {
            if (sizes[i] > sizes[best] || best == 0) {
                best = i;
            }
        }
        if (best == 0) {
            throw new IllegalArgumentException("map " + map.name() + " has no walkable cell");
        }
        this.island = best;
        this.islandCells = new int[sizes[best]];
        int n = 0;
        for (int c = 0; c < cells; c++) {
            if (grid.island(c) == best) {
                islandCells[n++] = c;
            }
        }
        this.checker = new PathChecker(map);
    }

    public GridMap map() {
        return map;
    }

    public NavGrid grid() {
        return grid;
    }

    public PathChecker checker() {
        return checker;
    }

    /** Label of the largest island (ties: the lowest label). */
    public int island() {
        return island;
    }

    /** Number of cells on the largest island. */
    public int islandSize() {
        return islandCells.length;
    }

    /** A uniformly random cell id of the largest island. */
    public int randomIslandCell(SplittableRandom random) {
        return islandCells[random.nextInt(islandCells.length)];
    }

    /**
     * A random cell of the largest island whose centre lies between {@code minMeters} and {@code maxMeters} (XZ)
     * from the centre of {@code from}: random draws first, then a scan of the surrounding square.
     *
     * @return a cell id, or {@link GridMap#NO_CELL} when no such cell exists
     */
    public int randomIslandCellNear(int from, double minMeters, double maxMeters, SplittableRandom random) {
        double cs = map.transform().cellSize();
        double fx = map.worldX(from);
        double fz = map.worldZ(from);
        for (int attempt = 0; attempt < 64; attempt++) {
            double angle = random.nextDouble(2 * Math.PI);
            double dist = minMeters + random.nextDouble() * (maxMeters - minMeters);
            int c = map.cellAt(fx + Math.cos(angle) * dist, fz + Math.sin(angle) * dist);
            if (c != GridMap.NO_CELL && grid.island(c) == island && inRing(c, fx, fz, minMeters, maxMeters)) {
                return c;
            }
        }
        int radius = (int) Math.ceil(maxMeters / cs);
        int col = map.col(from);
        int row = map.row(from);
        int found = 0;
        int chosen = GridMap.NO_CELL;
        for (int r = Math.max(0, row - radius); r <= Math.min(map.height() - 1, row + radius); r++) {
            for (int c = Math.max(0, col - radius); c <= Math.min(map.width() - 1, col + radius); c++) {
                int cell = map.cell(c, r);
                if (grid.island(cell) == island && inRing(cell, fx, fz, minMeters, maxMeters)
                        && random.nextInt(++found) == 0) {
                    chosen = cell; // reservoir sampling: each qualifying cell equally likely
                }
            }
        }
        return chosen;
    }

    private boolean inRing(int cell, double fx, double fz, double minMeters, double maxMeters) {
        double d = Math.hypot(map.worldX(cell) - fx, map.worldZ(cell) - fz);
        return d >= minMeters && d <= maxMeters;
    }

    /** Why the server's map differs from the bots' map, or null when it matches. */
    public static String mismatch(MapInfo info, GridMap local) {
        WorldTransform t = local.transform();
        if (info.width() != local.width() || info.height() != local.height()
                || Math.abs(info.cellSize() - t.cellSize()) > MAP_TOLERANCE
                || Math.abs(info.origin().x() - t.originX()) > MAP_TOLERANCE
                || Math.abs(info.origin().y() - t.originY()) > MAP_TOLERANCE
                || Math.abs(info.origin().z() - t.originZ()) > MAP_TOLERANCE) {
            return "the server's map " + info.name() + " (" + info.width() + "x" + info.height() + ", origin "
                    + info.origin().x() + "," + info.origin().y() + "," + info.origin().z() + ", cell "
                    + info.cellSize() + ") differs from the bots' map " + local.name() + " (" + local.width() + "x"
                    + local.height() + ", origin " + t.originX() + "," + t.originY() + "," + t.originZ() + ", cell "
                    + t.cellSize() + "); pass the server's map file with --map";
        }
        return null;
    }
}
