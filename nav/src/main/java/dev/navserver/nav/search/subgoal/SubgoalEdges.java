package dev.navserver.nav.search.subgoal;

import java.util.Arrays;

/**
 * The neighbour lists of a subgoal graph: the full build's compressed sparse rows (the neighbours of subgoal
 * {@code u} are {@code targets[offsets[u] .. offsets[u + 1] - 1]}, sorted) and, after repairs
 * ({@link SubgoalRepair}), the lists of the subgoals whose neighbours changed since, in copy-on-write pages of
 * {@link #PAGE} ids. A search reads subgoal u's neighbours as {@code array(u)[first(u) .. end(u) - 1]}.
 *
 * <p><b>Memory.</b> 4 bytes per offset and per directed edge of the full build; a repaired version adds a reference
 * per {@link #PAGE} ids, 4 KiB per page holding a changed list, and the changed lists.
 *
 * <p>Immutable and thread-safe.
 */
public final class SubgoalEdges {
    /** Subgoal ids per page of changed lists (a power of 2). */
    static final int PAGE = 1024;
    private static final int SHIFT = Integer.numberOfTrailingZeros(PAGE);
    private static final int MASK = PAGE - 1;
    private static final int[] NONE = new int[0];

    private final int[] offsets;
    private final int[] targets;
    /** Subgoals of the full build (ids at and above have no list there). */
    private final int baseCount;
    /** Subgoal ids ({@code >= baseCount} after repairs that added subgoals). */
    private final int count;
    /** Directed edges. */
    private final int edgeCount;
    /** Changed lists by id: {@code changed[u >>> SHIFT][u & MASK]}, null for "the full build's"; null when none. */
    private final int[][][] changed;

    /** The full build's lists over subgoals {@code 0 .. offsets.length - 2}; the arrays are kept, not copied. */
    public SubgoalEdges(int[] offsets, int[] targets) {
        this(offsets, targets, offsets.length - 1, offsets.length - 1, targets.length, null);
    }

    private SubgoalEdges(int[] offsets, int[] targets, int baseCount, int count, int edgeCount, int[][][] changed) {
        this.offsets = offsets;
        this.targets = targets;
        this.baseCount = baseCount;
        this.count = count;
        this.edgeCount = edgeCount;
        this.changed = changed;
    }

    private int[] changedList(int u) {
        if (changed == null) {
            return null;
        }
        int[][] page = changed[u >>> SHIFT];
        return page == null ? null : page[u & MASK];
    }

    /** The array holding subgoal {@code u}'s neighbours (shared: read, never write). */
    public int[] array(int u) {
        int[] c = changedList(u);
        return c != null ? c : u < baseCount ? targets : NONE;
    }

    /** First index of subgoal {@code u}'s neighbours in {@link #array}. */
    public int first(int u) {
        return changedList(u) != null || u >= baseCount ? 0 : offsets[u];
    }

    /** End (exclusive) of subgoal {@code u}'s neighbours in {@link #array}. */
    public int end(int u) {
        int[] c = changedList(u);
        return c != null ? c.length : u < baseCount ? offsets[u + 1] : 0;
    }

    /** Whether repairs changed lists since the full build ({@link #flat} then builds new arrays on every call). */
    public boolean repaired() {
        return changed != null;
    }

    /** Subgoal ids. */
    public int count() {
        return count;
    }

    /** Directed edges (each undirected edge counts twice). */
    public int edgeCount() {
        return edgeCount;
    }

    /** Bytes held (arrays with headers; the changed lists and their pages included). */
    public long bytes() {
        long b = 4L * offsets.length + 4L * targets.length + 32;
        if (changed != null) {
            b += 8L * changed.length;
            for (int[][] page : changed) {
                if (page != null) {
                    b += 8L * PAGE;
                    for (int[] list : page) {
                        b += list == null ? 0 : 16 + 4L * list.length;
                    }
                }
            }
        }
        return b;
    }

    /**
     * These lists as compressed sparse rows over every id ({offsets (count + 1 entries), targets}): the full build's
     * own arrays (shared: read, never write), or, after repairs, new arrays on every call (not kept, so that a
     * repaired graph never holds its edges twice).
     */
    public int[][] flat() {
        if (changed == null) {
            return new int[][] {offsets, targets};
        }
        int[] off = new int[count + 1];
        for (int u = 0; u < count; u++) {
            off[u + 1] = off[u] + end(u) - first(u);
        }
        int[] t = new int[off[count]];
        for (int u = 0; u < count; u++) {
            System.arraycopy(array(u), first(u), t, off[u], off[u + 1] - off[u]);
        }
        return new int[][] {off, t};
    }

    /**
     * These lists with those of subgoals {@code ids[i]} replaced by {@code lists[i]} (sorted, without duplicates;
     * kept, not copied), over {@code newCount >= count()} ids; the pages of other ids are shared.
     */
    SubgoalEdges with(int newCount, int[] ids, int[][] lists, int n) {
        int pages = (newCount + PAGE - 1) >>> SHIFT;
        int[][][] c = changed == null ? new int[pages][][] : Arrays.copyOf(changed, pages);
        boolean[] copied = new boolean[pages];
        long edges = edgeCount;
        for (int i = 0; i < n; i++) {
            int u = ids[i];
            if (u < count) {
                edges -= end(u) - first(u);
            }
            edges += lists[i].length;
            int k = u >>> SHIFT;
            if (!copied[k]) {
                c[k] = c[k] == null ? new int[PAGE][] : c[k].clone();
                copied[k] = true;
            }
            c[k][u & MASK] = lists[i];
        }
        return new SubgoalEdges(offsets, targets, baseCount, newCount, (int) edges, c);
    }
}
