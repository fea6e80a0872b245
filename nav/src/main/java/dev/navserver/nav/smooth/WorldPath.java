package dev.navserver.nav.smooth;

import dev.navserver.nav.search.SearchStatus;
import java.util.Arrays;
import java.util.Objects;

/**
 * The one path value from engine to wire: how a search ended ({@link SearchStatus}), the nodes it expanded, and the
 * polyline of world points {@code [x, y, z]} in metres with its length. A path with status {@code FOUND} or
 * {@code PARTIAL} has at least one point; other statuses may carry none ({@link #none}) or a single standing point.
 * Immutable and thread-safe.
 */
public final class WorldPath {
    private static final double[] NO_POINTS = new double[0];

    private final SearchStatus status;
    private final double[] xyz;
    private final double length;
    private final int expanded;
    /** Bounds of the points in the x-z plane; {@code +inf} / {@code -inf} without points. */
    private final double minX;
    private final double minZ;
    private final double maxX;
    private final double maxZ;

    private WorldPath(SearchStatus status, double[] xyz, int expanded) {
        this(status, xyz, polylineLength(xyz), expanded);
    }

    /** @param length the polyline length of {@code xyz}, already known */
    private WorldPath(SearchStatus status, double[] xyz, double length, int expanded) {
        this.status = Objects.requireNonNull(status, "status");
        if (xyz.length % 3 != 0) {
            throw new IllegalArgumentException("need whole points (a multiple of 3 coordinates), got " + xyz.length);
        }
        if (xyz.length == 0 && (status == SearchStatus.FOUND || status == SearchStatus.PARTIAL)) {
            throw new IllegalArgumentException(status + " path needs at least one point");
        }
        if (expanded < 0) {
            throw new IllegalArgumentException("expanded must be >= 0, got " + expanded);
        }
        this.xyz = xyz;
        this.length = length;
        this.expanded = expanded;
        double x0 = Double.POSITIVE_INFINITY;
        double z0 = Double.POSITIVE_INFINITY;
        double x1 = Double.NEGATIVE_INFINITY;
        double z1 = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < xyz.length; i += 3) {
            x0 = Math.min(x0, xyz[i]);
            x1 = Math.max(x1, xyz[i]);
            z0 = Math.min(z0, xyz[i + 2]);
            z1 = Math.max(z1, xyz[i + 2]);
        }
        this.minX = x0;
        this.minZ = z0;
        this.maxX = x1;
        this.maxZ = z1;
    }

    /**
     * A found path with no search statistics (tests, wire input).
     *
     * @param xyz points packed as {@code [x0, y0, z0, x1, y1, z1, ...]}, metres, at least one point; copied
     */
    public static WorldPath of(double[] xyz) {
        return new WorldPath(SearchStatus.FOUND, xyz.clone(), 0);
    }

    /**
     * @param status   how the search ended
     * @param xyz      packed points, metres; copied; at least one point when FOUND or PARTIAL
     * @param expanded search nodes expanded, {@code >= 0}
     */
    public static WorldPath of(SearchStatus status, double[] xyz, int expanded) {
        return new WorldPath(status, xyz.clone(), expanded);
    }

    /** A path without points: the search ended with {@code status} (not FOUND or PARTIAL). */
    public static WorldPath none(SearchStatus status, int expanded) {
        return new WorldPath(status, NO_POINTS, expanded);
    }

    /** Takes ownership of {@code xyz} (no copy); the caller must not touch it afterwards. */
    static WorldPath wrap(double[] xyz) {
        return new WorldPath(SearchStatus.FOUND, xyz, 0);
    }

    /** The same points with another outcome: the planner's status and expansion count. No copy, no re-measure. */
    public WorldPath withOutcome(SearchStatus newStatus, int newExpanded) {
        return new WorldPath(newStatus, xyz, length, newExpanded);
    }

    /**
     * This path made to start at {@code (x, y, z)}: the point replaces the first one when {@code replaceFirst},
     * else it is prepended. Status and expansions are kept. This is the one copy a chase makes when it adopts a
     * path planned from where the monster stood.
     *
     * @throws IllegalStateException when the path has no points
     */
    public WorldPath startingAt(double x, double y, double z, boolean replaceFirst) {
        if (xyz.length == 0) {
            throw new IllegalStateException("no points to start from");
        }
        double[] out;
        if (replaceFirst) {
            out = xyz.clone();
        } else {
            out = new double[xyz.length + 3];
            System.arraycopy(xyz, 0, out, 3, xyz.length);
        }
        out[0] = x;
        out[1] = y;
        out[2] = z;
        return new WorldPath(status, out, expanded);
    }

    /** How the search that made this path ended. */
    public SearchStatus status() {
        return status;
    }

    /** Search nodes expanded to make this path; 0 when unknown. */
    public int expanded() {
        return expanded;
    }

    /** Whether the path has at least one point. */
    public boolean hasPoints() {
        return xyz.length > 0;
    }

    /** Number of points, {@code >= 0}. */
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

    /** Least x of the points, metres; {@code +inf} without points. */
    public double minX() {
        return minX;
    }

    /** Least z of the points, metres; {@code +inf} without points. */
    public double minZ() {
        return minZ;
    }

    /** Greatest x of the points, metres; {@code -inf} without points. */
    public double maxX() {
        return maxX;
    }

    /** Greatest z of the points, metres; {@code -inf} without points. */
    public double maxZ() {
        return maxZ;
    }

    /** Sum of the Euclidean lengths of the segments, metres; 0 for fewer than two points. */
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
        for (int i = 3; i + 2 < p.length; i += 3) { // whole points only: the constructor rejects the rest
            double dx = p[i] - p[i - 3];
            double dy = p[i + 1] - p[i - 2];
            double dz = p[i + 2] - p[i - 1];
            sum += Math.sqrt(dx * dx + dy * dy + dz * dz);
        }
        return sum;
    }

    /** Equal when status and points are equal (expansions are statistics, not identity). */
    @Override
    public boolean equals(Object o) {
        return o instanceof WorldPath other && status == other.status && Arrays.equals(xyz, other.xyz);
    }

    @Override
    public int hashCode() {
        return 31 * status.hashCode() + Arrays.hashCode(xyz);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("WorldPath[").append(status).append(" length=").append(length);
        for (int i = 0; i < size(); i++) {
            sb.append(" (").append(x(i)).append(", ").append(y(i)).append(", ").append(z(i)).append(')');
        }
        return sb.append(" expanded=").append(expanded).append(']').toString();
    }
}
