package dev.navserver.nav.crowd;

import java.util.Arrays;

/**
 * The agents of one crowd (one map) in parallel primitive arrays, indexed {@code 0..size()-1}. Positions are world
 * metres in the XZ plane, velocities metres per second, radii metres. The caller (the movement loop) writes each
 * agent's preferred velocity before every {@link OrcaSolver#step}; the solver writes back velocities and, for
 * agents it moves, positions.
 *
 * <p><b>Indices are stable while an agent lives:</b> an agent keeps its index from {@link #add} until it is removed.
 * {@link #remove} swaps the last agent into the freed index and returns that agent's old index, so that the caller
 * can update its own index map. The solver keeps per-agent state (current velocity, stall time, yielding) at the
 * index, so an agent must not be removed and re-added between steps just to refresh it.
 *
 * <p><b>External agents</b> (players, or anything the server does not steer) take part as obstacles that move with
 * their given velocity: the solver never changes their velocity or position, and steered agents take full
 * responsibility for avoiding them.
 *
 * <p>Arrays grow (doubling) only when {@link #add} exceeds the capacity; nothing else allocates. Not thread-safe:
 * one crowd belongs to one thread (the tick thread).
 */
public final class CrowdAgents {
    long[] id;
    double[] x;
    double[] z;
    double[] vx;
    double[] vz;
    double[] prefVx;
    double[] prefVz;
    double[] radius;
    double[] maxSpeed;
    boolean[] external;
    /** Seconds the agent has made less than {@link OrcaParams#stallProgress} of its preferred progress. */
    double[] stallSeconds;
    /** Seconds of yielding left; the agent yields to the agent whose id is {@link #yieldTo}. */
    double[] yieldSeconds;
    long[] yieldTo;
    int size;

    /** @param initialCapacity agents before the first growth, {@code >= 1} */
    public CrowdAgents(int initialCapacity) {
        if (initialCapacity < 1) {
            throw new IllegalArgumentException("initialCapacity must be >= 1, got " + initialCapacity);
        }
        allocate(initialCapacity);
    }

    private void allocate(int cap) {
        id = new long[cap];
        x = new double[cap];
        z = new double[cap];
        vx = new double[cap];
        vz = new double[cap];
        prefVx = new double[cap];
        prefVz = new double[cap];
        radius = new double[cap];
        maxSpeed = new double[cap];
        external = new boolean[cap];
        stallSeconds = new double[cap];
        yieldSeconds = new double[cap];
        yieldTo = new long[cap];
    }

    private void grow() {
        int cap = id.length * 2;
        id = Arrays.copyOf(id, cap);
        x = Arrays.copyOf(x, cap);
        z = Arrays.copyOf(z, cap);
        vx = Arrays.copyOf(vx, cap);
        vz = Arrays.copyOf(vz, cap);
        prefVx = Arrays.copyOf(prefVx, cap);
        prefVz = Arrays.copyOf(prefVz, cap);
        radius = Arrays.copyOf(radius, cap);
        maxSpeed = Arrays.copyOf(maxSpeed, cap);
        external = Arrays.copyOf(external, cap);
        stallSeconds = Arrays.copyOf(stallSeconds, cap);
        yieldSeconds = Arrays.copyOf(yieldSeconds, cap);
        yieldTo = Arrays.copyOf(yieldTo, cap);
    }

    /**
     * Adds an agent at rest with no preferred velocity.
     *
     * @param agentId  stable id; also the priority when two agents deadlock (the lower id goes first). Ids should
     *                 be distinct.
     * @param x        world x, metres, finite
     * @param z        world z, metres, finite
     * @param radius   body radius, metres, finite and {@code > 0}
     * @param maxSpeed metres per second, finite and {@code >= 0}
     * @param external true for an agent the solver never steers nor moves (a player)
     * @return the new agent's index
     * @throws IllegalArgumentException on a non-finite position or a bad radius or speed; nothing is added
     */
    public int add(long agentId, double x, double z, double radius, double maxSpeed, boolean external) {
        checkPosition(x, z);
        checkBody(radius, maxSpeed);
        if (size == id.length) {
            grow();
        }
        int i = size++;
        id[i] = agentId;
        this.x[i] = x;
        this.z[i] = z;
        vx[i] = 0;
        vz[i] = 0;
        prefVx[i] = 0;
        prefVz[i] = 0;
        this.radius[i] = radius;
        this.maxSpeed[i] = maxSpeed;
        this.external[i] = external;
        stallSeconds[i] = 0;
        yieldSeconds[i] = 0;
        yieldTo[i] = 0;
        return i;
    }

