package dev.navserver.nav.search;

import dev.navserver.nav.search.core.IntBuffer;
import dev.navserver.nav.search.core.IntDoubleHeap;
import dev.navserver.nav.search.core.IntPages;
import java.util.Arrays;

/**
 * A shortest path between two standable cells through a {@link SubgoalHierarchy}: the start and the goal are
 * joined to the subgoals direct-h-reachable from them (and to each other when the goal is). First a backward search
 * from the goal's subgoals follows upward edges to its end (a subgoal that a higher one already reaches more cheaply
 * is stalled, not expanded; core subgoals are reached, not expanded). Then a forward A* from the start's subgoals
 * follows upward edges below the core and every edge inside it, its heuristic the octile distance to the goal raised
 * by the graph's landmarks ({@link LandmarkGoal}); a subgoal the backward search reached offers the sum of both costs,
 * and the search ends when no open key is below the best sum, which is then the shortest path's length (the
 * heuristic is admissible; rounded landmark codes can make it inconsistent, so a subgoal reached more cheaply is
 * opened again). Shortcuts unpack into subgoal edges, those into cells through {@link SubgoalGraph#appendSegment}.
 *
 * <p><b>Memory.</b> Nodes are hierarchy ids ({@link SubgoalHierarchy#id}: the core and the highest levels first,
 * so the subgoals upward searches reach share pages). Per-node records of both directions live in pages of 16 ids
 * (small, since upward searches reach few subgoals of each part of the map) allocated when a search first reaches
 * one of their nodes and kept for later searches (dropped past {@link IntPages#RETAINED_BYTES}); the open lists
 * grow by doubling. A repeat search over nodes already paged in allocates only its result.
 *
 * <p>Not thread-safe: part of one search context.
 */
final class HierarchySearch {
    private static final int SHIFT = 4;
    private static final int PAGE = 1 << SHIFT;
    private static final int MASK = PAGE - 1;
    /** Scratch bytes per node of a touched page: per direction a stamp, a cost, a parent and its edge; a key. */
    private static final int BYTES_PER_NODE = 48;
    /** A cost lower by less than this is summation noise, not a shorter path (cells). */
    private static final double REOPEN_MARGIN = 1e-9;

    private SubgoalGraph graph;
    private SubgoalHierarchy hierarchy;
    /** The query's ends joined to the graph. */
    private final SubgoalEnds ends = new SubgoalEnds();

    // [direction][page][slot]
    private final int[][][] stampPages = {new int[0][], new int[0][]};
    private final double[][][] costPages = {new double[0][], new double[0][]};
    private final int[][][] parentPages = {new int[0][], new int[0][]};
    private final int[][][] edgePages = {new int[0][], new int[0][]};
    /** The forward open key each subgoal was last pushed with (older entries are stale). */
    private double[][] keyPages = new double[0][];
    private int pagesHeld;
    private int generation;

    private final IntDoubleHeap[] open = {new IntDoubleHeap(256), new IntDoubleHeap(256)};

    /** Length of the best path found so far (cells), {@code +inf} when none. */
    private double best;
    /** The subgoal where the best path's two halves meet, or -1 for the direct start-goal edge. */
    private int meet;
    /** Whether the backward search is over and the forward one runs. */
    private boolean forward;
    private boolean done;
    private int expanded;

    private final IntBuffer chain = new IntBuffer(64);
    private final IntBuffer stack = new IntBuffer(64);
    private final IntBuffer waypoints = new IntBuffer(64);
    private double length;

    /**
     * Begins a search from padded {@code from} to padded {@code to} (both standable, same island, distinct).
     */
    void begin(SubgoalGraph g, SubgoalHierarchy h, int from, int to) {
        graph = g;
        hierarchy = h;
        int n = g.nodeCount();
        if ((long) pagesHeld * PAGE * BYTES_PER_NODE > IntPages.RETAINED_BYTES) {
            for (int d = 0; d < 2; d++) {
                stampPages[d] = new int[0][];
                costPages[d] = new double[0][];
                parentPages[d] = new int[0][];
                edgePages[d] = new int[0][];
            }
            keyPages = new double[0][];
            pagesHeld = 0;
        }
        int need = (n >>> SHIFT) + 1;
        if (stampPages[0].length < need) {
            for (int d = 0; d < 2; d++) {
                stampPages[d] = Arrays.copyOf(stampPages[d], need);
                costPages[d] = Arrays.copyOf(costPages[d], need);
                parentPages[d] = Arrays.copyOf(parentPages[d], need);
                edgePages[d] = Arrays.copyOf(edgePages[d], need);
            }
            keyPages = Arrays.copyOf(keyPages, need);
        }
        if (++generation == Integer.MAX_VALUE) {
            for (int d = 0; d < 2; d++) {
                for (int[] page : stampPages[d]) {
                    if (page != null) {
                        Arrays.fill(page, 0);
                    }
                }
            }
            generation = 1;
        }
        ends.join(g, from, to);
        best = Double.POSITIVE_INFINITY;
        meet = -1;
        forward = false;
        done = false;
        expanded = 0;
        open[0].clear();
        open[1].clear();
        for (int i = 0; i < ends.goalEdges.size; i++) {
            int v = ends.goalEdges.data[i];
            seed(1, h.id(v), SubgoalGraph.octileXY(ends.goalXY, g.xy(v)));
        }
        if (ends.goalSubgoal >= 0) {
            seed(1, h.id(ends.goalSubgoal), 0);
        }
    }

