package dev.navserver.server.world;

import dev.navserver.nav.grid.GridMap;
import java.util.Arrays;
import java.util.Objects;

/**
 * The pair resolution of {@link BodySeparation}: rounds of pushes along the line between centres. A round
 * accumulates, for every pair closer than the sum of its radii by more than
 * {@link BodySeparation#TOLERANCE_METERS}, a push of
 * {@code overlap + }{@link BodySeparation#MARGIN_METERS} (half to each monster of a pair, all of it to the one whose
 * partner a wall holds; all of it to a monster in a player's body: players are authoritative), then applies them
 * through {@link BodyWalls}. A round after the first looks only at the pairs with a monster the previous round moved
 * (the active ones). Tick thread only.
 */
final class BodyPushes {
    private static final double GOLDEN_ANGLE = Math.PI * (3 - Math.sqrt(5));

    private final BodyState s;
    private final BodyWalls walls;
    private double[] dx = new double[0];
    private double[] dz = new double[0];
    /** Monsters that moved in the previous round (all in the first): only pairs with one of them can overlap anew. */
    private boolean[] isActive = new boolean[0];
    private int[] activeList = new int[0];
    private int activeCount;
    /** Monsters with a push this round. */
    private int[] touchedList = new int[0];
    private boolean[] isTouched = new boolean[0];
    private int touchedCount;

    BodyPushes(BodyState state, BodyWalls walls) {
        this.s = Objects.requireNonNull(state);
        this.walls = Objects.requireNonNull(walls);
    }

    /** Makes every monster of the {@link BodyState} active, with no push; call after {@link BodyState#load}. */
    void begin() {
        int n = s.count;
        if (dx.length < s.capacity()) {
            int cap = s.capacity();
            dx = new double[cap];
            dz = new double[cap];
            isActive = new boolean[cap];
            activeList = new int[cap];
            touchedList = new int[cap];
            isTouched = new boolean[cap];
        }
        for (int i = 0; i < n; i++) {
            activeList[i] = i;
            dx[i] = 0;
            dz[i] = 0;
        }
        activeCount = n;
        Arrays.fill(isActive, 0, n, true);
    }

    /** Monsters the last round moved (every monster before the first round). */
    int activeCount() {
        return activeCount;
    }

    /** The {@code a}-th of the {@link #activeCount} monsters the last round moved. */
    int active(int a) {
        return activeList[a];
    }

    /**
     * One round: pushes the pairs of monsters closer than the sum of their radii and the monsters closer than
     * their radius plus the player radius to a player, each monster by at most {@code maxPush} metres.
     *
     * @return whether any pair overlapped by more than the tolerance (if not, nothing moved)
     */
    boolean round(GridMap map, double maxPush) {
        touchedCount = 0;
        boolean overlapping = pushPairs();
        overlapping |= pushFromPlayers();
        if (overlapping) {
            apply(map, maxPush);
        }
        return overlapping;
    }

    /**
     * Accumulates pushes for every overlapping pair with at least one monster that moved in the last round (every
     * pair in the first); whether any such pair overlaps by more than the tolerance.
     */
    private boolean pushPairs() {
        BodyCells c = s.cells;
        double[] xs = s.xs;
        double[] zs = s.zs;
        double[] radius = s.radius;
        boolean[] pinned = s.pinned;
        boolean any = false;
        for (int a = 0; a < activeCount; a++) {
            int i = activeList[a];
            double ax = xs[i];
            double az = zs[i];
            double ri = radius[i];
            for (int ox = -1; ox <= 1; ox++) {
                for (int oz = -1; oz <= 1; oz++) {
                    int cx = c.cellX[i] + ox;
                    int cz = c.cellZ[i] + oz;
                    for (int j = c.head[c.bucket(cx, cz)]; j >= 0; j = c.nextInCell[j]) {
                        if (j == i || isActive[j] && j < i || c.cellX[j] != cx || c.cellZ[j] != cz) {
                            continue; // a pair of two active ones is taken from its lower index
                        }
                        double ex = xs[j] - ax;
                        double ez = zs[j] - az;
                        double d2 = ex * ex + ez * ez;
                        double minDist = ri + radius[j];
                        if (d2 >= minDist * minDist) {
                            continue;
                        }
                        double d = Math.sqrt(d2);
                        if (minDist - d <= BodySeparation.TOLERANCE_METERS) {
                            continue;
                        }
                        any = true;
                        double ux;
                        double uz;
                        if (d < 1e-9) { // coincident: a fixed direction per pair, different pairs fan out
                            int lo = Math.min(i, j);
                            double angle = (lo * 31 + Math.max(i, j)) * GOLDEN_ANGLE;
                            double sign = i == lo ? 1 : -1;
                            ux = sign * Math.cos(angle);
                            uz = sign * Math.sin(angle);
                        } else {
                            ux = ex / d;
                            uz = ez / d;
                        }
                        // Half each; all of it to one whose partner a wall held earlier this tick.
                        double push = minDist - d + BodySeparation.MARGIN_METERS;
                        double pi = pinned[i] == pinned[j] ? push / 2 : pinned[i] ? 0 : push;
                        double pj = push - pi;
                        touch(i);
                        dx[i] -= ux * pi;
                        dz[i] -= uz * pi;
                        touch(j);
                        dx[j] += ux * pj;
                        dz[j] += uz * pj;
                    }
                }
            }
        }
        return any;
    }

