package dev.navserver.server.edit;

import dev.navserver.nav.grid.CellEdit;
import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.Terrain;
import dev.navserver.nav.grid.WorldTransform;
import dev.navserver.protocol.TerrainNames;
import dev.navserver.protocol.message.CellRect;
import dev.navserver.protocol.message.TerrainEdit;
import dev.navserver.protocol.message.Vec3;
import java.util.ArrayList;
import java.util.List;

/**
 * Applies the edits of one {@code map_edit} to a map through {@link GridMap#edited}: the new map's derived data
 * (passability, costs, JPS bits, clearance, islands) for every layer and agent size already built are patched from
 * the current map's around the edited cells, not rebuilt (see docs/design.md, "Runtime edits"). Every edit is
 * checked before anything is built, so a message is applied whole or not at all. Stateless and thread-safe.
 */
public final class MapEditor {
    /** Outcome of {@link #apply}. */
    public enum Status {
        /** Every edit applied; {@link Result#map()} is the edited map. */
        APPLIED,
        /** A rectangle is not entirely on the map; nothing applied. */
        OUT_OF_BOUNDS,
        /** A {@code rect} covers no cell centre; nothing applied. */
        BAD_FIELD,
        /** The edits cover more cells than allowed; nothing applied. */
        TOO_LARGE
    }

    /**
     * @param status       what happened
     * @param message      why not, naming the edit ({@code edits[1].cells: ...}), or null when applied
     * @param map          the edited map, or null when not applied
     * @param changedCells cells whose terrain differs from the map before the message
     * @param patch        the applied edits as cell rectangles with engine terrain names, in application order
     *                     ({@code original} expanded into the terrain it restored), or empty when not applied
     */
    public record Result(Status status, String message, GridMap map, long changedCells, List<TerrainEdit> patch) {
        static Result rejected(Status status, String message) {
            return new Result(status, message, null, 0, List.of());
        }
    }

    /** Most one-cell corrections of a floating-point border in {@link #coveredCells}. */
    private static final int SETTLE_STEPS = 4;

    private MapEditor() {
    }

    /**
     * Applies {@code edits} in order to {@code current}.
     *
     * @param current  the map now in force
     * @param original the map its file loaded (same size), the source of {@code "original"}
     * @param edits    edits whose terrain is one of {@link TerrainNames#EDITABLE}
     * @param maxCells most cells the edits may cover together, {@code >= 1}
     */
    public static Result apply(GridMap current, GridMap original, List<TerrainEdit> edits, long maxCells) {
        List<CellRect> areas = new ArrayList<>(edits.size());
        long total = 0;
        for (int i = 0; i < edits.size(); i++) {
            TerrainEdit e = edits.get(i);
            String field = "edits[" + i + "]." + (e.cells() != null ? "cells" : "rect");
            long[] r = e.cells() != null ? bounds(e.cells()) : coveredCells(current.transform(), e.rect().get(0),
                    e.rect().get(1));
            if (r == null) {
                return Result.rejected(Status.BAD_FIELD, field + ": covers no cell centre");
            }
            if (r[0] < 0 || r[1] < 0 || r[2] >= current.width() || r[3] >= current.height()) {
                return Result.rejected(Status.OUT_OF_BOUNDS, field + ": columns " + r[0] + ".." + r[2] + ", rows "
                        + r[1] + ".." + r[3] + " are not all on map " + current.name() + " (" + current.width() + "x"
                        + current.height() + ")");
            }
            CellRect c = new CellRect((int) r[0], (int) r[1], (int) (r[2] - r[0] + 1), (int) (r[3] - r[1] + 1));
            total += c.cellCount();
            if (total > maxCells) {
                return Result.rejected(Status.TOO_LARGE, "edits cover more than maps.maxEditCells = " + maxCells
                        + " cells (" + total + " up to " + field + ")");
            }
            areas.add(c);
        }
        List<CellEdit> cellEdits = new ArrayList<>(areas.size());
        List<TerrainEdit> patch = new ArrayList<>(areas.size());
        for (int i = 0; i < areas.size(); i++) {
            CellRect c = areas.get(i);
            String name = edits.get(i).terrain();
            if (TerrainNames.ORIGINAL.equals(name)) {
                cellEdits.add(CellEdit.copy(c.col(), c.row(), c.width(), c.height(), original));
                patch.addAll(Patches.runs(original, c));
            } else {
                cellEdits.add(CellEdit.fill(c.col(), c.row(), c.width(), c.height(), terrainClass(name)));
                patch.add(TerrainEdit.cells(c, name));
            }
        }
        GridMap edited = current.edited(cellEdits);
        long changed = changedCells(current, edited, areas);
        return new Result(Status.APPLIED, null, edited, changed, List.copyOf(patch));
    }

