package dev.navserver.server.world;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.grid.WorldTransform;
import java.util.Arrays;
import java.util.Collection;
import java.util.Objects;

/**
 * Gives monsters bodies: after movement, pushes overlapping monsters apart (each by half the overlap) and out of
 * players (by the whole overlap; players are authoritative), so that two monsters of a map end at least
 * {@code 2 × monsterRadius} apart and a monster at least {@code monsterRadius + playerRadius} from every player.
 * Neighbours are found with a uniform spatial hash of cell size {@code max(2 rM, rM + rP)}. A push is accepted only
 * when the segments to the new position from the old one and from the monster's position at the start of the tick
 * ({@link Monster#tickStartX}) are clear lines (walkable, no corner cut), else its X or Z part alone, else nothing —
 * so a monster never enters or crosses a blocked cell. Up to {@link #MAX_ITERATIONS} rounds, stopping early when
 * nothing overlaps.
 *
 * <p>Positions are copied into primitive arrays for the rounds and written back once. Scratch arrays grow to the
 * largest crowd seen and are reused: no allocation per tick once grown. Tick thread only.
 */
final class BodySeparation {
    /** Rounds of pushes per tick at most. */
    static final int MAX_ITERATIONS = 8;
    /** Metres pushed beyond the exact overlap, so that rounding leaves no residue. */
    static final double MARGIN_METERS = 0.005;
    /** Overlaps at most this deep (metres) count as resolved. */
    static final double TOLERANCE_METERS = 0.001;
    /** Own cell and four of the eight neighbours: every pair of neighbouring cells is visited once. */
    private static final int[] HALF_X = {0, 1, 1, 1, 0};
    private static final int[] HALF_Z = {0, -1, 0, 1, 1};
    private static final double GOLDEN_ANGLE = Math.PI * (3 - Math.sqrt(5));

    private final PathPlanner planner;
    private Monster[] monsters = new Monster[0];
    private double[] xs = new double[0];
    private double[] zs = new double[0];
    private double[] startX = new double[0];
    private double[] startZ = new double[0];
    private double[] dx = new double[0];
    private double[] dz = new double[0];
    private boolean[] moved = new boolean[0];
    private int[] cellX = new int[0];
    private int[] cellZ = new int[0];
    private int[] nextInCell = new int[0];
    private int[] head = new int[0];
    private int mask;

    BodySeparation(PathPlanner planner) {
        this.planner = Objects.requireNonNull(planner);
    }

    /**
     * Separates the monsters of one map from each other and from its players.
     *
     * @param all     every monster of the map
     * @param players every player of the map (those without a position are skipped)
     * @param rM      monster radius, metres, {@code >= 0}
     * @param rP      player radius, metres, {@code >= 0}
     * @return rounds run (0 when there was nothing to do)
     */
    int separate(Collection<Monster> all, Collection<Player> players, GridMap map, double rM, double rP) {
        int n = all.size();
        double reach = Math.max(2 * rM, rM + rP);
        if (n == 0 || reach <= 0) {
            return 0;
        }
        ensureCapacity(n);
        int k = 0;
        for (Monster m : all) {
            monsters[k] = m;
            xs[k] = m.x;
            zs[k] = m.z;
            startX[k] = m.tickStartX;
            startZ[k] = m.tickStartZ;
            moved[k] = false;
            k++;
        }
        int rounds = 0;
        boolean overlapping = true;
        while (overlapping && rounds < MAX_ITERATIONS) {
            rounds++;
            index(n, reach);
            overlapping = pushPairs(n, reach, 2 * rM);
            overlapping |= pushFromPlayers(players, reach, rM + rP);
            if (overlapping) {
                apply(n, map, reach / 2);
            }
        }
        for (int i = 0; i < n; i++) {
            if (moved[i]) {
                Monster m = monsters[i];
                m.x = xs[i];
                m.z = zs[i];
                m.pushed = true;
            }
            monsters[i] = null;
        }
        return rounds;
    }