    /**
     * Accumulates whole-overlap pushes of the monsters that moved in the last round (all in the first) out of
     * players; whether any overlaps a player by more than the tolerance.
     */
    private boolean pushFromPlayers() {
        BodyCells c = s.cells;
        if (activeCount == s.count && c.playerCount < activeCount) {
            return pushFromPlayersByPlayer();
        }
        boolean any = false;
        for (int a = 0; a < activeCount; a++) {
            int j = activeList[a];
            double mx = s.xs[j];
            double mz = s.zs[j];
            double minDist = s.minPlayer(j);
            double min2 = minDist * minDist;
            for (int ox = -1; ox <= 1; ox++) {
                for (int oz = -1; oz <= 1; oz++) {
                    int cx = c.cellX[j] + ox;
                    int cz = c.cellZ[j] + oz;
                    for (int p = c.playerHead[c.playerBucket(cx, cz)]; p >= 0; p = c.playerNext[p]) {
                        if (c.playerCellX[p] != cx || c.playerCellZ[p] != cz) {
                            continue;
                        }
                        any |= pushOutOfPlayer(j, mx - c.playerX[p], mz - c.playerZ[p], minDist, min2);
                    }
                }
            }
        }
        return any;
    }

    /**
     * {@link #pushFromPlayers} when every monster is active (the first round) and players are fewer: the same pairs
     * and pushes, found from each player's 3 x 3 hash cells of monsters instead of each monster's cells of players.
     */
    private boolean pushFromPlayersByPlayer() {
        BodyCells c = s.cells;
        boolean any = false;
        for (int p = 0; p < c.playerCount; p++) {
            double px = c.playerX[p];
            double pz = c.playerZ[p];
            for (int ox = -1; ox <= 1; ox++) {
                for (int oz = -1; oz <= 1; oz++) {
                    int cx = c.playerCellX[p] + ox;
                    int cz = c.playerCellZ[p] + oz;
                    for (int j = c.head[c.bucket(cx, cz)]; j >= 0; j = c.nextInCell[j]) {
                        if (c.cellX[j] != cx || c.cellZ[j] != cz) {
                            continue;
                        }
                        double minDist = s.minPlayer(j);
                        any |= pushOutOfPlayer(j, s.xs[j] - px, s.zs[j] - pz, minDist, minDist * minDist);
                    }
                }
            }
        }
        return any;
    }

    /**
     * Accumulates the whole-overlap push of monster {@code j} out of a player at offset ({@code ex}, {@code ez}) from
     * it (monster minus player); whether they overlap by more than the tolerance.
     */
    private boolean pushOutOfPlayer(int j, double ex, double ez, double minDist, double min2) {
        double d2 = ex * ex + ez * ez;
        if (d2 >= min2) {
            return false;
        }
        double d = Math.sqrt(d2);
        if (minDist - d <= BodySeparation.TOLERANCE_METERS) {
            return false;
        }
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
        double push = minDist - d + BodySeparation.MARGIN_METERS;
        touch(j);
        dx[j] += ux * push;
        dz[j] += uz * push;
        return true;
    }

    private void touch(int i) {
        if (!isTouched[i]) {
            isTouched[i] = true;
            touchedList[touchedCount++] = i;
        }
    }

    /**
     * Moves each pushed monster, by at most {@code maxPush} metres (a crowd spawned on one point would otherwise
     * fly apart: the pushes of all its pairs add up), if the segments are clear; else slides along one axis
     * (pinned: its partners take the whole push from now on); else backs off toward where it stood (pinned); else
     * leaves it (pinned). The monsters that moved are the next round's active ones.
     */
    private void apply(GridMap map, double maxPush) {
        for (int a = 0; a < activeCount; a++) {
            isActive[activeList[a]] = false;
        }
        activeCount = 0;
        for (int t = 0; t < touchedCount; t++) {
            int i = touchedList[t];
            double ddx = dx[i];
            double ddz = dz[i];
            dx[i] = 0;
            dz[i] = 0;
            isTouched[i] = false;
            if (ddx == 0 && ddz == 0) {
                continue; // pushes that cancelled out
            }
            double len = Math.sqrt(ddx * ddx + ddz * ddz);
            if (len > maxPush) {
                ddx *= maxPush / len;
                ddz *= maxPush / len;
            }
            double x = s.xs[i];
            double z = s.zs[i];
            if (walls.clear(map, i, x + ddx, z + ddz)) {
                s.xs[i] = x + ddx;
                s.zs[i] = z + ddz;
            } else if (walls.slide(map, i, ddx, ddz, Math.abs(ddx) >= Math.abs(ddz))
                    || walls.slide(map, i, ddx, ddz, Math.abs(ddx) < Math.abs(ddz))) {
                s.pin(i); // the larger part first: a slide across a door's width resolves nothing
            } else if (!walls.backOff(map, i, ddx, ddz)) {
                s.pin(i);
                continue;
            }
            isActive[i] = true;
            activeList[activeCount++] = i;
            s.moveTo(i, s.xs[i], s.zs[i]);
        }
    }
}
