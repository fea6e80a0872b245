package dev.navserver.nav.search;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.search.core.IntPages;
import dev.navserver.nav.search.field.FieldPages;
import dev.navserver.nav.search.field.RegionDijkstra;
import java.util.Arrays;
import java.util.Objects;

/**
 * A per-thread integration field (the cost layer of a flow field): Dijkstra from one goal cell over a
 * rectangular region of a {@link NavGrid}, giving every settled cell its exact cost to the goal and the direction
 * of its first move on an optimal path, and a descent that turns a source cell into an optimal cell path by
 * following those directions.
 *
 * <p><b>Moves.</b> Exactly those of {@link PathSearch}: 8-connected moves of length 1 and sqrt(2) with a diagonal
 * only when both orthogonal neighbours are standable (no corner cutting), or 4-connected moves of length 1; the
 * agent size is the grid's (a cell is usable when {@link NavGrid#openCell} says so). Moving from a cell into
 * neighbour {@code n} costs the move's length times the layer cost of {@code n}. The field value of a cell
 * {@code c} is the least cost of a path from {@code c} to the goal, so the goal's own cost is paid on arrival and
 * {@code c}'s is not, as in a search from {@code c}.
 *
 * <p><b>Region and exactness.</b> {@link #build} starts with the bounding box of the goal and the sources, grown by
 * {@code marginCells} on every side and clipped to the map, and settles cells of that region in order of field
 * value until every <em>required</em> source (standable and on the goal's island) is settled. On weighted grids the
 * order is exact (a binary heap); on uniform-cost grids it is by the value's floor (Dial's bucket queue of width 1:
 * every move costs at least 1, so cells of one bucket cannot lower each other and are final in any order), and in
 * the check below {@code last} is then the last value's floor and the stop test uses {@code floor(value(v))}. A <em>rim</em> cell
 * is a cell of the region with a neighbour off the region but on the map. Take the cheapest path from a source
 * {@code s} to the goal and suppose it leaves the region: let {@code u} be its last cell off the region and {@code v}
 * the next one, a rim cell. The rest of the path, from {@code v}, stays in the region and is optimal, so
 * {@code value(v)} is exact, and the path costs at least {@code octile(s, u) + 1 + value(v)} (every move costs at
 * least its length, at least 1, and octile distance is a lower bound). With {@code m(s)} the Chebyshev distance
 * from {@code s} to the nearest cell off the region, {@code octile(s, u) >= max(m(s), octile(s, v) - sqrt(2))}.
 * So {@code value(s)} is exact when {@code value(s) <= value(v) + 1 + max(m(s), octile(s, v) - sqrt(2))} for every
 * settled rim cell {@code v} and {@code value(s) <= last + 1 + m(s)} for the unsettled ones (whose values are at
 * least {@code last}, the last value settled). The check walks the settled rim cells in settling order and stops at
 * the first with {@code value(v) + 1 + m(s) >= value(s)}. When a required source fails it or is not reached, the
 * margin grows ({@code 2 * margin + 16}) and the field is rebuilt; a region that is the whole map has no rim and is
 * always exact. {@link #rebuilds()} counts the growths of the last build.
 *
 * <p><b>Directions and descent.</b> When a settled cell {@code p} offers its neighbour {@code c} the value
 * {@code value(p) + step(c, p)} ({@code step(c, p)}: the move's length times {@code p}'s cost) and that is less
 * than {@code c}'s value so far, {@code c} takes it and records the direction of the move {@code c -> p}; on an
 * equal value ({@link Double#compare} 0) it takes the direction of lower rank. Every neighbour {@code n} minimising
 * {@code value(n) + step(c, n)} has {@code value(n) <= value(c) - 1} and is settled, hence offers, before {@code c},
 * so a settled cell's direction is that of the minimiser of least rank: first the minimisers whose own direction
 * is the same as the move {@code c -> n} (the path goes on straight; the goal has no direction), then, in both
 * groups, the order N, S, W, E, NW, NE, SW, SE. So the descent from a cell, which just follows the directions,
 * keeps straight runs where the field allows them (few turning points to smooth); ties are exact, so on 8-connected
 * grids two orders of the same moves whose sums round differently are not a tie. Each move lowers the value by
 * exactly its step: the descent ends at the goal along a path of cost {@code value(c)}, for a required source the
 * optimal length that A* and JPS find. A descent depends only on its first cell, so descents from many chasers of
 * one player share their ends without any bookkeeping, and each costs one byte read per cell it writes.
 *
 * <p><b>Values.</b> Only the open cells' values are kept while building (a hash map that grows with the frontier),
 * and the values of the settled sources and rim cells, which the exactness check needs. {@link #value} of any
 * other settled cell is recomputed by following its directions to the goal and adding the steps back from the goal,
 * in the order the build added them, so it is the very {@code double} the build settled (cost: the descent's
 * length).
 *
 * <p><b>Memory.</b> Cells are numbered within the region ({@code (y - y0) * regionWidth + (x - x0)}), and each has
 * one byte (direction, open, closed and source bits; layout in {@link FieldPages}) in a page of 64
 * such cells (a run of one region row) allocated the first time a run touches one of its cells, with the page's
 * generation in 4 more
 * bytes: 88 bytes per page with the array header and alignment, so <b>1 byte per cell of a touched page plus 24
 * bytes per page</b> (1.375 bytes per cell), plus 4 bytes per 64 region cells for the page table; nothing is sized
 * to the map. The build adds, for its frontier only: the open cells' values (12 bytes per slot, 2 to 4 slots per
 * open cell at the frontier's widest), 4 bytes per bucket entry (uniform cost) or 12 per heap entry (weighted;
 * entries superseded by a lower value stay until popped), and 12 bytes per settled rim cell and up to 48 per
 * settled source. Pages are kept and builds told apart by their generation (a page of an older generation is reset
 * when first touched), so a build over cells already paged in allocates nothing; when the field holds more than
 * {@link IntPages#RETAINED_BYTES} (64 MiB) at the start of a run, it drops its pages and lists first.
 * {@link #scratchBytes()} reports what is held. The grid is held until the next build.
 *
 * <p>Not thread-safe: use one instance per thread. Grids may be shared.
 */
