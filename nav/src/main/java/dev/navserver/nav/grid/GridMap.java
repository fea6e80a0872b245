package dev.navserver.nav.grid;

import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * An immutable grid map: terrain class per cell plus the world transform. Cells are {@code int} ids
 * {@code row * width + col}; row 0 is the top row of the file (world {@code originZ}), col 0 the left column.
 *
 * <p>Thread-safe: the terrain never changes after construction (a changed map is a new {@code GridMap}). The
 * derived {@link NavGrid}s (passability, clearance, islands per layer and agent size) are built once per key and
 * cached; the default one ({@link MoveLayer#DEFAULT}, size 1) is built eagerly. {@link #edited} derives a new map
 * and its grids from this one, incrementally.
 */
public final class GridMap {
    /** Cell id meaning "no cell" (outside the map). */
    public static final int NO_CELL = -1;

    private final String name;
    private final int width;
    private final int height;
    private final WorldTransform transform;
    private final ByteChunks terrain;
    private final NavGrid defaultGrid;
    private final ConcurrentHashMap<Key, NavGrid> grids = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<MoveLayer, ByteChunks> clearances = new ConcurrentHashMap<>();

    private record Key(MoveLayer layer, int agentSize) {
    }

    /**
     * @param name      map name (for logs and the wire), non-null
     * @param width     columns, {@code >= 1}
     * @param height    rows, {@code >= 1}
     * @param transform world transform
     * @param terrain   terrain class per cell, {@code width * height} entries in row-major order; copied
     */
    public GridMap(String name, int width, int height, WorldTransform transform, byte[] terrain) {
        this.name = Objects.requireNonNull(name, "name");
        if (width < 1 || height < 1) {
            throw new IllegalArgumentException("map size must be >= 1x1, got " + width + "x" + height);
        }
        if ((long) (width + 2) * (height + 2) > Integer.MAX_VALUE / 2) {
            throw new IllegalArgumentException("map too large: " + width + "x" + height);
        }
        if (terrain.length != width * height) {
            throw new IllegalArgumentException("terrain has " + terrain.length + " cells, expected " + width * height);
        }
        for (byte t : terrain) {
            if (t < 0 || t >= Terrain.COUNT) {
                throw new IllegalArgumentException("terrain class " + t + " outside [0," + Terrain.COUNT + ")");
            }
        }
        this.width = width;
        this.height = height;
        this.transform = Objects.requireNonNull(transform, "transform");
        this.terrain = ByteChunks.of(width, height, terrain);
        this.defaultGrid = new NavGrid(this, MoveLayer.DEFAULT, 1, null);
        grids.put(new Key(MoveLayer.DEFAULT, 1), defaultGrid);
    }

    /** An edited map whose grids {@link GridEdit} derived from {@code base}'s; takes ownership of the arrays. */
    GridMap(GridMap base, ByteChunks terrain, java.util.Map<MoveLayer, ByteChunks> clearances, java.util.List<GridPatch> parts) {
        this.name = base.name;
        this.width = base.width;
        this.height = base.height;
        this.transform = base.transform;
        this.terrain = terrain;
        this.clearances.putAll(clearances);
        NavGrid def = null;
        for (GridPatch p : parts) {
            NavGrid g = p.build(this);
            grids.put(new Key(g.layer(), g.agentSize()), g);
            if (g.agentSize() == 1 && g.layer().equals(MoveLayer.DEFAULT)) {
                def = g;
            }
        }
        this.defaultGrid = java.util.Objects.requireNonNull(def, "default grid");
    }

    /**
     * A new map with {@code edits} applied in order. This map is unchanged (searches on it stay valid). Every grid
     * already built on this map (each layer and agent size) is derived for the new map from this map's grid by
     * copying its arrays and recomputing only what the edited cells can change: terrain, entry cost and
     * standability of the edited cells; clearance in the window up and left of them (at most
     * {@link NavGrid#MAX_CLEARANCE} - 1 cells); JPS bits of cells whose standability changed; island labels by a
     * bounded flood of the islands the changed cells touch (see {@link GridEdit}). Other grids stay lazy.
     * The result equals {@code new GridMap(name, width, height, transform, editedTerrain)} in every derived value,
     * up to a renaming of island labels.
     *
     * <p>Not thread-safe against itself only in the sense that two concurrent calls build two independent maps.
     *
     * @param edits rectangles entirely on the map; a copy edit's source must have this map's size
     * @throws IllegalArgumentException if an edit is off the map or its source has another size
     */
    public GridMap edited(java.util.List<CellEdit> edits) {
        for (CellEdit e : edits) {
            if ((long) e.col() + e.width() > width || (long) e.row() + e.height() > height) {
                throw new IllegalArgumentException("edit " + e.col() + "," + e.row() + " " + e.width() + "x"
                        + e.height() + " is not entirely on " + this);
            }
            if (e.source() != null && (e.source().width != width || e.source().height != height)) {
                throw new IllegalArgumentException("edit source " + e.source() + " is not the size of " + this);
            }
        }
        return GridEdit.apply(this, edits);
    }

    /** The terrain chunks themselves (shared with edited versions); never modify. */
    ByteChunks terrainChunks() {
        return terrain;
    }

    /** A copy of the terrain per cell, row-major, {@code width * height} entries. */
    public byte[] terrainCopy() {
        return terrain.toFlat();
    }

    /** The grids built so far (each layer and agent size), in no particular order. */
    public java.util.List<NavGrid> builtGrids() {
        return java.util.List.copyOf(grids.values());
    }

    /**
     * Clearance per cell under {@code layer}, built on first use (a grid of agent size above 1, or
     * {@link NavGrid#clearance}) and shared by that layer's grids and kept exact by edits from then on; never
     * modify.
     */
    ByteChunks clearance(MoveLayer layer) {
        return clearances.computeIfAbsent(layer, l -> Clearance.build(this, l));
    }

    java.util.Map<MoveLayer, ByteChunks> clearances() {
        return clearances;
    }

    /** Builds a map from 0/1 walkability (true = {@link Terrain#OPEN}, false = {@link Terrain#WALL}). */
    public static GridMap ofWalkable(String name, int width, int height, WorldTransform transform, boolean[] walkable) {
        byte[] t = new byte[walkable.length];
        for (int i = 0; i < t.length; i++) {
            t[i] = walkable[i] ? Terrain.OPEN : Terrain.WALL;
        }
        return new GridMap(name, width, height, transform, t);
    }

    public String name() {
        return name;
    }

    /** Number of columns. */
    public int width() {
        return width;
    }

    /** Number of rows. */
    public int height() {
        return height;
    }

    public WorldTransform transform() {
        return transform;
    }

    public boolean inBounds(long col, long row) {
        return col >= 0 && row >= 0 && col < width && row < height;
    }

    /** Cell id of (col, row), or {@link #NO_CELL} when outside the map. */
    public int cell(long col, long row) {
        return inBounds(col, row) ? (int) row * width + (int) col : NO_CELL;
    }

    public int col(int cell) {
        return cell % width;
    }

    public int row(int cell) {
        return cell / width;
    }

    /** Terrain class of a cell id. */
    public int terrain(int cell) {
        return terrain.get(cell % width, cell / width);
    }

    /** Terrain class at (col, row); the caller checks bounds. */
    public int terrain(int col, int row) {
        return terrain.get(col, row);
    }

    /** Whether (col, row) is inside the map and passable under {@link MoveLayer#DEFAULT}. */
    public boolean walkable(long col, long row) {
        return inBounds(col, row) && defaultGrid.open((int) col, (int) row);
    }

    /**
     * Cell id containing world point (x, z), or {@link #NO_CELL} when the point is outside the map or not finite.
     * Never clamps.
     */
    public int cellAt(double x, double z) {
        return cell(transform.col(x), transform.row(z));
    }

    /** World x of a cell's centre. */
    public double worldX(int cell) {
        return transform.x(col(cell));
    }

    /** World z of a cell's centre. */
    public double worldZ(int cell) {
        return transform.z(row(cell));
    }

    /** The navigation grid for {@link MoveLayer#DEFAULT} and agent size 1. */
    public NavGrid navGrid() {
        return defaultGrid;
    }

    /**
     * The navigation grid for a layer and agent size, built on first use and cached.
     *
     * @param agentSize side of the square the agent covers, in cells, {@code >= 1}
     */
    public NavGrid navGrid(MoveLayer layer, int agentSize) {
        if (agentSize < 1 || agentSize > NavGrid.MAX_CLEARANCE) {
            throw new IllegalArgumentException("agentSize must be in [1, " + NavGrid.MAX_CLEARANCE + "], got "
                    + agentSize);
        }
        if (agentSize == 1 && layer.equals(MoveLayer.DEFAULT)) {
            return defaultGrid;
        }
        return grids.computeIfAbsent(new Key(layer, agentSize), k -> new NavGrid(this, k.layer(), k.agentSize(),
                k.agentSize() == 1 ? null : clearance(k.layer())));
    }

    @Override
    public String toString() {
        return "GridMap[" + name + " " + width + "x" + height + "]";
    }
}
