package dev.navserver.nav.grid;

/**
 * What a search needs of one map for one {@link MoveLayer} and agent size: which cells an agent may stand on,
 * what entering each costs, each cell's clearance and island label. Immutable and thread-safe once built; build
 * it through {@link GridMap#navGrid(MoveLayer, int)}, which caches it.
 *
 * <p><b>Padded layout.</b> Cells are addressed by <em>padded</em> coordinates {@code x = col + 1, y = row + 1}
 * (padded index {@code p = y * stride() + x}) over a grid with a one-cell blocked border, so that neighbour lookups
 * never need bounds checks. {@link #pad(int)} and {@link #unpad(int)} convert from and to map cell ids.
 * Standability is stored as bits, one {@code long[]} per padded row ({@link #openRows()}) and its transpose per
 * padded column ({@link #openColumns()}); entry costs of non-uniform layers as one {@code float[]} per padded row
 * ({@link #costRows()}). Island labels and clearance are 64x64-cell chunks. Every row, column and chunk is shared
 * between map versions: an edit copies only those it changes (see {@link GridMap#edited}). The arrays returned are
 * shared: read them, never write them.
 *
 * <p><b>Agent size.</b> An agent of size {@code k} standing on cell (c, r) covers the {@code k x k} square of
 * cells whose top-left is {@code (c - (k-1)/2, r - (k-1)/2)}. It may stand there when every covered cell is
 * passable under the layer. This is answered in O(1) from the precomputed clearance (the side of the largest
 * passable square whose top-left is a cell).
 *
 * <p><b>Islands.</b> Connected components of standable cells. With "diagonal only when both orthogonal
 * neighbours are open", 8-connected and 4-connected reachability coincide, so one labelling serves both move
 * sets. Label 0 means "not standable"; components are numbered from 1.
 */
public final class NavGrid {
    /**
     * Largest clearance stored, in cells, and so the largest agent size. The cap bounds the window an edit can
     * change: a changed cell (x, y) alters only the clearance of cells (c, r) with {@code x - MAX_CLEARANCE < c <= x}
     * and {@code y - MAX_CLEARANCE < r <= y}.
     */
    public static final int MAX_CLEARANCE = 64;

    private final GridMap map;
    private final MoveLayer layer;
    private final int agentSize;
    private final int width;
    private final int height;
    private final int stride;
    private final int paddedSize;
    private final int rowWords;
    /** Padded row y's standability bits ({@link #openRows()}); rows are shared between map versions. */
    private final long[][] rows;
    private final int columnWords;
    /** Padded column x's standability bits ({@link #openColumns()}). */
    private final long[][] columns;
    /** Padded row y's entry costs, or null when uniform ({@link #costRows()}). */
    private final float[][] costRows;
    /** Stored label per cell (chunks); the island is {@code islandOf[stored]}. */
    private final IntChunks island;
    /**
     * Island of each stored label: the identity when built from scratch; after an edit merged large islands, the
     * labels of the absorbed ones point at the island that kept its label (so a merge rewrites this table, not the
     * cells). Indexed by stored label, at least {@link #islandLabelBound()} entries.
     */
    private final int[] islandOf;
    private final int islandCount;
    private final int[] islandSize;
    private final int islandLabelBound;
    /** Connectivity per chunk at the chunk borders: the chunk graph edits use to detect island splits. */
    private final ChunkBorders borders;

