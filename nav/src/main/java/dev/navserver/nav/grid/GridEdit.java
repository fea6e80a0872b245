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
     * Island labels of one grid, patched in place after standability changed: first the closed cells, on bit rows
     * where only they have flipped ({@link #close}), then the opened cells on the final bit rows ({@link #open}).
     * Each step leaves labels exact for the standability it sees, so the two together are exact.
     *
     * <p><b>Closed cells</b> (a wall, a closed door): the rest of each island {@code L} they belonged to falls into
     * pieces, each touching a closed cell. Whether it split is decided on the chunk graph ({@link ChunkBorders}),
     * whose nodes are the components of standable cells within a chunk, with the touched chunks already
     * re-labelled: from the node of every neighbour of the closed cells, the pieces grow node by node, one node per
     * growing piece per round however many seeds it has merged (so a piece of many seeds does not outgrow a lone
     * one), until at most one is still growing; that one is the remainder and keeps {@code L}. Only a piece that
     * ran out is relabelled, by a flood over its cells. Cost: the touched chunks' labelling, the nodes around the
     * closure until the pieces meet (a detour through other chunks costs a few nodes per chunk, not its cells), and
     * the cells of the pieces split off.
     *
     * <p><b>Opened cells</b> and the islands next to them are joined with a union-find; each resulting island keeps
     * the label of its largest island, or a new label when it is made of opened cells only; each other island in it
     * is relabelled by a flood when it has fewer cells than there are labels, else its label is pointed at the kept
     * one in the grid's label table (one pass over the table for all of them), so a merge costs at most the smaller
     * of the absorbed island and the table. Stored labels are read through that table. Sizes per label are kept to
     * choose; the count is exact, labels may have gaps.
     */
    static final class Islands {
        /** The grid's bit rows, updated to the standability the current step sees. */
        final long[][] rows;
        final IntChunks labels;
        /** The chunk graph, the touched chunks already re-labelled. */
        final ChunkBorders borders;
        final int stride;
        /** Island of each stored label (see {@link NavGrid}); labels below are islands, i.e. entries of this. */
        int[] islandOf;
        int[] sizes;
        int labelBound;
        int count;

        // union-find over the pieces of a closure's search (one per seed node) or over an opening's members
        private final IntList parent = new IntList();
        /** Per piece: the nodes it has claimed, in order; {@link #head} of them visited. */
        private final List<IntList> claimed = new ArrayList<>();
        private final IntList head = new IntList();
        /** Per root piece: how many of its member pieces still have nodes to visit. */
        private final IntList pending = new IntList();
        /** Per piece: a cell of it (the seed cell it started from). */
        private final IntList anchor = new IntList();
        /** Neighbours of the node being visited. */
        private final IntList around = new IntList();
        private final IntList queue = new IntList();

        Islands(long[][] rows, IntChunks labels, int[] islandOf, ChunkBorders borders, int stride, int[] sizes,
                int labelBound, int count) {
            this.rows = rows;
            this.labels = labels;
            this.islandOf = islandOf;
            this.borders = borders;
            this.stride = stride;
            this.sizes = sizes;
            this.labelBound = labelBound;
            this.count = count;
        }

        /**
         * Island at padded index p: 0 where not standable (under the bit rows as they are now) and on the border.
         * Stored labels of cells that are not standable are don't-cares ({@link IntChunks.LabelWriter}), hence the
         * mask.
         */
        private int label(int p) {
            int x = p % stride;
            int y = p / stride;
            return NavGrid.bit(rows[y], x) ? islandOf[labels.get(x - 1, y - 1)] : 0;
        }

        /** Writes the stored label at padded index p, inside the map. */
        private void setLabel(int p, int label) {
            labels.set(p % stride - 1, p / stride - 1, label);
        }

        private int find(int x) {
            while (parent.get(x) != x) {
                int gp = parent.get(parent.get(x));
                parent.set(x, gp);
                x = gp;
            }
            return x;
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
         * Labels after the cells {@code closed} (padded) became blocked; the bit rows show them blocked and nothing
         * else changed; {@code touched} maps each chunk holding one of them to its fresh labelling.
         */
        void close(IntList closed, IntIntMap touched, List<ChunkBorders.Labelling> labellings) {
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
            for (int i = 0; i < involved.size(); i++) {
                int l = involved.get(i);
                IntList[] s = seeds.get(l);
                long rest = (long) sizes[l] - closedPerLabel.get(l);
                if (s[0].isEmpty()) { // every cell of the island closed
                    sizes[l] = 0;
                    count--;
                    continue;
                }
                int remainder = search(s[0], s[1]);
                for (int piece = 0; piece < parent.size(); piece++) {
                    if (find(piece) != piece || piece == remainder) {
                        continue;
                    }
                    if (remainder < 0) {
                        remainder = piece; // every piece ran out: the first keeps the label
                        continue;
                    }
                    int nl = newLabel();
                    relabel(anchor.get(piece), l, nl);
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

        /**
         * Grows pieces from the seed nodes (one island's), each growing piece one node per round, until at most one
         * is still growing. Afterwards pieces are {@code 0 .. parent.size()-1}, joined ones pointing at their root.
         *
         * @param seedCells a cell of each seed node
         * @return the piece still growing (the remainder), or -1 when every piece ran out
         */
        private int search(IntList seedNodes, IntList seedCells) {
            parent.clear();
            claimed.clear();
            head.clear();
            pending.clear();
            anchor.clear();
            IntIntMap owner = new IntIntMap(); // node -> piece that claimed it
            for (int i = 0; i < seedNodes.size(); i++) {
                int node = seedNodes.get(i);
                if (owner.get(node) >= 0) {
                    continue;
                }
                int piece = parent.size();
                parent.add(piece);
                IntList nodes = new IntList();
                nodes.add(node);
                claimed.add(nodes);
                head.add(0);
                pending.add(1);
                anchor.add(seedCells.get(i));
                owner.put(node, piece);
            }
            int n = parent.size();
            int active = n;
            // per root: its member pieces that still have nodes to visit
            IntList[] members = new IntList[n];
            IntList roots = new IntList();
            for (int piece = 0; piece < n; piece++) {
                members[piece] = new IntList(1);
                members[piece].add(piece);
                roots.add(piece);
            }
            IntList nextRoots = new IntList();
            int turn = 0;
            while (active > 1) {
                nextRoots.clear();
                for (int i = 0; i < roots.size(); i++) {
                    int r = roots.get(i);
                    if (parent.get(r) != r || pending.get(r) == 0) {
                        continue; // joined another piece, or ran dry
                    }
                    if (active > 1) {
                        active -= advance(r, members, owner, turn);
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
            for (int piece = 0; piece < n; piece++) {
                if (find(piece) == piece && pending.get(piece) > 0) {
                    return piece;
                }
            }
            return -1;
        }

        /**
         * Visits one node of root piece {@code r} from one of its member pieces (taken in turn), claiming unowned
         * neighbours and joining the pieces it touches into {@code r}.
         *
         * @return by how much the number of growing pieces dropped (joined pieces, and {@code r} if it ran dry)
         */
        private int advance(int r, IntList[] members, IntIntMap owner, int turn) {
            IntList mine = members[r];
            int k = turn % mine.size();
            int piece = mine.get(k);
            IntList nodes = claimed.get(piece);
            int at = head.get(piece);
            int q = nodes.get(at);
            head.set(piece, at + 1);
            int dropped = 0;
            around.clear();
            borders.neighbours(q >>> ChunkBorders.COMPONENT_BITS, q & ((1 << ChunkBorders.COMPONENT_BITS) - 1),
                    around);
            for (int i = 0; i < around.size(); i++) {
                int nb = around.get(i);
                int o = owner.get(nb);
                if (o < 0) {
                    owner.put(nb, piece);
                    nodes.add(nb);
                } else if (o != piece) {
                    int rb = find(o);
                    if (rb != r) {
                        boolean both = pending.get(rb) > 0;
                        parent.set(rb, r);
                        pending.set(r, pending.get(r) + pending.get(rb));
                        IntList theirs = members[rb];
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
            if (at + 1 >= nodes.size()) {
                mine.set(k, mine.get(mine.size() - 1));
                mine.removeLast();
                pending.set(r, pending.get(r) - 1);
                if (pending.get(r) == 0) {
                    dropped++;
                }
            }
            return dropped;
        }

        /**
         * Labels after the cells {@code opened} (padded) became standable; the bit rows show them standable and
         * nothing else changed.
         */
        void open(IntList opened) {
            // members: opened cells (node = index in opened), then islands next to them (label -> node)
            parent.clear();
            IntIntMap cellNode = new IntIntMap(opened.size());
            for (int i = 0; i < opened.size(); i++) {
                parent.add(i);
                cellNode.put(opened.get(i), i);
                setLabel(opened.get(i), 0); // what is stored there is stale
            }
            IntIntMap islandNode = new IntIntMap();
            IntList islandLabels = new IntList(); // per node beyond the opened cells: its island
            for (int i = 0; i < opened.size(); i++) {
                int p = opened.get(i);
                for (int nb : new int[] {p - 1, p + 1, p - stride, p + stride}) {
                    if (!NavGrid.bit(rows[nb / stride], nb % stride)) {
                        continue;
                    }
                    int other = cellNode.get(nb);
                    if (other < 0) {
                        int l = label(nb);
                        other = islandNode.get(l);
                        if (other < 0) {
                            other = parent.size();
                            parent.add(other);
                            islandNode.put(l, other);
                            islandLabels.add(l);
                        }
                    }
                    int ra = find(i);
                    int rb = find(other);
                    if (ra != rb) {
                        parent.set(rb, ra);
                    }
                }
            }
            // per class (root): the largest island keeps its label, the others join it
            int n = opened.size();
            IntIntMap keep = new IntIntMap(); // root -> label kept
            IntIntMap total = new IntIntMap(); // root -> cells
            for (int node = 0; node < parent.size(); node++) {
                int root = find(node);
                int cells = node < n ? 1 : sizes[islandLabels.get(node - n)];
                total.addTo(root, cells);
                if (node >= n) {
                    int l = islandLabels.get(node - n);
                    int kept = keep.get(root);
                    if (kept < 0 || sizes[l] > sizes[kept]) {
                        keep.put(root, l);
                    }
                }
            }
            IntIntMap absorbed = new IntIntMap(); // label of an absorbed island -> label of the island it joined
            int classes = 0;
            for (int node = 0; node < parent.size(); node++) {
                int root = find(node);
                if (node == root) {
                    classes++;
                    if (keep.get(root) < 0) {
                        keep.put(root, newLabel()); // opened cells only
                    }
                }
            }
            for (int node = 0; node < parent.size(); node++) {
                int label = keep.get(find(node));
                if (node < n) {
                    setLabel(opened.get(node), label);
                    continue;
                }
                int l = islandLabels.get(node - n);
                if (l != label) {
                    // rewrite its cells when they are fewer than the label table, else point its label at the
                    // kept one (one pass over the table for all of them)
                    if (sizes[l] < labelBound) {
                        relabel(firstCellNextTo(opened, l), l, label);
                    } else {
                        absorbed.put(l, label);
                    }
                    sizes[l] = 0;
                }
            }
            if (absorbed.size() > 0) {
                for (int i = 1; i < labelBound; i++) {
                    int to = absorbed.get(islandOf[i]);
                    if (to >= 0) {
                        islandOf[i] = to;
                    }
                }
            }
            for (int node = 0; node < parent.size(); node++) {
                int root = find(node);
                if (node == root) {
                    sizes[keep.get(root)] = total.get(root);
                }
            }
            count += classes - islandLabels.size();
        }

        /** A standable neighbour of an opened cell whose island is {@code l} (one exists for every joined island). */
        private int firstCellNextTo(IntList opened, int l) {
            for (int i = 0; i < opened.size(); i++) {
                int p = opened.get(i);
                for (int nb : new int[] {p - 1, p + 1, p - stride, p + stride}) {
                    if (label(nb) == l) {
                        return nb;
                    }
                }
            }
            throw new IllegalStateException("no cell of island " + l + " next to the opened cells");
        }

        /** Relabels the cells of island {@code from} connected to {@code start}; {@link #queue} holds them after. */
        private void relabel(int start, int from, int to) {
            queue.clear();
            setLabel(start, to);
            queue.add(start);
            for (int at = 0; at < queue.size(); at++) {
                int q = queue.get(at);
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
