package dev.navserver.server.world;

import dev.navserver.nav.search.SearchStatus;

/**
 * Observes a {@link World}'s planning and crowd. Planning methods may be called from planner threads and must be
 * thread-safe. Every method does nothing unless overridden.
 */
public interface WorldMetrics {
    /**
     * A plan finished on a planner thread after {@code nanos} of search.
     *
     * @param status FOUND, PARTIAL or UNREACHABLE (a plan without points)
     */
    default void planned(long nanos, int expanded, SearchStatus status) {
    }

    /** A monster's plan waited this long for a planner thread; {@code urgent}: a chase plan. */
    default void planWaited(long nanos, boolean urgent) {
    }

    /** A plan failed with an unexpected exception (a bug); the monster re-plans later. */
    default void planFailed() {
    }

    /** A finished plan was dropped because a newer one superseded it, the monster left, or the map changed. */
    default void planDropped() {
    }

    /**
     * After a tick's separation pass, {@code pairs} pairs (monster–monster or monster–player) of one world were
     * still closer than their body radii allow, beyond the 0.05 m tolerance (walls held them). Tick thread.
     */
    default void monsterOverlaps(int pairs) {
    }

    /**
     * A layout gave a monster a slot 0.5 m or more from its previous one relative to the player (another place
     * around it, not the same place moving with a walking player). Tick thread.
     */
    default void slotReassigned() {
    }

    /**
     * A planner task built one shared integration field for several monsters chasing one player (see
     * {@link PathPlanner#planShared}), settling {@code cells} cells. Each monster's path also counts in
     * {@link #planned}. Called from planner threads.
     */
    default void sharedFieldBuilt(int cells) {
    }

    /**
     * A part of a world's tick took {@code cpuNanos} of the tick thread's CPU time ({@link PhaseClock}). Tick thread.
     */
    default void tickPhase(TickPhase phase, long cpuNanos) {
    }

    /** Does nothing. */
    WorldMetrics NONE = new WorldMetrics() {
    };
}
