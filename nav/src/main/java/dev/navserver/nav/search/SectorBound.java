package dev.navserver.nav.search;

import dev.navserver.nav.grid.NavGrid;
import java.util.Arrays;

/**
 * A consistent lower bound of the cost to the goal for long 8-connected searches, from an abstract graph of 8 x 8
 * sectors: the long-range heuristic of {@link PathSearch}.
 *
 * <p><b>Abstract graph.</b> The map is cut into sectors of 8 x 8 cells aligned with map cell (0, 0). Within a
 * sector the standable cells fall into components (4-connected inside the sector, which is the same as
 * 8-connected without corner cutting). A <em>border node</em> is a standable cell on a sector's edge whose
 * orthogonal neighbour across that edge is standable. Edges: between two border nodes of one component, the octile
 * distance (every path between them inside the sector costs at least that); between two border nodes of different
 * sectors that are neighbours, the length of that move (1 or sqrt(2), a diagonal only when both orthogonal cells are
 * standable; both ends of a legal diagonal across an edge are border nodes). The goal is a node joined to the
 * border nodes of its component by their octile distances. Every path between two cells splits at its sector
 * crossings into pieces inside one component and crossing moves, and every move costs at least its length, so the
 * abstract distance {@code H(X)} of a node to the goal is at most its true cost to the goal.
 *
 * <p><b>Search.</b> {@link #begin} runs A* on the abstract graph from the goal toward the start (heuristic: octile
 * distance to the start, consistent because the graph's edges are at least the octile distances between their
 * ends), building the sectors it reaches, until the smallest key left is at least {@code K}, the abstract cost of
 * the start. Settled nodes have their exact {@code H}; for every other node {@code Ĥ(X) = max(octile(X, goal),
 * K - octile(X, start))}, which is at most {@code H(X)} because A* settles every node with
 * {@code H + octile(., start) < K}. {@code Ĥ} is itself consistent on the abstract graph: for a settled node and an
 * unsettled neighbour, the neighbour was relaxed with a key of at least {@code K}.
 *
 * <p><b>Bound of a cell.</b> For a cell c in component C of its sector, {@link #bound} is the least of
 * {@code octile(c, X) + Ĥ(X)} over the border nodes X of C (and {@code octile(c, goal)} when the goal is in C), at
 * least the octile distance to the goal. It is admissible (a path from c leaves C through some X) and consistent:
 * inside a sector each term changes by at most a move's length, and across an edge both ends are border nodes whose
 * terms differ by at most the move's length because {@code Ĥ} is consistent. So A* and JPS with its maximum with
 * other consistent heuristics stay optimal with a closed set. Entry costs of weighted grids only make true costs
 * larger, so the bound holds for them too.
 *
 * <p><b>Cost.</b> The abstract search reaches the sectors near the cheapest corridor; it gives up (and
 * {@link #begin} returns false, so the caller keeps the octile distance) past {@link #MAX_POPS} nodes. Scratch:
 * per sector reached 12 bytes of record and 24 bytes plus 8 per component of sector data, 17 bytes per border node;
 * reused between searches, dropped above {@link IntPages#RETAINED_BYTES}.
 *
 * <p>Not thread-safe: part of one search context. The grid is held until the next {@link #begin} or
 * {@link #release}.
 */
final class SectorBound {
    /** Abstract nodes popped before the bound gives up on a search. */
    static final int MAX_POPS = 400_000;
    private static final double SQRT2 = Math.sqrt(2.0);
    private static final double OCTILE_DIAGONAL = SQRT2 - 1.0;
    private static final long COL0 = 0x0101010101010101L;
    private static final long COL7 = 0x8080808080808080L;
    /** Ints per sector record: stamp, offset of its data in {@link #data}, first node in the node arrays. */
    private static final int RECORD = 3;
    private static final int PAGE_SHIFT = 6;

    private final IntPages sectors = new IntPages(PAGE_SHIFT, RECORD << PAGE_SHIFT);
    private int stamp;
    /** Per built sector: standable bits, border-node bits, component count, component bits. */
    private long[] data = new long[256];
    private int dataSize;
    // per border node, indexed by node id (dense per search, in order of building)
    private double[] nodeH = new double[256];
    private boolean[] nodeClosed = new boolean[256];
    private int[] nodeSector = new int[256];
    private byte[] nodeLocal = new byte[256];
    private int nodeCount;
    // abstract open list: a binary heap of (key, node) with stale entries skipped
    private double[] heapKey = new double[256];
    private int[] heapNode = new int[256];
    private int heapSize;

