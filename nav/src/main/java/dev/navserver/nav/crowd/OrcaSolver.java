package dev.navserver.nav.crowd;

import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.grid.WorldTransform;
import dev.navserver.nav.smooth.LineOfSight;

/**
 * Reciprocal avoidance (ORCA, after van den Berg et al. and RVO2) for a {@link CrowdAgents} crowd on one
 * {@link NavGrid}, one step at a time.
 *
 * <p><b>One step</b> ({@link #step}) does, for every steered (non-external) agent, reading only the state at the
 * start of the step (double-buffered, so the result does not depend on agent order):
 * <ol>
 *   <li>neighbours: the {@code maxNeighbours} nearest agents within {@code neighbourDistanceMeters}, from a
 *       spatial hash rebuilt each step ({@link AgentGrid});</li>
 *   <li>one ORCA half-plane of velocities per neighbour (each of two steered agents takes half of the avoidance;
 *       against an external agent, all of it), and one per nearby blocked cell (or off-map cell): do not come
 *       closer than the agent's radius to the cell within {@code obstacleHorizonSeconds}, never move further into
 *       it when already closer;</li>
 *   <li>the velocity nearest the preferred one inside every half-plane and within {@code maxSpeed} (a 2-D linear
 *       program); when the agent half-planes leave no room, the velocity that violates them least while keeping
 *       the cell half-planes (RVO2's {@code linearProgram3});</li>
 *   <li>the move {@code v * dt}, clamped against the grid: the centre never enters a blocked or off-map cell and a
 *       move never cuts a blocked cell's corner (the engine's {@link LineOfSight} rule). A move that is not clear
 *       slides along the wall (x and z resolved separately). The agent's velocity becomes the displacement made
 *       divided by {@code dt}.</li>
 * </ol>
 *
 * <p><b>Deadlocks.</b> Two agents within {@code 0.5 m} of touching, both stalled (progress along the preferred
 * velocity below {@code stallProgress}) for {@code stallSeconds}, resolve it deterministically: an agent yields
 * when the other lies ahead of it (within 60 degrees of its preferred velocity) and either the other does not face
 * it or has the lower id. A yielding agent, for {@code yieldSeconds}, replaces its preferred velocity by "away from
 * the other, veering right" at full speed and takes all of the avoidance against it. In a one-cell door this makes
 * the yielding agent back out and step aside; an agent pressing another into a wall backs off.
 *
 * <p><b>Guarantees.</b> Hard: a steered agent whose centre starts in an open cell never leaves open cells, and its
 * straight move of a step is clear by {@link LineOfSight}. Soft (what ORCA aims at, not a proof): agents do not
 * overlap when the crowd leaves room; agents keep their radius from walls. An agent whose centre starts in a
 * blocked cell (after a map edit) moves unclamped until it is out.
 *
 * <p>No allocation per step once the scratch arrays have grown to the crowd size. Not thread-safe: one solver per
 * thread; a crowd is stepped by one solver at a time.
 */
public final class OrcaSolver {
    private static final double EPS = 1e-9;
    /** How far inside an open cell a clamped centre stops, in cells. */
    private static final double WALL_MARGIN = 1e-4;
    /** Two facing agents closer than {@code rA + rB + this} may start a yield, metres. */
    private static final double YIELD_GAP = 0.5;
    /** Widening of a neighbour search bound, metres: keeps it conservative under rounding. */
    private static final double CHORD_SLACK = 1e-6;
    /** Low bits of a neighbour sort key that hold the candidate's number instead of the distance's mantissa. */
    private static final int KEY_BITS = 8;
    /** Selection by sort keys handles at most this many candidates (the key's candidate number). */
    private static final int KEY_CANDIDATES = 1 << KEY_BITS;

    private final OrcaParams params;
    private final AgentGrid hash = new AgentGrid();

    // the double buffer: new velocities of this step
    private double[] newVx = new double[0];
    private double[] newVz = new double[0];
    // the yields decided this step (written per agent, applied after all agents are computed)
    private long[] newYieldTo = new long[0];
    private boolean[] startYield = new boolean[0];

    // neighbours of the current agent, nearest first
    private final int[] nbIndex;
    /** Position of each neighbour in the hash's cell-ordered copies (read there: cache-friendly). */
    private final int[] nbSlot;
    private final double[] nbDist2;
    private int nbCount;
    // candidates of the neighbour search: squared distance and position in the hash's cell order
    private double[] candD2 = new double[0];
    /** The nearest {@code maxNeighbours + 1} candidates as sort keys (see {@link #selectByKeys}), ascending. */
    private final long[] keys;
    private int[] candSlot = new int[0];
    /** Each agent's neighbours of its last step (agent indices, {@code maxNeighbours} per agent): a search bound. */
    private int[] prevNb = new int[0];
    private int[] prevCount = new int[0];

