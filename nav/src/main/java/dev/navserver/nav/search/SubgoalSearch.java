package dev.navserver.nav.search;

import dev.navserver.nav.search.core.IntPages;
import dev.navserver.nav.search.core.NodeHeap;
import java.util.Arrays;

/**
 * A* over a {@link SubgoalGraph} between two standable cells: the start and the goal are joined to the subgoals
 * direct-h-reachable from them (and to each other when the goal is), edges weigh their octile length, the heuristic
 * is the octile distance to the goal (consistent), so the first time the goal is popped its cost is the shortest
 * path's length. Open-list keys are {@code g + weight * h}. The path between subgoals becomes cells through
 * {@link SubgoalGraph#appendSegment}.
 *
 * <p><b>Memory.</b> Per-node records (cost, predecessor, generation stamp with a closed bit, goal mark) live in
 * pages of 256 subgoal ids allocated when the search first reaches one of their nodes and kept for later searches;
 * the open list (a 4-ary heap with stale entries skipped on pop) grows by doubling. A repeat search over nodes
 * already paged in allocates only its result.
 *
 * <p>Not thread-safe: part of one search context.
 */
final class SubgoalSearch {
    private static final int SHIFT = 8;
    private static final int PAGE = 1 << SHIFT;
    private static final int MASK = PAGE - 1;
    /** Bytes kept between searches before pages are dropped at the start of the next search. */
    private static final long RETAINED_BYTES = IntPages.RETAINED_BYTES;
    /** Scratch bytes per node of a touched page: stamp, predecessor, cost and goal mark. */
    private static final int BYTES_PER_NODE = 20;
    /** A cost lower by less than this is summation noise, not a shorter path (cells). */
    private static final double REOPEN_MARGIN = 1e-9;

    private SubgoalGraph graph;
    private int startNode;
    private int goalNode;
    /** The start's own subgoal when it stands on one (its stored edges join the scanned ones), else -1. */
    private double weight;
    /** The query's ends joined to the graph. */
    private final SubgoalEnds ends = new SubgoalEnds();

    private int[][] stampPages = new int[0][];
    private int[][] parentPages = new int[0][];
    private double[][] gPages = new double[0][];
    private int[][] markPages = new int[0][];
    private int pagesHeld;
    private int generation;

    private final NodeHeap heap = new NodeHeap();

    private boolean found;
    private int expanded;
    /** The padded cells of the nodes of the last {@link #path}, start first (reused). */
    private int[] chain = new int[64];
    private double length;
    private int bestNode;
    private double bestH;

    /**
     * Begins a search from padded {@code from} to padded {@code to} (both standable, same island, distinct or not).
     */
    void begin(SubgoalGraph g, int from, int to, double w) {
        graph = g;
        weight = w;
        int n = g.nodeCount();
        startNode = n;
        goalNode = n + 1;
        if ((long) pagesHeld * PAGE * BYTES_PER_NODE > RETAINED_BYTES) {
            stampPages = new int[0][];
            parentPages = new int[0][];
            gPages = new double[0][];
            markPages = new int[0][];
            pagesHeld = 0;
        }
        int need = ((n + 2) >>> SHIFT) + 1;
        if (stampPages.length < need) {
            stampPages = Arrays.copyOf(stampPages, need);
            parentPages = Arrays.copyOf(parentPages, need);
            gPages = Arrays.copyOf(gPages, need);
            markPages = Arrays.copyOf(markPages, need);
        }
        if (++generation == (1 << 30)) {
            for (int[] page : stampPages) {
                if (page != null) {
                    Arrays.fill(page, 0);
                }
            }
            for (int[] page : markPages) {
                if (page != null) {
                    Arrays.fill(page, 0);
                }
            }
            generation = 1;
        }
        ends.join(g, from, to);
        int gen = generation;
        for (int i = 0; i < ends.goalEdges.size; i++) {
            touch(ends.goalEdges.data[i]);
            markPages[ends.goalEdges.data[i] >>> SHIFT][ends.goalEdges.data[i] & MASK] = gen;
        }
        if (ends.goalSubgoal >= 0) {
            int[] t = g.targets(ends.goalSubgoal);
            for (int i = g.firstEdge(ends.goalSubgoal); i < g.endEdge(ends.goalSubgoal); i++) {
                touch(t[i]);
                markPages[t[i] >>> SHIFT][t[i] & MASK] = gen;
            }
        }
        heap.clear();
        found = from == to;
        expanded = 0;
        bestNode = startNode;
        bestH = Double.POSITIVE_INFINITY;
        touch(startNode);
        touch(goalNode);
        stampPages[startNode >>> SHIFT][startNode & MASK] = gen << 1;
        gPages[startNode >>> SHIFT][startNode & MASK] = 0;
        parentPages[startNode >>> SHIFT][startNode & MASK] = -1;
        if (found) {
            stampPages[goalNode >>> SHIFT][goalNode & MASK] = gen << 1;
            gPages[goalNode >>> SHIFT][goalNode & MASK] = 0;
            parentPages[goalNode >>> SHIFT][goalNode & MASK] = -1;
        } else {
            heap.push(startNode, w * SubgoalGraph.octileXY(ends.startXY, ends.goalXY), 0);
        }
    }

    /** The heuristic of node {@code v} at packed {@code xyv}: octile, or the landmark bound when larger. */
    private double heuristic(int v, int xyv) {
        double h = SubgoalGraph.octileXY(xyv, ends.goalXY);
        return v < startNode ? ends.bound.raise(graph, v, h) : h;
    }

    private void touch(int id) {
        int k = id >>> SHIFT;
        if (stampPages[k] == null) {
            stampPages[k] = new int[PAGE];
            parentPages[k] = new int[PAGE];
            gPages[k] = new double[PAGE];
            markPages[k] = new int[PAGE];
            pagesHeld++;
        }
    }

