package dev.navserver.server.world;

import static dev.navserver.server.world.BodySeparation.ESCAPE_DIRECTIONS;
import static dev.navserver.server.world.BodySeparation.ESCAPE_REACHES;
import static dev.navserver.server.world.BodySeparation.ESCAPE_STEP_METERS;
import static dev.navserver.server.world.BodySeparation.ESCAPE_TURNS;
import static dev.navserver.server.world.BodySeparation.TOLERANCE_METERS;
import static dev.navserver.server.world.BodyState.sq;

import dev.navserver.nav.grid.GridMap;
import java.util.Arrays;
import java.util.Objects;

/**
 * The last steps of {@link BodySeparation} when a wall held a push or the round limit was hit, over the candidates
 * of {@link OverlapCounter} (the pinned monsters and, when the rounds were cut short, the last round's movers): a
 * monster the tick left deeper in another body than where the tick began goes back there ({@link #undoDeepening}: the
 * tick adds no overlap), then a monster still deeper than the tolerance in a body moves to the nearest free spot a
 * clear line reaches ({@link #escapeStuck}; players never give way, monsters do). Tick thread only.
 */
final class BodyRepair {
    private final BodyState s;
    private final BodyWalls walls;
    private final BodyPushes pushes;
    /** Work list of {@link #undoDeepening}, then of {@link #escapeStuck}; {@link #queuedFlag}: whether queued. */
    private int[] queue = new int[0];
    private boolean[] queuedFlag = new boolean[0];
    /** Spots taken per monster this tick ({@link #escapeStuck}); every monster with one is pinned, and reset. */
    private int[] escapes = new int[0];
    /** Where the partner of the last {@link #deepest} call's deepest overlap stands. */
    private double deepestX;
    private double deepestZ;
    /** The deepest overlap in a player's body of the last {@link #deepest} call, metres. */
    private double deepestInPlayer;

    BodyRepair(BodyState state, BodyWalls walls, BodyPushes pushes) {
        this.s = Objects.requireNonNull(state);
        this.walls = Objects.requireNonNull(walls);
        this.pushes = Objects.requireNonNull(pushes);
    }

    private void ensureCapacity() {
        int cap = s.capacity();
        if (queuedFlag.length < cap) {
            queue = new int[2 * cap];
            queuedFlag = new boolean[cap];
            escapes = new int[cap];
        }
    }

    /**
     * Queues the candidates of {@link OverlapCounter}: the pinned monsters and, when {@code cutShort}, the last
     * round's movers; returns how many were queued.
     */
    private int enqueueCandidates(boolean cutShort) {
        ensureCapacity();
        int queued = 0;
        for (int k = 0; k < s.pinnedCount; k++) {
            queued = enqueue(s.pinnedList[k], queued);
        }
        if (cutShort) {
            for (int a = 0; a < pushes.activeCount(); a++) {
                queued = enqueue(pushes.active(a), queued);
            }
        }
        return queued;
    }

