package dev.navserver.nav.search.subgoal;

import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.search.core.IntBuffer;
import java.util.Arrays;

/**
 * The subgoals and neighbour lists of a grid version made from those of the version before it, without a rebuild.
 *
 * <p><b>Method.</b> Only cells in the box of changed cells ({@link ChangedArea}) grown by 1 can change whether they
 * are subgoals; those are found anew. Every cell whose standability or subgoal mark changed lies in that box (B1),
 * so a subgoal's scan gives the same answer as before unless it reads a cell of B1; {@link DirtySubgoals} finds a
 * superset of the subgoals whose scans do (the dirty ones). The dirty subgoals that remain and the added ones are
 * scanned again; so are the clean subgoals that had an edge to a dirty one (their own scans are unchanged, but whether
 * an edge to a dirty subgoal came from their side must be known). An edge between two clean subgoals stays; an
 * edge touching a dirty or added subgoal exists when one side's scan reports the other. Subgoals that are no longer
 * ones keep their ids with no edges; added ones get new ids after all others.
 *
 * <p>Stateless and thread-safe; the inputs are read, never written.
 */
public final class SubgoalRepair {
    /** Cells the backward walks of {@link DirtySubgoals} may visit before the repair gives up. */
    static final long MAX_WALK_STEPS = 4_000_000;

    /**
     * The repaired structures.
     *
     * @param cells   the later version's subgoals
     * @param edges   its neighbour lists
     * @param area    what changed
     * @param rescans subgoals scanned again (dirty, added and their clean neighbours)
     */
    public record Repaired(SubgoalCells cells, SubgoalEdges edges, ChangedArea area, int rescans) {
    }

    private SubgoalRepair() {
    }

    /**
     * The subgoals and lists of {@code after} from {@code cells} and {@code edges} of {@code before} (the
     * same map's earlier version, same size), or null when the box of changed cells is larger than
     * {@code maxBoxCells} or the change reaches too far (a full build is then the way).
     */
    public static Repaired repair(NavGrid before, SubgoalCells cells, SubgoalEdges edges, NavGrid after,
                                  long maxBoxCells) {
        if (before.stride() != after.stride() || before.height() != after.height() || !cells.builtFrom(before)) {
            return null;
        }
        long[][] rowsAfter = after.openRows();
        ChangedArea area = ChangedArea.between(before.openRows(), rowsAfter);
        if (area.changed() == 0) {
            SubgoalCells same = new SubgoalCells(cells, rowsAfter, cells.bitRows(), cells.extraCells(),
                    cells.idOverrides());
            return new Repaired(same, edges, area, 0);
        }
        if (area.boxCells() > maxBoxCells) {
            return null;
        }
        int height = rowsAfter.length;
        int stride = after.stride();
        // B1: the changed box grown by 1, inside the padding (border cells are never subgoals)
        int x0 = Math.max(1, area.minX() - 1);
        int y0 = Math.max(1, area.minY() - 1);
        int x1 = Math.min(stride - 2, area.maxX() + 1);
        int y1 = Math.min(height - 2, area.maxY() + 1);
        IntBuffer dirty = new IntBuffer(256);
        if (!DirtySubgoals.find(cells, x0, y0, x1, y1, height, MAX_WALK_STEPS, dirty)) {
            return null;
        }
        int[] dirtyOld = sortedUnique(dirty);
        // the subgoal marks of B1 on the later version; added subgoals get ids after all others
        long[][] bitRows = cells.bitRows().clone();
        IntBuffer added = new IntBuffer(64);
        for (int y = y0; y <= y1; y++) {
            long[] row = bitRows[y].clone();
            for (int x = x0; x <= x1; x++) {
                boolean now = corner(rowsAfter, x, y);
                boolean was = (row[x >>> 6] & (1L << x)) != 0;
                if (now) {
                    row[x >>> 6] |= 1L << x;
                } else {
                    row[x >>> 6] &= ~(1L << x);
                }
                if (now && !was) {
                    added.add(y * stride + x);
                }
            }
            bitRows[y] = row;
        }
        int oldCount = cells.count();
        int[] extra = Arrays.copyOf(cells.extraCells(), cells.extraCells().length + added.size);
        System.arraycopy(added.data, 0, extra, cells.extraCells().length, added.size);
        int[][] overrides = cells.idOverrides();
        if (added.size > 0) {
            int shift = SubgoalCells.overrideShift();
            overrides = overrides == null ? new int[(int) (((long) stride * height >>> shift) + 1)][]
                    : overrides.clone();
            boolean[] copied = new boolean[overrides.length];
            for (int i = 0; i < added.size; i++) {
                int p = added.data[i];
                int k = p >>> shift;
                if (!copied[k]) {
                    overrides[k] = overrides[k] == null ? new int[1 << shift] : overrides[k].clone();
                    copied[k] = true;
                }
                overrides[k][p & ((1 << shift) - 1)] = oldCount + i + 1;
            }
        }
        SubgoalCells next = new SubgoalCells(cells, rowsAfter, bitRows, extra, overrides);
        return relink(cells, edges, next, dirtyOld, oldCount, area);
    }

