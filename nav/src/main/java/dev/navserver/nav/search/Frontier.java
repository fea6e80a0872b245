package dev.navserver.nav.search;

/**
 * The node state of one search: the {@link OpenList} (open and closed sets, costs of open nodes, predecessor
 * links) aimed at a {@link Goal}. Expanders offer successors through {@link #relax}; {@link PathBuilder} follows the
 * links back from the end node.
 *
 * <p>Node ids are padded grid indices. A node's links are its predecessor ({@link #NONE} for the start) and, when
 * it was reached by a diagonal-then-straight jump, the turning cell of that jump ({@link #NONE} otherwise).
 *
 * <p>Not thread-safe: part of one search context.
 */
final class Frontier {
    /** Link value for "no node". */
    static final int NONE = -1;

    final OpenList open;
    final Goal goal;

    Frontier(OpenList open, Goal goal) {
        this.open = open;
        this.goal = goal;
    }

    /**
     * Starts a search over padded ids {@code 0 .. capacity - 1} from padded node {@code startP} at (x, y); the goal
     * must already be {@link Goal#set set}.
     */
    void begin(int capacity, int startP, int x, int y) {
        open.begin(capacity);
        open.link(startP, NONE, NONE);
        open.push(startP, goal.weight * goal.heuristic(startP, x, y), 0);
    }

    /**
     * Offers node {@code q} at padded (qx, qy) with cost {@code ng} from the start, reached from {@code from}
     * turning at {@code via} ({@link #NONE} for a single straight or diagonal segment). Opens an unseen node,
     * improves an open one whose cost is larger, ignores a closed one (never re-opens it: with a
     * {@link Goal#weight} above 1 that is what keeps the length bound of {@link SearchMode#APPROXIMATE}). The key is
     * {@code f = ng + weight * h}.
     */
    void relax(int q, int qx, int qy, double ng, int from, int via) {
        OpenList o = open;
        double w = goal.weight;
        // one page load and one read decide open / closed / unseen (this is the hottest call)
        int[] page = o.pages[q >>> OpenList.PAGE_SHIFT];
        if (page == null) {
            o.pushFirst(q, from, via, ng + w * goal.heuristic(q, qx, qy), ng); // first touch of q's page
            return;
        }
        int at = OpenList.at(q);
        int openStamp = o.openStamp;
        int stamp = page[at];
        if (stamp == openStamp) {
            int slot = page[at + 1];
            if (ng < o.gAt(slot)) {
                page[at + 2] = from;
                page[at + 3] = via;
                o.decreaseAt(slot, page, q, ng + w * goal.heuristic(q, qx, qy), ng);
            }
        } else if (stamp != openStamp + 1) {
            page[at + 2] = from;
            page[at + 3] = via;
            o.push(page, q, ng + w * goal.heuristic(q, qx, qy), ng);
        }
    }

    /** Predecessor of node q ({@link #NONE} for the start). */
    int parent(int q) {
        return open.parent(q);
    }

    /** Turning cell of the move into node q ({@link #NONE} when straight or diagonal only). */
    int via(int q) {
        return open.via(q);
    }
}
