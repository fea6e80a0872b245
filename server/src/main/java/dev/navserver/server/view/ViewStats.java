package dev.navserver.server.view;

/**
 * The strip of numbers a viewer frame carries. Immutable.
 *
 * @param tickP99Ms         99th percentile of the last {@link ViewStatsSampler#TICK_WINDOW} tick durations, ms
 * @param plansPerSecond    searches completed per second (monster plans and path queries) over the last second
 * @param navPathsPerSecond {@code nav_path} messages pushed per second over the last second
 * @param sessions          welcomed game sessions now
 */
public record ViewStats(double tickP99Ms, double plansPerSecond, double navPathsPerSecond, int sessions) {
    /** All zero. */
    public static final ViewStats ZERO = new ViewStats(0, 0, 0, 0);
}
