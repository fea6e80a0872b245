package dev.navserver.bench;

import dev.navserver.nav.grid.CellEdit;
import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.MoveLayer;
import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.grid.Terrain;
import dev.navserver.nav.grid.WorldTransform;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Issue 9: applying a 16x16 wall rectangle to a map with the derived grids of agent sizes 1-3 on the default layer
 * built, through {@link GridMap#edited} (incremental) or, as the baseline, a full rebuild of the same three grids.
 * Each operation edits the same base map (nothing accumulates), so every sample is the same kind of edit.
 *
 * <p>{@code map}: {@code rooms512} (the bundled {@code maps/rooms512.map}) or {@code rooms4096} (generated in code:
 * 32x32-cell rooms, one-cell walls, a 3-cell door at a seeded place in every wall side). {@code placement}:
 * {@code room} puts the wall inside a room when one has space for it (no split; the islands are checked with a
 * ring of floods), else (rooms512, whose rooms are smaller than 16 cells) at the map's centre, over walls and doors;
 * {@code random} cycles through 64 seeded positions, many of which cover a door or a wall junction (splits and
 * merges of rooms).
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Thread)
@Fork(value = 2, jvmArgsAppend = {"-Xms6g", "-Xmx6g", "-XX:+AlwaysPreTouch"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class MapEditBenchmark {
    private static final int SIDE = 16;

    @Param({"rooms512", "rooms4096"})
    public String map;

    @Param({"room", "random"})
    public String placement;

    private GridMap base;
    private int[] cols;
    private int[] rows;
    private int next;

    @Setup(Level.Trial)
    public void load() {
        base = map.equals("rooms4096") ? rooms(4096, 32, 9) : RepoMaps.load("maps/rooms512.map");
        for (int size = 1; size <= 3; size++) {
            base.navGrid(MoveLayer.DEFAULT, size);
        }
        Random rnd = new Random(42);
        int n = placement.equals("room") ? 1 : 64;
        cols = new int[n];
        rows = new int[n];
        if (placement.equals("room")) {
            NavGrid g = base.navGrid();
            int centre = base.height() / 2 * base.width() + base.width() / 2;
            boolean found = false;
            for (int cell = centre; cell < base.width() * base.height() && !found; cell++) {
                if (g.clearance(cell) >= SIDE + 2) {
                    cols[0] = base.col(cell) + 1;
                    rows[0] = base.row(cell) + 1;
                    found = true;
                }
            }
            if (!found) {
                // rooms smaller than the wall (rooms512): the wall at the map's centre covers walls and doors
                cols[0] = base.width() / 2;
                rows[0] = base.height() / 2;
            }
        } else {
            for (int i = 0; i < n; i++) {
                cols[i] = rnd.nextInt(base.width() - SIDE);
                rows[i] = rnd.nextInt(base.height() - SIDE);
            }
        }
    }

    /** The incremental path: a new map whose three default-layer grids are patched from the base's. */
    @Benchmark
    public GridMap editIncremental() {
        int i = next++ % cols.length;
        return base.edited(List.of(CellEdit.fill(cols[i], rows[i], SIDE, SIDE, Terrain.WALL)));
    }

    /** Baseline: the edited terrain rebuilt from scratch with the same three grids. */
    @Benchmark
    public GridMap editFullRebuild() {
        int i = next++ % cols.length;
        byte[] t = base.terrainCopy();
        for (int r = rows[i]; r < rows[i] + SIDE; r++) {
            java.util.Arrays.fill(t, r * base.width() + cols[i], r * base.width() + cols[i] + SIDE, Terrain.WALL);
        }
        GridMap m = new GridMap(base.name(), base.width(), base.height(), base.transform(), t);
        m.navGrid(MoveLayer.DEFAULT, 2);
        m.navGrid(MoveLayer.DEFAULT, 3);
        return m;
    }

    /**
     * A rooms-like map: {@code room x room} cells per room including a one-cell wall on its right and bottom
     * side, a 3-cell door at a seeded position in each side, and a few seeded pillars per room.
     */
    static GridMap rooms(int size, int room, long seed) {
        Random rnd = new Random(seed);
        byte[] t = new byte[size * size];
        int per = size / room;
        for (int ry = 0; ry < per; ry++) {
            for (int rx = 0; rx < per; rx++) {
                int c0 = rx * room;
                int r0 = ry * room;
                int doorRight = 2 + rnd.nextInt(room - 6);
                int doorDown = 2 + rnd.nextInt(room - 6);
                for (int k = 0; k < room; k++) {
                    boolean rightDoor = k >= doorRight && k < doorRight + 3;
                    boolean downDoor = k >= doorDown && k < doorDown + 3;
                    if (!rightDoor || rx == per - 1) {
                        t[(r0 + k) * size + c0 + room - 1] = Terrain.WALL;
                    }
                    if (!downDoor || ry == per - 1) {
                        t[(r0 + room - 1) * size + c0 + k] = Terrain.WALL;
                    }
                }
                for (int p = 0; p < 3; p++) {
                    int pc = c0 + 2 + rnd.nextInt(room - 5);
                    int pr = r0 + 2 + rnd.nextInt(room - 5);
                    t[pr * size + pc] = Terrain.WALL;
                }
            }
        }
        return new GridMap("rooms" + size, size, size, WorldTransform.UNIT, t);
    }
}