    // ORCA lines: point (px, pz) and unit direction (dx, dz); the allowed side is to the left of the direction
    private double[] lpx = new double[64];
    private double[] lpz = new double[64];
    private double[] ldx = new double[64];
    private double[] ldz = new double[64];
    private int lineCount;
    // projected lines of linearProgram3
    private double[] qpx = new double[64];
    private double[] qpz = new double[64];
    private double[] qdx = new double[64];
    private double[] qdz = new double[64];
    private int projCount;
    // results of the linear programs
    private double rx;
    private double rz;

    private long steps;
    private long infeasibleSolves;

    public OrcaSolver(OrcaParams params) {
        this.params = java.util.Objects.requireNonNull(params);
        nbIndex = new int[params.maxNeighbours()];
        nbSlot = new int[params.maxNeighbours()];
        nbDist2 = new double[params.maxNeighbours()];
        keys = new long[params.maxNeighbours() + 1];
    }

    public OrcaParams params() {
        return params;
    }

    /** Steps taken so far. */
    public long steps() {
        return steps;
    }

    /** Agent-steps whose half-planes left no feasible velocity (solved by the least-violation fallback). */
    public long infeasibleSolves() {
        return infeasibleSolves;
    }

    /**
     * Advances the crowd by {@code dtSeconds}: new velocities for every steered agent, then their moves (see the
     * class comment). External agents are read, never written.
     *
     * @param agents    the crowd; preferred velocities must be set for this step
     * @param grid      walkability (the layer and agent size of the crowd's agents); its map's transform converts
     *                  metres to cells
     * @param dtSeconds the step, seconds, finite and {@code > 0}
     * @throws IllegalArgumentException on a bad {@code dtSeconds}; nothing is changed
     */
    public void step(CrowdAgents agents, NavGrid grid, double dtSeconds) {
        if (!(dtSeconds > 0) || !Double.isFinite(dtSeconds)) {
            throw new IllegalArgumentException("dtSeconds must be finite and > 0, got " + dtSeconds);
        }
        int n = agents.size;
        ensureCapacity(n);
        // hash cells as wide as the neighbour distance: a search covers 2-3 runs of the cell-ordered arrays (one
        // per hash row) instead of 5-6 with 1 m cells; more candidates are tested, but each costs a few branch-free
        // operations while each run costs a mispredicted loop exit (measured 3-7% cheaper per step at 10,000
        // agents; the neighbours found do not depend on the cell size)
        hash.build(agents.x, agents.z, agents.vx, agents.vz, agents.radius, n, params.neighbourDistanceMeters());
        // in hash order: consecutive agents are neighbours, so their searches hit the same cache lines; the
        // result does not depend on the order (every agent reads only the state at the start of the step)
        int[] order = hash.agents();
        for (int k = 0; k < n; k++) {
            int i = order[k];
            if (agents.external[i]) {
                newVx[i] = agents.prefVx[i];
                newVz[i] = agents.prefVz[i];
                startYield[i] = false;
            } else {
                computeVelocity(agents, grid, i, k, dtSeconds);
            }
        }
        move(agents, grid, dtSeconds);
        steps++;
    }

    private void ensureCapacity(int n) {
        if (newVx.length < n) {
            int cap = Math.max(n, newVx.length * 2);
            newVx = new double[cap];
            newVz = new double[cap];
            newYieldTo = new long[cap];
            startYield = new boolean[cap];
            candD2 = new double[cap];
            candSlot = new int[cap];
            prevNb = java.util.Arrays.copyOf(prevNb, cap * params.maxNeighbours());
            prevCount = java.util.Arrays.copyOf(prevCount, cap);
        }
    }

    private void ensureLines(int n) {
        if (lpx.length < n) {
            int cap = Math.max(n, lpx.length * 2);
            lpx = new double[cap];
            lpz = new double[cap];
            ldx = new double[cap];
            ldz = new double[cap];
            qpx = new double[cap];
            qpz = new double[cap];
            qdx = new double[cap];
            qdz = new double[cap];
        }
    }

    // ---------------------------------------------------------------------------------------------------------
    // velocities