    /**
     * Takes back the tick's move (mover, avoidance and pushes together) of every candidate that the rounds left
     * deeper than {@link BodySeparation#TOLERANCE_METERS} inside another body (closer than the sum of their radii),
     * and deeper than it would be had it (and, for a pair of monsters, its partner) stayed where the tick began: it
     * goes back to where it stood. Repeated until no such monster is left (each goes back at most once, so this
     * ends); a monster taken back stands where the previous tick left it, so the tick adds no overlap: what is left
     * was there when the tick began (a spawn, a map edit, a player walking into a monster a wall holds) and is not
     * made deeper. Every monster taken back is pinned, so that the count looks at it.
     */
    void undoDeepening(boolean cutShort) {
        BodyCells c = s.cells;
        double[] xs = s.xs;
        double[] zs = s.zs;
        double[] startX = s.startX;
        double[] startZ = s.startZ;
        int queued = enqueueCandidates(cutShort);
        for (int q = 0; q < queued; q++) {
            int i = queue[q];
            boolean takeBack = false;
            double playerLimit = s.minPlayer(i) - TOLERANCE_METERS;
            for (int ox = -1; ox <= 1; ox++) {
                for (int oz = -1; oz <= 1; oz++) {
                    int cx = c.cellX[i] + ox;
                    int cz = c.cellZ[i] + oz;
                    for (int j = c.head[c.bucket(cx, cz)]; j >= 0; j = c.nextInCell[j]) {
                        if (j == i || c.cellX[j] != cx || c.cellZ[j] != cz || !s.hasMoved(i) && !s.hasMoved(j)) {
                            continue;
                        }
                        double d = Math.sqrt(sq(xs[j] - xs[i]) + sq(zs[j] - zs[i]));
                        if (d < s.minPair(i, j) - TOLERANCE_METERS
                                && d < Math.sqrt(sq(startX[j] - startX[i]) + sq(startZ[j] - startZ[i])) - 1e-9) {
                            takeBack = true;
                            if (s.hasMoved(j)) {
                                takeBackMove(j);
                                queued = enqueue(j, queued);
                            }
                        }
                    }
                    if (takeBack || !s.hasMoved(i)) {
                        continue;
                    }
                    for (int p = c.playerHead[c.playerBucket(cx, cz)]; p >= 0; p = c.playerNext[p]) {
                        if (c.playerCellX[p] != cx || c.playerCellZ[p] != cz) {
                            continue;
                        }
                        double d = Math.sqrt(sq(c.playerX[p] - xs[i]) + sq(c.playerZ[p] - zs[i]));
                        if (d < playerLimit && d < Math.sqrt(sq(c.playerX[p] - startX[i])
                                + sq(c.playerZ[p] - startZ[i])) - 1e-9) {
                            takeBack = true;
                        }
                    }
                }
            }
            if (takeBack && s.hasMoved(i)) {
                takeBackMove(i);
                queued = enqueue(i, queued); // from where it stood, it may overlap a monster that moved there
            }
        }
        for (int q = 0; q < queued; q++) {
            queuedFlag[queue[q]] = false;
        }
    }

    /**
     * The rounds push along the line between centres, so pushes that cancel (a monster between two players walking
     * at each other) or that only a wall could take (a monster pressed into a wall corner by its player) leave it
     * where it is. Each candidate still deeper than {@link BodySeparation#TOLERANCE_METERS} in a body looks for the
     * nearest spot {@link BodyWalls#clear} allows, up to {@value BodySeparation#ESCAPE_REACHES} hash cells away, on
     * rings {@value BodySeparation#ESCAPE_STEP_METERS} m apart, {@value BodySeparation#ESCAPE_DIRECTIONS} directions
     * each (first away from its deepest overlap, then alternately either side of it): the first spot in no body
     * beyond the tolerance; failing that, the spot in no player's body that is least deep in a monster's, if that
     * is less deep than where it stands (players are the clients': only monsters can give way). The monsters such a
     * spot overlaps look for spots of their own in turn, each at most {@value BodySeparation#ESCAPE_TURNS} times a
     * tick.
     */
    void escapeStuck(boolean cutShort, GridMap map) {
        double cell = s.cells.side;
        int queued = enqueueCandidates(cutShort);
        for (int q = 0; q < queued; q++) {
            int i = queue[q];
            queuedFlag[i] = false;
            if (escapes[i] >= ESCAPE_TURNS) {
                continue;
            }
            double here = deepest(i, s.xs[i], s.zs[i]);
            if (Math.max(here, deepestInPlayer) <= TOLERANCE_METERS) {
                continue;
            }
            double hereInPlayer = deepestInPlayer;
            double away = Math.atan2(s.zs[i] - deepestZ, s.xs[i] - deepestX);
            double bestX = Double.NaN;
            double bestZ = Double.NaN;
            double bestDepth = hereInPlayer > TOLERANCE_METERS ? Double.POSITIVE_INFINITY : here;
            search:
            for (double dist = ESCAPE_STEP_METERS; dist <= ESCAPE_REACHES * cell + 1e-9;
                    dist += ESCAPE_STEP_METERS) {
                for (int k = 0; k < ESCAPE_DIRECTIONS; k++) {
                    int side = (k + 1) / 2 * (k % 2 == 0 ? -1 : 1);
                    double angle = away + side * (2 * Math.PI / ESCAPE_DIRECTIONS);
                    double x1 = s.xs[i] + Math.cos(angle) * dist;
                    double z1 = s.zs[i] + Math.sin(angle) * dist;
                    double depth = deepest(i, x1, z1);
                    if (deepestInPlayer > TOLERANCE_METERS || depth >= bestDepth || !walls.clear(map, i, x1, z1)) {
                        continue;
                    }
                    bestX = x1;
                    bestZ = z1;
                    bestDepth = depth;
                    if (depth <= TOLERANCE_METERS) {
                        break search;
                    }
                }
            }
            if (Double.isNaN(bestX)) {
                continue;
            }
            escapes[i]++;
            s.pin(i);
            s.moveTo(i, bestX, bestZ);
            if (bestDepth > TOLERANCE_METERS) {
                queued = enqueueOverlapped(i, queued);
            }
        }
        for (int k = 0; k < s.pinnedCount; k++) {
            escapes[s.pinnedList[k]] = 0;
        }
    }