    private NavGrid grid;
    private long[][] rows;
    private int width;
    private int height;
    private int sectorsX;
    /** Goal and start map columns and rows. */
    private int gc;
    private int gr;
    private int sc;
    private int sr;
    /** The goal's sector and the bits of its component there. */
    private int goalSector;
    private long goalComp;
    /** The abstract cost of the start: {@code K} in the class comment. */
    private double startKey;
    private int pops;

    /**
     * Runs the abstract search for a search from map cell (startCol, startRow) to (goalCol, goalRow), both
     * standable on one island of {@code grid}.
     *
     * @return true when the bound is ready for {@link #bound}; false when the search gave up (no bound)
     */
    boolean begin(NavGrid grid, int startCol, int startRow, int goalCol, int goalRow) {
        this.grid = grid;
        this.rows = grid.openRows();
        this.width = grid.width();
        this.height = grid.height();
        this.sectorsX = (width + 7) >>> 3;
        int sectorsY = (height + 7) >>> 3;
        long capacity = (long) sectorsX * sectorsY;
        if (scratchBytes() > IntPages.RETAINED_BYTES) {
            sectors.drop((int) capacity);
            data = new long[256];
            nodeH = new double[256];
            nodeClosed = new boolean[256];
            nodeSector = new int[256];
            nodeLocal = new byte[256];
            heapKey = new double[256];
            heapNode = new int[256];
        }
        sectors.cover((int) capacity);
        if (++stamp == Integer.MAX_VALUE) {
            sectors.clear();
            stamp = 1;
        }
        dataSize = 0;
        nodeCount = 0;
        heapSize = 0;
        pops = 0;
        gc = goalCol;
        gr = goalRow;
        sc = startCol;
        sr = startRow;
        goalSector = sectorOf(gc, gr);
        int gBase = build(goalSector);
        goalComp = component(gBase, local(gc, gr));
        int sSector = sectorOf(sc, sr);
        int sBase = build(sSector);
        long startComp = component(sBase, local(sc, sr));
        double best = Double.POSITIVE_INFINITY;
        if (sSector == goalSector && startComp == goalComp) {
            best = octile(sc - gc, sr - gr);
        }
        // the goal's edges to the border nodes of its component
        int gFirst = record(goalSector)[slot(goalSector) + 2];
        long nodes = data[gBase + 1];
        for (long m = nodes & goalComp; m != 0; m &= m - 1) {
            int l = Long.numberOfTrailingZeros(m);
            int id = gFirst + Long.bitCount(nodes & ((1L << l) - 1));
            int x = cellCol(goalSector, l);
            int y = cellRow(goalSector, l);
            offer(id, octile(x - gc, y - gr), x, y);
        }
        long startNodes = data[sBase + 1] & startComp;
        while (heapSize > 0 && heapKey[0] < best) {
            double key = heapKey[0];
            int id = heapNode[0];
            popTop();
            if (nodeClosed[id]) {
                continue;
            }
            int sector = nodeSector[id];
            int l = nodeLocal[id];
            int x = cellCol(sector, l);
            int y = cellRow(sector, l);
            double h = nodeH[id];
            if (key > h + octile(x - sc, y - sr) + 1e-9) {
                continue; // stale entry
            }
            nodeClosed[id] = true;
            if (++pops > MAX_POPS) {
                return false;
            }
            int[] rec = record(sector);
            int at = slot(sector);
            int base = rec[at + 1];
            int first = rec[at + 2];
            long sectorNodes = data[base + 1];
            long comp = component(base, l);
            if (sector == sSector && (startNodes & (1L << l)) != 0) {
                best = Math.min(best, h + octile(x - sc, y - sr));
            }
            // inside the component
            for (long m = sectorNodes & comp & ~(1L << l); m != 0; m &= m - 1) {
                int k = Long.numberOfTrailingZeros(m);
                int other = first + Long.bitCount(sectorNodes & ((1L << k) - 1));
                if (!nodeClosed[other]) {
                    int ox = cellCol(sector, k);
                    int oy = cellRow(sector, k);
                    offer(other, h + octile(ox - x, oy - y), ox, oy);
                }
            }
            // across the sector's edges
            for (int dy = -1; dy <= 1; dy++) {
                for (int dx = -1; dx <= 1; dx++) {
                    if ((dx | dy) == 0) {
                        continue;
                    }
                    int nx = x + dx;
                    int ny = y + dy;
                    if ((nx >>> 3) == (x >>> 3) && (ny >>> 3) == (y >>> 3)) {
                        continue;
                    }
                    if (!grid.open(nx, ny)) {
                        continue;
                    }
                    if (dx != 0 && dy != 0 && (!grid.open(nx, y) || !grid.open(x, ny))) {
                        continue;
                    }
                    int nSector = sectorOf(nx, ny);
                    int nBase = build(nSector);
                    int nl = local(nx, ny);
                    long nNodes = data[nBase + 1];
                    int other = record(nSector)[slot(nSector) + 2] + Long.bitCount(nNodes & ((1L << nl) - 1));
                    if (!nodeClosed[other]) {
                        offer(other, h + (dx != 0 && dy != 0 ? SQRT2 : 1.0), nx, ny);
                    }
                }
            }
        }
        if (best == Double.POSITIVE_INFINITY) {
            return false; // not connected in the abstract graph: cannot happen on one island
        }
        startKey = best;
        return true;
    }

