package dev.navserver.nav.smooth;

/**
 * Outcome of {@link LineOfSight#check}. When several apply, the first listed after {@link #CLEAR} wins:
 * {@link #OFF_MAP}, then {@link #BLOCKED}, then {@link #CORNER}.
 */
public enum SegmentCheck {
    /** Every cell whose closed square the segment touches is inside the map and open. */
    CLEAR,
    /** The segment touches a cell outside the map (an endpoint lies on or beyond the map's outer border). */
    OFF_MAP,
    /** The segment passes through the interior of a blocked cell. */
    BLOCKED,
    /** The segment touches blocked cells only on their boundary: at a vertex (a cut corner) or along an edge. */
    CORNER
}