    /** Queues the monsters deeper than the tolerance in monster {@code i}'s body. Returns the new queue length. */
    private int enqueueOverlapped(int i, int queued) {
        BodyCells c = s.cells;
        for (int ox = -1; ox <= 1; ox++) {
            for (int oz = -1; oz <= 1; oz++) {
                int cx = c.cellX[i] + ox;
                int cz = c.cellZ[i] + oz;
                for (int j = c.head[c.bucket(cx, cz)]; j >= 0; j = c.nextInCell[j]) {
                    if (j != i && c.cellX[j] == cx && c.cellZ[j] == cz
                            && sq(s.xs[j] - s.xs[i]) + sq(s.zs[j] - s.zs[i])
                            < sq(s.minPair(i, j) - TOLERANCE_METERS)) {
                        queued = enqueue(j, queued);
                    }
                }
            }
        }
        return queued;
    }

    /**
     * The deepest overlap (metres, negative when apart) of monster {@code i} in another monster's body if it stood
     * at (x, z), the others where they stand; sets {@link #deepestInPlayer} likewise for the players, and
     * {@link #deepestX} to where the partner of the deepest of both stands.
     */
    private double deepest(int i, double x, double z) {
        BodyCells c = s.cells;
        double[] xs = s.xs;
        double[] zs = s.zs;
        double worst = Double.NEGATIVE_INFINITY;
        double worstPlayer = Double.NEGATIVE_INFINITY;
        double worstAny = Double.NEGATIVE_INFINITY;
        int hx = (int) Math.floor(x / c.side);
        int hz = (int) Math.floor(z / c.side);
        for (int ox = -1; ox <= 1; ox++) {
            for (int oz = -1; oz <= 1; oz++) {
                int cx = hx + ox;
                int cz = hz + oz;
                for (int j = c.head[c.bucket(cx, cz)]; j >= 0; j = c.nextInCell[j]) {
                    if (j != i && c.cellX[j] == cx && c.cellZ[j] == cz) {
                        double depth = s.minPair(i, j) - Math.sqrt(sq(xs[j] - x) + sq(zs[j] - z));
                        worst = Math.max(worst, depth);
                        if (depth > worstAny) {
                            worstAny = depth;
                            deepestX = xs[j];
                            deepestZ = zs[j];
                        }
                    }
                }
                for (int p = c.playerHead[c.playerBucket(cx, cz)]; p >= 0; p = c.playerNext[p]) {
                    if (c.playerCellX[p] == cx && c.playerCellZ[p] == cz) {
                        double depth = s.minPlayer(i) - Math.sqrt(sq(c.playerX[p] - x) + sq(c.playerZ[p] - z));
                        worstPlayer = Math.max(worstPlayer, depth);
                        if (depth > worstAny) {
                            worstAny = depth;
                            deepestX = c.playerX[p];
                            deepestZ = c.playerZ[p];
                        }
                    }
                }
            }
        }
        deepestInPlayer = worstPlayer;
        return worst;
    }

    /**
     * Puts monster {@code i} back where the tick began and pins it; it may be queued again (to be looked at from
     * there), so a monster is queued at most twice.
     */
    private void takeBackMove(int i) {
        queuedFlag[i] = false;
        s.pin(i);
        s.moveTo(i, s.startX[i], s.startZ[i]);
    }

    /** Queues monster {@code i} unless it is queued. Returns the new queue length. */
    private int enqueue(int i, int queued) {
        if (queuedFlag[i]) {
            return queued;
        }
        if (queued == queue.length) {
            queue = Arrays.copyOf(queue, Math.max(16, queue.length * 2));
        }
        queuedFlag[i] = true;
        queue[queued] = i;
        return queued + 1;
    }
}