public final class IntegrationField {
    private static final double SQRT2 = Math.sqrt(2.0);
    /** Margin added on each growth besides doubling, cells. */
    private static final int GROWTH_CELLS = 16;
    /** Bytes of one field page: header and length rounded up to 8 (88). */
    static final long PAGE_BYTES = FieldPages.PAGE_BYTES;

    /** Column and row change of a move in each direction (N, S, W, E, NW, NE, SW, SE). */
    private static final int[] DX = {0, 0, -1, 1, -1, 1, -1, 1};
    private static final int[] DY = {-1, 1, 0, 0, -1, -1, 1, 1};

    /** The Dijkstra of the last build's final region, with its cell bytes. */
    private final RegionDijkstra dijkstra = new RegionDijkstra();
    private int[] descentBuffer = new int[64];
    /** Padded ids of a walk to the goal, for {@link #value}. */
    private int[] walkBuffer = new int[64];

    // the last build
    private NavGrid grid;
    private float[][] cost;
    private int stride;
    private int goalP = -1;
    /** Per direction: the change of region-local id, of padded id and of map cell id of that move. */
    private final int[] localStep = new int[8];
    private final int[] paddedStep = new int[8];
    private final int[] cellStep = new int[8];
    private int settled;
    private int rebuilds;
    private boolean complete;

