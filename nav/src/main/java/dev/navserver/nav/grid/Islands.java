package dev.navserver.nav.grid;

import java.util.List;

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
final class Islands {
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
    private final IntUnionFind parent = new IntUnionFind();
    /** The search of a closure's pieces, over {@link #parent}. */
    private final ClosureSearch closure;
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
        this.closure = new ClosureSearch(borders, parent);
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
            int remainder = closure.search(s[0], s[1]);
            for (int piece = 0; piece < parent.size(); piece++) {
                if (parent.find(piece) != piece || piece == remainder) {
                    continue;
                }
                if (remainder < 0) {
                    remainder = piece; // every piece ran out: the first keeps the label
                    continue;
                }
                int nl = newLabel();
                relabel(closure.anchor(piece), l, nl);
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
     * Labels after the cells {@code opened} (padded) became standable; the bit rows show them standable and
     * nothing else changed.
     */
    void open(IntList opened) {
        // members: opened cells (node = index in opened), then islands next to them (label -> node)
        parent.clear();
        IntIntMap cellNode = new IntIntMap(opened.size());
        for (int i = 0; i < opened.size(); i++) {
            parent.add();
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
                        other = parent.add();
                        islandNode.put(l, other);
                        islandLabels.add(l);
                    }
                }
                int ra = parent.find(i);
                int rb = parent.find(other);
                if (ra != rb) {
                    parent.link(rb, ra);
                }
            }
        }
        // per class (root): the largest island keeps its label, the others join it
        int n = opened.size();
        IntIntMap keep = new IntIntMap(); // root -> label kept
        IntIntMap total = new IntIntMap(); // root -> cells
        for (int node = 0; node < parent.size(); node++) {
            int root = parent.find(node);
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
            int root = parent.find(node);
            if (node == root) {
                classes++;
                if (keep.get(root) < 0) {
                    keep.put(root, newLabel()); // opened cells only
                }
            }
        }
        for (int node = 0; node < parent.size(); node++) {
            int label = keep.get(parent.find(node));
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
            int root = parent.find(node);
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
