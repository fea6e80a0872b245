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
 * <li>the chunk graph ({@link ChunkBorders}) of the chunks holding cells whose standability changed, then
 *     islands ({@link Islands}): closed cells may split their island, opened cells may merge islands.</li>
 * </ol>
 * Not thread-safe; used by one call at a time.
 */
final class GridEdit {
    private GridEdit() {
    }

    /** One grid's arrays being patched. */
    static final class Work {
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

        Work(NavGrid g) {
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
            islands = new Islands(rows, island, g.islandOfArray().clone(), borders, w, h, stride,
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
                        (fits ? opened : closed).add(y * stride + x);
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
                }
            }
            if (!closed.isEmpty() || !opened.isEmpty()) {
                IntIntMap touched = new IntIntMap();
                relabelChunks(closed, touched);
                relabelChunks(opened, touched);
                islands.update(closed, opened, touched, labellings);
            }
        }

        /** Re-labels the chunks of {@code cells} (padded) not yet in {@code touched} (chunk -> labelling index). */
        private void relabelChunks(IntList cells, IntIntMap touched) {
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
        }
    }

    static GridMap apply(GridMap base, List<CellEdit> edits) {
        int w = base.width();
        int h = base.height();
        ByteChunks terrain = base.terrainChunks().editableCopy();
        List<Work> works = new ArrayList<>();
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
            Work wk = new Work(g);
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
            for (Work wk : works) {
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
                int v = NavGrid.clearanceAt(terrain, w, h, layer, clearance, c, r);
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

    /**
     * Island labels of one grid, patched in place after standability changed.
     *
     * <p>Only closed cells (a wall, the common case): the rest of each island {@code L} they belonged to falls into
     * pieces, each touching a closed cell. Whether it split is decided on the chunk graph ({@link ChunkBorders}),
     * whose nodes are the components of standable cells within a chunk, with the touched chunks already
     * re-labelled: from the node of every neighbour of the closed cells, the pieces grow node by node, one node per
     * growing piece per round, until at most one is still growing (the same balanced search as the cell floods
     * below, over nodes instead of cells). Only a piece that ran out is relabelled, by a flood over its cells. Cost:
     * the touched chunks' labelling, the nodes around the closure until the pieces meet (a detour through other
     * chunks costs a few nodes per chunk, not its cells), and the cells of the pieces split off.
     *
     * <p>When cells were also opened, the same search runs over cells: a flood restricted to label {@code L} starts
     * from every neighbour of the closed cells (opened cells have no label yet and stop it); floods that meet are
     * one piece, and every growing piece advances one cell in turn (from its floods in rotation), so a
     * piece of many floods does not outgrow a lone one; a piece whose floods all run out has been enumerated
     * whole. It stops when at most one piece is still growing: that one is the remainder and keeps whatever it
     * has not visited. Cost: about (number of pieces) x (size of every piece but the largest), plus the ring
     * around the closed cells when nothing splits; worst case the whole island when the two sides of a cut are
     * both large.
     *
     * <p>Opened cells, pieces and untouched islands next to opened cells are then joined with a union-find; each
     * resulting island keeps the label of its largest member whose cells are not enumerated (an untouched island
     * or a remainder); each other such member is relabelled by a flood when it has fewer cells than there are
     * labels, else its label is pointed at the kept one in the grid's label table (one pass over the table for all
     * of them), so a merge costs at most the smaller of the absorbed island and the table. Stored labels are read
     * through that table. Sizes per label are kept to choose; the count is exact, labels may have gaps.
     */
    static final class Islands {
        /** The grid's bit rows, already updated to the new standability. */
        final long[][] rows;
        final IntChunks labels;
        /** The chunk graph, the touched chunks already re-labelled. */
        final ChunkBorders borders;
        final int w;
        final int h;
        final int stride;
        /** Island of each stored label (see {@link NavGrid}); labels below are islands, i.e. entries of this. */
        int[] islandOf;
        int[] sizes;
        int labelBound;
        int count;

        // union-find nodes: seeds of floods (SEED), opened cells (OPENED), untouched islands (INTACT)
        private static final int SEED = 0;
        private static final int OPENED = 1;
        private static final int INTACT = 2;
        private final IntList parent = new IntList();
        private final IntList kind = new IntList();
        private final IntList nodeLabel = new IntList();
        private final IntList nodeCell = new IntList();
        private final List<IntList> floodCells = new ArrayList<>();
        private final IntList floodHead = new IntList();
        private final IntList pending = new IntList();
        /** Per union-find node: a cell of it (its own cell, or for a chunk-graph node the seed cell it came from). */
        private final IntList anchor = new IntList();
        /** Neighbours of the cell or node being visited. */
        private final IntList around = new IntList();
        /** Whether the floods run over chunk-graph nodes (node codes) rather than cells (padded indices). */
        private boolean graph;
        /** Which flood owns a cell (cell floods). */
        private PagedIntMap owner;
        /** Which flood owns a node (chunk-graph floods). */
        private IntIntMap nodeOwner;

        Islands(long[][] rows, IntChunks labels, int[] islandOf, ChunkBorders borders, int w, int h, int stride,
                int[] sizes, int labelBound, int count) {
            this.islandOf = islandOf;
            this.rows = rows;
            this.labels = labels;
            this.borders = borders;
            this.w = w;
            this.h = h;
            this.stride = stride;
            this.sizes = sizes;
            this.labelBound = labelBound;
            this.count = count;
        }

        /**
         * Label at padded index p: 0 where not standable (under the new standability) and on the border. Stored
         * labels of cells that are not standable are don't-cares ({@link IntChunks.LabelWriter}), hence the mask.
         */
        private int label(int p) {
            int x = p % stride;
            int y = p / stride;
            return NavGrid.bit(rows[y], x) ? islandOf[labels.get(x - 1, y - 1)] : 0;
        }

        /** Writes the label at padded index p, inside the map. */
        private void setLabel(int p, int label) {
            labels.set(p % stride - 1, p / stride - 1, label);
        }

        private int newNode(int k, int label, int cell, int anchorCell) {
            int id = parent.size();
            parent.add(id);
            kind.add(k);
            nodeLabel.add(label);
            nodeCell.add(cell);
            anchor.add(anchorCell);
            floodCells.add(null);
            floodHead.add(0);
            pending.add(0);
            return id;
        }

        private int find(int x) {
            while (parent.get(x) != x) {
                int gp = parent.get(parent.get(x));
                parent.set(x, gp);
                x = gp;
            }
            return x;
        }

        private int union(int a, int b) {
            int ra = find(a);
            int rb = find(b);
            if (ra != rb) {
                parent.set(rb, ra);
            }
            return ra;
        }

        private void clear() {
            parent.clear();
            kind.clear();
            nodeLabel.clear();
            nodeCell.clear();
            floodCells.clear();
            floodHead.clear();
            pending.clear();
            anchor.clear();
        }

        /** Sets the labels after the cells {@code closed} and {@code opened} (padded) changed standability. */
        void update(IntList closed, IntList opened, IntIntMap touched, List<ChunkBorders.Labelling> labellings) {
            if (opened.isEmpty()) {
                closeOnGraph(closed, touched, labellings);
            } else {
                updateByCells(closed, opened);
            }
        }

        /** Closed cells only: splits found on the chunk graph (see the class comment). */
        private void closeOnGraph(IntList closed, IntIntMap touched, List<ChunkBorders.Labelling> labellings) {
            clear();
            graph = true;
            nodeOwner = new IntIntMap();
            IntIntMap closedPerLabel = new IntIntMap();
            java.util.LinkedHashMap<Integer, IntList[]> seeds = new java.util.LinkedHashMap<>();
            for (int i = 0; i < closed.size(); i++) {
                int p = closed.get(i);
                int l = islandOf[labels.get(p % stride - 1, p / stride - 1)];
                closedPerLabel.addTo(l, 1);
                IntList[] s = seeds.computeIfAbsent(l, x -> new IntList[] {new IntList(), new IntList()});
                for (int d : new int[] {-1, 1, -stride, stride}) {
                    int nb = p + d;
                    if (label(nb) == l) {
                        s[0].add(nodeOf(p, nb, touched, labellings));
                        s[1].add(nb);
                    }
                }
            }
            IntList involved = closedPerLabel.keys();
            int maxNew = 0;
            for (int i = 0; i < involved.size(); i++) {
                int l = involved.get(i);
                IntList[] s = seeds.get(l);
                long rest = (long) sizes[l] - closedPerLabel.get(l);
                if (s[0].isEmpty()) { // every cell of the island closed
                    sizes[l] = 0;
                    count--;
                    continue;
                }
                int first = parent.size();
                IntIntMap remainder = new IntIntMap(1);
                flood(l, s[0], s[1], remainder);
                int keep = remainder.get(l);
                IntList queue = new IntList();
                for (int node = first; node < parent.size(); node++) {
                    if (find(node) != node) {
                        continue;
                    }
                    if (keep < 0) {
                        keep = node; // every piece ran out: the first keeps the label
                    }
                    if (node == keep) {
                        continue;
                    }
                    int nl = newLabel();
                    relabel(anchor.get(node), l, nl, queue);
                    sizes[nl] = queue.size();
                    rest -= queue.size();
                    count++;
                }
                sizes[l] = (int) rest;
            }
        }

        /**
         * The chunk-graph node of standable cell {@code nb} (padded), a neighbour of closed cell {@code p}: from the
         * touched chunk's fresh labelling, or, in an untouched chunk, from its border entry facing {@code p}.
         */
        private int nodeOf(int p, int nb, IntIntMap touched, List<ChunkBorders.Labelling> labellings) {
            int col = nb % stride - 1;
            int row = nb / stride - 1;
            int ci = borders.chunkOf(col, row);
            int li = touched.get(ci);
            int component;
            if (li >= 0) {
                component = labellings.get(li).componentOf(col, row);
            } else {
                int d = nb - p;
                int side = d == stride ? ChunkBorders.TOP : d == -stride ? ChunkBorders.BOTTOM
                        : d == 1 ? ChunkBorders.LEFT : ChunkBorders.RIGHT;
                component = borders.componentAt(ci, side, col, row);
            }
            if (component < 0) {
                throw new IllegalStateException("chunk graph lost standable cell " + nb);
            }
            return ci << ChunkBorders.COMPONENT_BITS | component;
        }

        /** Cells opened, perhaps with cells closed: floods over cells (see the class comment). */
        private void updateByCells(IntList closed, IntList opened) {
            clear();
            graph = false;
            // 0. opened cells have no label yet (what is stored there is stale)
            for (int i = 0; i < opened.size(); i++) {
                setLabel(opened.get(i), 0);
            }
            // 1. closed cells leave their islands (the mask in label() already reads them as 0)
            IntIntMap closedPerLabel = new IntIntMap();
            int[] closedLabel = new int[closed.size()];
            for (int i = 0; i < closed.size(); i++) {
                int p = closed.get(i);
                int x = p % stride - 1;
                int y = p / stride - 1;
                closedLabel[i] = islandOf[labels.get(x, y)];
                closedPerLabel.addTo(closedLabel[i], 1);
            }
            java.util.LinkedHashMap<Integer, IntList> seeds = new java.util.LinkedHashMap<>();
            for (int i = 0; i < closed.size(); i++) {
                int p = closed.get(i);
                int l = closedLabel[i];
                for (int nb : new int[] {p - 1, p + 1, p - stride, p + stride}) {
                    if (label(nb) == l) {
                        seeds.computeIfAbsent(l, x -> new IntList()).add(nb);
                    }
                }
            }
            // 2. pieces of each split-suspect label
            owner = new PagedIntMap(stride * (h + 2));
            IntIntMap remainder = new IntIntMap();
            for (Map.Entry<Integer, IntList> se : seeds.entrySet()) {
                flood(se.getKey(), se.getValue(), se.getValue(), remainder);
            }
            int seedNodes = parent.size();
            int[] piece = new int[seedNodes];
            for (int i = 0; i < seedNodes; i++) {
                piece[i] = find(i);
            }
            // 3. opened cells join their neighbours
            IntIntMap openedNode = new IntIntMap(opened.size());
            for (int i = 0; i < opened.size(); i++) {
                openedNode.put(opened.get(i), newNode(OPENED, 0, opened.get(i), opened.get(i)));
            }
            IntIntMap intactNode = new IntIntMap();
            for (int i = 0; i < opened.size(); i++) {
                int p = opened.get(i);
                int node = openedNode.get(p);
                for (int nb : new int[] {p - 1, p + 1, p - stride, p + stride}) {
                    if (!NavGrid.bit(rows[nb / stride], nb % stride)) {
                        continue;
                    }
                    int l = label(nb);
                    int other;
                    if (l == 0) {
                        other = openedNode.get(nb);
                    } else if (closedPerLabel.containsKey(l)) {
                        other = owner.get(nb);
                        if (other < 0) {
                            other = remainder.get(l);
                        }
                    } else {
                        other = intactNode.get(l);
                        if (other < 0) {
                            other = newNode(INTACT, l, nb, nb);
                            intactNode.put(l, other);
                        }
                    }
                    if (other < 0) {
                        throw new IllegalStateException("island bookkeeping lost cell " + nb + " of label " + l);
                    }
                    union(node, other);
                }
            }
            // 4. sizes of pieces
            IntIntMap enumerated = new IntIntMap(); // label -> cells in exhausted pieces
            IntIntMap pieceSize = new IntIntMap(); // exhausted piece root -> cells
            for (int i = 0; i < seedNodes; i++) {
                if (pending.get(piece[i]) == 0) {
                    pieceSize.addTo(piece[i], floodCells.get(i).size());
                    enumerated.addTo(nodeLabel.get(i), floodCells.get(i).size());
                }
            }
            // 5. group members by final root
            java.util.LinkedHashMap<Integer, IntList> members = new java.util.LinkedHashMap<>();
            for (int i = 0; i < parent.size(); i++) {
                if (i < seedNodes && piece[i] != i) {
                    continue; // a piece is represented by its root
                }
                members.computeIfAbsent(find(i), x -> new IntList()).add(i);
            }
            IntList involved = closedPerLabel.keys();
            IntList intactLabels = intactNode.keys();
            for (int i = 0; i < intactLabels.size(); i++) {
                involved.add(intactLabels.get(i));
            }
            IntList newLabels = new IntList();
            IntList newSizes = new IntList();
            IntIntMap absorbed = new IntIntMap(); // label of an absorbed island -> label of the island it joined
            int classes = 0;
            IntList queue = new IntList();
            for (IntList m : members.values()) {
                classes++;
                long total = 0;
                int keep = -1;
                long keepSize = -1;
                for (int j = 0; j < m.size(); j++) {
                    int node = m.get(j);
                    long s = bigSize(node, seedNodes, closedPerLabel, enumerated, pieceSize);
                    if (s >= 0 && s > keepSize) {
                        keep = node;
                        keepSize = s;
                    }
                    total += s >= 0 ? s : (kind.get(node) == OPENED ? 1 : pieceSize.getOrZero(node));
                }
                int label;
                if (keep >= 0) {
                    label = nodeLabel.get(keep);
                } else {
                    label = newLabel();
                }
                for (int j = 0; j < m.size(); j++) {
                    int node = m.get(j);
                    int k = kind.get(node);
                    if (k == OPENED) {
                        setLabel(nodeCell.get(node), label);
                    } else if (bigSize(node, seedNodes, closedPerLabel, enumerated, pieceSize) >= 0) {
                        if (node != keep) {
                            // an island absorbed: rewrite its cells when they are fewer than the label table,
                            // else point its label at the kept one (one pass over the table for all of them)
                            long cells = bigSize(node, seedNodes, closedPerLabel, enumerated, pieceSize);
                            if (cells < labelBound) {
                                relabel(nodeCell.get(node), nodeLabel.get(node), label, queue);
                            } else {
                                absorbed.put(nodeLabel.get(node), label);
                            }
                        }
                    } else {
                        for (int s = 0; s < seedNodes; s++) {
                            if (piece[s] == node) {
                                IntList cells = floodCells.get(s);
                                for (int c = 0; c < cells.size(); c++) {
                                    setLabel(cells.get(c), label);
                                }
                            }
                        }
                    }
                }
                newLabels.add(label);
                newSizes.add((int) total);
            }
            if (absorbed.size() > 0) {
                for (int i = 1; i < labelBound; i++) {
                    int to = absorbed.get(islandOf[i]);
                    if (to >= 0) {
                        islandOf[i] = to;
                    }
                }
            }
            for (int i = 0; i < involved.size(); i++) {
                sizes[involved.get(i)] = 0;
            }
            for (int i = 0; i < newLabels.size(); i++) {
                sizes[newLabels.get(i)] = newSizes.get(i);
            }
            count += classes - involved.size();
        }

        /** A fresh label, its own island, with room in the label-indexed tables. */
        private int newLabel() {
            int l = labelBound++;
            if (labelBound > sizes.length) {
                sizes = java.util.Arrays.copyOf(sizes, Math.max(labelBound, sizes.length * 2));
            }
            if (labelBound > islandOf.length) {
                islandOf = java.util.Arrays.copyOf(islandOf, Math.max(labelBound, islandOf.length * 2));
            }
            islandOf[l] = l;
            return l;
        }

        /**
         * Cells of a member whose cells are not enumerated (an untouched island or a remainder piece), or -1 for
         * an opened cell or an exhausted piece.
         */
        private long bigSize(int node, int seedNodes, IntIntMap closedPerLabel,
                             IntIntMap enumerated, IntIntMap pieceSize) {
            int k = kind.get(node);
            int l = nodeLabel.get(node);
            if (k == INTACT) {
                return sizes[l];
            }
            if (k == SEED && pending.get(node) > 0) {
                return (long) sizes[l] - closedPerLabel.getOrZero(l) - enumerated.getOrZero(l);
            }
            return -1;
        }

        private int ownerOf(int key) {
            return graph ? nodeOwner.get(key) : owner.get(key);
        }

        private void own(int key, int node) {
            if (graph) {
                nodeOwner.put(key, node);
            } else {
                owner.put(key, node);
            }
        }

        /**
         * Floods pieces of label {@code l} from {@code seeds} (cells, or chunk-graph nodes when {@link #graph}) in
         * turn until at most one is still growing.
         *
         * @param seedCells a cell of each seed (the seed itself for cells)
         */
        private void flood(int l, IntList seeds, IntList seedCells, IntIntMap remainder) {
            int first = parent.size();
            for (int i = 0; i < seeds.size(); i++) {
                int s = seeds.get(i);
                if (ownerOf(s) >= 0) {
                    continue;
                }
                int node = newNode(SEED, l, s, seedCells.get(i));
                IntList cells = new IntList();
                cells.add(s);
                floodCells.set(node, cells);
                pending.set(node, 1);
                own(s, node);
            }
            int end = parent.size();
            int active = end - first;
            // the floods of each growing piece that still have cells to visit (pending(root) of them), by root
            IntList[] members = new IntList[end - first];
            IntList roots = new IntList();
            for (int node = first; node < end; node++) {
                members[node - first] = new IntList(1);
                members[node - first].add(node);
                roots.add(node);
            }
            IntList nextRoots = new IntList();
            int turn = 0;
            while (active > 1) {
                // one cell per growing piece per round, however many floods it has merged: a piece of many
                // floods must not outgrow a lone one it has yet to meet
                nextRoots.clear();
                for (int i = 0; i < roots.size(); i++) {
                    int r = roots.get(i);
                    if (parent.get(r) != r || pending.get(r) == 0) {
                        continue; // joined another piece, or ran dry
                    }
                    if (active > 1) {
                        active -= advance(l, r, members, first, turn);
                    }
                    if (parent.get(r) == r && pending.get(r) > 0) {
                        nextRoots.add(r);
                    }
                }
                IntList t = roots;
                roots = nextRoots;
                nextRoots = t;
                turn++;
            }
            for (int node = first; node < end; node++) {
                if (find(node) == node && pending.get(node) > 0) {
                    remainder.put(l, node);
                }
            }
        }

        /**
         * Visits one cell (or node) of piece {@code r} (label {@code l}) from one of its floods (taken in turn),
         * claiming unowned neighbours and joining the pieces it touches into {@code r}.
         *
         * @return by how much the number of growing pieces dropped (joined pieces, and {@code r} if it ran dry)
         */
        private int advance(int l, int r, IntList[] members, int first, int turn) {
            IntList mine = members[r - first];
            int k = turn % mine.size();
            int node = mine.get(k);
            IntList cells = floodCells.get(node);
            int head = floodHead.get(node);
            int q = cells.get(head);
            floodHead.set(node, head + 1);
            int dropped = 0;
            around.clear();
            if (graph) {
                borders.neighbours(q >>> ChunkBorders.COMPONENT_BITS, q & ((1 << ChunkBorders.COMPONENT_BITS) - 1),
                        around);
            } else {
                for (int nb : new int[] {q - 1, q + 1, q - stride, q + stride}) {
                    if (label(nb) == l) {
                        around.add(nb);
                    }
                }
            }
            for (int i = 0; i < around.size(); i++) {
                int nb = around.get(i);
                int o = ownerOf(nb);
                if (o < 0) {
                    own(nb, node);
                    cells.add(nb);
                } else if (o != node) {
                    int rb = find(o);
                    if (rb != r) {
                        boolean both = pending.get(rb) > 0;
                        parent.set(rb, r);
                        pending.set(r, pending.get(r) + pending.get(rb));
                        IntList theirs = members[rb - first];
                        for (int j = 0; j < theirs.size(); j++) {
                            mine.add(theirs.get(j));
                        }
                        theirs.clear();
                        if (both) {
                            dropped++;
                        }
                    }
                }
            }
            if (head + 1 >= cells.size()) {
                mine.set(k, mine.get(mine.size() - 1));
                mine.removeLast();
                pending.set(r, pending.get(r) - 1);
                if (pending.get(r) == 0) {
                    dropped++;
                }
            }
            return dropped;
        }

        /** Relabels the cells labelled {@code from} connected to {@code start}. */
        private void relabel(int start, int from, int to, IntList queue) {
            queue.clear();
            setLabel(start, to);
            queue.add(start);
            for (int head = 0; head < queue.size(); head++) {
                int q = queue.get(head);
                for (int nb : new int[] {q - 1, q + 1, q - stride, q + stride}) {
                    if (label(nb) == from) {
                        setLabel(nb, to);
                        queue.add(nb);
                    }
                }
            }
        }
    }
}