    private void ensureCapacity(int n) {
        if (monsters.length >= n) {
            return;
        }
        int cap = Math.max(16, Integer.highestOneBit(n - 1) << 1);
        monsters = new Monster[cap];
        xs = new double[cap];
        zs = new double[cap];
        startX = new double[cap];
        startZ = new double[cap];
        dx = new double[cap];
        dz = new double[cap];
        moved = new boolean[cap];
        cellX = new int[cap];
        cellZ = new int[cap];
        nextInCell = new int[cap];
        head = new int[cap * 2];
        mask = cap * 2 - 1;
    }

    private int bucket(int cx, int cz) {
        int h = cx * 0x9E3779B1 ^ cz * 0x85EBCA77;
        return (h ^ (h >>> 15)) & mask;
    }

    private void index(int n, double cell) {
        Arrays.fill(head, -1);
        for (int i = 0; i < n; i++) {
            int cx = (int) Math.floor(xs[i] / cell);
            int cz = (int) Math.floor(zs[i] / cell);
            cellX[i] = cx;
            cellZ[i] = cz;
            int b = bucket(cx, cz);
            nextInCell[i] = head[b];
            head[b] = i;
            dx[i] = 0;
            dz[i] = 0;
        }
    }

    /** Accumulates half-overlap pushes for every overlapping pair; whether any pair overlaps. */
    private boolean pushPairs(int n, double cell, double minDist) {
        boolean any = false;
        double min2 = minDist * minDist;
        for (int i = 0; i < n; i++) {
            double ax = xs[i];
            double az = zs[i];
            for (int k = 0; k < HALF_X.length; k++) {
                int cx = cellX[i] + HALF_X[k];
                int cz = cellZ[i] + HALF_Z[k];
                boolean same = k == 0;
                for (int j = head[bucket(cx, cz)]; j >= 0; j = nextInCell[j]) {
                    if (same && j <= i || cellX[j] != cx || cellZ[j] != cz) {
                        continue;
                    }
                    double ex = xs[j] - ax;
                    double ez = zs[j] - az;
                    double d2 = ex * ex + ez * ez;
                    if (d2 >= min2) {
                        continue;
                    }
                    double d = Math.sqrt(d2);
                    if (minDist - d <= TOLERANCE_METERS) {
                        continue;
                    }
                    any = true;
                    double ux;
                    double uz;
                    if (d < 1e-9) { // coincident: a fixed direction per pair, different pairs fan out
                        double angle = (i * 31 + j) * GOLDEN_ANGLE;
                        ux = Math.cos(angle);
                        uz = Math.sin(angle);
                    } else {
                        ux = ex / d;
                        uz = ez / d;
                    }
                    double push = (minDist - d + MARGIN_METERS) / 2;
                    dx[i] -= ux * push;
                    dz[i] -= uz * push;
                    dx[j] += ux * push;
                    dz[j] += uz * push;
                }
            }
        }
        return any;
    }

    /** Accumulates whole-overlap pushes of monsters out of players; whether any monster overlaps a player. */
    private boolean pushFromPlayers(Collection<Player> players, double cell, double minDist) {
        boolean any = false;
        double min2 = minDist * minDist;
        for (Player p : players) {
            if (!p.hasPos) {
                continue;
            }
            int pcx = (int) Math.floor(p.x / cell);
            int pcz = (int) Math.floor(p.z / cell);
            for (int ox = -1; ox <= 1; ox++) {
                for (int oz = -1; oz <= 1; oz++) {
                    int cx = pcx + ox;
                    int cz = pcz + oz;
                    for (int j = head[bucket(cx, cz)]; j >= 0; j = nextInCell[j]) {
                        if (cellX[j] != cx || cellZ[j] != cz) {
                            continue;
                        }
                        double ex = xs[j] - p.x;
                        double ez = zs[j] - p.z;
                        double d2 = ex * ex + ez * ez;
                        if (d2 >= min2) {
                            continue;
                        }
                        double d = Math.sqrt(d2);
                        if (minDist - d <= TOLERANCE_METERS) {
                            continue;
                        }
                        any = true;
                        double ux;
                        double uz;
                        if (d < 1e-9) {
                            double angle = j * GOLDEN_ANGLE;
                            ux = Math.cos(angle);
                            uz = Math.sin(angle);
                        } else {
                            ux = ex / d;
                            uz = ez / d;
                        }
                        double push = minDist - d + MARGIN_METERS;
                        dx[j] += ux * push;
                        dz[j] += uz * push;
                    }
                }
            }
        }
        return any;
    }

