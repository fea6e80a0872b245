package dev.navserver.server.world;

import java.util.Arrays;
import java.util.Collection;

/**
 * The monsters of one {@link Interest} update bucketed on a square grid of the XZ plane, in primitive arrays ordered
 * by bucket (a counting sort), so that "who is near (x, z)" reads contiguous positions instead of chasing monster
 * objects. Each monster gets a dense index for the update ({@link Monster#viewIndex}, {@code 0..size()-1}); a
 * bucket's monsters are the slots {@link #first} to {@link #end} of {@link #slotX}, {@link #slotZ} and
 * {@link #slotIndex}. The grid spans the monsters' bounding box; when that would take more than
 * {@value #MAX_BUCKETS_PER_MONSTER} buckets per monster (monsters spread over a huge map), buckets are made wider for
 * that update. Arrays grow to the largest world seen and are reused: no allocation per update once grown. Tick thread
 * only.
 */
final class ViewGrid {
    /** Buckets per monster at most (plus a floor of {@value #MIN_BUCKETS}) before buckets are widened. */
    static final int MAX_BUCKETS_PER_MONSTER = 4;
    static final int MIN_BUCKETS = 4096;

    private double cellMeters;
    /** Side of a bucket in this update, metres: {@link #cellMeters} or wider. */
    private double side;
    private double minX;
    private double minZ;
    private int cols;
    private int rows;
    private int size;
    private Monster[] monsters = new Monster[0];
    private double[] x = new double[0];
    private double[] z = new double[0];
    /** The player each monster chases (dense index), or null. */
    private Player[] target = new Player[0];
    private int[] bucketOf = new int[0];
    /** Per bucket, the first slot; {@code start[b + 1]} ends it. */
    private int[] start = new int[1];
    private double[] slotX = new double[0];
    private double[] slotZ = new double[0];
    private int[] slotIndex = new int[0];

    /** @param cellMeters side of a bucket, metres, {@code > 0} */
    ViewGrid(double cellMeters) {
        setCellMeters(cellMeters);
    }

    /** A new bucket side, metres, from the next {@link #build} on. */
    void setCellMeters(double cellMeters) {
        this.cellMeters = Math.max(1e-3, cellMeters);
    }

    /** Buckets the monsters where they stand now and numbers them {@code 0..size()-1} in iteration order. */
    void build(Collection<Monster> all) {
        int n = all.size();
        if (monsters.length < n) {
            int cap = Math.max(n, monsters.length * 2);
            monsters = new Monster[cap];
            x = new double[cap];
            z = new double[cap];
            target = new Player[cap];
            bucketOf = new int[cap];
            slotX = new double[cap];
            slotZ = new double[cap];
            slotIndex = new int[cap];
        } else if (n < size) {
            Arrays.fill(monsters, n, size, null); // let go of monsters gone since the last build
            Arrays.fill(target, n, size, null);
        }
        size = n;
        double loX = Double.POSITIVE_INFINITY;
        double loZ = Double.POSITIVE_INFINITY;
        double hiX = Double.NEGATIVE_INFINITY;
        double hiZ = Double.NEGATIVE_INFINITY;
        int i = 0;
        for (Monster m : all) {
            monsters[i] = m;
            m.viewIndex = i;
            x[i] = m.x;
            z[i] = m.z;
            target[i] = m.target;
            loX = Math.min(loX, m.x);
            loZ = Math.min(loZ, m.z);
            hiX = Math.max(hiX, m.x);
            hiZ = Math.max(hiZ, m.z);
            i++;
        }
        if (n == 0) {
            cols = 0;
            rows = 0;
            return;
        }
        minX = loX;
        minZ = loZ;
        side = cellMeters;
        long limit = Math.max((long) MAX_BUCKETS_PER_MONSTER * n, MIN_BUCKETS);
        while (span(hiX - loX) * span(hiZ - loZ) > limit) {
            side *= 2;
        }
        cols = (int) span(hiX - loX);
        rows = (int) span(hiZ - loZ);
        int buckets = cols * rows;
        if (start.length < buckets + 1) {
            start = new int[Math.max(buckets + 1, start.length * 2)];
        }
        Arrays.fill(start, 0, buckets + 1, 0);
        for (int k = 0; k < n; k++) {
            int b = (int) ((z[k] - minZ) / side) * cols + (int) ((x[k] - minX) / side);
            bucketOf[k] = b;
            start[b + 1]++;
        }
        for (int b = 0; b < buckets; b++) {
            start[b + 1] += start[b];
        }
        for (int k = 0; k < n; k++) {
            int s = start[bucketOf[k]]++; // advances each bucket's start to its end...
            slotX[s] = x[k];
            slotZ[s] = z[k];
            slotIndex[s] = k;
        }
        for (int b = buckets; b > 0; b--) {
            start[b] = start[b - 1]; // ...so shift back: start[b] is again bucket b's first slot
        }
        start[0] = 0;
    }

    private long span(double extent) {
        return (long) (extent / side) + 1;
    }

    /** Monsters numbered by the last build. */
    int size() {
        return size;
    }

    /** The monster of dense index {@code i} (its {@link Monster#viewIndex}). */
    Monster monster(int i) {
        return monsters[i];
    }

    /** X of the monster of dense index {@code i} at the last build, metres. */
    double x(int i) {
        return x[i];
    }

    /** Z of the monster of dense index {@code i} at the last build, metres. */
    double z(int i) {
        return z[i];
    }

    /** The player the monster of dense index {@code i} chased at the last build, or null. */
    Player target(int i) {
        return target[i];
    }

    /** Whether {@code m} was numbered by the last build (it was in the world then). */
    boolean holds(Monster m) {
        int i = m.viewIndex;
        return i >= 0 && i < size && monsters[i] == m;
    }

    /** Side of a bucket in the last build, metres. */
    double side() {
        return side;
    }

    int cols() {
        return cols;
    }

    int rows() {
        return rows;
    }

    /** The bucket column of a world X, metres (may lie outside {@code 0..cols()-1}). */
    int col(double wx) {
        return (int) Math.floor((wx - minX) / side);
    }

    /** The bucket row of a world Z, metres (may lie outside {@code 0..rows()-1}). */
    int row(double wz) {
        return (int) Math.floor((wz - minZ) / side);
    }

    /** World X of bucket column {@code c}'s low edge, metres. */
    double colX(int c) {
        return minX + c * side;
    }

    /** World Z of bucket row {@code r}'s low edge, metres. */
    double rowZ(int r) {
        return minZ + r * side;
    }

    /** First slot of bucket ({@code c}, {@code r}), both in range. */
    int first(int c, int r) {
        return start[r * cols + c];
    }

    /** One past the last slot of bucket ({@code c}, {@code r}), both in range. */
    int end(int c, int r) {
        return start[r * cols + c + 1];
    }

    double slotX(int s) {
        return slotX[s];
    }

    double slotZ(int s) {
        return slotZ[s];
    }

    /** Dense index of the monster in slot {@code s}. */
    int slotIndex(int s) {
        return slotIndex[s];
    }
}
