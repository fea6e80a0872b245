package dev.navserver.nav.search;

import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.search.four.DeadEndTable;
import dev.navserver.nav.search.four.TwoBucketAStar;
import java.lang.ref.WeakReference;

/**
 * The 4-connected fast path of {@link PathSearch} (see its class comment): the grid's {@link DeadEndTable} trees
 * walked up from start and goal, and {@link TwoBucketAStar} between the two roots over the grid's core, or over
 * the whole grid without a table. Cells are padded ids.
 *
 * <p>Not thread-safe: part of one {@link PathSearch}.
 */
final class FourConnectedSearch {
    private final TwoBucketAStar fourWay;
    /** The grid's dead-end trees when the core search runs between two roots, else null. */
    private DeadEndTable trees;
    /**
     * The grid whose {@link DeadEndTable} (possibly none) {@link #lastTrees} holds: looked up in the shared cache,
     * which takes a lock, only when the grid changes; weak, so an old map version is not kept alive by this context.
     */
    private WeakReference<NavGrid> lastTreesGrid = new WeakReference<>(null);
    private DeadEndTable lastTrees;
    private int stride;
    private int width;
    private int fourStartP;
    private int fourGoalP;
    private boolean substituteGoal;
    private int expanded;

    /** @param retainedBytes scratch the two-bucket A* keeps between searches at most */
    FourConnectedSearch(long retainedBytes) {
        fourWay = new TwoBucketAStar(retainedBytes);
    }

    /**
     * Begins the 4-connected fast path from padded {@code startP} to padded {@code goalP}: with the grid's
     * {@link DeadEndTable}, walks both up their trees; when they meet, the tree path is the answer (finished here);
     * otherwise the two-bucket A* runs on the core between the two roots. Without a table it searches the grid.
     *
     * @param substituteGoal whether the goal replaces an unreachable one (a path to it is {@code PARTIAL})
     * @return the result when decided here (one tree), else null: {@link #step} goes on
     */
    PathResult begin(NavGrid grid, int startP, int goalP, boolean substituteGoal) {
        this.substituteGoal = substituteGoal;
        stride = grid.stride();
        expanded = 0;
        if (lastTreesGrid.get() != grid) {
            lastTrees = DeadEndTable.forGrid(grid);
            lastTreesGrid = new WeakReference<>(grid);
        }
        DeadEndTable t = lastTrees;
        trees = null;
        if (t == null) {
            fourWay.begin(grid, startP, goalP);
            return null;
        }
        int s = stride;
        width = grid.width();
        int ds = t.depth(startP);
        int dg = t.depth(goalP);
        int a = startP;
        int b = goalP;
        int da = ds;
        for (int db = dg; db > da; db--) {
            b = t.parent(b, s);
        }
        for (; da > dg; da--) {
            a = t.parent(a, s);
        }
        while (a != b && da > 0) {
            a = t.parent(a, s);
            b = t.parent(b, s);
            da--;
        }
        if (a == b) {
            // one tree: up from the start to the common ancestor a, down to the goal
            int len = ds + dg - 2 * da;
            int[] cells = new int[len + 1];
            walkInto(t, cells, startP, ds - da, 0, 1);
            walkInto(t, cells, goalP, dg - da, len, -1);
            cells[ds - da] = unpad(a);
            return substituteGoal ? PathResult.partial(cells, len, len) : PathResult.found(cells, len, len);
        }
        // a and b are distinct core cells, the roots of the start's and the goal's trees
        trees = t;
        fourStartP = startP;
        fourGoalP = goalP;
        expanded = ds + dg;
        fourWay.begin(grid, t.coreRows(), a, b);
        return null;
    }

    /**
     * Writes the first {@code steps} cells of the walk up from padded {@code p} to {@code cells[from]},
     * {@code cells[from + dir]}, ...; returns the padded cell reached.
     */
    private int walkInto(DeadEndTable t, int[] cells, int p, int steps, int from, int dir) {
        int s = stride;
        int i = from;
        for (int k = 0; k < steps; k++) {
            cells[i] = unpad(p);
            i += dir;
            p = t.parent(p, s);
        }
        return p;
    }

    private int unpad(int p) {
        return (p / stride - 1) * width + p % stride - 1;
    }

    /**
     * Expands up to {@code maxExpansions} cells of the search {@link #begin} started.
     *
     * @return the result when finished, else null
     */
    PathResult step(int maxExpansions) {
        TwoBucketAStar b = fourWay;
        int done = 0;
        while (true) {
            if (b.found()) {
                int[] cells;
                int len;
                if (trees == null) {
                    cells = b.path();
                    len = b.length();
                } else {
                    // start's tree walk, core path between the roots, goal's tree walk backwards
                    int ds = trees.depth(fourStartP);
                    int dg = trees.depth(fourGoalP);
                    len = ds + b.length() + dg;
                    cells = new int[len + 1];
                    walkInto(trees, cells, fourStartP, ds, 0, 1);
                    b.pathInto(cells, ds);
                    walkInto(trees, cells, fourGoalP, dg, len, -1);
                }
                return substituteGoal ? PathResult.partial(cells, len, expanded)
                        : PathResult.found(cells, len, expanded);
            }
            if (b.exhausted()) {
                return PathResult.unreachable(expanded);
            }
            if (done == maxExpansions) {
                return null;
            }
            b.expandOne();
            expanded++;
            done++;
        }
    }

    /** Bytes of scratch held (the two-bucket A*'s). */
    long scratchBytes() {
        return fourWay.scratchBytes();
    }

    /** Lets go of the grid and tables of the last search. */
    void release() {
        fourWay.release();
        trees = null;
    }
}