    /** Seeds the forward search once the backward one is over. */
    private void startForward() {
        forward = true;
        SubgoalGraph g = graph;
        // the direct edge first: a seed's meeting replaces it only when shorter
        for (int i = 0; i < ends.startEdges.size; i++) {
            if (ends.startEdges.data[i] == SubgoalGraph.EXTRA) {
                best = SubgoalGraph.octileXY(ends.startXY, ends.goalXY);
            }
        }
        for (int i = 0; i < ends.startEdges.size; i++) {
            int v = ends.startEdges.data[i];
            if (v != SubgoalGraph.EXTRA) {
                seed(0, hierarchy.id(v), SubgoalGraph.octileXY(ends.startXY, g.xy(v)));
            }
        }
        if (ends.startSubgoal >= 0) {
            seed(0, hierarchy.id(ends.startSubgoal), 0);
        }
    }

    private void seed(int d, int v, double cost) {
        touch(v);
        int k = v >>> SHIFT;
        int o = v & MASK;
        if (stampPages[d][k][o] == generation && costPages[d][k][o] <= cost) {
            return;
        }
        stampPages[d][k][o] = generation;
        costPages[d][k][o] = cost;
        parentPages[d][k][o] = -1;
        edgePages[d][k][o] = -1;
        push(d, v, cost);
    }

    /** Opens {@code v} at {@code cost} in direction {@code d} (forward: keyed by cost plus heuristic). */
    private void push(int d, int v, double cost) {
        if (d == 1) {
            open[1].push(v, cost);
            return;
        }
        int node = hierarchy.node(v);
        double oct = SubgoalGraph.octileXY(graph.xy(node), ends.goalXY);
        double key = cost + ends.bound.raise(graph, node, oct);
        keyPages[v >>> SHIFT][v & MASK] = key;
        open[0].push(v, key);
        meetAt(v, cost);
    }

    private void touch(int id) {
        int k = id >>> SHIFT;
        if (stampPages[0][k] == null) {
            for (int d = 0; d < 2; d++) {
                stampPages[d][k] = new int[PAGE];
                costPages[d][k] = new double[PAGE];
                parentPages[d][k] = new int[PAGE];
                edgePages[d][k] = new int[PAGE];
            }
            keyPages[k] = new double[PAGE];
            pagesHeld++;
        }
    }

    /** Offers the path through {@code v}, reached forward at {@code cost}, as the best. */
    private void meetAt(int v, double cost) {
        int k = v >>> SHIFT;
        int o = v & MASK;
        if (stampPages[1][k][o] == generation) {
            double total = cost + costPages[1][k][o];
            if (total < best) {
                best = total;
                meet = v;
            }
        }
    }

    /** Whether the search is over ({@link #found()} tells how). */
    boolean done() {
        if (done) {
            return true;
        }
        if (!forward) {
            dropStale(1);
            if (!open[1].isEmpty()) {
                return false;
            }
            startForward();
        }
        dropStale(0);
        done = open[0].isEmpty() || open[0].topKey() >= best;
        return done;
    }

    /** Whether a path was found (once {@link #done()}). */
    boolean found() {
        return best != Double.POSITIVE_INFINITY;
    }

    int expanded() {
        return expanded;
    }

    private void dropStale(int d) {
        IntDoubleHeap h = open[d];
        double[][] keys = d == 0 ? keyPages : costPages[1];
        while (!h.isEmpty()) {
            int u = h.topId();
            if (h.topKey() == keys[u >>> SHIFT][u & MASK]) {
                return;
            }
            h.pop();
        }
    }