    /**
     * Builds the field toward {@code goalCell}, large enough that every required source has its exact value.
     *
     * @param goalCell    map cell id of the goal; must be standable (else the field is empty: {@link #built()} is
     *                    false)
     * @param sources     map cell ids of the sources, the first {@code sourceCount} used; sources that are off the
     *                    map's standable cells or on another island than the goal are ignored
     * @param moves       move set
     * @param marginCells initial margin around the bounding box of goal and sources, cells, {@code >= 0}
     * @return whether the goal was standable and the field built
     */
    public boolean build(NavGrid grid, int goalCell, int[] sources, int sourceCount, Moves moves, int marginCells) {
        Objects.requireNonNull(grid, "grid");
        Objects.requireNonNull(moves, "moves");
        if (marginCells < 0) {
            throw new IllegalArgumentException("marginCells must be >= 0, got " + marginCells);
        }
        if (sourceCount < 0 || sourceCount > sources.length) {
            throw new IllegalArgumentException("sourceCount " + sourceCount + " outside [0, " + sources.length + "]");
        }
        int cells = grid.width() * grid.height();
        this.grid = grid;
        this.cost = grid.costRows();
        this.stride = grid.stride();
        this.rebuilds = 0;
        this.settled = 0;
        this.goalP = -1;
        this.complete = false;
        if (goalCell < 0 || goalCell >= cells || !grid.openCell(goalCell)) {
            return false;
        }
        int goalIsland = grid.island(goalCell);
        int w = grid.width();
        int minC = goalCell % w;
        int maxC = minC;
        int minR = goalCell / w;
        int maxR = minR;
        for (int i = 0; i < sourceCount; i++) {
            int s = sources[i];
            if (!RegionDijkstra.required(grid, s, goalIsland)) {
                continue;
            }
            minC = Math.min(minC, s % w);
            maxC = Math.max(maxC, s % w);
            minR = Math.min(minR, s / w);
            maxR = Math.max(maxR, s / w);
        }
        long margin = marginCells;
        while (true) {
            int c0 = (int) Math.max(0, minC - margin);
            int c1 = (int) Math.min(w - 1, maxC + margin);
            int r0 = (int) Math.max(0, minR - margin);
            int r1 = (int) Math.min(grid.height() - 1, maxR + margin);
            if (fieldBytes() > IntPages.RETAINED_BYTES) {
                dijkstra.drop();
                descentBuffer = new int[64];
                walkBuffer = new int[64];
            }
            boolean exact = dijkstra.run(grid, moves == Moves.FOUR, goalCell, goalIsland, sources, sourceCount, c0,
                    r0, c1, r1);
            settled = dijkstra.settled();
            complete = dijkstra.complete();
            if (exact) {
                int rw = dijkstra.regionWidth();
                for (int d = 0; d < 8; d++) {
                    localStep[d] = DY[d] * rw + DX[d];
                    paddedStep[d] = DY[d] * stride + DX[d];
                    cellStep[d] = DY[d] * w + DX[d];
                }
                goalP = grid.pad(goalCell);
                return true;
            }
            rebuilds++;
            margin = 2 * margin + GROWTH_CELLS;
        }
    }

    /** Bytes the field's pages and lists hold (array headers included). */
    private long fieldBytes() {
        return dijkstra.bytes() + IntPages.ARRAY_HEADER + 4L * descentBuffer.length + IntPages.ARRAY_HEADER
                + 4L * walkBuffer.length;
    }

    /**
     * Bytes of scratch this field holds now: its pages (64 cells each: a byte per cell and a generation, 88 bytes
     * with the header), page table, the open cells' and settled sources' values, bucket or heap, rim and walk
     * lists, array headers included.
     */
    public long scratchBytes() {
        return fieldBytes();
    }

    /** Field pages held (64 region cells each). */
    int heldPages() {
        return dijkstra.pages.held();
    }

    /** Whether the last build found a standable goal. */
    public boolean built() {
        return goalP >= 0;
    }