    /**
     * Lower bound of the cost from map cell (col, row), standable, to the goal of the last successful
     * {@link #begin}, in cells; consistent (see the class comment).
     */
    double bound(int col, int row) {
        int sector = sectorOf(col, row);
        int base = build(sector);
        int l = local(col, row);
        long comp = component(base, l);
        int first = record(sector)[slot(sector) + 2];
        long sectorNodes = data[base + 1];
        double best = Double.POSITIVE_INFINITY;
        if (sector == goalSector && comp == goalComp) {
            best = octile(col - gc, row - gr);
        }
        double k = startKey;
        for (long m = sectorNodes & comp; m != 0; m &= m - 1) {
            int b = Long.numberOfTrailingZeros(m);
            int id = first + Long.bitCount(sectorNodes & ((1L << b) - 1));
            int x = cellCol(sector, b);
            int y = cellRow(sector, b);
            double hx;
            if (nodeClosed[id]) {
                hx = nodeH[id];
            } else {
                hx = Math.max(octile(x - gc, y - gr), k - octile(x - sc, y - sr));
            }
            double t = octile(x - col, y - row) + hx;
            if (t < best) {
                best = t;
            }
        }
        return best;
    }

    /** Abstract nodes the last {@link #begin} popped. */
    int pops() {
        return pops;
    }

    /** The abstract cost of the start found by the last successful {@link #begin}. */
    double startKey() {
        return startKey;
    }

    /** Drops the reference to the grid (end of a search). */
    void release() {
        grid = null;
        rows = null;
    }

    /** Bytes of scratch held. */
    long scratchBytes() {
        return sectors.bytes() + 8L * data.length + 8L * nodeH.length + nodeClosed.length + 4L * nodeSector.length
                + nodeLocal.length + 12L * heapKey.length + 6 * IntPages.ARRAY_HEADER;
    }

    private void offer(int id, double h, int x, int y) {
        if (h >= nodeH[id]) {
            return;
        }
        nodeH[id] = h;
        push(h + octile(x - sc, y - sr), id);
    }

    private int sectorOf(int col, int row) {
        return (row >>> 3) * sectorsX + (col >>> 3);
    }

    private static int local(int col, int row) {
        return (row & 7) << 3 | (col & 7);
    }

    private int cellCol(int sector, int l) {
        return (sector % sectorsX) << 3 | (l & 7);
    }

    private int cellRow(int sector, int l) {
        return (sector / sectorsX) << 3 | (l >>> 3);
    }

    private int[] record(int sector) {
        return sectors.pages[sector >>> PAGE_SHIFT];
    }

    private static int slot(int sector) {
        return (sector & ((1 << PAGE_SHIFT) - 1)) * RECORD;
    }

    /** The bits of the component of the sector at {@code base} holding local cell {@code l}. */
    private long component(int base, int l) {
        int count = (int) data[base + 2];
        long bit = 1L << l;
        for (int i = 0; i < count; i++) {
            long c = data[base + 3 + i];
            if ((c & bit) != 0) {
                return c;
            }
        }
        return 0;
    }