    /** Expands the next subgoal of the running search; call only while not {@link #done()}. */
    void expandOne() {
        int d = forward ? 0 : 1;
        IntDoubleHeap h = open[d];
        int u = h.topId();
        h.pop();
        expanded++;
        int k0 = u >>> SHIFT;
        int o0 = u & MASK;
        double du = costPages[d][k0][o0];
        SubgoalHierarchy ch = hierarchy;
        boolean core = ch.inCore(u);
        if (core && !forward) {
            return;
        }
        int[] t = ch.targets();
        double[] w = ch.weights();
        int first = ch.firstEdge(u);
        int end = ch.endEdge(u);
        int[][] stamps = stampPages[d];
        double[][] costs = costPages[d];
        int gen = generation;
        if (!core) {
            // stall: a higher subgoal already reached reaches u more cheaply, so no shortest path climbs through u
            for (int e = first; e < end; e++) {
                int v = t[e];
                int k = v >>> SHIFT;
                int[] sp = stamps[k];
                if (sp != null && sp[v & MASK] == gen && costs[k][v & MASK] + w[e] < du - REOPEN_MARGIN) {
                    return;
                }
            }
        }
        for (int e = first; e < end; e++) {
            int v = t[e];
            double nd = du + w[e];
            touch(v);
            int k = v >>> SHIFT;
            int o = v & MASK;
            if (stamps[k][o] == gen && !(nd < costs[k][o] - REOPEN_MARGIN)) {
                continue;
            }
            stamps[k][o] = gen;
            costs[k][o] = nd;
            parentPages[d][k][o] = u;
            edgePages[d][k][o] = e;
            push(d, v, nd);
        }
    }

    /**
     * The cells of the shortest path (once {@link #done()} and {@link #found()}) as map cell ids; its length from
     * the moves is {@link #length()} afterwards. Returns null when a segment cannot be turned into cells (a bug).
     *
     * @param width the map's width
     */
    int[] path(int width) {
        SubgoalGraph g = graph;
        chain.size = 0;
        int up = meet;
        if (up >= 0) {
            // forward half, its top first, then reversed; its edges unpacked towards the start
            IntBuffer c = chain;
            c.add(up);
            for (int v = up; parent(0, v) >= 0; v = parent(0, v)) {
                unpack(v, parent(0, v), edge(0, v));
            }
            c.reverse();
            int down = up;
            for (int v = down; parent(1, v) >= 0; v = parent(1, v)) {
                unpack(v, parent(1, v), edge(1, v));
            }
        }
        // the padded cells from the start through the chain's subgoals to the goal
        IntBuffer w = waypoints;
        w.size = 0;
        w.add(ends.startP);
        for (int i = 0; i < chain.size; i++) {
            w.add(g.cell(hierarchy.node(chain.data[i])));
        }
        w.add(ends.goalP);
        int[] cells = g.cellsAlong(w.data, w.size, width);
        if (cells == null) {
            return null;
        }
        length = g.lengthAlong(w.data, w.size);
        return cells;
    }

    /**
     * Appends to {@link #chain} the subgoals after {@code from} up to {@code to} along hierarchy edge {@code e}
     * between them, shortcuts replaced by the subgoal edges they bypass.
     */
    private void unpack(int from, int to, int e) {
        SubgoalHierarchy h = hierarchy;
        IntBuffer st = stack;
        st.size = 0;
        st.add(from);
        st.add(to);
        st.add(h.middle(e));
        while (st.size > 0) {
            int mid = st.data[--st.size];
            int b = st.data[--st.size];
            int a = st.data[--st.size];
            if (mid < 0) {
                chain.add(b);
                continue;
            }
            // mid was contracted before both ends: its upward edges reach them
            int eb = h.edge(mid, b);
            int ea = h.edge(mid, a);
            st.add(mid);
            st.add(b);
            st.add(h.middle(eb));
            st.add(a);
            st.add(mid);
            st.add(h.middle(ea));
        }
    }

    private int parent(int d, int v) {
        return parentPages[d][v >>> SHIFT][v & MASK];
    }

    private int edge(int d, int v) {
        return edgePages[d][v >>> SHIFT][v & MASK];
    }

    /** The length of the last {@link #path}, from its straight and diagonal moves (no summation error). */
    double length() {
        return length;
    }

    /** Bytes of scratch held (pages and open lists). */
    long scratchBytes() {
        // nine arrays per page (headers) and nine page-table slots per page id
        return (long) pagesHeld * (PAGE * BYTES_PER_NODE + 9 * 16) + 36L * stampPages[0].length;
    }

    /** Forgets the graph (so a finished search does not keep an old map version alive). */
    void release() {
        graph = null;
        hierarchy = null;
    }
}
