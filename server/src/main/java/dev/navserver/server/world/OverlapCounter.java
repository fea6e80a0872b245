package dev.navserver.server.world;

import static dev.navserver.server.world.BodySeparation.FAULT_METERS;
import static dev.navserver.server.world.BodySeparation.SPAWN_GRACE_SECONDS;
import static dev.navserver.server.world.BodyState.sq;

import java.util.Objects;

/**
 * The fault detection of {@link BodySeparation}: counts the pairs a pass left closer than allowed by more than
 * {@link BodySeparation#FAULT_METERS}, monsters past their {@link BodySeparation#SPAWN_GRACE_SECONDS} only. Every
 * pair the rounds left unchecked since its last move was within {@link BodySeparation#TOLERANCE_METERS} then,
 * unless a wall held one of its monsters, or the round limit stopped the rounds before the last movers were
 * checked: so only the pairs of pinned monsters, and of the last round's movers when the rounds were cut short,
 * are counted (each once). Tick thread only.
 */
final class OverlapCounter {
    private final BodyState s;
    private final BodyPushes pushes;
    private boolean[] isCandidate = new boolean[0];
    private int[] candidates = new int[0];

    OverlapCounter(BodyState state, BodyPushes pushes) {
        this.s = Objects.requireNonNull(state);
        this.pushes = Objects.requireNonNull(pushes);
    }

    /**
     * Pairs closer than the sum of their radii less {@link BodySeparation#FAULT_METERS}, among the candidates, at
     * world time {@code now} seconds.
     */
    int count(boolean cutShort, double now) {
        if (isCandidate.length < s.capacity()) {
            isCandidate = new boolean[s.capacity()];
            candidates = new int[s.capacity()];
        }
        int n = 0;
        for (int k = 0; k < s.pinnedCount; k++) {
            int i = s.pinnedList[k];
            isCandidate[i] = true;
            candidates[n++] = i;
        }
        if (cutShort) {
            for (int a = 0; a < pushes.activeCount(); a++) {
                int i = pushes.active(a);
                if (!isCandidate[i]) {
                    isCandidate[i] = true;
                    candidates[n++] = i;
                }
            }
        }
        BodyCells c = s.cells;
        double[] xs = s.xs;
        double[] zs = s.zs;
        Monster[] monsters = s.monsters;
        int faults = 0;
        for (int k = 0; k < n; k++) {
            int i = candidates[k];
            if (now - monsters[i].spawnTime < SPAWN_GRACE_SECONDS) {
                continue;
            }
            double player2 = sq(s.minPlayer(i) - FAULT_METERS);
            for (int ox = -1; ox <= 1; ox++) {
                for (int oz = -1; oz <= 1; oz++) {
                    int cx = c.cellX[i] + ox;
                    int cz = c.cellZ[i] + oz;
                    for (int j = c.head[c.bucket(cx, cz)]; j >= 0; j = c.nextInCell[j]) {
                        if (j != i && (!isCandidate[j] || j > i) && c.cellX[j] == cx && c.cellZ[j] == cz
                                && now - monsters[j].spawnTime >= SPAWN_GRACE_SECONDS
                                && sq(xs[j] - xs[i]) + sq(zs[j] - zs[i])
                                < sq(s.minPair(i, j) - FAULT_METERS)) {
                            faults++;
                        }
                    }
                    for (int p = c.playerHead[c.playerBucket(cx, cz)]; p >= 0; p = c.playerNext[p]) {
                        if (c.playerCellX[p] == cx && c.playerCellZ[p] == cz
                                && sq(c.playerX[p] - xs[i]) + sq(c.playerZ[p] - zs[i]) < player2) {
                            faults++;
                        }
                    }
                }
            }
        }
        for (int k = 0; k < n; k++) {
            isCandidate[candidates[k]] = false;
        }
        return faults;
    }
}
