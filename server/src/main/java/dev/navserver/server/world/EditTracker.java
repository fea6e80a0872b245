package dev.navserver.server.world;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.search.SearchStatus;
import dev.navserver.nav.smooth.WorldPath;
import dev.navserver.protocol.message.CellRect;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.List;

/**
 * A world's map generations and the areas its recent edits wrote: whether a plan that returns from an older
 * generation may still be used ({@link #stillValid}), and whether a path crosses an edited area
 * ({@link #crosses}). Tick thread only.
 */
final class EditTracker {
    /** Most edits remembered since the last load. */
    static final int EDIT_LOG = 256;

    /** The generation an edit produced and the world boxes around the cell rectangles it wrote ({@link #boxes}). */
    private record EditRecord(long generation, double[] boxes) {
    }

    private final ArrayDeque<EditRecord> recentEdits = new ArrayDeque<>();
    private long mapGeneration;
    /** The generation the last map file load (or the start) began; plans from before it are always dropped. */
    private long reloadGeneration;

    /** The current map generation: one up per load and per edit. */
    long generation() {
        return mapGeneration;
    }

    /** A map file load replaced the map: a new generation; plans from before it are never kept. */
    void reloaded() {
        mapGeneration++;
        reloadGeneration = mapGeneration;
        recentEdits.clear();
    }

    /** An edit: a new generation; returns the world boxes around its areas (for {@link #crosses}). */
    double[] edited(GridMap edited, List<CellRect> areas) {
        mapGeneration++;
        if (recentEdits.size() == EDIT_LOG) {
            recentEdits.removeFirst();
        }
        double[] boxes = boxes(edited, areas);
        recentEdits.addLast(new EditRecord(mapGeneration, boxes));
        return boxes;
    }

    /**
     * Whether a plan that returns from generation {@code generation} may still be used on the current map: no map
     * file load since, a full route ({@code FOUND}), and no area edited since (all of them still in the log) within
     * one cell of its path.
     */
    boolean stillValid(long generation, WorldPath path) {
        if (generation < reloadGeneration || path.status() != SearchStatus.FOUND || !path.hasPoints()
                || recentEdits.isEmpty() || recentEdits.peekFirst().generation() > generation + 1) {
            return false;
        }
        for (Iterator<EditRecord> it = recentEdits.descendingIterator(); it.hasNext(); ) {
            EditRecord e = it.next();
            if (e.generation() <= generation) {
                break; // older edits the plan already saw
            }
            if (crosses(path, 1, path.x(0), path.z(0), e.boxes())) {
                return false;
            }
        }
        return true;
    }

    /**
     * World boxes {@code {minX, minZ, maxX, maxZ}, ...} around the cell rectangles, grown by one cell beyond the
     * cells' centres plus half a cell (the margin covers corner cutting).
     */
    static double[] boxes(GridMap map, List<CellRect> areas) {
        double cs = map.transform().cellSize();
        double[] out = new double[4 * areas.size()];
        int k = 0;
        for (CellRect r : areas) {
            out[k++] = map.transform().x(r.col()) - 1.5 * cs;
            out[k++] = map.transform().z(r.row() + r.height() - 1) - 1.5 * cs;
            out[k++] = map.transform().x(r.col() + r.width() - 1) + 1.5 * cs;
            out[k++] = map.transform().z(r.row()) + 1.5 * cs;
        }
        return out;
    }

    /**
     * Whether a path from (x, z) through its points {@code from, from + 1, ...} (the last one also tested on its
     * own) meets one of the {@link #boxes}.
     */
    static boolean crosses(WorldPath path, int from, double x, double z, double[] boxes) {
        // every segment lies in the bounds of the path's points and (x, z): most paths miss every box there
        double minX = Math.min(x, path.minX());
        double minZ = Math.min(z, path.minZ());
        double maxX = Math.max(x, path.maxX());
        double maxZ = Math.max(z, path.maxZ());
        boolean near = false;
        for (int k = 0; k < boxes.length && !near; k += 4) {
            near = maxX >= boxes[k] && minX <= boxes[k + 2] && maxZ >= boxes[k + 1] && minZ <= boxes[k + 3];
        }
        if (!near) {
            return false;
        }
        double ax = x;
        double az = z;
        for (int i = from; i <= path.size(); i++) {
            double bx = i < path.size() ? path.x(i) : ax;
            double bz = i < path.size() ? path.z(i) : az;
            for (int k = 0; k < boxes.length; k += 4) {
                if (segmentHitsBox(ax, az, bx, bz, boxes[k], boxes[k + 1], boxes[k + 2], boxes[k + 3])) {
                    return true;
                }
            }
            ax = bx;
            az = bz;
        }
        return false;
    }

    /** Liang-Barsky: whether segment (x0,z0)-(x1,z1) meets the closed box. No allocation. */
    static boolean segmentHitsBox(double x0, double z0, double x1, double z1, double minX, double minZ, double maxX,
            double maxZ) {
        if (Math.max(x0, x1) < minX || Math.min(x0, x1) > maxX || Math.max(z0, z1) < minZ
                || Math.min(z0, z1) > maxZ) {
            return false; // the segment's bounding box misses the box: the common case
        }
        double dx = x1 - x0;
        double dz = z1 - z0;
        double t0 = 0;
        double t1 = 1;
        for (int k = 0; k < 4; k++) {
            double p = k == 0 ? -dx : k == 1 ? dx : k == 2 ? -dz : dz;
            double q = k == 0 ? x0 - minX : k == 1 ? maxX - x0 : k == 2 ? z0 - minZ : maxZ - z0;
            if (p == 0) {
                if (q < 0) {
                    return false;
                }
            } else {
                double t = q / p;
                if (p < 0) {
                    t0 = Math.max(t0, t);
                } else {
                    t1 = Math.min(t1, t);
                }
                if (t0 > t1) {
                    return false;
                }
            }
        }
        return true;
    }
}