    /**
     * Moves each pushed monster, by at most {@code maxPush} metres (a crowd spawned on one point would otherwise
     * fly apart: the pushes of all its pairs add up), if the segments are clear; else slides along one axis; else
     * leaves it.
     */
    private void apply(int n, GridMap map, double maxPush) {
        for (int i = 0; i < n; i++) {
            double ddx = dx[i];
            double ddz = dz[i];
            if (ddx == 0 && ddz == 0) {
                continue;
            }
            double len = Math.sqrt(ddx * ddx + ddz * ddz);
            if (len > maxPush) {
                ddx *= maxPush / len;
                ddz *= maxPush / len;
            }
            double x = xs[i];
            double z = zs[i];
            if (clear(map, i, x + ddx, z + ddz)) {
                xs[i] = x + ddx;
                zs[i] = z + ddz;
                moved[i] = true;
            } else if (ddx != 0 && clear(map, i, x + ddx, z)) {
                xs[i] = x + ddx;
                moved[i] = true;
            } else if (ddz != 0 && clear(map, i, x, z + ddz)) {
                zs[i] = z + ddz;
                moved[i] = true;
            }
        }
    }

    /**
     * Whether monster {@code i} may be pushed to (x1, z1): a walkable cell in a clear line from where it stands and
     * from where it stood when the tick began (so its whole move this tick crosses no blocked cell, cuts no corner).
     */
    private boolean clear(GridMap map, int i, double x1, double z1) {
        if (openAround(map, startX[i], startZ[i], xs[i], zs[i], x1, z1)) {
            return true; // every cell the segments could touch or cut is open
        }
        int cell = map.cellAt(x1, z1);
        return cell != GridMap.NO_CELL && map.navGrid().openCell(cell)
                && planner.clearLine(map, xs[i], zs[i], x1, z1)
                && planner.clearLine(map, startX[i], startZ[i], x1, z1);
    }

    /**
     * Fast path of the line checks, O(1) with the grid's clearance: whether every cell of the bounding box of three
     * points, grown by one cell on each side (so that a segment along a cell border and the corner cells a diagonal
     * step could cut are inside), is open.
     */
    private static boolean openAround(GridMap map, double x0, double z0, double x1, double z1, double x2,
            double z2) {
        WorldTransform t = map.transform();
        long c0 = t.col(x0);
        long c1 = t.col(x1);
        long c2 = t.col(x2);
        long r0 = t.row(z0);
        long r1 = t.row(z1);
        long r2 = t.row(z2);
        long cMin = Math.min(c0, Math.min(c1, c2)) - 1;
        long cMax = Math.max(c0, Math.max(c1, c2)) + 1;
        long rMin = Math.min(r0, Math.min(r1, r2)) - 1;
        long rMax = Math.max(r0, Math.max(r1, r2)) + 1;
        if (cMin < 0 || rMin < 0 || cMax >= map.width() || rMax >= map.height()) {
            return false;
        }
        NavGrid grid = map.navGrid();
        long side = Math.max(cMax - cMin, rMax - rMin) + 1;
        return grid.clearance(map.cell(cMin, rMin)) >= side;
    }
}