    private void computeVelocity(CrowdAgents a, NavGrid grid, int i, int slot, double dt) {
        double px = a.x[i];
        double pz = a.z[i];
        double r = a.radius[i];
        double vmax = a.maxSpeed[i];
        double prefX = a.prefVx[i];
        double prefZ = a.prefVz[i];
        startYield[i] = false;
        lineCount = 0;

        int obstacleLines = addObstacleLines(grid, px, pz, r, vmax);
        findNeighbours(a, i, slot, px, pz);

        double vx = a.vx[i];
        double vz = a.vz[i];
        double invTau = 1 / params.timeHorizonSeconds();
        boolean stalled = a.stallSeconds[i] >= params.stallSeconds();
        boolean yielding = a.yieldSeconds[i] > 0;
        long myId = a.id[i];
        if (yielding) {
            // give way: back off from the agent yielded to, veering to the right, at full speed
            for (int k = 0; k < nbCount; k++) {
                int j = nbIndex[k];
                if (a.id[j] == a.yieldTo[i]) {
                    double awayX = px - a.x[j];
                    double awayZ = pz - a.z[j];
                    double len = Math.sqrt(nbDist2[k]);
                    if (len > EPS) {
                        awayX /= len;
                        awayZ /= len;
                        double dirX = awayX + awayZ;
                        double dirZ = awayZ - awayX;
                        double s = vmax / Math.sqrt(dirX * dirX + dirZ * dirZ);
                        prefX = dirX * s;
                        prefZ = dirZ * s;
                    }
                    break;
                }
            }
        }
        double[] sx = hash.sortedX();
        double[] sz = hash.sortedZ();
        double[] svx = hash.sortedVx();
        double[] svz = hash.sortedVz();
        double[] sr = hash.sortedRadius();
        for (int k = 0; k < nbCount; k++) {
            int j = nbIndex[k];
            int nbs = nbSlot[k];
            double relX = sx[nbs] - px;
            double relZ = sz[nbs] - pz;
            double dist2 = nbDist2[k];
            double combined = r + sr[nbs];
            double combined2 = combined * combined;

            // who takes how much of the avoidance
            double share = 0.5;
            if (a.external[j]) {
                share = 1;
            } else if (yielding && a.yieldTo[i] == a.id[j]) {
                share = 1;
            } else if (stalled && !yielding && a.stallSeconds[j] >= params.stallSeconds()
                    && dist2 < (combined + YIELD_GAP) * (combined + YIELD_GAP)
                    && facing(prefX, prefZ, relX, relZ)
                    && (a.id[j] < myId || !facing(a.prefVx[j], a.prefVz[j], -relX, -relZ))) {
                startYield[i] = true;
                newYieldTo[i] = a.id[j];
                share = 1;
            }

            double relVx = vx - svx[nbs];
            double relVz = vz - svz[nbs];
            double ux;
            double uz;
            double dirX;
            double dirZ;
            if (dist2 > combined2) {
                // no collision: the velocity obstacle is a cone truncated by a circle at relPos / tau
                double wx = relVx - invTau * relX;
                double wz = relVz - invTau * relZ;
                double wLen2 = wx * wx + wz * wz;
                double dot1 = wx * relX + wz * relZ;
                if (dot1 < 0 && dot1 * dot1 > combined2 * wLen2) {
                    // nearest boundary point is on the cut-off circle
                    double wLen = Math.sqrt(wLen2);
                    double invLen = 1 / wLen;
                    double unitX = wx * invLen;
                    double unitZ = wz * invLen;
                    dirX = unitZ;
                    dirZ = -unitX;
                    double m = combined * invTau - wLen;
                    ux = m * unitX;
                    uz = m * unitZ;
                } else {
                    // nearest boundary point is on a leg of the cone
                    double leg = Math.sqrt(dist2 - combined2);
                    double invDist2 = 1 / dist2; // one division for the four components
                    if (relX * wz - relZ * wx > 0) {
                        dirX = (relX * leg - relZ * combined) * invDist2;
                        dirZ = (relX * combined + relZ * leg) * invDist2;
                    } else {
                        dirX = -(relX * leg + relZ * combined) * invDist2;
                        dirZ = -(-relX * combined + relZ * leg) * invDist2;
                    }
                    double dot2 = relVx * dirX + relVz * dirZ;
                    ux = dot2 * dirX - relVx;
                    uz = dot2 * dirZ - relVz;
                }
            } else {
                // overlapping: separate within this step
                double invDt = 1 / dt;
                double wx = relVx - invDt * relX;
                double wz = relVz - invDt * relZ;
                double wLen = Math.sqrt(wx * wx + wz * wz);
                double unitX;
                double unitZ;
                if (wLen < EPS) {
                    // same position and velocity: split deterministically by id
                    unitX = myId < a.id[j] ? 1 : -1;
                    unitZ = 0;
                    wLen = 0;
                } else {
                    unitX = wx / wLen;
                    unitZ = wz / wLen;
                }
                dirX = unitZ;
                dirZ = -unitX;
                double m = combined * invDt - wLen;
                ux = m * unitX;
                uz = m * unitZ;
            }
            ensureLines(lineCount + 1);
            lpx[lineCount] = vx + share * ux;
            lpz[lineCount] = vz + share * uz;
            ldx[lineCount] = dirX;
            ldz[lineCount] = dirZ;
            lineCount++;
        }

        int fail = linearProgram2(lpx, lpz, ldx, ldz, lineCount, vmax, prefX, prefZ, false);
        if (fail < lineCount) {
            infeasibleSolves++;
            linearProgram3(obstacleLines, fail, vmax);
            closestWithLeastViolation(obstacleLines, vmax, prefX, prefZ);
        }
        newVx[i] = rx;
        newVz[i] = rz;
    }

    /** Whether {@code rel} lies ahead along {@code pref} (within 60 degrees of it). */
    private static boolean facing(double prefX, double prefZ, double relX, double relZ) {
        double dot = prefX * relX + prefZ * relZ;
        return dot > 0 && 4 * dot * dot >= (prefX * prefX + prefZ * prefZ) * (relX * relX + relZ * relZ);
    }