    /** Builds {@code sector} in this search if not yet built; returns the offset of its data. */
    private int build(int sector) {
        int index = sector >>> PAGE_SHIFT;
        int[] page = sectors.pages[index];
        if (page == null) {
            page = sectors.allocate(index);
        }
        int at = slot(sector);
        if (page[at] == stamp) {
            return page[at + 1];
        }
        int c0 = (sector % sectorsX) << 3;
        int r0 = (sector / sectorsX) << 3;
        long open = 0;
        for (int j = 0; j < 8; j++) {
            open |= (long) rowBits(r0 + j, c0) << (j << 3);
        }
        long nodes = 0;
        if (open != 0) {
            nodes |= open & rowBits(r0 - 1, c0);
            nodes |= open & ((long) rowBits(r0 + 8, c0) << 56);
            long left = 0;
            long right = 0;
            for (int j = 0; j < 8; j++) {
                if (openCell(c0 - 1, r0 + j)) {
                    left |= 1L << (j << 3);
                }
                if (openCell(c0 + 8, r0 + j)) {
                    right |= 1L << (j << 3 | 7);
                }
            }
            nodes |= open & (left | right);
        }
        int base = dataSize;
        ensureData(base + 3 + 32);
        data[base] = open;
        data[base + 1] = nodes;
        int count = 0;
        for (long rest = open; rest != 0; ) {
            long comp = rest & -rest;
            while (true) {
                long grown = (comp | ((comp << 1) & ~COL0) | ((comp >>> 1) & ~COL7) | (comp << 8) | (comp >>> 8))
                        & open;
                if (grown == comp) {
                    break;
                }
                comp = grown;
            }
            data[base + 3 + count++] = comp;
            rest &= ~comp;
        }
        data[base + 2] = count;
        dataSize = base + 3 + count;
        int n = Long.bitCount(nodes);
        int first = nodeCount;
        ensureNodes(first + n);
        int i = first;
        for (long m = nodes; m != 0; m &= m - 1) {
            nodeH[i] = Double.POSITIVE_INFINITY;
            nodeClosed[i] = false;
            nodeSector[i] = sector;
            nodeLocal[i] = (byte) Long.numberOfTrailingZeros(m);
            i++;
        }
        nodeCount = first + n;
        page[at] = stamp;
        page[at + 1] = base;
        page[at + 2] = first;
        return base;
    }

    /** Standability of map cells (c0 .. c0 + 7, row) as 8 bits (bit i = column c0 + i); 0 off the map. */
    private int rowBits(int row, int c0) {
        if (row < 0 || row >= height) {
            return 0;
        }
        long[] line = rows[row + 1];
        int x0 = c0 + 1;
        int w = x0 >>> 6;
        int b = x0 & 63;
        long v = w < line.length ? line[w] >>> b : 0;
        if (b > 56 && w + 1 < line.length) {
            v |= line[w + 1] << (64 - b);
        }
        return (int) v & 0xFF;
    }

    private boolean openCell(int col, int row) {
        return col >= 0 && row >= 0 && col < width && row < height && NavGrid.bit(rows[row + 1], col + 1);
    }

    private static double octile(int dx, int dy) {
        dx = Math.abs(dx);
        dy = Math.abs(dy);
        return dx > dy ? dx + OCTILE_DIAGONAL * dy : dy + OCTILE_DIAGONAL * dx;
    }

    private void ensureData(int size) {
        if (size > data.length) {
            data = Arrays.copyOf(data, Math.max(size, 2 * data.length));
        }
    }

    private void ensureNodes(int size) {
        if (size > nodeH.length) {
            int n = Math.max(size, 2 * nodeH.length);
            nodeH = Arrays.copyOf(nodeH, n);
            nodeClosed = Arrays.copyOf(nodeClosed, n);
            nodeSector = Arrays.copyOf(nodeSector, n);
            nodeLocal = Arrays.copyOf(nodeLocal, n);
        }
    }

    private void push(double key, int node) {
        if (heapSize == heapKey.length) {
            heapKey = Arrays.copyOf(heapKey, 2 * heapSize);
            heapNode = Arrays.copyOf(heapNode, 2 * heapSize);
        }
        int i = heapSize++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (heapKey[parent] <= key) {
                break;
            }
            heapKey[i] = heapKey[parent];
            heapNode[i] = heapNode[parent];
            i = parent;
        }
        heapKey[i] = key;
        heapNode[i] = node;
    }

    private void popTop() {
        int n = --heapSize;
        if (n == 0) {
            return;
        }
        double key = heapKey[n];
        int node = heapNode[n];
        int i = 0;
        while (true) {
            int c = 2 * i + 1;
            if (c >= n) {
                break;
            }
            if (c + 1 < n && heapKey[c + 1] < heapKey[c]) {
                c++;
            }
            if (heapKey[c] >= key) {
                break;
            }
            heapKey[i] = heapKey[c];
            heapNode[i] = heapNode[c];
            i = c;
        }
        heapKey[i] = key;
        heapNode[i] = node;
    }
}
