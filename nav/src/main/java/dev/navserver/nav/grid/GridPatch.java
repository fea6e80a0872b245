package dev.navserver.nav.grid;

import java.util.List;

/**
 * One grid's arrays being patched by an edit ({@link GridEdit}): standability bits and costs copied per row or
 * column on first write, island labels through {@link Islands}. Not thread-safe; one per grid and edit.
 */
final class GridPatch {
    final NavGrid from;
    final MoveLayer layer;
    final int k;
    final int off;
    final int w;
    final int h;
    final int stride;
    final long[][] rows;
    final boolean[] rowOwned;
    final long[][] columns;
    final boolean[] columnOwned;
    final float[][] costRows;
    final boolean[] costOwned;
    final IntChunks island;
    final ChunkBorders borders;
    final Islands islands;
    ByteChunks clearance;
    /** Labellings of the chunks an update touched, shared by the grids of one edit (one update at a time). */
    List<ChunkBorders.Labelling> labellings;

    GridPatch(NavGrid g) {
        from = g;
        layer = g.layer();
        k = g.agentSize();
        off = (k - 1) / 2;
        w = g.width();
        h = g.height();
        stride = g.stride();
        rows = g.openRows().clone();
        rowOwned = new boolean[rows.length];
        columns = g.openColumns().clone();
        columnOwned = new boolean[columns.length];
        costRows = g.costRows() == null ? null : g.costRows().clone();
        costOwned = costRows == null ? null : new boolean[costRows.length];
        island = g.islandChunks().editableCopy();
        borders = g.chunkBorders().editableCopy();
        islands = new Islands(rows, island, g.islandOfArray().clone(), borders, stride,
                g.islandSizeArray().clone(), g.islandLabelBound(), g.islandCount());
    }

    NavGrid build(GridMap map) {
        island.freeze();
        return new NavGrid(map, from, rows, columns, costRows, island, islands.islandOf, islands.count,
                islands.sizes, islands.labelBound, borders);
    }

    /** Recomputes standability and cost in [x0,x1]x[y0,y1] (clipped) and updates bits and islands. */
    void update(ByteChunks terrain, int x0, int y0, int x1, int y1) {
        x0 = Math.max(x0, 0);
        y0 = Math.max(y0, 0);
        x1 = Math.min(x1, w - 1);
        y1 = Math.min(y1, h - 1);
        IntList closed = new IntList();
        IntList opened = new IntList();
        for (int r = y0; r <= y1; r++) {
            int y = r + 1;
            for (int c = x0; c <= x1; c++) {
                int ac = c - off;
                int ar = r - off;
                boolean fits = k == 1 ? layer.passable(terrain.get(c, r))
                        : ac >= 0 && ar >= 0 && clearance.get(ac, ar) >= k;
                int x = c + 1;
                if (costRows != null) {
                    float v = fits ? layer.cost(terrain.get(c, r)) : MoveLayer.BLOCKED;
                    if (Float.compare(costRows[y][x], v) != 0) {
                        if (!costOwned[y]) {
                            costRows[y] = costRows[y].clone();
                            costOwned[y] = true;
                        }
                        costRows[y][x] = v;
                    }
                }
                if (fits != NavGrid.bit(rows[y], x)) {
                    if (fits) {
                        opened.add(y * stride + x); // flipped after the closures' islands are done
                    } else {
                        closed.add(y * stride + x);
                        flip(x, y);
                    }
                }
            }
        }
        // islands in two exact steps: the closures alone, then the openings
        if (!closed.isEmpty()) {
            islands.close(closed, relabelChunks(closed), labellings);
        }
        if (!opened.isEmpty()) {
            for (int i = 0; i < opened.size(); i++) {
                flip(opened.get(i) % stride, opened.get(i) / stride);
            }
            relabelChunks(opened);
            islands.open(opened);
        }
    }

    /** Flips the standability bit of padded (x, y) in its row and column, copying them first if shared. */
    private void flip(int x, int y) {
        if (!rowOwned[y]) {
            rows[y] = rows[y].clone();
            rowOwned[y] = true;
        }
        if (!columnOwned[x]) {
            columns[x] = columns[x].clone();
            columnOwned[x] = true;
        }
        rows[y][x >>> 6] ^= 1L << x;
        columns[x][y >>> 6] ^= 1L << y;
    }

    /**
     * Re-labels the chunks holding {@code cells} (padded) from the bit rows as they are now.
     *
     * @return chunk index -> index of its labelling in {@link #labellings}
     */
    private IntIntMap relabelChunks(IntList cells) {
        IntIntMap touched = new IntIntMap();
        for (int i = 0; i < cells.size(); i++) {
            int p = cells.get(i);
            int ci = borders.chunkOf(p % stride - 1, p / stride - 1);
            if (!touched.containsKey(ci)) {
                int n = touched.size();
                if (n == labellings.size()) {
                    labellings.add(new ChunkBorders.Labelling());
                }
                borders.relabel(rows, ci, labellings.get(n));
                touched.put(ci, n);
            }
        }
        return touched;
    }
}