    /**
     * Collects the nearest {@code maxNeighbours} agents within the neighbour distance, nearest first (ties: lower id
     * first). Two passes: every agent of the hash cells overlapping the square of side twice the neighbour distance
     * (one contiguous run of the cell-ordered arrays per hash row) is tested, and those within the distance go to a
     * candidate buffer without a data-dependent branch; then {@link #selectNeighbours} picks the nearest.
     *
     * @param self position of the agent in the hash's cell order (not its own neighbour)
     */
    private void findNeighbours(CrowdAgents a, int i, int self, double px, double pz) {
        double range = params.neighbourDistanceMeters();
        double range2 = range * range;
        double limit2 = range2;
        int max = params.maxNeighbours();
        int n = a.size;
        if (prevCount[i] == max) {
            // the agents that were its neighbours last step (any max distinct other agents will do): the max-th
            // nearest is no farther than the farthest of them now, so nothing beyond needs to be looked at
            int base = i * max;
            double far = 0;
            for (int q = 0; q < max; q++) {
                int j = prevNb[base + q];
                if (j >= n || j == i) {
                    far = Double.POSITIVE_INFINITY;
                    break;
                }
                double dx = a.x[j] - px;
                double dz = a.z[j] - pz;
                far = Math.max(far, dx * dx + dz * dz);
            }
            if (far < range2) {
                limit2 = Math.nextUp(far);
                range = Math.min(range, Math.sqrt(far) + CHORD_SLACK);
            }
        }
        int cols = hash.cols();
        int r0 = hash.row(pz - range);
        int r1 = hash.row(pz + range);
        int c0 = hash.col(px - range);
        int c1 = hash.col(px + range);
        int[] starts = hash.starts();
        double[] xs = hash.sortedX();
        double[] zs = hash.sortedZ();
        double[] cd = candD2;
        int[] cs = candSlot;
        int m = 0;
        for (int row = r0; row <= r1; row++) {
            int base = row * cols;
            int to = starts[base + c1 + 1];
            for (int s = starts[base + c0]; s < to; s++) {
                double dx = xs[s] - px;
                double dz = zs[s] - pz;
                double d2 = dx * dx + dz * dz;
                cd[m] = d2;
                cs[m] = s;
                m += (d2 < limit2) & (s != self) ? 1 : 0;
            }
        }
        selectNeighbours(a.id, m);
        int base = i * max;
        for (int q = 0; q < nbCount; q++) {
            prevNb[base + q] = nbIndex[q];
        }
        prevCount[i] = nbCount;
    }

    /**
     * Fills the neighbour list with the nearest {@code maxNeighbours} of the {@code m} buffered candidates, in order
     * of (distance, id): by sort keys ({@link #selectByKeys}) unless two of the nearest are at (nearly) the same
     * distance or there are too many candidates, else by insertion with exact comparisons.
     */
    private void selectNeighbours(long[] ids, int m) {
        int[] sorted = hash.agents();
        int max = params.maxNeighbours();
        if (m <= KEY_CANDIDATES && selectByKeys(sorted, m, max)) {
            return;
        }
        int fill = Math.min(m, max);
        for (int e = 0; e < fill; e++) {
            nbDist2[e] = candD2[e];
            nbSlot[e] = candSlot[e];
            nbIndex[e] = sorted[candSlot[e]];
        }
        nbCount = fill;
        sortNeighbours(ids);
        for (int e = max; e < m; e++) {
            double d2 = candD2[e];
            double worst = nbDist2[max - 1];
            if (d2 > worst) {
                continue;
            }
            int j = sorted[candSlot[e]];
            // full and sorted: replace the farthest; ties go to the lower id (independent of agent order)
            if (d2 == worst && ids[nbIndex[max - 1]] < ids[j]) {
                continue;
            }
            int p = max - 1;
            while (p > 0 && (nbDist2[p - 1] > d2 || (nbDist2[p - 1] == d2 && ids[nbIndex[p - 1]] > ids[j]))) {
                nbDist2[p] = nbDist2[p - 1];
                nbIndex[p] = nbIndex[p - 1];
                nbSlot[p] = nbSlot[p - 1];
                p--;
            }
            nbDist2[p] = d2;
            nbIndex[p] = j;
            nbSlot[p] = candSlot[e];
        }
    }

