package dev.navserver.nav.grid;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Derives an edited {@link GridMap} and its {@link NavGrid}s from the previous ones ({@link GridMap#edited}).
 *
 * <p>Storage: terrain, clearance and island labels are 64x64 copy-on-write chunks ({@link ByteChunks},
 * {@link IntChunks}); standability bit rows and columns and cost rows are copy-on-write per row or column. All are
 * shared with the old map except where written, so the cost of an edit grows with what it changes (plus one copy
 * of the outer arrays of references: a few words per row, column and chunk). Rectangle by rectangle in edit order:
 * <ol>
 * <li>terrain of the rectangle; the bounding box {@code T} of cells whose class changed;</li>
 * <li>per layer, clearance in {@code [x0 - MAX_CLEARANCE + 1, x1] x [y0 - MAX_CLEARANCE + 1, y1]} of {@code T}
 *     (a cell's capped clearance depends only on the {@code MAX_CLEARANCE}-square below-right of it), re-run
 *     right-to-left, bottom-to-top, only where an input changed; the box {@code K} of values that changed;</li>
 * <li>per grid of agent size {@code k}, standability and cost in {@code (K shifted by (k-1)/2) ∪ T}; JPS row and
 *     column bits flipped for cells whose standability changed;</li>
 * <li>islands ({@link Islands}) in two steps, each with the chunk graph ({@link ChunkBorders}) of the chunks
 *     it changed re-labelled first: the closed cells alone (they may split their island), then the opened cells
 *     (they may merge islands).</li>
 * </ol>
 * Not thread-safe; used by one call at a time.
 */
final class GridEdit {
    private GridEdit() {
    }

    static GridMap apply(GridMap base, List<CellEdit> edits) {
        int w = base.width();
        int h = base.height();
        ByteChunks terrain = base.terrainChunks().editableCopy();
        List<GridPatch> works = new ArrayList<>();
        Map<MoveLayer, ByteChunks> clearances = new HashMap<>();
        // clearance is kept only for layers that have it (built for a grid above size 1, or asked for); the grids
        // are listed first: a grid above size 1 is published only after its layer's clearance, so every grid
        // listed that needs clearance finds it below, even while other threads build more grids on the base
        List<NavGrid> built = base.builtGrids();
        List<ChunkBorders.Labelling> labellings = new ArrayList<>();
        for (Map.Entry<MoveLayer, ByteChunks> e : base.clearances().entrySet()) {
            clearances.put(e.getKey(), e.getValue().editableCopy());
        }
        for (NavGrid g : built) {
            GridPatch wk = new GridPatch(g);
            wk.clearance = clearances.get(g.layer());
            wk.labellings = labellings;
            works.add(wk);
        }
        for (CellEdit e : edits) {
            int tx0 = Integer.MAX_VALUE;
            int ty0 = Integer.MAX_VALUE;
            int tx1 = -1;
            int ty1 = -1;
            for (int r = e.row(); r < e.row() + e.height(); r++) {
                for (int c = e.col(); c < e.col() + e.width(); c++) {
                    byte t = (byte) e.terrainAt(c, r);
                    if (terrain.get(c, r) != t) {
                        terrain.set(c, r, t);
                        tx0 = Math.min(tx0, c);
                        ty0 = Math.min(ty0, r);
                        tx1 = Math.max(tx1, c);
                        ty1 = Math.max(ty1, r);
                    }
                }
            }
            if (tx1 < 0) {
                continue;
            }
            Map<MoveLayer, int[]> changedBoxes = new HashMap<>();
            for (Map.Entry<MoveLayer, ByteChunks> ce : clearances.entrySet()) {
                changedBoxes.put(ce.getKey(), updateClearance(terrain, w, h, ce.getKey(), ce.getValue(), tx0, ty0,
                        tx1, ty1));
            }
            for (GridPatch wk : works) {
                int[] kb = changedBoxes.get(wk.layer);
                int x0 = tx0;
                int y0 = ty0;
                int x1 = tx1;
                int y1 = ty1;
                if (kb != null) {
                    x0 = Math.min(x0, kb[0] + wk.off);
                    y0 = Math.min(y0, kb[1] + wk.off);
                    x1 = Math.max(x1, kb[2] + wk.off);
                    y1 = Math.max(y1, kb[3] + wk.off);
                }
                wk.update(terrain, x0, y0, x1, y1);
            }
        }
        for (ByteChunks c : clearances.values()) {
            c.freeze();
        }
        terrain.freeze();
        return new GridMap(base, terrain, clearances, works);
    }

    /**
     * Re-runs the clearance recurrence over the window a change in [tx0,tx1]x[ty0,ty1] can reach, row by row from
     * the bottom, only where an input changed.
     *
     * @return {@code {x0, y0, x1, y1}} of the values that changed, or null when none did
     */
    static int[] updateClearance(ByteChunks terrain, int w, int h, MoveLayer layer, ByteChunks clearance, int tx0, int ty0,
                                 int tx1, int ty1) {
        int cx0 = Math.max(0, tx0 - NavGrid.MAX_CLEARANCE + 1);
        int cy0 = Math.max(0, ty0 - NavGrid.MAX_CLEARANCE + 1);
        int x0 = Integer.MAX_VALUE;
        int y0 = Integer.MAX_VALUE;
        int x1 = -1;
        int y1 = -1;
        // (c, r) depends on its terrain and on (c+1, r), (c, r+1), (c+1, r+1): it can change only inside the
        // terrain box, above a change in the row below (columns loBelow-1..hiBelow), or left of a change in its row
        int loBelow = Integer.MAX_VALUE;
        int hiBelow = -1;
        for (int r = ty1; r >= cy0; r--) {
            boolean terrainRow = r >= ty0;
            int hi = Math.max(terrainRow ? tx1 : -1, hiBelow);
            if (hi < 0) {
                break; // above the terrain box and nothing changed in the row below
            }
            int lo = Math.min(terrainRow ? tx0 : Integer.MAX_VALUE, hiBelow < 0 ? Integer.MAX_VALUE : loBelow - 1);
            int rowLo = Integer.MAX_VALUE;
            int rowHi = -1;
            boolean rightChanged = false;
            for (int c = hi; c >= cx0 && (c >= lo || rightChanged); c--) {
                int v = Clearance.at(terrain, w, h, layer, clearance, c, r);
                rightChanged = v != clearance.get(c, r);
                if (rightChanged) {
                    clearance.set(c, r, (byte) v);
                    rowLo = c;
                    rowHi = Math.max(rowHi, c);
                }
            }
            loBelow = rowLo;
            hiBelow = rowHi;
            if (rowHi >= 0) {
                x0 = Math.min(x0, rowLo);
                y0 = Math.min(y0, r);
                x1 = Math.max(x1, rowHi);
                y1 = Math.max(y1, r);
            }
        }
        return x1 < 0 ? null : new int[] {x0, y0, x1, y1};
    }
}