    /**
     * Builds every derived array from scratch (the reference the incremental path must equal).
     *
     * @param clearance the layer's clearance per map cell ({@link Clearance#build}); shared, not copied; may be null
     *                  for agent size 1, which reads passability from the terrain
     */
    NavGrid(GridMap map, MoveLayer layer, int agentSize, ByteChunks clearance) {
        this.map = map;
        this.layer = layer;
        this.agentSize = agentSize;
        this.width = map.width();
        this.height = map.height();
        this.stride = width + 2;
        int n = stride * (height + 2);
        this.paddedSize = n;
        int paddedHeight = height + 2;
        rowWords = (stride + 63) >>> 6;
        columnWords = (paddedHeight + 63) >>> 6;
        boolean uniform = layer.uniform();
        rows = new long[paddedHeight][];
        columns = new long[stride][];
        costRows = uniform ? null : new float[paddedHeight][];
        long[] emptyRow = new long[rowWords];
        rows[0] = emptyRow;
        rows[paddedHeight - 1] = emptyRow;
        long[] emptyColumn = new long[columnWords];
        columns[0] = emptyColumn;
        columns[stride - 1] = emptyColumn;
        for (int x = 1; x < stride - 1; x++) {
            columns[x] = new long[columnWords];
        }
        if (costRows != null) {
            float[] borderCosts = new float[stride];
            java.util.Arrays.fill(borderCosts, MoveLayer.BLOCKED);
            costRows[0] = borderCosts;
            costRows[paddedHeight - 1] = borderCosts;
        }
        int off = (agentSize - 1) / 2;
        int[] standablePerChunk = new int[IntChunks.LabelWriter.chunkCount(width, height)];
        for (int r = 0; r < height; r++) {
            long[] row = new long[rowWords];
            float[] costs = null;
            if (costRows != null) {
                costs = new float[stride];
                costs[0] = MoveLayer.BLOCKED;
                costs[stride - 1] = MoveLayer.BLOCKED;
            }
            int y = r + 1;
            for (int c = 0; c < width; c++) {
                int ac = c - off;
                int ar = r - off;
                boolean fits = agentSize == 1 ? layer.passable(map.terrain(c, r))
                        : ac >= 0 && ar >= 0 && clearance.get(ac, ar) >= agentSize;
                int x = c + 1;
                if (fits) {
                    row[x >>> 6] |= 1L << x;
                    columns[x][y >>> 6] |= 1L << y;
                    standablePerChunk[IntChunks.LabelWriter.chunkOf(width, c, r)]++;
                }
                if (costs != null) {
                    costs[x] = fits ? layer.cost(map.terrain(c, r)) : MoveLayer.BLOCKED;
                }
            }
            rows[y] = row;
            if (costRows != null) {
                costRows[y] = costs;
            }
        }

        IslandLabelling labelling = new IslandLabelling(rows, width, height, standablePerChunk);
        this.island = labelling.island;
        islandCount = labelling.count;
        islandLabelBound = labelling.count + 1;
        islandSize = labelling.sizes;
        islandOf = new int[labelling.count + 1];
        for (int i = 0; i <= labelling.count; i++) {
            islandOf[i] = i;
        }
        borders = ChunkBorders.build(rows, width, height);
    }

    /** Wraps arrays derived incrementally by {@link GridEdit}; takes ownership of them. */
    NavGrid(GridMap map, NavGrid from, long[][] rows, long[][] columns, float[][] costRows,
            IntChunks island, int[] islandOf, int islandCount, int[] islandSize, int islandLabelBound,
            ChunkBorders borders) {
        this.map = map;
        this.layer = from.layer;
        this.agentSize = from.agentSize;
        this.width = from.width;
        this.height = from.height;
        this.stride = from.stride;
        this.paddedSize = from.paddedSize;
        this.rowWords = from.rowWords;
        this.rows = rows;
        this.columnWords = from.columnWords;
        this.columns = columns;
        this.costRows = costRows;
        this.island = island;
        this.islandOf = islandOf;
        this.islandCount = islandCount;
        this.islandSize = islandSize;
        this.islandLabelBound = islandLabelBound;
        this.borders = borders;
    }

    public GridMap map() {
        return map;
    }

    public MoveLayer layer() {
        return layer;
    }

    /** Side of the agent's square, in cells. */
    public int agentSize() {
        return agentSize;
    }

    public int width() {
        return width;
    }

    public int height() {
        return height;
    }

    /** Row stride of the padded arrays: {@code width + 2}. */
    public int stride() {
        return stride;
    }

    /** Length of the padded arrays: {@code (width + 2) * (height + 2)}. */
    public int paddedSize() {
        return paddedSize;
    }

    /** Padded index of a map cell id. */
    public int pad(int cell) {
        return (cell / width + 1) * stride + cell % width + 1;
    }

    /** Padded index of (col, row); the caller checks bounds. */
    public int pad(int col, int row) {
        return (row + 1) * stride + col + 1;
    }

    /** Map cell id of a padded index inside the map. */
    public int unpad(int p) {
        return (p / stride - 1) * width + p % stride - 1;
    }

    /** Whether the agent may stand on (col, row); false outside the map. */
    public boolean open(int col, int row) {
        return col >= 0 && row >= 0 && col < width && row < height && bit(rows[row + 1], col + 1);
    }

    /** Whether the agent may stand on map cell {@code cell}. */
    public boolean openCell(int cell) {
        return bit(rows[cell / width + 1], cell % width + 1);
    }

    /** Whether the agent may stand on padded (x, y); false on the border. The caller checks the padded bounds. */
    public boolean openPadded(int x, int y) {
        return bit(rows[y], x);
    }

    /** Whether the agent may stand on padded index {@code p}; false on the border. */
    public boolean openPadded(int p) {
        return bit(rows[p / stride], p % stride);
    }

    /** Bit {@code x} of a bit row or column ({@link #openRows()}, {@link #openColumns()}). */
    public static boolean bit(long[] line, int x) {
        return (line[x >>> 6] & (1L << x)) != 0;
    }

    /** True when every standable cell costs 1 to enter (Jump Point Search applies). */
    public boolean uniformCost() {
        return costRows == null;
    }

