package dev.navserver.server.world;

import dev.navserver.nav.grid.GridMap;
import java.util.Collection;
import java.util.Objects;

/**
 * Gives monsters bodies: after movement, pushes overlapping monsters apart (each by half the overlap) and out of
 * players (by the whole overlap; players are authoritative), so that two monsters of a map end at least the sum of
 * their radii ({@code rM}, each its own) apart and a monster at least {@code rM + playerRadius} from every player.
 * Neighbours are found with a uniform spatial hash of cell size {@code max(2 rMax, rMax + rP)}, {@code rMax} the
 * largest monster radius. A push is accepted only
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
 * in another body than where the tick began goes back there ({@link BodyRepair#undoDeepening}: the tick adds no
 * overlap), then a monster still deeper than the tolerance in a body moves to the nearest free spot a clear line
 * reaches ({@link BodyRepair#escapeStuck}; players never give way, monsters do).
 *
 * <p>The jobs live in their own classes: {@link BodyState} (the pass's monsters) and {@link BodyCells} (the
 * neighbour search), {@link BodyPushes} (the rounds), {@link BodyWalls} (the wall-safe moves), {@link BodyRepair}
 * (the last steps) and {@link OverlapCounter} (the faults). Positions are copied into primitive arrays for the
 * rounds and written back once. Scratch arrays grow to the largest crowd seen and are reused: no allocation per
 * tick once grown. Tick thread only.
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
    /** Distance between the rings of spots a stuck monster tries ({@link BodyRepair#escapeStuck}), metres. */
    static final double ESCAPE_STEP_METERS = 0.1;
    /**
     * How far a stuck monster may look for a free spot ({@link BodyRepair#escapeStuck}), in hash cells
     * ({@code max(2 rMax, rMax + rP)}).
     */
    static final int ESCAPE_REACHES = 2;
    /** Times a monster may move to a spot of its own per tick ({@link BodyRepair#escapeStuck}). */
    static final int ESCAPE_TURNS = 3;
    /** Directions tried on each ring by {@link BodyRepair#escapeStuck}. */
    static final int ESCAPE_DIRECTIONS = 16;

    private final BodyState state = new BodyState();
    private final BodyPushes pushes;
    private final BodyRepair repair;
    private final OverlapCounter counter;

    BodySeparation(PathPlanner planner) {
        BodyWalls walls = new BodyWalls(Objects.requireNonNull(planner), state);
        this.pushes = new BodyPushes(state, walls);
        this.repair = new BodyRepair(state, walls, pushes);
        this.counter = new OverlapCounter(state, pushes);
    }

    /**
     * Separates the monsters of one map from each other and from its players, each monster with its kind's body
     * radius ({@link MonsterKind#radiusMeters()}): two monsters end at least the sum of their radii apart.
     *
     * @param all     every monster of the map
     * @param players every player of the map (those without a position are skipped)
     * @param rP      player radius, metres, {@code >= 0}
     * @param now     world time, seconds
     * @return pairs still overlapping beyond {@link #FAULT_METERS} afterwards (walls held them), not counting
     *         monsters in their first {@link #SPAWN_GRACE_SECONDS} (a spawn overlap, which takes a few ticks)
     */
    int separate(Collection<Monster> all, Collection<Player> players, GridMap map, double rP, double now) {
        return run(all, players, map, Double.NaN, rP, now);
    }

    /**
     * {@link #separate(Collection, Collection, GridMap, double, double)} with one body radius {@code rM} metres
     * ({@code >= 0}) for every monster, whatever its kind.
     */
    int separate(Collection<Monster> all, Collection<Player> players, GridMap map, double rM, double rP,
            double now) {
        return run(all, players, map, rM, rP, now);
    }

    /** {@code rM}: every monster's radius, metres, or NaN for each monster's kind's. */
    private int run(Collection<Monster> all, Collection<Player> players, GridMap map, double rM, double rP,
            double now) {
        if (all.isEmpty()) {
            return 0;
        }
        double maxRadius = state.load(all, rM, rP);
        double reach = Math.max(2 * maxRadius, maxRadius + rP);
        if (reach <= 0) {
            state.store();
            return 0;
        }
        state.index(players, reach);
        pushes.begin();
        int rounds = 0;
        boolean overlapping = true;
        while (overlapping && rounds < MAX_ITERATIONS) {
            rounds++;
            overlapping = pushes.round(map, reach / 2);
        }
        // Only a wall (a pinned monster) or the round limit can leave an overlap behind: then take back the moves
        // that deepened one, move the monsters still stuck in a body to free spots, and count what is left.
        int faults = 0;
        if (overlapping || state.pinnedCount > 0) {
            repair.undoDeepening(overlapping);
            repair.escapeStuck(overlapping, map);
            faults = counter.count(overlapping, now);
        }
        state.store();
        return faults;
    }
}