    /**
     * Selects the nearest {@code max} of {@code m <= KEY_CANDIDATES} candidates without a data-dependent branch per
     * candidate: a candidate's key is its squared distance's bits (non-negative doubles order as longs) with the low
     * {@link #KEY_BITS} bits replaced by its number, and every key is merged into an ascending array of the
     * {@code max + 1} smallest by branch-free min/max. Truncating the distance keeps the order of keys whose
     * truncated parts differ; when two of the {@code max + 1} smallest share a truncated part (equal distances:
     * the id decides; nearly equal: the truncation might have swapped them) nothing is filled and false is
     * returned, for the exact path.
     */
    private boolean selectByKeys(int[] sorted, int m, int max) {
        long[] kk = keys;
        int size = max + 1;
        for (int q = 0; q < size; q++) {
            kk[q] = Long.MAX_VALUE;
        }
        double[] cd = candD2;
        long low = KEY_CANDIDATES - 1;
        for (int e = 0; e < m; e++) {
            long x = (Double.doubleToRawLongBits(cd[e]) & ~low) | e;
            // kk[p] = min(kk[p], max(kk[p - 1], x)) from the top down, then kk[0] = min(kk[0], x); keys are
            // non-negative, so the differences cannot overflow
            for (int p = size - 1; p > 0; p--) {
                long below = kk[p - 1];
                long d = below - x;
                long hi = below - (d & (d >> 63));
                long cur = kk[p];
                long d2 = cur - hi;
                kk[p] = hi + (d2 & (d2 >> 63));
            }
            long d0 = kk[0] - x;
            kk[0] = x + (d0 & (d0 >> 63));
        }
        int top = Math.min(m, size);
        for (int q = 1; q < top; q++) {
            if ((kk[q] ^ kk[q - 1]) < KEY_CANDIDATES) {
                return false;
            }
        }
        int count = Math.min(m, max);
        for (int q = 0; q < count; q++) {
            int e = (int) (kk[q] & low);
            int slot = candSlot[e];
            nbDist2[q] = cd[e];
            nbSlot[q] = slot;
            nbIndex[q] = sorted[slot];
        }
        nbCount = count;
        return true;
    }

    /** Sorts the neighbour list by (distance, id). */
    private void sortNeighbours(long[] ids) {
        for (int q = 1; q < nbCount; q++) {
            double d2 = nbDist2[q];
            int j = nbIndex[q];
            int slot = nbSlot[q];
            int p = q;
            while (p > 0 && (nbDist2[p - 1] > d2 || (nbDist2[p - 1] == d2 && ids[nbIndex[p - 1]] > ids[j]))) {
                nbDist2[p] = nbDist2[p - 1];
                nbIndex[p] = nbIndex[p - 1];
                nbSlot[p] = nbSlot[p - 1];
                p--;
            }
            nbDist2[p] = d2;
            nbIndex[p] = j;
            nbSlot[p] = slot;
        }
    }

    /**
     * Adds one half-plane per blocked or off-map cell near (px, pz) whose nearest point lies within reach this
     * obstacle horizon: {@code v . n <= max(0, (d - r) / tauObst)} with {@code n} the unit vector towards the
     * cell's nearest point at distance {@code d}. Cells hidden behind a blocked neighbour facing the agent are
     * skipped (their constraint is weaker in the same direction). Velocity 0 satisfies every such half-plane, so
     * they are always feasible together.
     *
     * @return the number of lines added (they come first)
     */
    private int addObstacleLines(NavGrid grid, double px, double pz, double r, double vmax) {
        WorldTransform t = grid.map().transform();
        double cs = t.cellSize();
        double tauObst = params.obstacleHorizonSeconds();
        double reach = (r + vmax * tauObst) / cs;
        double gx = t.gridX(px);
        double gy = t.gridY(pz);
        int c0 = (int) Math.ceil(gx - reach - 0.5);
        int c1 = (int) Math.floor(gx + reach + 0.5);
        int r0 = (int) Math.ceil(gy - reach - 0.5);
        int r1 = (int) Math.floor(gy + reach + 0.5);
        double reach2 = reach * reach;
        int w = grid.width();
        int h = grid.height();
        int span = c1 - c0 + 1;
        if (c0 >= -1 && r0 >= -1 && c1 <= w && r1 <= h && span < 64) {
            // the window lies within the padded bit rows (off-map cells read as blocked): one word per row, and
            // only its blocked cells are visited, in the same order as the general loop below
            long[][] rows = grid.openRows();
            long full = (1L << span) - 1;
            boolean allOpen = true;
            for (int row = r0; row <= r1 && allOpen; row++) {
                allOpen = (bits(rows[row + 1], c0 + 1) & full) == full;
            }
            if (allOpen) {
                return 0;
            }
            int added = 0;
            for (int row = r0; row <= r1; row++) {
                long blocked = ~bits(rows[row + 1], c0 + 1) & full;
                while (blocked != 0) {
                    int col = c0 + Long.numberOfTrailingZeros(blocked);
                    blocked &= blocked - 1;
                    // the cell between (round(gx), row) and this one lies in the padded range too
                    added += obstacleLine(rows, gx, gy, col, row, reach2, cs, r, tauObst);
                }
            }
            return added;
        }
        int added = 0;
        for (int row = r0; row <= r1; row++) {
            for (int col = c0; col <= c1; col++) {
                if (grid.open(col, row)) {
                    continue;
                }
                // nearest point of the cell's square, in cells
                double nx = Math.min(Math.max(gx, col - 0.5), col + 0.5);
                double ny = Math.min(Math.max(gy, row - 0.5), row + 0.5);
                double ex = nx - gx;
                double ey = ny - gy;
                double d2 = ex * ex + ey * ey;
                if (d2 >= reach2) {
                    continue;
                }
                int sx = gx > col + 0.5 ? 1 : gx < col - 0.5 ? -1 : 0;
                int sy = gy > row + 0.5 ? 1 : gy < row - 0.5 ? -1 : 0;
                if ((sx != 0 && !grid.open(col + sx, row)) || (sy != 0 && !grid.open(col, row + sy))) {
                    continue;
                }
                added += addObstacleLine(ex, ey, d2, cs, r, tauObst);
            }
        }
        return added;
    }

