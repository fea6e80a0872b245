package dev.navserver.nav.crowd;

import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.grid.WorldTransform;

/**
 * A test driver standing in for the server's movement loop: each agent follows its own waypoints (cell
 * coordinates) at its speed; the preferred velocity points at the current waypoint, shortened so as not to
 * overshoot, and the agent moves on to the next waypoint within {@link #ARRIVE_METERS}.
 */
final class WaypointCrowd {
    static final double ARRIVE_METERS = 0.3;

    final CrowdAgents agents;
    final OrcaSolver solver;
    final NavGrid grid;
    final double[][] waypoints; // per agent: x0, z0, x1, z1, ... in metres
    final int[] next;
    final double speed;

    WaypointCrowd(NavGrid grid, OrcaParams params, double radius, double speed, int[][] cellWaypoints,
                  double[][] startCells) {
        this.grid = grid;
        this.speed = speed;
        WorldTransform t = grid.map().transform();
        int n = startCells.length;
        agents = new CrowdAgents(n);
        solver = new OrcaSolver(params);
        waypoints = new double[n][];
        next = new int[n];
        for (int i = 0; i < n; i++) {
            agents.add(i + 1, t.x(startCells[i][0]), t.z(startCells[i][1]), radius, speed, false);
            int[] w = cellWaypoints[i];
            waypoints[i] = new double[w.length];
            for (int k = 0; k < w.length; k += 2) {
                waypoints[i][k] = t.x(w[k]);
                waypoints[i][k + 1] = t.z(w[k + 1]);
            }
        }
    }

    void step(double dt) {
        for (int i = 0; i < agents.size(); i++) {
            double[] w = waypoints[i];
            double dx = 0;
            double dz = 0;
            double d = 0;
            while (next[i] < w.length / 2) {
                dx = w[2 * next[i]] - agents.x(i);
                dz = w[2 * next[i] + 1] - agents.z(i);
                d = Math.sqrt(dx * dx + dz * dz);
                boolean last = next[i] == w.length / 2 - 1;
                if (d > ARRIVE_METERS || last) {
                    break;
                }
                next[i]++;
            }
            if (next[i] >= w.length / 2 || d < 1e-9) {
                agents.setPreferred(i, 0, 0);
            } else {
                double v = Math.min(speed, d / dt);
                agents.setPreferred(i, dx / d * v, dz / d * v);
            }
        }
        solver.step(agents, grid, dt);
    }

    boolean arrived(int i, double within) {
        double[] w = waypoints[i];
        double dx = w[w.length - 2] - agents.x(i);
        double dz = w[w.length - 1] - agents.z(i);
        return Math.sqrt(dx * dx + dz * dz) <= within;
    }

    double distance(int i, int j) {
        double dx = agents.x(i) - agents.x(j);
        double dz = agents.z(i) - agents.z(j);
        return Math.sqrt(dx * dx + dz * dz);
    }

    double minPairDistance() {
        double best = Double.POSITIVE_INFINITY;
        for (int i = 0; i < agents.size(); i++) {
            for (int j = i + 1; j < agents.size(); j++) {
                best = Math.min(best, distance(i, j));
            }
        }
        return best;
    }

    boolean centreOnOpenCell(int i) {
        WorldTransform t = grid.map().transform();
        long c = t.col(agents.x(i));
        long r = t.row(agents.z(i));
        return c >= 0 && r >= 0 && c < grid.width() && r < grid.height() && grid.open((int) c, (int) r);
    }
}
