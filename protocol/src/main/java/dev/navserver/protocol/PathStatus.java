package dev.navserver.protocol;

import dev.navserver.nav.search.SearchStatus;

/**
 * Values of the {@code status} field of {@code path} and {@code nav_path}, and the one mapping between them and the
 * engine's {@link SearchStatus}.
 */
public final class PathStatus {
    /** A complete path to the goal. */
    public static final String OK = "ok";
    /** The goal is unreachable (another island, or beyond the node budget): a path to the nearest reachable point. */
    public static final String PARTIAL = "partial";
    /** No path at all. */
    public static final String UNREACHABLE = "unreachable";
    /** The start is on a blocked cell ({@code path} only). */
    public static final String BLOCKED = "blocked";
    /** The start or goal is off the map ({@code path} only). */
    public static final String OUT_OF_BOUNDS = "out_of_bounds";

    private PathStatus() {
    }

    /**
     * The wire string of an engine status. {@code GOAL_BLOCKED} (only possible under an exact goal policy, which the
     * server does not use for chases or queries) is reported as {@code unreachable}.
     */
    public static String wire(SearchStatus status) {
        return switch (status) {
            case FOUND -> OK;
            case PARTIAL -> PARTIAL;
            case UNREACHABLE, GOAL_BLOCKED -> UNREACHABLE;
            case START_BLOCKED -> BLOCKED;
            case OUT_OF_BOUNDS -> OUT_OF_BOUNDS;
        };
    }

    /**
     * The engine status of a wire string, or {@code null} when {@code wire} is not one of the five values.
     * {@code unreachable} maps to {@link SearchStatus#UNREACHABLE}.
     */
    public static SearchStatus parse(String wire) {
        return switch (wire) {
            case OK -> SearchStatus.FOUND;
            case PARTIAL -> SearchStatus.PARTIAL;
            case UNREACHABLE -> SearchStatus.UNREACHABLE;
            case BLOCKED -> SearchStatus.START_BLOCKED;
            case OUT_OF_BOUNDS -> SearchStatus.OUT_OF_BOUNDS;
            default -> null;
        };
    }
}