    /** The later version's lists: see the class comment. */
    private static Repaired relink(SubgoalCells was, SubgoalEdges edges, SubgoalCells next, int[] dirtyOld,
                                   int oldCount, ChangedArea area) {
        int newCount = next.count();
        // the nodes scanned again: the surviving dirty ones, the added ones, the clean neighbours of dirty ones
        IntBuffer scanned = new IntBuffer(4 * dirtyOld.length + 16);
        IntBuffer removed = new IntBuffer(16);
        for (int u : dirtyOld) {
            if (next.node(was.cell(u)) == u) {
                scanned.add(u);
            } else {
                removed.add(u);
            }
            int[] t = edges.array(u);
            for (int e = edges.first(u); e < edges.end(u); e++) {
                if (Arrays.binarySearch(dirtyOld, t[e]) < 0) {
                    scanned.add(t[e]);
                }
            }
        }
        for (int u = oldCount; u < newCount; u++) {
            scanned.add(u);
        }
        int[] scan = sortedUnique(scanned);
        // undirected pairs (a << 32 | b) with a dirty or added end, from the scans
        LongList pairs = new LongList();
        IntBuffer hits = new IntBuffer(64);
        for (int a : scan) {
            hits.size = 0;
            next.scan(next.cell(a), -1, hits);
            boolean aDirty = isDirty(a, dirtyOld, oldCount);
            for (int i = 0; i < hits.size; i++) {
                int b = hits.data[i];
                if (b != a && (aDirty || isDirty(b, dirtyOld, oldCount))) {
                    pairs.add(((long) a << 32) | b);
                    pairs.add(((long) b << 32) | a);
                }
            }
        }
        Arrays.sort(pairs.data, 0, pairs.size);
        // every node whose list changes: the scanned ones, the ends of pairs, the removed ones
        IntBuffer touched = new IntBuffer(scan.length + pairs.size / 2 + removed.size);
        for (int u : scan) {
            touched.add(u);
        }
        for (int i = 0; i < pairs.size; i++) {
            touched.add((int) (pairs.data[i] >>> 32));
        }
        for (int i = 0; i < removed.size; i++) {
            touched.add(removed.data[i]);
        }
        int[] ids = sortedUnique(touched);
        int[][] lists = new int[ids.length][];
        IntBuffer list = new IntBuffer(64);
        int p = 0;
        for (int k = 0; k < ids.length; k++) {
            int u = ids[k];
            list.size = 0;
            boolean gone = Arrays.binarySearch(removed.data, 0, removed.size, u) >= 0;
            if (!gone && !isDirty(u, dirtyOld, oldCount)) {
                int[] t = edges.array(u);
                for (int e = edges.first(u); e < edges.end(u); e++) {
                    if (Arrays.binarySearch(dirtyOld, t[e]) < 0) {
                        list.add(t[e]);
                    }
                }
            }
            while (p < pairs.size && (int) (pairs.data[p] >>> 32) < u) {
                p++;
            }
            while (p < pairs.size && (int) (pairs.data[p] >>> 32) == u) {
                if (!gone) {
                    list.add((int) pairs.data[p]);
                }
                p++;
            }
            lists[k] = sortedUnique(list);
        }
        return new Repaired(next, edges.with(newCount, ids, lists, ids.length), area, scan.length);
    }

    /** Whether {@code u} is dirty (its scan may have changed) or added. */
    private static boolean isDirty(int u, int[] dirtyOld, int oldCount) {
        return u >= oldCount || Arrays.binarySearch(dirtyOld, u) >= 0;
    }

    /** Whether padded (x, y) is a subgoal of bit rows {@code rows} ({@link SubgoalCells}' definition). */
    private static boolean corner(long[][] rows, int x, int y) {
        if (!open(rows, x, y)) {
            return false;
        }
        for (int dy = -1; dy <= 1; dy += 2) {
            for (int dx = -1; dx <= 1; dx += 2) {
                if (!open(rows, x + dx, y + dy) && open(rows, x + dx, y) && open(rows, x, y + dy)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean open(long[][] rows, int x, int y) {
        return (rows[y][x >>> 6] & (1L << x)) != 0;
    }

    /** The entries of {@code b}, sorted, without repeats (sorts {@code b} in place). */
    private static int[] sortedUnique(IntBuffer b) {
        Arrays.sort(b.data, 0, b.size);
        int n = 0;
        for (int i = 0; i < b.size; i++) {
            if (n == 0 || b.data[i] != b.data[n - 1]) {
                b.data[n++] = b.data[i];
            }
        }
        b.size = n;
        return Arrays.copyOf(b.data, n);
    }

    /** A growable long list. Not thread-safe. */
    private static final class LongList {
        long[] data = new long[256];
        int size;

        void add(long v) {
            if (size == data.length) {
                data = Arrays.copyOf(data, 2 * size);
            }
            data[size++] = v;
        }
    }
}