    /**
     * {@link #addObstacleLines}'s test and line for blocked cell (col, row) whose neighbours towards the agent lie
     * within the padded bit rows: the same arithmetic as the general loop (the clamps below equal
     * {@code Math.min/max} here: the bounds {@code col +- 0.5} are never zero nor NaN).
     */
    private int obstacleLine(long[][] rows, double gx, double gy, int col, int row, double reach2, double cs,
                             double r, double tauObst) {
        double lo = col - 0.5;
        double hi = col + 0.5;
        double nx = gx < lo ? lo : gx > hi ? hi : gx;
        double loY = row - 0.5;
        double hiY = row + 0.5;
        double ny = gy < loY ? loY : gy > hiY ? hiY : gy;
        double ex = nx - gx;
        double ey = ny - gy;
        double d2 = ex * ex + ey * ey;
        if (d2 >= reach2) {
            return 0;
        }
        int sx = gx > hi ? 1 : gx < lo ? -1 : 0;
        int sy = gy > hiY ? 1 : gy < loY ? -1 : 0;
        if ((sx != 0 && !NavGrid.bit(rows[row + 1], col + sx + 1))
                || (sy != 0 && !NavGrid.bit(rows[row + sy + 1], col + 1))) {
            return 0;
        }
        return addObstacleLine(ex, ey, d2, cs, r, tauObst);
    }

    /** Appends the half-plane of a blocked cell whose nearest point is (ex, ey) cells from the agent. */
    private int addObstacleLine(double ex, double ey, double d2, double cs, double r, double tauObst) {
        double d = Math.sqrt(d2);
        if (d < EPS) {
            return 0; // centre on the cell's border: the move clamp handles it
        }
        // to world: x grows with col, z shrinks with row
        double wx = ex / d;
        double wz = -ey / d;
        double limit = Math.max(0, (d * cs - r) / tauObst);
        ensureLines(lineCount + 1);
        lpx[lineCount] = wx * limit;
        lpz[lineCount] = wz * limit;
        ldx[lineCount] = -wz;
        ldz[lineCount] = wx;
        lineCount++;
        return 1;
    }

    /**
     * Bits {@code x0 .. x0 + 63} of a padded bit row as one word (bit 0 = padded column x0); bits past the row's
     * last word read as 0. The caller masks the span it needs.
     */
    private static long bits(long[] row, int x0) {
        int word = x0 >>> 6;
        int off = x0 & 63;
        long v = row[word] >>> off;
        if (off != 0 && word + 1 < row.length) {
            v |= row[word + 1] << (64 - off);
        }
        return v;
    }

    // ---------------------------------------------------------------------------------------------------------
    // the linear programs (RVO2's linearProgram1..3, on parallel arrays; results in rx, rz)

    /** Optimises on line {@code lineNo} subject to lines {@code 0..lineNo-1} and the speed circle. */
    private boolean linearProgram1(double[] px, double[] pz, double[] dx, double[] dz, int lineNo, double radius,
                                   double optX, double optZ, boolean directionOpt) {
        double dot = px[lineNo] * dx[lineNo] + pz[lineNo] * dz[lineNo];
        double disc = dot * dot + radius * radius - (px[lineNo] * px[lineNo] + pz[lineNo] * pz[lineNo]);
        if (disc < 0) {
            return false; // the speed circle misses the line
        }
        double sq = Math.sqrt(disc);
        double tLeft = -dot - sq;
        double tRight = -dot + sq;
        for (int k = 0; k < lineNo; k++) {
            double denom = dx[lineNo] * dz[k] - dz[lineNo] * dx[k];
            double numer = dx[k] * (pz[lineNo] - pz[k]) - dz[k] * (px[lineNo] - px[k]);
            if (Math.abs(denom) <= EPS) {
                if (numer < 0) {
                    return false; // parallel and on the wrong side
                }
                continue;
            }
            double tt = numer / denom;
            if (denom >= 0) {
                tRight = Math.min(tRight, tt);
            } else {
                tLeft = Math.max(tLeft, tt);
            }
            if (tLeft > tRight) {
                return false;
            }
        }
        double tt;
        if (directionOpt) {
            tt = optX * dx[lineNo] + optZ * dz[lineNo] > 0 ? tRight : tLeft;
        } else {
            tt = dx[lineNo] * (optX - px[lineNo]) + dz[lineNo] * (optZ - pz[lineNo]);
            tt = tt < tLeft ? tLeft : Math.min(tt, tRight);
        }
        rx = px[lineNo] + tt * dx[lineNo];
        rz = pz[lineNo] + tt * dz[lineNo];
        return true;
    }