    /** Whether the goal was reached. */
    boolean found() {
        return found;
    }

    /** Whether the open list is empty and the goal was not reached. */
    boolean exhausted() {
        return !found && heap.size == 0;
    }

    int expanded() {
        return expanded;
    }

    /** The expanded node of least heuristic so far (the start before any expansion), for budget ends. */
    int bestNode() {
        return bestNode;
    }

    /** Drops the entries at the top of the open list that are stale (their node closed, or since reached cheaper). */
    private void dropStale() {
        int gen = generation;
        while (heap.size > 0) {
            int u = heap.nodes[0];
            int st = stampPages[u >>> SHIFT][u & MASK];
            if (st == (gen << 1) && heap.costs[0] == gPages[u >>> SHIFT][u & MASK]) {
                return;
            }
            heap.pop();
        }
    }

    /**
     * Drops stale open-list entries and notes whether the cheapest open node is the goal ({@link #found()}) or the
     * open list is empty ({@link #exhausted()}). Call before {@link #expandOne}.
     */
    void settle() {
        dropStale();
        if (heap.size > 0 && heap.nodes[0] == goalNode) {
            found = true;
        }
    }

    /**
     * Expands the cheapest open node, which {@link #settle} found to be neither the goal nor missing.
     *
     * @param trackBest whether to remember the expanded node of least heuristic (budgeted searches)
     */
    void expandOne(boolean trackBest) {
        int u = heap.nodes[0];
        double gu = heap.costs[0];
        heap.pop();
        int gen = generation;
        stampPages[u >>> SHIFT][u & MASK] = (gen << 1) | 1;
        expanded++;
        SubgoalGraph g = graph;
        int pu = u == startNode ? ends.startXY : g.xy(u);
        if (trackBest) {
            double h = SubgoalGraph.octileXY(pu, ends.goalXY);
            if (h < bestH) {
                bestH = h;
                bestNode = u;
            }
        }
        if (u == startNode) {
            for (int i = 0; i < ends.startEdges.size; i++) {
                int v = ends.startEdges.data[i];
                relax(u, pu, gu, v == SubgoalGraph.EXTRA ? goalNode : v);
            }
            if (ends.startSubgoal >= 0) {
                int[] t = g.targets(ends.startSubgoal);
                for (int i = g.firstEdge(ends.startSubgoal); i < g.endEdge(ends.startSubgoal); i++) {
                    relax(u, pu, gu, t[i]);
                }
            }
            return;
        }
        if (u == ends.goalSubgoal) {
            relax(u, pu, gu, goalNode);
        }
        int[] t = g.targets(u);
        for (int i = g.firstEdge(u); i < g.endEdge(u); i++) {
            relax(u, pu, gu, t[i]);
        }
        if (markPages[u >>> SHIFT][u & MASK] == gen) {
            relax(u, pu, gu, goalNode);
        }
    }

    /**
     * Offers node {@code v} the cost {@code gu} of {@code u} (packed cell {@code pu}) plus the edge. The landmark
     * bound is admissible but, its codes being rounded, not always consistent: a closed node reached again more
     * cheaply (by more than rounding noise) is opened again, so the first goal popped is still a shortest path.
     */
    private void relax(int u, int pu, double gu, int v) {
        SubgoalGraph g = graph;
        int pv = v == goalNode ? ends.goalXY : g.xy(v);
        double ng = gu + SubgoalGraph.octileXY(pu, pv);
        touch(v);
        int k = v >>> SHIFT;
        int o = v & MASK;
        int gen = generation;
        int st = stampPages[k][o];
        if ((st >>> 1) == gen && !(ng < gPages[k][o] - REOPEN_MARGIN)) {
            return;
        }
        stampPages[k][o] = gen << 1;
        gPages[k][o] = ng;
        parentPages[k][o] = u;
        heap.push(v, ng + weight * (v == goalNode ? 0 : heuristic(v, pv)), ng);
    }

    /**
     * The cells from the start to node {@code end} (the goal when found) as map cell ids; their length from the moves
     * is {@link #length()} afterwards. Returns null when a segment cannot be turned into cells (not an edge: a bug).
     *
     * @param width the map's width
     */
    int[] path(int end, int width) {
        SubgoalGraph g = graph;
        int links = 0;
        for (int q = end; parent(q) >= 0; q = parent(q)) {
            links++;
        }
        if (chain.length < links + 1) {
            chain = new int[Math.max(links + 1, 2 * chain.length)];
        }
        // the padded cells of the nodes from the start to end
        int q = end;
        for (int i = links; i >= 0; i--) {
            chain[i] = q == startNode ? ends.startP : q == goalNode ? ends.goalP : g.cell(q);
            if (i > 0) {
                q = parent(q);
            }
        }
        int[] cells = g.cellsAlong(chain, links + 1, width);
        if (cells == null) {
            return null;
        }
        length = g.lengthAlong(chain, links + 1);
        return cells;
    }

    /** The length of the last {@link #path}, from its straight and diagonal moves (no summation error). */
    double length() {
        return length;
    }

    private int parent(int id) {
        return parentPages[id >>> SHIFT][id & MASK];
    }

    /** The goal's node id (for {@link #path}). */
    int goalNode() {
        return goalNode;
    }

    /** Bytes of scratch held (pages and heap). */
    long scratchBytes() {
        return (long) pagesHeld * PAGE * BYTES_PER_NODE + 4L * stampPages.length * 4 + heap.bytes();
    }

    /** Forgets the graph (so a finished search does not keep an old map version alive). */
    void release() {
        graph = null;
    }
}
