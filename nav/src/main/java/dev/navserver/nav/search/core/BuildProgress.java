package dev.navserver.nav.search.core;

/**
 * Where a long build of derived data (a subgoal graph, its hierarchy) stands, told by the building thread every few
 * thousand units of work, and whether it should go on.
 *
 * <p>Called on the building thread only; implementations must be cheap and must not block.
 */
@FunctionalInterface
public interface BuildProgress {
    /** Never abandons, reports nowhere. */
    BuildProgress NONE = (done, total) -> true;

    /**
     * @param done  units of work done so far, {@code 0 .. total}
     * @param total units of work of the whole build (its unit is the build's: subgoals scanned, subgoals contracted)
     * @return true to go on, false to abandon the build (it then returns without a result)
     */
    boolean report(long done, long total);
}