    /** @return the number of lines satisfied before the first failure ({@code n} when all hold) */
    private int linearProgram2(double[] px, double[] pz, double[] dx, double[] dz, int n, double radius,
                               double optX, double optZ, boolean directionOpt) {
        double len2 = optX * optX + optZ * optZ;
        if (directionOpt) {
            rx = optX * radius;
            rz = optZ * radius;
        } else if (len2 > radius * radius) {
            double s = radius / Math.sqrt(len2);
            rx = optX * s;
            rz = optZ * s;
        } else {
            rx = optX;
            rz = optZ;
        }
        for (int k = 0; k < n; k++) {
            if (dx[k] * (pz[k] - rz) - dz[k] * (px[k] - rx) > 0) {
                double keepX = rx;
                double keepZ = rz;
                if (!linearProgram1(px, pz, dx, dz, k, radius, optX, optZ, directionOpt)) {
                    rx = keepX;
                    rz = keepZ;
                    return k;
                }
            }
        }
        return n;
    }

    /** Least violation of the agent lines from {@code begin} on, keeping the first {@code obstacles} lines hard. */
    private void linearProgram3(int obstacles, int begin, double radius) {
        double distance = 0;
        for (int k = begin; k < lineCount; k++) {
            if (ldx[k] * (lpz[k] - rz) - ldz[k] * (lpx[k] - rx) <= distance) {
                continue;
            }
            projCount = 0;
            for (int o = 0; o < obstacles; o++) {
                qpx[projCount] = lpx[o];
                qpz[projCount] = lpz[o];
                qdx[projCount] = ldx[o];
                qdz[projCount] = ldz[o];
                projCount++;
            }
            for (int j = obstacles; j < k; j++) {
                double det = ldx[k] * ldz[j] - ldz[k] * ldx[j];
                double ptX;
                double ptZ;
                if (Math.abs(det) <= EPS) {
                    if (ldx[k] * ldx[j] + ldz[k] * ldz[j] > 0) {
                        continue; // same direction
                    }
                    ptX = 0.5 * (lpx[k] + lpx[j]);
                    ptZ = 0.5 * (lpz[k] + lpz[j]);
                } else {
                    double s = (ldx[j] * (lpz[k] - lpz[j]) - ldz[j] * (lpx[k] - lpx[j])) / det;
                    ptX = lpx[k] + s * ldx[k];
                    ptZ = lpz[k] + s * ldz[k];
                }
                double ddx = ldx[j] - ldx[k];
                double ddz = ldz[j] - ldz[k];
                double len = Math.sqrt(ddx * ddx + ddz * ddz);
                if (len < EPS) {
                    continue;
                }
                qpx[projCount] = ptX;
                qpz[projCount] = ptZ;
                qdx[projCount] = ddx / len;
                qdz[projCount] = ddz / len;
                projCount++;
            }
            double keepX = rx;
            double keepZ = rz;
            if (linearProgram2(qpx, qpz, qdx, qdz, projCount, radius, -ldz[k], ldx[k], true) < projCount) {
                // cannot happen in theory (the result lies in the feasible region of the projected lines);
                // floating-point error may cause it: keep the previous result
                rx = keepX;
                rz = keepZ;
            }
            distance = ldx[k] * (lpz[k] - rz) - ldz[k] * (lpx[k] - rx);
        }
    }

    /**
     * After {@link #linearProgram3}: among the velocities that violate no agent line by more than the least
     * achievable violation D (the current result's), takes the one nearest the preferred velocity. RVO2 stops at
     * linearProgram3, whose result is an arbitrary end of that set; next to a wall this can be a standstill or a
     * push into the wall although sliding on costs no extra violation.
     */
    private void closestWithLeastViolation(int obstacles, double radius, double prefX, double prefZ) {
        double d = 0;
        for (int k = obstacles; k < lineCount; k++) {
            d = Math.max(d, ldx[k] * (lpz[k] - rz) - ldz[k] * (lpx[k] - rx));
        }
        d += 1e-7;
        for (int k = 0; k < lineCount; k++) {
            double shift = k < obstacles ? 0 : d;
            // move the line by d to its right (away from its allowed side): right normal (dz, -dx)
            qpx[k] = lpx[k] + shift * ldz[k];
            qpz[k] = lpz[k] - shift * ldx[k];
            qdx[k] = ldx[k];
            qdz[k] = ldz[k];
        }
        double keepX = rx;
        double keepZ = rz;
        if (linearProgram2(qpx, qpz, qdx, qdz, lineCount, radius, prefX, prefZ, false) < lineCount) {
            rx = keepX;
            rz = keepZ;
        }
    }

    // ---------------------------------------------------------------------------------------------------------
    // moves

