package dev.navserver.nav.search;

/** Outcome of a {@link PathSearch}. Every outcome is a value; none is reported by an exception. */
public enum SearchStatus {
    /** A path to the goal (or, with an arrival radius, to a cell within the radius of it) was found. */
    FOUND,
    /**
     * A path toward the goal but not to it: the node budget ran out (path to the expanded node nearest the goal),
     * or {@link GoalPolicy#NEAREST_REACHABLE} substituted the reachable cell nearest an unreachable goal.
     */
    PARTIAL,
    /** The goal lies on another island than the start; answered from island labels without expanding a node. */
    UNREACHABLE,
    /** The agent cannot stand on the start cell. */
    START_BLOCKED,
    /** The agent cannot stand on the goal cell (under {@link GoalPolicy#EXACT}). */
    GOAL_BLOCKED,
    /** The start or the goal lies outside the map. */
    OUT_OF_BOUNDS
}
