package dev.navserver.server.world;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.NavGrid;
import dev.navserver.server.config.NavServerConfig.Chase;
import java.util.Objects;
import java.util.function.LongSupplier;
import java.util.random.RandomGenerator;

/**
 * Where monsters appear: automatic spawn cells around a player, checks of requested spawn positions, snapping of
 * positions to walkable cells, and monster ids. Tick thread only (the randomness is not shared).
 */
public final class Spawner {
    /** Random positions tried in the spawn ring before falling back to the nearest walkable cell. */
    static final int SPAWN_TRIES = 64;
    /** Largest distance searched for a walkable cell near a spawn or a snapped position, in cells. */
    static final int SNAP_RADIUS_CELLS = 64;

    private final RandomGenerator random;
    private final LongSupplier monsterIds;

    /**
     * @param random     spawn randomness
     * @param monsterIds source of unique monster numbers, shared by all worlds (thread-safe)
     */
    public Spawner(RandomGenerator random, LongSupplier monsterIds) {
        this.random = Objects.requireNonNull(random);
        this.monsterIds = Objects.requireNonNull(monsterIds);
    }

    /** A new unique monster id, {@code m-<n>}. */
    public String nextId() {
        return "m-" + monsterIds.getAsLong();
    }

    /**
     * Whether a monster may be spawned at a world position.
     *
     * @return SPAWNED when the position is on a walkable cell, else OUT_OF_BOUNDS or BLOCKED
     */
    public static World.SpawnStatus check(GridMap map, double x, double z) {
        int cell = map.cellAt(x, z);
        if (cell == GridMap.NO_CELL) {
            return World.SpawnStatus.OUT_OF_BOUNDS;
        }
        return map.navGrid().openCell(cell) ? World.SpawnStatus.SPAWNED : World.SpawnStatus.BLOCKED;
    }

    /**
     * A cell for an automatic spawn near a player at {@code (px, pz)}: a random walkable cell of the player's island
     * at a distance in {@code [spawnMinDistanceMeters, spawnMaxDistanceMeters]}, else the walkable cell of that
     * island nearest the ring's east point.
     *
     * @return the cell, or {@link GridMap#NO_CELL} when the player is near no walkable cell
     */
    public int autoSpawnCell(GridMap map, Chase settings, double px, double pz) {
        NavGrid grid = map.navGrid();
        int playerCell = map.cellAt(px, pz);
        int island = playerCell == GridMap.NO_CELL ? 0 : grid.island(playerCell);
        if (island == 0) {
            int near = nearestWalkable(map, px, pz, 0);
            if (near == GridMap.NO_CELL) {
                return GridMap.NO_CELL;
            }
            island = grid.island(near);
        }
        double lo = settings.spawnMinDistanceMeters();
        double hi = settings.spawnMaxDistanceMeters();
        for (int i = 0; i < SPAWN_TRIES; i++) {
            double angle = random.nextDouble() * 2 * Math.PI;
            double dist = lo + random.nextDouble() * (hi - lo);
            int cell = map.cellAt(px + Math.cos(angle) * dist, pz + Math.sin(angle) * dist);
            if (cell != GridMap.NO_CELL && grid.island(cell) == island) {
                return cell;
            }
        }
        return nearestWalkable(map, px + lo, pz, island);
    }

    /**
     * The walkable cell nearest a world point within {@value #SNAP_RADIUS_CELLS} cells, on {@code island} (0 = any).
     *
     * @return the cell, or {@link GridMap#NO_CELL}
     */
    public static int nearestWalkable(GridMap map, double x, double z, int island) {
        long col = map.transform().col(x);
        long row = map.transform().row(z);
        if (col == Long.MIN_VALUE || row == Long.MIN_VALUE) {
            return GridMap.NO_CELL;
        }
        long c = Math.max(-SNAP_RADIUS_CELLS, Math.min(map.width() + SNAP_RADIUS_CELLS, col));
        long r = Math.max(-SNAP_RADIUS_CELLS, Math.min(map.height() + SNAP_RADIUS_CELLS, row));
        return map.navGrid().nearestOpen((int) c, (int) r, island, SNAP_RADIUS_CELLS);
    }
}
