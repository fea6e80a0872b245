package dev.navserver.server.world;

import dev.navserver.protocol.message.Vec3;
import dev.navserver.server.world.file.RouteMode;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A named route of a world: points in world XZ metres that patrols walk, how they walk them, and how long they wait
 * at each point. Immutable; safe to share between threads.
 */
public final class Route {
    private final String name;
    private final double[] xs;
    private final double[] zs;
    private final RouteMode mode;
    private final double waitSeconds;

    /**
     * @param xs world x of each point, at least 2; {@code zs} likewise, same length
     */
    public Route(String name, double[] xs, double[] zs, RouteMode mode, double waitSeconds) {
        this.name = Objects.requireNonNull(name);
        if (xs.length < 2 || xs.length != zs.length) {
            throw new IllegalArgumentException("a route needs at least 2 points, as many x as z");
        }
        this.xs = xs.clone();
        this.zs = zs.clone();
        this.mode = Objects.requireNonNull(mode);
        if (!(waitSeconds >= 0)) {
            throw new IllegalArgumentException("waitSeconds: " + waitSeconds);
        }
        this.waitSeconds = waitSeconds;
    }

    /** A route through world points (their y is not used). */
    public static Route of(String name, List<Vec3> points, RouteMode mode, double waitSeconds) {
        double[] xs = new double[points.size()];
        double[] zs = new double[xs.length];
        for (int i = 0; i < xs.length; i++) {
            xs[i] = points.get(i).x();
            zs[i] = points.get(i).z();
        }
        return new Route(name, xs, zs, mode, waitSeconds);
    }

    public String name() {
        return name;
    }

    public RouteMode mode() {
        return mode;
    }

    public double waitSeconds() {
        return waitSeconds;
    }

    public int size() {
        return xs.length;
    }

    public double x(int i) {
        return xs[i];
    }

    public double z(int i) {
        return zs[i];
    }

    /** Index of the point nearest (x, z), the first of equals. */
    public int nearest(double x, double z) {
        int best = 0;
        double bestD = Double.POSITIVE_INFINITY;
        for (int i = 0; i < xs.length; i++) {
            double d = (xs[i] - x) * (xs[i] - x) + (zs[i] - z) * (zs[i] - z);
            if (d < bestD) {
                bestD = d;
                best = i;
            }
        }
        return best;
    }

    @Override
    public String toString() {
        return "Route[" + name + ", " + mode.wireName() + ", " + Arrays.toString(xs) + ", " + Arrays.toString(zs) + "]";
    }
}