    /** Cost multiplier of entering map cell {@code cell}; {@link MoveLayer#BLOCKED} when not standable. */
    public float cost(int cell) {
        int x = cell % width + 1;
        int y = cell / width + 1;
        if (costRows != null) {
            return costRows[y][x];
        }
        return bit(rows[y], x) ? 1f : MoveLayer.BLOCKED;
    }

    /** Island label of a map cell id: 0 when not standable, else {@code 1..islandCount()}. */
    public int island(int cell) {
        int c = cell % width;
        int r = cell / width;
        return bit(rows[r + 1], c + 1) ? islandOf[island.get(c, r)] : 0;
    }

    /** Number of islands (connected components of standable cells). */
    public int islandCount() {
        return islandCount;
    }

    /**
     * One more than the largest island label in use: every label is in {@code [1, islandLabelBound())}. Equals
     * {@code islandCount() + 1} on a map built from scratch; after incremental edits labels may have gaps (a merged,
     * split or vanished island leaves its label unused), so size label-indexed arrays with this, not with the count.
     */
    public int islandLabelBound() {
        return islandLabelBound;
    }

    /** Number of cells of island {@code label}; 0 for a label not in use. */
    public int islandSize(int label) {
        return label > 0 && label < islandLabelBound ? islandSize[label] : 0;
    }

    int[] islandSizeArray() {
        return islandSize;
    }

    /** The stored-label-to-island table (shared: read only). */
    int[] islandOfArray() {
        return islandOf;
    }


    IntChunks islandChunks() {
        return island;
    }

    /** The chunk graph's border entries (see {@link ChunkBorders}). */
    ChunkBorders chunkBorders() {
        return borders;
    }

    /**
     * Side of the largest square of passable cells (under the layer) whose top-left is map cell {@code cell},
     * capped at {@link #MAX_CLEARANCE}.
     */
    public int clearance(int cell) {
        return map.clearance(layer).get(cell % width, cell / width);
    }

    /**
     * Entry cost multipliers per padded row, or null when {@link #uniformCost()}: padded cell (x, y) costs
     * {@code costRows()[y][x]} ({@link MoveLayer#BLOCKED} where not standable, including the border). Shared
     * between threads and map versions: read, never write.
     */
    public float[][] costRows() {
        return costRows;
    }

    /** Number of {@code long} words per padded row in {@link #openRows()}: {@code ceil(stride() / 64)}. */
    public int rowWords() {
        return rowWords;
    }

    /**
     * Standability as bit rows, one array per padded row (0 = top border): padded column {@code x} of row
     * {@code y} is bit {@code x & 63} of {@code openRows()[y][x >>> 6]} ({@link #bit}). A set bit means standable;
     * border cells and bits past the row's end are 0. Rows are shared between threads and map versions (an edit
     * copies only the rows it changes): read, never write.
     */
    public long[][] openRows() {
        return rows;
    }

    /** Number of {@code long} words per padded column in {@link #openColumns()}: {@code ceil((height() + 2) / 64)}. */
    public int columnWords() {
        return columnWords;
    }

    /**
     * Standability as bit columns (the transpose of {@link #openRows()}), one array per padded column: padded row
     * {@code y} of column {@code x} is bit {@code y & 63} of {@code openColumns()[x][y >>> 6]}. Shared like the
     * rows: read, never write.
     */
    public long[][] openColumns() {
        return columns;
    }

    /**
     * The standable cell nearest (Euclidean, in cells) to (col, row), searching rings of growing Chebyshev radius;
     * ties go to the first found in row-major ring order. (col, row) itself may lie outside the map.
     *
     * @param requiredIsland only cells of this island qualify; 0 accepts any island
     * @param maxRadius      largest Chebyshev distance searched, in cells
     * @return a map cell id, or {@link GridMap#NO_CELL} when none qualifies within {@code maxRadius}
     */
    public int nearestOpen(int col, int row, int requiredIsland, int maxRadius) {
        int best = GridMap.NO_CELL;
        long bestD2 = Long.MAX_VALUE;
        for (int rad = 0; rad <= maxRadius; rad++) {
            if ((long) rad * rad > bestD2) {
                break;
            }
            int r0 = row - rad;
            int r1 = row + rad;
            for (int r = Math.max(r0, 0); r <= Math.min(r1, height - 1); r++) {
                boolean edgeRow = r == r0 || r == r1;
                int step = edgeRow ? 1 : Math.max(2 * rad, 1);
                for (int c = col - rad; c <= col + rad; c += step) {
                    if (c < 0 || c >= width) {
                        continue;
                    }
                    if (!bit(rows[r + 1], c + 1) || (requiredIsland != 0 && islandOf[island.get(c, r)] != requiredIsland)) {
                        continue;
                    }
                    long dc = c - col;
                    long dr = r - row;
                    long d2 = dc * dc + dr * dr;
                    if (d2 < bestD2) {
                        bestD2 = d2;
                        best = r * width + c;
                    }
                }
            }
        }
        return best;
    }
}
