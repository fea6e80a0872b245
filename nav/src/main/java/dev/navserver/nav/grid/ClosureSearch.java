package dev.navserver.nav.grid;

import java.util.ArrayList;
import java.util.List;

/**
 * The search {@link Islands#close} runs on the chunk graph ({@link ChunkBorders}) after cells closed: pieces grow
 * from the seed nodes around the closed cells, one node per growing piece per round, joining where they meet,
 * until at most one is still growing (the remainder). Pieces are the ids of a shared {@link IntUnionFind}.
 *
 * <p>Not thread-safe: part of one {@link Islands}.
 */
final class ClosureSearch {
    private final ChunkBorders borders;
    private final IntUnionFind parent;
    /** Per piece: the nodes it has claimed, in order; {@link #head} of them visited. */
    private final List<IntList> claimed = new ArrayList<>();
    private final IntList head = new IntList();
    /** Per root piece: how many of its member pieces still have nodes to visit. */
    private final IntList pending = new IntList();
    /** Per piece: a cell of it (the seed cell it started from). */
    private final IntList anchor = new IntList();
    /** Neighbours of the node being visited. */
    private final IntList around = new IntList();

    ClosureSearch(ChunkBorders borders, IntUnionFind parent) {
        this.borders = borders;
        this.parent = parent;
    }

    /** A cell (padded) of piece {@code piece} of the last search: the seed cell it started from. */
    int anchor(int piece) {
        return anchor.get(piece);
    }

    /**
     * Grows pieces from the seed nodes (one island's), each growing piece one node per round, until at most one
     * is still growing. Afterwards pieces are {@code 0 .. parent.size()-1} of the union-find, joined ones pointing
     * at their root.
     *
     * @param seedCells a cell of each seed node
     * @return the piece still growing (the remainder), or -1 when every piece ran out
     */
    int search(IntList seedNodes, IntList seedCells) {
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
            int piece = parent.add();
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
                if (!parent.isRoot(r) || pending.get(r) == 0) {
                    continue; // joined another piece, or ran dry
                }
                if (active > 1) {
                    active -= advance(r, members, owner, turn);
                }
                if (parent.isRoot(r) && pending.get(r) > 0) {
                    nextRoots.add(r);
                }
            }
            IntList t = roots;
            roots = nextRoots;
            nextRoots = t;
            turn++;
        }
        for (int piece = 0; piece < n; piece++) {
            if (parent.find(piece) == piece && pending.get(piece) > 0) {
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
                int rb = parent.find(o);
                if (rb != r) {
                    boolean both = pending.get(rb) > 0;
                    parent.link(rb, r);
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
}