    /**
     * The field value of map cell {@code cell}: its least cost to the goal in cells (cost-weighted), exact for the
     * required sources; {@link Double#POSITIVE_INFINITY} for a cell the last build did not settle. For a cell that
     * is not a required source, recomputed along its descent (see the class comment): the same {@code double} the
     * build settled, at the cost of a descent.
     */
    public double value(int cell) {
        if (goalP < 0 || cell < 0 || cell >= grid.width() * grid.height()) {
            return Double.POSITIVE_INFINITY;
        }
        int p = grid.pad(cell);
        int l = dijkstra.settledLocal(p % stride, p / stride);
        if (l < 0) {
            return Double.POSITIVE_INFINITY;
        }
        int slot = dijkstra.findSource(p);
        if (slot >= 0) {
            return dijkstra.sourceValueAt(slot);
        }
        byte[][] pages = dijkstra.pages.pages;
        int[] walk = walkBuffer;
        int k = 0;
        while (true) {
            if (k == walk.length) {
                walk = Arrays.copyOf(walk, 2 * walk.length);
                walkBuffer = walk;
            }
            walk[k++] = p;
            if (p == goalP) {
                break;
            }
            if (k > settled) {
                throw new IllegalStateException("directions do not lead to the goal from padded cell " + walk[0]);
            }
            int d = pages[l >>> FieldPages.PAGE_SHIFT][l & FieldPages.PAGE_MASK] & FieldPages.DIRECTION;
            p += paddedStep[d];
            l += localStep[d];
        }
        // add the steps back from the goal, as the build did: value(c) = value(parent) + length * cost(parent)
        int s = stride;
        double v = 0;
        for (int i = k - 2; i >= 0; i--) {
            int q = walk[i + 1];
            boolean diagonal = q % s != walk[i] % s && q / s != walk[i] / s;
            if (cost == null) {
                v = diagonal ? v + SQRT2 : v + 1.0;
            } else {
                double cq = cost[q / s][q % s];
                v = diagonal ? v + SQRT2 * cq : v + cq;
            }
        }
        return v;
    }

    /** Cells settled by the last build's final region. */
    public int settledCells() {
        return settled;
    }

    /** Cells of the last build's final region ({@code width * height} of its rectangle). */
    public int regionCells() {
        return goalP < 0 ? 0 : dijkstra.regionCells();
    }

    /** Times the last build grew its region and started again. */
    public int rebuilds() {
        return rebuilds;
    }

    /** Whether the last build settled every cell of its region reachable from the goal. */
    public boolean complete() {
        return complete;
    }

    /**
     * Descends from {@code cell} to the goal by following the settled directions (see the class comment).
     * Writes map cell ids from {@code cell} to the goal to {@link #descentCells()}, which grows when too short.
     *
     * @return the number of cells written to {@link #descentCells()}, or 0 when {@code cell} is not settled
     */
    public int descend(int cell) {
        if (goalP < 0 || cell < 0 || cell >= grid.width() * grid.height()) {
            return 0;
        }
        int p = grid.pad(cell);
        int l = dijkstra.settledLocal(p % stride, p / stride);
        if (l < 0) {
            return 0;
        }
        int[] buf = descentBuffer;
        int k = 0;
        int c = cell;
        int[] steps = cellStep;
        int[] localSteps = localStep;
        byte[][] pages = dijkstra.pages.pages;
        int goal = dijkstra.goalLocal();
        while (true) {
            if (k == buf.length) {
                buf = Arrays.copyOf(buf, 2 * buf.length);
                descentBuffer = buf;
            }
            buf[k++] = c;
            if (l == goal) {
                break;
            }
            if (k > settled) {
                throw new IllegalStateException("directions do not lead to the goal from cell " + cell);
            }
            int d = pages[l >>> FieldPages.PAGE_SHIFT][l & FieldPages.PAGE_MASK] & FieldPages.DIRECTION;
            c += steps[d];
            l += localSteps[d];
        }
        return k;
    }

    /** The buffer {@link #descend} wrote to; valid until the next descent. */
    public int[] descentCells() {
        return descentBuffer;
    }

    /**
     * The descent from {@code cell} as a search result: {@link SearchStatus#FOUND} with the cells and the length
     * (counted from the moves on uniform-cost grids, the field value on weighted ones, as {@link PathSearch}
     * reports it), or {@link SearchStatus#UNREACHABLE} when the cell was not settled. Allocates the result.
     */
    public PathResult path(int cell) {
        int k = descend(cell);
        if (k == 0) {
            return PathResult.unreachable(0);
        }
        int[] cells = Arrays.copyOf(descentBuffer, k);
        double length;
        if (cost == null) {
            int w = grid.width();
            int diagonal = 0;
            for (int i = 1; i < k; i++) {
                if (cells[i] % w != cells[i - 1] % w && cells[i] / w != cells[i - 1] / w) {
                    diagonal++;
                }
            }
            length = (k - 1 - diagonal) + diagonal * SQRT2;
        } else {
            length = value(cell);
        }
        return PathResult.found(cells, length, settled);
    }

    /** The map of the last build, or {@code null} before the first. */
    public GridMap map() {
        return grid == null ? null : grid.map();
    }
}