    /**
     * Cells inside any of {@code areas} whose terrain differs between the two maps (each cell counted once); cost
     * grows with the areas, not the map.
     */
    static long changedCells(GridMap before, GridMap after, List<CellRect> areas) {
        long covered = 0;
        for (CellRect c : areas) {
            covered += c.cellCount();
        }
        int[] cells = new int[(int) covered];
        int n = 0;
        int w = before.width();
        for (CellRect c : areas) {
            for (int row = c.row(); row < c.row() + c.height(); row++) {
                for (int col = c.col(); col < c.col() + c.width(); col++) {
                    cells[n++] = row * w + col;
                }
            }
        }
        if (areas.size() > 1) {
            java.util.Arrays.sort(cells);
        }
        long changed = 0;
        for (int i = 0; i < n; i++) {
            if ((i == 0 || cells[i] != cells[i - 1]) && before.terrain(cells[i]) != after.terrain(cells[i])) {
                changed++;
            }
        }
        return changed;
    }

    /** {@code {col0, row0, col1, row1}} (inclusive) of a cell rectangle, without overflow. */
    private static long[] bounds(CellRect c) {
        return new long[] {c.col(), c.row(), (long) c.col() + c.width() - 1, (long) c.row() + c.height() - 1};
    }

    /**
     * The cells whose centre lies in the XZ rectangle spanned by two opposite corners, borders included, as
     * {@code {col0, row0, col1, row1}} (inclusive, possibly off the map), or null when no cell centre lies inside.
     * Heights ({@code y}) are ignored: the grid is flat. A centre is inside when
     * {@code min(x0,x1) <= transform.x(col) <= max(x0,x1)}, computed exactly as the transform computes centres.
     */
    public static long[] coveredCells(WorldTransform t, Vec3 a, Vec3 b) {
        double x0 = Math.min(a.x(), b.x());
        double x1 = Math.max(a.x(), b.x());
        double z0 = Math.min(a.z(), b.z());
        double z1 = Math.max(a.z(), b.z());
        // Columns grow with x, rows grow toward -z.
        long c0 = (long) Math.ceil(t.gridX(x0));
        long c1 = (long) Math.floor(t.gridX(x1));
        long r0 = (long) Math.ceil(t.gridY(z1));
        long r1 = (long) Math.floor(t.gridY(z0));
        // Settle rounding at the borders against the centres themselves (a step or two at most; bounded so that a
        // degenerate transform, a cell size below the precision of its origin, cannot loop).
        for (int k = 0; k < SETTLE_STEPS && t.x(c0 - 1) >= x0; k++) {
            c0--;
        }
        for (int k = 0; k < SETTLE_STEPS && t.x(c0) < x0; k++) {
            c0++;
        }
        for (int k = 0; k < SETTLE_STEPS && t.x(c1 + 1) <= x1; k++) {
            c1++;
        }
        for (int k = 0; k < SETTLE_STEPS && t.x(c1) > x1; k++) {
            c1--;
        }
        for (int k = 0; k < SETTLE_STEPS && t.z(r0 - 1) <= z1; k++) {
            r0--;
        }
        for (int k = 0; k < SETTLE_STEPS && t.z(r0) > z1; k++) {
            r0++;
        }
        for (int k = 0; k < SETTLE_STEPS && t.z(r1 + 1) >= z0; k++) {
            r1++;
        }
        for (int k = 0; k < SETTLE_STEPS && t.z(r1) < z0; k++) {
            r1--;
        }
        return c0 > c1 || r0 > r1 ? null : new long[] {c0, r0, c1, r1};
    }

    /** The engine class of a terrain name other than {@code original}. */
    static byte terrainClass(String name) {
        for (byte t = 0; t < Terrain.COUNT; t++) {
            if (Terrain.name(t).equals(name)) {
                return t;
            }
        }
        throw new IllegalArgumentException("unknown terrain " + name);
    }
}
