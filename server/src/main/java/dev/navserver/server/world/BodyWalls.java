package dev.navserver.server.world;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.grid.WorldTransform;
import java.util.Objects;

/**
 * The wall-safe moves of {@link BodySeparation}: a monster of the {@link BodyState} may go only where the segments
 * to the new position from where it stands and from where it stood when the tick began are clear lines (walkable,
 * no corner cut), so that its whole move this tick, as a client interpolating between two positions draws it,
 * crosses no blocked cell. A push that is not clear may be taken along one axis ({@link #slide}) or partly backwards
 * ({@link #backOff}). Tick thread only.
 */
final class BodyWalls {
    private final PathPlanner planner;
    private final BodyState s;

    BodyWalls(PathPlanner planner, BodyState state) {
        this.planner = Objects.requireNonNull(planner);
        this.s = Objects.requireNonNull(state);
    }

    /**
     * Whether monster {@code i} may be pushed to ({@code x1}, {@code z1}), metres: a walkable cell in a clear line
     * from where it stands and from where it stood when the tick began.
     */
    boolean clear(GridMap map, int i, double x1, double z1) {
        double[] xs = s.xs;
        double[] zs = s.zs;
        if (openAround(map, s.startX[i], s.startZ[i], xs[i], zs[i], x1, z1)) {
            return true; // every cell the segments could touch or cut is open
        }
        int cell = map.cellAt(x1, z1);
        return cell != GridMap.NO_CELL && map.navGrid().openCell(cell)
                && planner.clearLine(map, xs[i], zs[i], x1, z1)
                && planner.clearLine(map, s.startX[i], s.startZ[i], x1, z1);
    }

    /**
     * Takes only the X ({@code alongX}) or Z part of a push ({@code ddx}, {@code ddz}) metres, if that is
     * {@link #clear}: moves the monster's position (not re-hashed, not marked moved). Whether it moved.
     */
    boolean slide(GridMap map, int i, double ddx, double ddz, boolean alongX) {
        double x1 = alongX ? s.xs[i] + ddx : s.xs[i];
        double z1 = alongX ? s.zs[i] : s.zs[i] + ddz;
        if ((alongX ? ddx : ddz) == 0 || !clear(map, i, x1, z1)) {
            return false;
        }
        s.xs[i] = x1;
        s.zs[i] = z1;
        return true;
    }

    /**
     * A push a wall holds in every direction can still be taken partly backwards toward where the monster stood
     * when the tick began (two monsters squeezing through one door corner, a player walking into a monster in a
     * corridor): the part of the push in that direction, at most back to it, if that is {@link #clear}. Moves the
     * monster's position (not re-hashed, not marked moved) and pins it (its partners take the rest). Whether it
     * moved.
     */
    boolean backOff(GridMap map, int i, double ddx, double ddz) {
        double bx = s.startX[i] - s.xs[i];
        double bz = s.startZ[i] - s.zs[i];
        double back = Math.sqrt(bx * bx + bz * bz);
        if (back < 1e-9) {
            return false;
        }
        double along = (ddx * bx + ddz * bz) / back;
        if (along <= 1e-9) {
            return false;
        }
        double step = Math.min(along, back);
        double x1 = s.xs[i] + bx / back * step;
        double z1 = s.zs[i] + bz / back * step;
        if (!clear(map, i, x1, z1)) {
            return false;
        }
        s.xs[i] = x1;
        s.zs[i] = z1;
        s.pin(i);
        return true;
    }

    /**
     * Fast path of the line checks, O(1) with the grid's clearance: whether every cell of the bounding box of three
     * points, grown by one cell on each side (so that a segment along a cell border and the corner cells a diagonal
     * step could cut are inside), is open.
     */
    private static boolean openAround(GridMap map, double x0, double z0, double x1, double z1, double x2,
            double z2) {
        WorldTransform t = map.transform();
        long c0 = t.col(x0);
        long c1 = t.col(x1);
        long c2 = t.col(x2);
        long r0 = t.row(z0);
        long r1 = t.row(z1);
        long r2 = t.row(z2);
        long cMin = Math.min(c0, Math.min(c1, c2)) - 1;
        long cMax = Math.max(c0, Math.max(c1, c2)) + 1;
        long rMin = Math.min(r0, Math.min(r1, r2)) - 1;
        long rMax = Math.max(r0, Math.max(r1, r2)) + 1;
        if (cMin < 0 || rMin < 0 || cMax >= map.width() || rMax >= map.height()) {
            return false;
        }
        NavGrid grid = map.navGrid();
        long side = Math.max(cMax - cMin, rMax - rMin) + 1;
        return grid.clearance(map.cell(cMin, rMin)) >= side;
    }
}
