package dev.navserver.nav.smooth;

import java.util.Arrays;

/**
 * A polyline of world points {@code [x, y, z]} in metres, with its length. Immutable and thread-safe.
 */
public final class WorldPath {
    private final double[] xyz;
    private final double length;

    private WorldPath(double[] xyz) {
        if (xyz.length == 0 || xyz.length % 3 != 0) {
            throw new IllegalArgumentException("need a non-empty multiple of 3 coordinates, got " + xyz.length);
        }
        this.xyz = xyz;
        this.length = polylineLength(xyz);
    }

    /**
     * @param xyz points packed as {@code [x0, y0, z0, x1, y1, z1, ...]}, metres, at least one point; copied
     */
    public static WorldPath of(double[] xyz) {
        return new WorldPath(xyz.clone());
    }

    /** Takes ownership of {@code xyz} (no copy); the caller must not touch it afterwards. */
    static WorldPath wrap(double[] xyz) {
        return new WorldPath(xyz);
    }

    /** Number of points, {@code >= 1}. */
    public int size() {
        return xyz.length / 3;
    }

    /** World x of point {@code i}, metres. */
    public double x(int i) {
        return xyz[3 * i];
    }

    /** World y of point {@code i}, metres. */
    public double y(int i) {
        return xyz[3 * i + 1];
    }

    /** World z of point {@code i}, metres. */
    public double z(int i) {
        return xyz[3 * i + 2];
    }

    /** Sum of the Euclidean lengths of the segments, metres. */
    public double length() {
        return length;
    }

    /** A fresh copy of the points, shape {@code [size()][3]} as {@code [x, y, z]}. */
    public double[][] toArray() {
        double[][] out = new double[size()][];
        for (int i = 0; i < out.length; i++) {
            out[i] = Arrays.copyOfRange(xyz, 3 * i, 3 * i + 3);
        }
        return out;
    }

    /** A fresh copy of the packed points {@code [x0, y0, z0, x1, ...]}. */
    public double[] toPackedArray() {
        return xyz.clone();
    }

    private static double polylineLength(double[] p) {
        double sum = 0;
        for (int i = 3; i < p.length; i += 3) {
            double dx = p[i] - p[i - 3];
            double dy = p[i + 1] - p[i - 2];
            double dz = p[i + 2] - p[i - 1];
            sum += Math.sqrt(dx * dx + dy * dy + dz * dz);
        }
        return sum;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof WorldPath other && Arrays.equals(xyz, other.xyz);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(xyz);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("WorldPath[length=").append(length).append(' ');
        for (int i = 0; i < size(); i++) {
            sb.append(i == 0 ? "(" : " (").append(x(i)).append(", ").append(y(i)).append(", ").append(z(i)).append(')');
        }
        return sb.append(']').toString();
    }
}