    private void move(CrowdAgents a, NavGrid grid, double dt) {
        WorldTransform t = grid.map().transform();
        int n = a.size;
        for (int i = 0; i < n; i++) {
            if (a.external[i]) {
                a.vx[i] = newVx[i];
                a.vz[i] = newVz[i];
                continue;
            }
            double x0 = a.x[i];
            double z0 = a.z[i];
            double gx0 = t.gridX(x0);
            double gy0 = t.gridY(z0);
            double gx1 = t.gridX(x0 + newVx[i] * dt);
            double gy1 = t.gridY(z0 + newVz[i] * dt);
            double fx;
            double fy;
            if (insideOneOpenCell(grid, gx0, gy0, gx1, gy1) || !inOpenCell(grid, gx0, gy0)
                    || LineOfSight.clear(grid, gx0, gy0, gx1, gy1)) {
                fx = gx1;
                fy = gy1;
            } else {
                double sx = clampX(grid, gx0, gy0, gx1);
                double sy = clampY(grid, sx, gy0, gy1);
                if (LineOfSight.clear(grid, gx0, gy0, sx, sy)) {
                    fx = sx;
                    fy = sy;
                } else {
                    double oy = clampY(grid, gx0, gy0, gy1);
                    if (Math.abs(sx - gx0) >= Math.abs(oy - gy0)) {
                        fx = sx;
                        fy = gy0;
                    } else {
                        fx = gx0;
                        fy = oy;
                    }
                }
            }
            double x1 = fx == gx1 ? x0 + newVx[i] * dt : t.x(fx);
            double z1 = fy == gy1 ? z0 + newVz[i] * dt : t.z(fy);
            double vx = (x1 - x0) / dt;
            double vz = (z1 - z0) / dt;
            a.x[i] = x1;
            a.z[i] = z1;
            a.vx[i] = vx;
            a.vz[i] = vz;

            // stall and yield bookkeeping
            double px = a.prefVx[i];
            double pz = a.prefVz[i];
            double pref2 = px * px + pz * pz;
            double progress = vx * px + vz * pz; // = |v| cos * |pref|
            if (pref2 > 1e-6 && progress < params.stallProgress() * pref2) {
                a.stallSeconds[i] += dt;
            } else {
                a.stallSeconds[i] = 0;
            }
            if (startYield[i]) {
                a.yieldTo[i] = newYieldTo[i];
                a.yieldSeconds[i] = params.yieldSeconds();
                a.stallSeconds[i] = 0;
            } else if (a.yieldSeconds[i] > 0) {
                a.yieldSeconds[i] = Math.max(0, a.yieldSeconds[i] - dt);
                a.stallSeconds[i] = 0;
            }
        }
    }

    /**
     * Fast path of the common short move: both ends strictly inside one open cell (farther than
     * {@link LineOfSight#EPS} from its border), so the segment touches no other cell.
     */
    private static boolean insideOneOpenCell(NavGrid grid, double gx0, double gy0, double gx1, double gy1) {
        double c = Math.floor(gx0 + 0.5);
        double r = Math.floor(gy0 + 0.5);
        double lim = 0.5 - 1e-6;
        return Math.abs(gx0 - c) < lim && Math.abs(gx1 - c) < lim && Math.abs(gy0 - r) < lim
                && Math.abs(gy1 - r) < lim && inOpenCell(grid, gx0, gy0);
    }

    private static boolean inOpenCell(NavGrid grid, double gx, double gy) {
        long c = (long) Math.floor(gx + 0.5);
        long r = (long) Math.floor(gy + 0.5);
        return c >= 0 && r >= 0 && c < grid.width() && r < grid.height() && grid.open((int) c, (int) r);
    }

    /** Moves along x from gx towards tx in row round(gy), stopping {@link #WALL_MARGIN} short of a blocked cell. */
    private static double clampX(NavGrid grid, double gx, double gy, double tx) {
        int row = (int) Math.floor(gy + 0.5);
        int col = (int) Math.floor(gx + 0.5);
        int target = (int) Math.floor(tx + 0.5);
        if (tx > gx) {
            for (int c = col + 1; c <= target; c++) {
                if (!grid.open(c, row)) {
                    return Math.max(gx, Math.min(tx, c - 0.5 - WALL_MARGIN));
                }
            }
        } else {
            for (int c = col - 1; c >= target; c--) {
                if (!grid.open(c, row)) {
                    return Math.min(gx, Math.max(tx, c + 0.5 + WALL_MARGIN));
                }
            }
        }
        return tx;
    }

    /** Moves along y (rows) from gy towards ty in column round(gx), stopping short of a blocked cell. */
    private static double clampY(NavGrid grid, double gx, double gy, double ty) {
        int col = (int) Math.floor(gx + 0.5);
        int row = (int) Math.floor(gy + 0.5);
        int target = (int) Math.floor(ty + 0.5);
        if (ty > gy) {
            for (int r = row + 1; r <= target; r++) {
                if (!grid.open(col, r)) {
                    return Math.max(gy, Math.min(ty, r - 0.5 - WALL_MARGIN));
                }
            }
        } else {
            for (int r = row - 1; r >= target; r--) {
                if (!grid.open(col, r)) {
                    return Math.min(gy, Math.max(ty, r + 0.5 + WALL_MARGIN));
                }
            }
        }
        return ty;
    }
}