    /**
     * Removes agent {@code index}; the last agent moves into its place.
     *
     * @return the old index of the agent now at {@code index} ({@code size()} after the call), or -1 when the
     *     removed agent was the last one and nothing moved
     */
    public int remove(int index) {
        checkIndex(index);
        int last = --size;
        if (index == last) {
            return -1;
        }
        id[index] = id[last];
        x[index] = x[last];
        z[index] = z[last];
        vx[index] = vx[last];
        vz[index] = vz[last];
        prefVx[index] = prefVx[last];
        prefVz[index] = prefVz[last];
        radius[index] = radius[last];
        maxSpeed[index] = maxSpeed[last];
        external[index] = external[last];
        stallSeconds[index] = stallSeconds[last];
        yieldSeconds[index] = yieldSeconds[last];
        yieldTo[index] = yieldTo[last];
        return last;
    }

    /** Removes every agent; capacity is kept. */
    public void clear() {
        size = 0;
    }

    public int size() {
        return size;
    }

    public long id(int i) {
        checkIndex(i);
        return id[i];
    }

    /** World x, metres. */
    public double x(int i) {
        checkIndex(i);
        return x[i];
    }

    /** World z, metres. */
    public double z(int i) {
        checkIndex(i);
        return z[i];
    }

    /** Velocity along x of the last step (for steered agents: the displacement actually made / dt), m/s. */
    public double vx(int i) {
        checkIndex(i);
        return vx[i];
    }

    /** Velocity along z of the last step, m/s. */
    public double vz(int i) {
        checkIndex(i);
        return vz[i];
    }

    public double radius(int i) {
        checkIndex(i);
        return radius[i];
    }

    public double maxSpeed(int i) {
        checkIndex(i);
        return maxSpeed[i];
    }

    public boolean external(int i) {
        checkIndex(i);
        return external[i];
    }

    /**
     * Makes agent {@code i} external (an obstacle that moves with its preferred velocity, never steered nor moved by
     * the solver; steered agents take all of the avoidance against it) or steered again. A switch clears its stall
     * time. Takes effect at the next {@link OrcaSolver#step}.
     */
    public void setExternal(int i, boolean external) {
        checkIndex(i);
        if (this.external[i] != external) {
            this.external[i] = external;
            stallSeconds[i] = 0;
        }
    }

    /** Whether agent {@code i} is currently giving way to another after a deadlock. */
    public boolean yielding(int i) {
        checkIndex(i);
        return yieldSeconds[i] > 0;
    }

    /**
     * Sets where the agent wants to go this step: typically towards its next waypoint at its speed, shortened so
     * that it does not overshoot the waypoint. Longer than {@link #maxSpeed} is clipped by the solver. For an
     * external agent this is its actual velocity (used to predict it).
     *
     * @throws IllegalArgumentException when not finite
     */
    public void setPreferred(int i, double vx, double vz) {
        checkIndex(i);
        if (!Double.isFinite(vx) || !Double.isFinite(vz)) {
            throw new IllegalArgumentException("preferred velocity must be finite, got (" + vx + ", " + vz + ")");
        }
        prefVx[i] = vx;
        prefVz[i] = vz;
    }

    /**
     * Moves the agent without simulation (a teleport, or an external agent's new reported position). Its velocity
     * is kept.
     *
     * @throws IllegalArgumentException when not finite
     */
    public void setPosition(int i, double x, double z) {
        checkIndex(i);
        checkPosition(x, z);
        this.x[i] = x;
        this.z[i] = z;
    }

    /** @throws IllegalArgumentException on a bad radius or speed (see {@link #add}) */
    public void setBody(int i, double radius, double maxSpeed) {
        checkIndex(i);
        checkBody(radius, maxSpeed);
        this.radius[i] = radius;
        this.maxSpeed[i] = maxSpeed;
    }

    private void checkIndex(int i) {
        if (i < 0 || i >= size) {
            throw new IndexOutOfBoundsException("agent index " + i + " outside 0.." + (size - 1));
        }
    }

    private static void checkPosition(double x, double z) {
        if (!Double.isFinite(x) || !Double.isFinite(z)) {
            throw new IllegalArgumentException("position must be finite, got (" + x + ", " + z + ")");
        }
    }

    private static void checkBody(double radius, double maxSpeed) {
        if (!(radius > 0) || !Double.isFinite(radius)) {
            throw new IllegalArgumentException("radius must be finite and > 0, got " + radius);
        }
        if (!(maxSpeed >= 0) || !Double.isFinite(maxSpeed)) {
            throw new IllegalArgumentException("maxSpeed must be finite and >= 0, got " + maxSpeed);
        }
    }
}
