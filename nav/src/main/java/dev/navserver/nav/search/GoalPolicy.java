package dev.navserver.nav.search;

/** What a search does when the goal cell is blocked or on another island than the start. */
public enum GoalPolicy {
    /** Answer {@link SearchStatus#GOAL_BLOCKED} or {@link SearchStatus#UNREACHABLE}. */
    EXACT,
    /**
     * Search to the standable cell of the start's island nearest (Euclidean) the goal instead, and answer
     * {@link SearchStatus#PARTIAL}.
     */
    NEAREST_REACHABLE
}
