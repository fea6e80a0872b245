package dev.navserver.protocol;

/** Values of the {@code status} field of {@code path} and {@code nav_path}. */
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
}
