package dev.navserver.nav.search;

/** How a build of a grid's long-route structure ({@link SubgoalGraph#publish}, {@link SubgoalGraph#publishHierarchy}) ended. */
public enum BuildOutcome {
    /** Built and published: searches use it from now on. */
    BUILT,
    /** Not built: it has too many edges for any heap ({@code SubgoalGraph.MAX_DIRECTED_EDGES}); searches never use one. */
    TOO_LARGE,
    /** Not built: the heap's headroom cannot hold the build (estimated before allocating, or an OutOfMemoryError). */
    NO_HEAP,
    /** Not built: its progress callback asked to stop (e.g. a newer map version is waiting). */
    ABANDONED,
    /** Not built: the grid has non-uniform move costs, which the subgoal graph does not model. */
    NOT_APPLICABLE;

    /** The label of this outcome in metrics and logs: the constant's name in lower case. */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
