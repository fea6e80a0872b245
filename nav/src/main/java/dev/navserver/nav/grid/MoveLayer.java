package dev.navserver.nav.grid;

import java.util.Arrays;
import java.util.Objects;

/**
 * A movement layer: the cost of entering a cell of each {@link Terrain} class for one kind of unit (land units,
 * boats, flyers). A cost is a multiplier of the move's geometric length (1 for straight, sqrt(2) for diagonal);
 * costs are {@code >= 1} so octile/Manhattan heuristics stay admissible, or {@link #BLOCKED}.
 *
 * <p>Immutable and thread-safe. Layers are compared by value and used as cache keys by {@link GridMap#navGrid}.
 */
public final class MoveLayer {
    /** Cost marking a terrain class as impassable. */
    public static final float BLOCKED = Float.POSITIVE_INFINITY;

    /** The Moving AI benchmark's rule: open ground and swamp cost 1, everything else blocked. */
    public static final MoveLayer DEFAULT = builder("default").cost(Terrain.OPEN, 1).cost(Terrain.SWAMP, 1).build();
    /** Land units: open 1, swamp 1, hill 2, trees 3; water and walls blocked. */
    public static final MoveLayer LAND = builder("land").cost(Terrain.OPEN, 1).cost(Terrain.SWAMP, 1)
            .cost(Terrain.HILL, 2).cost(Terrain.TREES, 3).build();
    /** Boats: water only. */
    public static final MoveLayer BOAT = builder("boat").cost(Terrain.WATER, 1).build();
    /** Flyers: every terrain class, including walls, at cost 1. */
    public static final MoveLayer FLYER;

    static {
        Builder b = builder("flyer");
        for (int t = 0; t < Terrain.COUNT; t++) {
            b.cost(t, 1);
        }
        FLYER = b.build();
    }

    private final String name;
    private final float[] costs;
    private final boolean uniform;

    private MoveLayer(String name, float[] costs) {
        this.name = name;
        this.costs = costs;
        boolean u = true;
        for (float c : costs) {
            if (c != BLOCKED && c != 1f) {
                u = false;
                break;
            }
        }
        this.uniform = u;
    }

    /** Starts a layer in which every terrain class is blocked. */
    public static Builder builder(String name) {
        return new Builder(name);
    }

    /** The layer's name, for logs and config. */
    public String name() {
        return name;
    }

    /** Cost multiplier of entering a cell of class {@code terrain}; {@link #BLOCKED} if impassable. */
    public float cost(int terrain) {
        return costs[terrain];
    }

    /** Whether a unit of this layer may enter terrain class {@code terrain}. */
    public boolean passable(int terrain) {
        return costs[terrain] != BLOCKED;
    }

    /** True when every passable class costs exactly 1 (the case Jump Point Search requires). */
    public boolean uniform() {
        return uniform;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MoveLayer other && name.equals(other.name) && Arrays.equals(costs, other.costs);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, Arrays.hashCode(costs));
    }

    @Override
    public String toString() {
        return "MoveLayer[" + name + "]";
    }

    /** Mutable builder; not thread-safe. */
    public static final class Builder {
        private final String name;
        private final float[] costs = new float[Terrain.COUNT];

        private Builder(String name) {
            this.name = Objects.requireNonNull(name, "name");
            Arrays.fill(costs, BLOCKED);
        }

        /**
         * Sets the cost of a terrain class.
         *
         * @throws IllegalArgumentException if the class is out of range or the cost is below 1 or NaN
         */
        public Builder cost(int terrain, double cost) {
            if (terrain < 0 || terrain >= Terrain.COUNT) {
                throw new IllegalArgumentException("terrain class " + terrain + " outside [0," + Terrain.COUNT + ")");
            }
            if (!(cost >= 1.0)) {
                throw new IllegalArgumentException("cost of " + Terrain.name(terrain) + " must be >= 1, got " + cost);
            }
            costs[terrain] = (float) cost;
            return this;
        }

        /** Marks a terrain class impassable. */
        public Builder block(int terrain) {
            costs[terrain] = BLOCKED;
            return this;
        }

        public MoveLayer build() {
            return new MoveLayer(name, costs.clone());
        }
    }
}
