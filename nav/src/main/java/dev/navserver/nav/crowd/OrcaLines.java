package dev.navserver.nav.crowd;

/**
 * The ORCA half-planes of one agent and the 2-D linear programs over them (RVO2's {@code linearProgram1..3}, on
 * parallel arrays). A line is a point (px, pz) and a unit direction (dx, dz), m/s; the allowed side is to the left
 * of the direction. Obstacle lines come first and are kept hard when the agent lines leave no room.
 *
 * <p>No allocation once the arrays have grown to the largest line count. Not thread-safe; one per solver.
 */
final class OrcaLines {
    private static final double EPS = 1e-9;

    // ORCA lines: point (px, pz) and unit direction (dx, dz); the allowed side is to the left of the direction
    private double[] lpx = new double[64];
    private double[] lpz = new double[64];
    private double[] ldx = new double[64];
    private double[] ldz = new double[64];
    private int count;
    // projected lines of linearProgram3
    private double[] qpx = new double[64];
    private double[] qpz = new double[64];
    private double[] qdx = new double[64];
    private double[] qdz = new double[64];
    private int projCount;
    // results of the linear programs
    private double rx;
    private double rz;

    /** Removes every line. */
    void clear() {
        count = 0;
    }

    /** Lines held. */
    int count() {
        return count;
    }

    /** Appends the line through (px, pz), m/s, with unit direction (dx, dz). */
    void add(double px, double pz, double dx, double dz) {
        ensureLines(count + 1);
        lpx[count] = px;
        lpz[count] = pz;
        ldx[count] = dx;
        ldz[count] = dz;
        count++;
    }

    /**
     * The velocity nearest (prefX, prefZ) inside every line and within {@code radius} (m/s); when the lines leave
     * no room, the one that violates lines {@code obstacles..} least while keeping lines {@code 0..obstacles-1}.
     * The result is read by {@link #x()} and {@link #z()}.
     *
     * @return false when the lines left no feasible velocity (the least-violation fallback was used)
     */
    boolean solve(int obstacles, double radius, double prefX, double prefZ) {
        int fail = linearProgram2(lpx, lpz, ldx, ldz, count, radius, prefX, prefZ, false);
        if (fail < count) {
            linearProgram3(obstacles, fail, radius);
            closestWithLeastViolation(obstacles, radius, prefX, prefZ);
            return false;
        }
        return true;
    }

    /** x of the last {@link #solve} result, m/s. */
    double x() {
        return rx;
    }

    /** z of the last {@link #solve} result, m/s. */
    double z() {
        return rz;
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
        for (int k = begin; k < count; k++) {
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
        for (int k = obstacles; k < count; k++) {
            d = Math.max(d, ldx[k] * (lpz[k] - rz) - ldz[k] * (lpx[k] - rx));
        }
        d += 1e-7;
        for (int k = 0; k < count; k++) {
            double shift = k < obstacles ? 0 : d;
            // move the line by d to its right (away from its allowed side): right normal (dz, -dx)
            qpx[k] = lpx[k] + shift * ldz[k];
            qpz[k] = lpz[k] - shift * ldx[k];
            qdx[k] = ldx[k];
            qdz[k] = ldz[k];
        }
        double keepX = rx;
        double keepZ = rz;
        if (linearProgram2(qpx, qpz, qdx, qdz, count, radius, prefX, prefZ, false) < count) {
            rx = keepX;
            rz = keepZ;
        }
    }
}
