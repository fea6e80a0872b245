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
 * when the segments to the new position from the old one and from where the monster stood when the tick began are
 * clear lines (walkable, no corner cut), else its X or Z part alone, else backwards toward where it stood when
 * the tick began, else nothing —
 * so a monster never enters or crosses a blocked cell; a monster a wall held is pinned for the rest of the tick and
 * its partners take the whole push. Up to {@link #MAX_ITERATIONS} rounds, stopping when no pair overlaps by more
 * than {@link #TOLERANCE_METERS}; a round after the first looks only at the monsters the previous one moved (and
 * re-hashes only those), so a crowd at rest costs one pass and a few jammed pairs cost a few rounds of their own.
 *
 * <p>Pushes along the line between centres cannot settle everything: a wall holds them while the tick's own moves
 * press two monsters together (a door corner), or they cancel (a monster between two players walking at each
 * other), or the only way out is sideways (a player walking a monster into a wall corner). When a wall held a push
 * or the round limit was hit, two last steps follow, over the same few candidates: a monster the tick left deeper
 * in another body than where the tick began goes back there ({@link #undoDeepening}: the tick adds no overlap),
 * then a monster still deeper than the tolerance in a body moves to the nearest free spot a clear line reaches
 * ({@link #escapeStuck}; players never give way, monsters do).
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
    static final double TOLERANCE_METERS = 0.03;
    /** Overlaps deeper than this (metres) after the pass are faults: the contract's tolerance. */
    static final double FAULT_METERS = 0.05;
    /** A monster this young (seconds) may still overlap: it was spawned on top of another and is separating. */
    static final double SPAWN_GRACE_SECONDS = 1.0;
    /** Distance between the rings of spots a stuck monster tries ({@link #escapeStuck}), metres. */
    static final double ESCAPE_STEP_METERS = 0.1;
    /** How far a stuck monster may look for a free spot ({@link #escapeStuck}), in {@code max(2 rM, rM + rP)}. */
    static final int ESCAPE_REACHES = 2;
    /** Times a monster may move to a spot of its own per tick ({@link #escapeStuck}). */
    static final int ESCAPE_TURNS = 3;
    /** Directions tried on each ring by {@link #escapeStuck}. */
    static final int ESCAPE_DIRECTIONS = 16;
    private static final double GOLDEN_ANGLE = Math.PI * (3 - Math.sqrt(5));

    private final PathPlanner planner;
    private Monster[] monsters = new Monster[0];
    private double[] xs = new double[0];
    private double[] zs = new double[0];
    /** Where each monster stood when the tick began. */
    private double[] startX = new double[0];
    private double[] startZ = new double[0];
    private double[] dx = new double[0];
    private double[] dz = new double[0];
    private boolean[] moved = new boolean[0];
    /** Monsters that moved in the previous round (all in the first): only pairs with one of them can overlap anew. */
    private boolean[] isActive = new boolean[0];
    private int[] activeList = new int[0];
    private int activeCount;
    /** Monsters with a push this round. */
    private int[] touchedList = new int[0];
    private boolean[] isTouched = new boolean[0];
    private int touchedCount;
    private int[] prevInCell = new int[0];
    /** Whether a wall stopped all or part of monster i's push earlier this tick: its partners then take the whole. */
    private boolean[] pinned = new boolean[0];
    private int[] pinnedList = new int[0];
    /** Work list of {@link #undoDeepening}, then of {@link #escapeStuck}; {@link #queuedFlag}: whether queued. */
    private int[] queue = new int[0];
    private boolean[] queuedFlag = new boolean[0];
    /** Spots taken per monster this tick ({@link #escapeStuck}); every monster with one is pinned, and reset. */
    private int[] escapes = new int[0];
    private int pinnedCount;
    private int[] playerCellX = new int[0];
    private int[] playerCellZ = new int[0];
    private double[] playerX = new double[0];
    private double[] playerZ = new double[0];
    private int[] playerNext = new int[0];
    private int[] playerHead = new int[0];
    private int playerMask;
    /** Players with a position hashed by {@link #indexPlayers}. */
    private int playerCount;
    /** Monsters of the current {@link #separate}; every one is active in its first round. */
    private int monsterCount;
    private int[] cellX = new int[0];
    private int[] cellZ = new int[0];
    private int[] nextInCell = new int[0];
    private int[] head = new int[0];
    private int mask;
    /** Side of the hash cells this tick, metres. */
    private double cellSide;

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
     * @param now     world time, seconds
     * @return pairs still overlapping beyond {@link #FAULT_METERS} afterwards (walls held them), not counting
     *         monsters in their first {@link #SPAWN_GRACE_SECONDS} (a spawn overlap, which takes a few ticks)
     */
    int separate(Collection<Monster> all, Collection<Player> players, GridMap map, double rM, double rP,
            double now) {
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
            pinned[k] = false;
            activeList[k] = k;
            k++;
        }
        activeCount = n;
        monsterCount = n;
        Arrays.fill(isActive, 0, n, true);
        cellSide = reach;
        indexPlayers(players, reach);
        index(n, reach);
        int rounds = 0;
        boolean overlapping = true;
        pinnedCount = 0;
        while (overlapping && rounds < MAX_ITERATIONS) {
            rounds++;
            touchedCount = 0;
            overlapping = pushPairs(2 * rM);
            overlapping |= pushFromPlayers(rM + rP);
            if (overlapping) {
                apply(map, reach, reach / 2);
            }
        }
        // Only a wall (a pinned monster) or the round limit can leave an overlap behind: then take back the moves
        // that deepened one, move the monsters still stuck in a body to free spots, and count what is left.
        int faults = 0;
        if (overlapping || pinnedCount > 0) {
            undoDeepening(overlapping, 2 * rM, rM + rP, reach);
            escapeStuck(overlapping, 2 * rM, rM + rP, reach, map);
            faults = countFaults(overlapping, 2 * rM, rM + rP, now);
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
        return faults;
    }

    /**
     * Takes back the tick's move (mover, avoidance and pushes together) of every monster that the rounds left
     * deeper than {@link #TOLERANCE_METERS} inside another body, and deeper than it would be had it (and, for a pair
     * of monsters, its partner) stayed where the tick began: it goes back to where it stood. Repeated until no such monster is
     * left (each goes back at most once, so this ends); a monster taken back stands where the previous tick left
     * it, so the tick adds no overlap: what is left was there when the tick began (a spawn, a map edit, a player
     * walking into a monster a wall holds) and is not made deeper. The candidates are those of
     * {@link #countFaults}: the pinned monsters and, when {@code cutShort}, the last round's movers; every monster
     * taken back is pinned, so that the count looks at it.
     */
    /**
     * Queues the candidates of {@link #countFaults}: the pinned monsters and, when {@code cutShort}, the last
     * round's movers; returns how many were queued.
     */
    private int enqueueCandidates(boolean cutShort) {
        int queued = 0;
        for (int k = 0; k < pinnedCount; k++) {
            queued = enqueue(pinnedList[k], queued);
        }
        if (cutShort) {
            for (int a = 0; a < activeCount; a++) {
                queued = enqueue(activeList[a], queued);
            }
        }
        return queued;
    }

    private void undoDeepening(boolean cutShort, double minPair, double minPlayer, double cell) {
        int queued = enqueueCandidates(cutShort);
        double pairLimit = minPair - TOLERANCE_METERS;
        double playerLimit = minPlayer - TOLERANCE_METERS;
        for (int q = 0; q < queued; q++) {
            int i = queue[q];
            boolean takeBack = false;
            for (int ox = -1; ox <= 1; ox++) {
                for (int oz = -1; oz <= 1; oz++) {
                    int cx = cellX[i] + ox;
                    int cz = cellZ[i] + oz;
                    for (int j = head[bucket(cx, cz)]; j >= 0; j = nextInCell[j]) {
                        if (j == i || cellX[j] != cx || cellZ[j] != cz || !hasMoved(i) && !hasMoved(j)) {
                            continue;
                        }
                        double d = Math.sqrt(sq(xs[j] - xs[i]) + sq(zs[j] - zs[i]));
                        if (d < pairLimit
                                && d < Math.sqrt(sq(startX[j] - startX[i]) + sq(startZ[j] - startZ[i])) - 1e-9) {
                            takeBack = true;
                            if (hasMoved(j)) {
                                takeBackMove(j, cell);
                                queued = enqueue(j, queued);
                            }
                        }
                    }
                    if (takeBack || !hasMoved(i)) {
                        continue;
                    }
                    for (int p = playerHead[hash(cx, cz) & playerMask]; p >= 0; p = playerNext[p]) {
                        if (playerCellX[p] != cx || playerCellZ[p] != cz) {
                            continue;
                        }
                        double d = Math.sqrt(sq(playerX[p] - xs[i]) + sq(playerZ[p] - zs[i]));
                        if (d < playerLimit
                                && d < Math.sqrt(sq(playerX[p] - startX[i]) + sq(playerZ[p] - startZ[i])) - 1e-9) {
                            takeBack = true;
                        }
                    }
                }
            }
            if (takeBack && hasMoved(i)) {
                takeBackMove(i, cell);
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
     * where it is. Each candidate of {@link #countFaults} still deeper than {@link #TOLERANCE_METERS} in a body looks
     * for the nearest spot {@link #clear} allows, up to {@value #ESCAPE_REACHES} × {@code max(2 rM, rM + rP)} away,
     * on rings {@value #ESCAPE_STEP_METERS} m apart, {@value #ESCAPE_DIRECTIONS} directions each (first away from its
     * deepest overlap, then alternately either side of it): the first spot in no body beyond the tolerance; failing
     * that, the spot in no player's body that is least deep in a monster's, if that is less deep than where it
     * stands (players are the clients': only monsters can give way). The monsters such a spot overlaps look for
     * spots of their own in turn, each at most {@value #ESCAPE_TURNS} times a tick.
     */
    private void escapeStuck(boolean cutShort, double minPair, double minPlayer, double cell, GridMap map) {
        int queued = enqueueCandidates(cutShort);
        for (int q = 0; q < queued; q++) {
            int i = queue[q];
            queuedFlag[i] = false;
            if (escapes[i] >= ESCAPE_TURNS) {
                continue;
            }
            double here = deepest(i, xs[i], zs[i], minPair, minPlayer);
            if (Math.max(here, deepestInPlayer) <= TOLERANCE_METERS) {
                continue;
            }
            double hereInPlayer = deepestInPlayer;
            double away = Math.atan2(zs[i] - deepestZ, xs[i] - deepestX);
            double bestX = Double.NaN;
            double bestZ = Double.NaN;
            double bestDepth = hereInPlayer > TOLERANCE_METERS ? Double.POSITIVE_INFINITY : here;
            search:
            for (double dist = ESCAPE_STEP_METERS; dist <= ESCAPE_REACHES * cell + 1e-9;
                    dist += ESCAPE_STEP_METERS) {
                for (int k = 0; k < ESCAPE_DIRECTIONS; k++) {
                    int side = (k + 1) / 2 * (k % 2 == 0 ? -1 : 1);
                    double angle = away + side * (2 * Math.PI / ESCAPE_DIRECTIONS);
                    double x1 = xs[i] + Math.cos(angle) * dist;
                    double z1 = zs[i] + Math.sin(angle) * dist;
                    double depth = deepest(i, x1, z1, minPair, minPlayer);
                    if (deepestInPlayer > TOLERANCE_METERS || depth >= bestDepth || !clear(map, i, x1, z1)) {
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
            xs[i] = bestX;
            zs[i] = bestZ;
            moved[i] = true;
            pin(i);
            rehash(i, cell);
            if (bestDepth > TOLERANCE_METERS) {
                queued = enqueueOverlapped(i, minPair, queued);
            }
        }
        for (int k = 0; k < pinnedCount; k++) {
            escapes[pinnedList[k]] = 0;
        }
    }

    /** Queues the monsters deeper than the tolerance in monster {@code i}'s body. Returns the new queue length. */
    private int enqueueOverlapped(int i, double minPair, int queued) {
        double limit2 = sq(minPair - TOLERANCE_METERS);
        for (int ox = -1; ox <= 1; ox++) {
            for (int oz = -1; oz <= 1; oz++) {
                int cx = cellX[i] + ox;
                int cz = cellZ[i] + oz;
                for (int j = head[bucket(cx, cz)]; j >= 0; j = nextInCell[j]) {
                    if (j != i && cellX[j] == cx && cellZ[j] == cz
                            && sq(xs[j] - xs[i]) + sq(zs[j] - zs[i]) < limit2) {
                        queued = enqueue(j, queued);
                    }
                }
            }
        }
        return queued;
    }

    /** Where the partner of the last {@link #deepest} call's deepest overlap stands. */
    private double deepestX;
    private double deepestZ;
    /** The deepest overlap in a player's body of the last {@link #deepest} call, metres. */
    private double deepestInPlayer;

    /**
     * The deepest overlap (metres, negative when apart) of monster {@code i} in another monster's body if it stood
     * at (x, z), the others where they stand; sets {@link #deepestInPlayer} likewise for the players, and
     * {@link #deepestX} to where the partner of the deepest of both stands.
     */
    private double deepest(int i, double x, double z, double minPair, double minPlayer) {
        double worst = Double.NEGATIVE_INFINITY;
        double worstPlayer = Double.NEGATIVE_INFINITY;
        double worstAny = Double.NEGATIVE_INFINITY;
        int hx = (int) Math.floor(x / cellSide);
        int hz = (int) Math.floor(z / cellSide);
        for (int ox = -1; ox <= 1; ox++) {
            for (int oz = -1; oz <= 1; oz++) {
                int cx = hx + ox;
                int cz = hz + oz;
                for (int j = head[bucket(cx, cz)]; j >= 0; j = nextInCell[j]) {
                    if (j != i && cellX[j] == cx && cellZ[j] == cz) {
                        double depth = minPair - Math.sqrt(sq(xs[j] - x) + sq(zs[j] - z));
                        worst = Math.max(worst, depth);
                        if (depth > worstAny) {
                            worstAny = depth;
                            deepestX = xs[j];
                            deepestZ = zs[j];
                        }
                    }
                }
                for (int p = playerHead[hash(cx, cz) & playerMask]; p >= 0; p = playerNext[p]) {
                    if (playerCellX[p] == cx && playerCellZ[p] == cz) {
                        double depth = minPlayer - Math.sqrt(sq(playerX[p] - x) + sq(playerZ[p] - z));
                        worstPlayer = Math.max(worstPlayer, depth);
                        if (depth > worstAny) {
                            worstAny = depth;
                            deepestX = playerX[p];
                            deepestZ = playerZ[p];
                        }
                    }
                }
            }
        }
        deepestInPlayer = worstPlayer;
        return worst;
    }

    /** Whether monster {@code i} stands elsewhere than where the tick began. */
    private boolean hasMoved(int i) {
        return xs[i] != startX[i] || zs[i] != startZ[i];
    }

    /**
     * Puts monster {@code i} back where the tick began and pins it; it may be queued again (to be looked at from
     * there), so a monster is queued at most twice.
     */
    private void takeBackMove(int i, double cell) {
        queuedFlag[i] = false;
        xs[i] = startX[i];
        zs[i] = startZ[i];
        moved[i] = true;
        pin(i);
        rehash(i, cell);
    }

    /**
     * Queues monster {@code i} for {@link #undoDeepening} or {@link #escapeStuck} unless it is queued. Returns the
     * new queue length.
     */
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

    /**
     * Pairs closer than allowed by more than {@link #FAULT_METERS}, monsters past their spawn grace only. Every
     * pair the rounds left unchecked since its last move was within {@link #TOLERANCE_METERS} then, unless a wall
     * held one of its monsters, or the round limit stopped the rounds before the last movers were checked: so only
     * the pairs of pinned monsters, and of the last round's movers when {@code cutShort}, are counted (each once).
     */
    private int countFaults(boolean cutShort, double minPair, double minPlayer, double now) {
        int candidates = 0;
        for (int k = 0; k < pinnedCount; k++) {
            int i = pinnedList[k];
            isTouched[i] = true; // reused as "is a candidate"; every push was applied, so all flags are clear
            touchedList[candidates++] = i;
        }
        if (cutShort) {
            for (int a = 0; a < activeCount; a++) {
                int i = activeList[a];
                if (!isTouched[i]) {
                    isTouched[i] = true;
                    touchedList[candidates++] = i;
                }
            }
        }
        int faults = 0;
        double pair2 = (minPair - FAULT_METERS) * (minPair - FAULT_METERS);
        double player2 = (minPlayer - FAULT_METERS) * (minPlayer - FAULT_METERS);
        for (int c = 0; c < candidates; c++) {
            int i = touchedList[c];
            if (now - monsters[i].spawnTime < SPAWN_GRACE_SECONDS) {
                continue;
            }
            for (int ox = -1; ox <= 1; ox++) {
                for (int oz = -1; oz <= 1; oz++) {
                    int cx = cellX[i] + ox;
                    int cz = cellZ[i] + oz;
                    for (int j = head[bucket(cx, cz)]; j >= 0; j = nextInCell[j]) {
                        if (j != i && (!isTouched[j] || j > i) && cellX[j] == cx && cellZ[j] == cz
                                && now - monsters[j].spawnTime >= SPAWN_GRACE_SECONDS
                                && sq(xs[j] - xs[i]) + sq(zs[j] - zs[i]) < pair2) {
                            faults++;
                        }
                    }
                    for (int p = playerHead[hash(cx, cz) & playerMask]; p >= 0; p = playerNext[p]) {
                        if (playerCellX[p] == cx && playerCellZ[p] == cz
                                && sq(playerX[p] - xs[i]) + sq(playerZ[p] - zs[i]) < player2) {
                            faults++;
                        }
                    }
                }
            }
        }
        for (int c = 0; c < candidates; c++) {
            isTouched[touchedList[c]] = false;
        }
        return faults;
    }

    private static double sq(double v) {
        return v * v;
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
        pinned = new boolean[cap];
        pinnedList = new int[cap];
        queue = new int[2 * cap];
        queuedFlag = new boolean[cap];
        escapes = new int[cap];
        isActive = new boolean[cap];
        activeList = new int[cap];
        touchedList = new int[cap];
        isTouched = new boolean[cap];
        cellX = new int[cap];
        cellZ = new int[cap];
        nextInCell = new int[cap];
        prevInCell = new int[cap];
        head = new int[cap * 2];
        mask = cap * 2 - 1;
    }

    private int bucket(int cx, int cz) {
        return hash(cx, cz) & mask;
    }

    private static int hash(int cx, int cz) {
        int h = cx * 0x9E3779B1 ^ cz * 0x85EBCA77;
        return h ^ (h >>> 15);
    }

    /** Hashes every monster into cells of side {@code cell}; clears the pushes. */
    private void index(int n, double cell) {
        Arrays.fill(head, -1);
        for (int i = 0; i < n; i++) {
            cellX[i] = (int) Math.floor(xs[i] / cell);
            cellZ[i] = (int) Math.floor(zs[i] / cell);
            link(i);
            dx[i] = 0;
            dz[i] = 0;
        }
    }

    private void link(int i) {
        int b = bucket(cellX[i], cellZ[i]);
        int first = head[b];
        nextInCell[i] = first;
        prevInCell[i] = -1;
        if (first >= 0) {
            prevInCell[first] = i;
        }
        head[b] = i;
    }

    private void unlink(int i) {
        int prev = prevInCell[i];
        int next = nextInCell[i];
        if (prev >= 0) {
            nextInCell[prev] = next;
        } else {
            head[bucket(cellX[i], cellZ[i])] = next;
        }
        if (next >= 0) {
            prevInCell[next] = prev;
        }
    }

    /** Re-hashes monster {@code i} after a push if it left its cell. */
    private void rehash(int i, double cell) {
        int cx = (int) Math.floor(xs[i] / cell);
        int cz = (int) Math.floor(zs[i] / cell);
        if (cx != cellX[i] || cz != cellZ[i]) {
            unlink(i);
            cellX[i] = cx;
            cellZ[i] = cz;
            link(i);
        }
    }

    private void pin(int i) {
        if (!pinned[i]) {
            pinned[i] = true;
            pinnedList[pinnedCount++] = i;
        }
    }

    private void touch(int i) {
        if (!isTouched[i]) {
            isTouched[i] = true;
            touchedList[touchedCount++] = i;
        }
    }

    /** Hashes the players with a position into cells of side {@code cell}; they do not move during the rounds. */
    private void indexPlayers(Collection<Player> players, double cell) {
        int np = players.size();
        if (playerX.length < np || playerHead.length == 0) {
            int cap = Math.max(16, Integer.highestOneBit(Math.max(1, np - 1)) << 1);
            playerX = new double[cap];
            playerZ = new double[cap];
            playerNext = new int[cap];
            playerCellX = new int[cap];
            playerCellZ = new int[cap];
            playerHead = new int[cap * 2];
            playerMask = cap * 2 - 1;
        }
        Arrays.fill(playerHead, -1);
        int k = 0;
        for (Player p : players) {
            if (!p.hasPos) {
                continue;
            }
            playerX[k] = p.x;
            playerZ[k] = p.z;
            playerCellX[k] = (int) Math.floor(p.x / cell);
            playerCellZ[k] = (int) Math.floor(p.z / cell);
            int b = hash(playerCellX[k], playerCellZ[k]) & playerMask;
            playerNext[k] = playerHead[b];
            playerHead[b] = k;
            k++;
        }
        playerCount = k;
    }

    /**
     * Accumulates pushes for every overlapping pair with at least one monster that moved in the last round (every
     * pair in the first); whether any such pair overlaps by more than the tolerance.
     */
    private boolean pushPairs(double minDist) {
        boolean any = false;
        double min2 = minDist * minDist;
        for (int a = 0; a < activeCount; a++) {
            int i = activeList[a];
            double ax = xs[i];
            double az = zs[i];
            for (int ox = -1; ox <= 1; ox++) {
                for (int oz = -1; oz <= 1; oz++) {
                    int cx = cellX[i] + ox;
                    int cz = cellZ[i] + oz;
                    for (int j = head[bucket(cx, cz)]; j >= 0; j = nextInCell[j]) {
                        if (j == i || isActive[j] && j < i || cellX[j] != cx || cellZ[j] != cz) {
                            continue; // a pair of two active ones is taken from its lower index
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
                        double push = minDist - d + MARGIN_METERS;
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
    private boolean pushFromPlayers(double minDist) {
        if (activeCount == monsterCount && playerCount < activeCount) {
            return pushFromPlayersByPlayer(minDist);
        }
        boolean any = false;
        double min2 = minDist * minDist;
        for (int a = 0; a < activeCount; a++) {
            int j = activeList[a];
            double mx = xs[j];
            double mz = zs[j];
            for (int ox = -1; ox <= 1; ox++) {
                for (int oz = -1; oz <= 1; oz++) {
                    int cx = cellX[j] + ox;
                    int cz = cellZ[j] + oz;
                    for (int p = playerHead[hash(cx, cz) & playerMask]; p >= 0; p = playerNext[p]) {
                        if (playerCellX[p] != cx || playerCellZ[p] != cz) {
                            continue;
                        }
                        any |= pushOutOfPlayer(j, mx - playerX[p], mz - playerZ[p], minDist, min2);
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
        if (minDist - d <= TOLERANCE_METERS) {
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
        double push = minDist - d + MARGIN_METERS;
        touch(j);
        dx[j] += ux * push;
        dz[j] += uz * push;
        return true;
    }

    /**
     * {@link #pushFromPlayers} when every monster is active (the first round) and players are fewer: the same pairs
     * and pushes, found from each player's 3 x 3 hash cells of monsters instead of each monster's cells of players.
     */
    private boolean pushFromPlayersByPlayer(double minDist) {
        boolean any = false;
        double min2 = minDist * minDist;
        for (int p = 0; p < playerCount; p++) {
            double px = playerX[p];
            double pz = playerZ[p];
            for (int ox = -1; ox <= 1; ox++) {
                for (int oz = -1; oz <= 1; oz++) {
                    int cx = playerCellX[p] + ox;
                    int cz = playerCellZ[p] + oz;
                    for (int j = head[bucket(cx, cz)]; j >= 0; j = nextInCell[j]) {
                        if (cellX[j] != cx || cellZ[j] != cz) {
                            continue;
                        }
                        any |= pushOutOfPlayer(j, xs[j] - px, zs[j] - pz, minDist, min2);
                    }
                }
            }
        }
        return any;
    }

    /**
     * Moves each pushed monster, by at most {@code maxPush} metres (a crowd spawned on one point would otherwise
     * fly apart: the pushes of all its pairs add up), if the segments are clear; else slides along one axis
     * (pinned: its partners take the whole push from now on); else leaves it (pinned). The monsters that moved
     * are the next round's active ones.
     */
    private void apply(GridMap map, double cell, double maxPush) {
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
            double x = xs[i];
            double z = zs[i];
            if (clear(map, i, x + ddx, z + ddz)) {
                xs[i] = x + ddx;
                zs[i] = z + ddz;
            } else if (slide(map, i, ddx, ddz, Math.abs(ddx) >= Math.abs(ddz))
                    || slide(map, i, ddx, ddz, Math.abs(ddx) < Math.abs(ddz))) {
                pin(i); // the larger part first: a slide across a door's width resolves nothing
            } else if (!backOff(map, i, ddx, ddz)) {
                pin(i);
                continue;
            }
            moved[i] = true;
            isActive[i] = true;
            activeList[activeCount++] = i;
            rehash(i, cell);
        }
    }

    /** Takes only the X ({@code alongX}) or Z part of a push, if that is clear. Whether it moved. */
    private boolean slide(GridMap map, int i, double ddx, double ddz, boolean alongX) {
        double x1 = alongX ? xs[i] + ddx : xs[i];
        double z1 = alongX ? zs[i] : zs[i] + ddz;
        if ((alongX ? ddx : ddz) == 0 || !clear(map, i, x1, z1)) {
            return false;
        }
        xs[i] = x1;
        zs[i] = z1;
        return true;
    }

    /**
     * A push a wall holds in every direction can still be taken partly backwards toward where the monster stood
     * when the tick began (two monsters squeezing through one door corner, a player walking into a monster in a
     * corridor): the part of the push in that direction, at most back to it, if that is clear. The monster is pinned
     * all the same (its partners take the rest). Whether it moved.
     */
    private boolean backOff(GridMap map, int i, double ddx, double ddz) {
        double bx = startX[i] - xs[i];
        double bz = startZ[i] - zs[i];
        double back = Math.sqrt(bx * bx + bz * bz);
        if (back < 1e-9) {
            return false;
        }
        double along = (ddx * bx + ddz * bz) / back;
        if (along <= 1e-9) {
            return false;
        }
        double step = Math.min(along, back);
        double x1 = xs[i] + bx / back * step;
        double z1 = zs[i] + bz / back * step;
        if (!clear(map, i, x1, z1)) {
            return false;
        }
        xs[i] = x1;
        zs[i] = z1;
        pin(i);
        return true;
    }

    /**
     * Whether monster {@code i} may be pushed to (x1, z1): a walkable cell in a clear line from where it stands and
     * from where it stood when the tick began (so its whole move this tick, as a client interpolating between two
     * positions draws it, crosses no blocked cell and cuts no corner).
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
