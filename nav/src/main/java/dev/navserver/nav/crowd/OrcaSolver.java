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
    /** Two facing agents closer than {@code rA + rB + this} may start a yield, metres. */
    private static final double YIELD_GAP = 0.5;

    private final OrcaParams params;
    private final AgentGrid hash = new AgentGrid();
    private final NeighbourFinder neighbours;
    private final OrcaLines lines = new OrcaLines();

    // the double buffer: new velocities of this step
    private double[] newVx = new double[0];
    private double[] newVz = new double[0];
    // the yields decided this step (written per agent, applied after all agents are computed)
    private long[] newYieldTo = new long[0];
    private boolean[] startYield = new boolean[0];

    private long steps;
    private long infeasibleSolves;

    public OrcaSolver(OrcaParams params) {
        this.params = java.util.Objects.requireNonNull(params);
        neighbours = new NeighbourFinder(params, hash);
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
            neighbours.ensureCapacity(cap);
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
        lines.clear();

        int obstacleLines = ObstacleLines.add(lines, grid, px, pz, r, vmax, params.obstacleHorizonSeconds());
        neighbours.find(a, i, slot, px, pz);
        int nbCount = neighbours.count();
        int[] nbIndex = neighbours.nbIndex;
        int[] nbSlot = neighbours.nbSlot;
        double[] nbDist2 = neighbours.nbDist2;

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
            lines.add(vx + share * ux, vz + share * uz, dirX, dirZ);
        }

        if (!lines.solve(obstacleLines, vmax, prefX, prefZ)) {
            infeasibleSolves++;
        }
        newVx[i] = lines.x();
        newVz[i] = lines.z();
    }

    /** Whether {@code rel} lies ahead along {@code pref} (within 60 degrees of it). */
    private static boolean facing(double prefX, double prefZ, double relX, double relZ) {
        double dot = prefX * relX + prefZ * relZ;
        return dot > 0 && 4 * dot * dot >= (prefX * prefX + prefZ * prefZ) * (relX * relX + relZ * relZ);
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
            if (WallClamp.insideOneOpenCell(grid, gx0, gy0, gx1, gy1) || !WallClamp.inOpenCell(grid, gx0, gy0)
                    || LineOfSight.clear(grid, gx0, gy0, gx1, gy1)) {
                fx = gx1;
                fy = gy1;
            } else {
                double sx = WallClamp.clampX(grid, gx0, gy0, gx1);
                double sy = WallClamp.clampY(grid, sx, gy0, gy1);
                if (LineOfSight.clear(grid, gx0, gy0, sx, sy)) {
                    fx = sx;
                    fy = sy;
                } else {
                    double oy = WallClamp.clampY(grid, gx0, gy0, gy1);
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

}
