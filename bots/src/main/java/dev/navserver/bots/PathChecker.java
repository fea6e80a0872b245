package dev.navserver.bots;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.smooth.LineOfSight;
import dev.navserver.nav.smooth.SegmentCheck;
import dev.navserver.protocol.PathStatus;
import dev.navserver.protocol.message.Vec3;
import java.util.List;

/**
 * Checks the points of a {@code nav_path} against the map the bot loaded, with the engine's own tests: every point
 * lies on the map ({@link GridMap#cellAt}) on a cell the default agent may stand on ({@link NavGrid#openCell}), has
 * {@code y} equal to the map origin's y, and every segment is {@link SegmentCheck#CLEAR} by
 * {@link LineOfSight#checkWorld} (no off-map, blocked or corner-cut cell). The first point is the monster's position
 * and may lie anywhere inside its cell. Points are checked first, in order, then segments, in order; the first
 * failure is reported.
 *
 * <p>Immutable and thread-safe: the map is only read.
 */
public final class PathChecker {
    /** The status is not {@code ok}, {@code partial} or {@code unreachable}. */
    public static final String BAD_STATUS = "bad_status";
    /** An {@code ok} or {@code partial} path without points. */
    public static final String EMPTY = "empty";
    /** A point outside the map. */
    public static final String OFF_MAP = "off_map";
    /** A point on a cell the agent may not stand on. */
    public static final String NOT_WALKABLE = "not_walkable";
    /** A point whose y differs from the map origin's y by more than {@link #Y_TOLERANCE_METERS}. */
    public static final String WRONG_Y = "wrong_y";
    /** A segment that leaves the map. */
    public static final String SEGMENT_OFF_MAP = "segment_off_map";
    /** A segment that crosses the interior of a blocked cell. */
    public static final String BLOCKED = "blocked";
    /** A segment that touches a blocked cell only at its border or corner (cuts a corner). */
    public static final String CORNER = "corner";
    /** A {@code nav_path} whose {@code seq} is not greater than the last one of the same monster. */
    public static final String SEQ_NOT_INCREASING = "seq_not_increasing";

    /** Largest accepted difference between a point's y and the map origin's y, metres. */
    public static final double Y_TOLERANCE_METERS = 1e-6;

    private final GridMap map;
    private final NavGrid grid;
    private final double originY;

    public PathChecker(GridMap map) {
        this.map = map;
        this.grid = map.navGrid();
        this.originY = map.transform().originY();
    }

    public GridMap map() {
        return map;
    }

    /**
     * Checks one path.
     *
     * @param status the {@code nav_path}'s status
     * @param points its points, Unity world metres, in path order
     */
    public PathVerdict check(String status, List<Vec3> points) {
        boolean unreachable = PathStatus.UNREACHABLE.equals(status);
        if (!unreachable && !PathStatus.OK.equals(status) && !PathStatus.PARTIAL.equals(status)) {
            return PathVerdict.invalid(BAD_STATUS, -1);
        }
        if (points.isEmpty()) {
            return unreachable ? PathVerdict.VALID : PathVerdict.invalid(EMPTY, -1);
        }
        for (int i = 0; i < points.size(); i++) {
            Vec3 p = points.get(i);
            int cell = map.cellAt(p.x(), p.z());
            if (cell == GridMap.NO_CELL) {
                return PathVerdict.invalid(OFF_MAP, i);
            }
            if (!grid.openCell(cell)) {
                return PathVerdict.invalid(NOT_WALKABLE, i);
            }
            if (!(Math.abs(p.y() - originY) <= Y_TOLERANCE_METERS)) {
                return PathVerdict.invalid(WRONG_Y, i);
            }
        }
        for (int i = 0; i + 1 < points.size(); i++) {
            Vec3 a = points.get(i);
            Vec3 b = points.get(i + 1);
            SegmentCheck c = LineOfSight.checkWorld(grid, a.x(), a.z(), b.x(), b.z());
            switch (c) {
                case CLEAR:
                    break;
                case OFF_MAP:
                    return PathVerdict.invalid(SEGMENT_OFF_MAP, i);
                case BLOCKED:
                    return PathVerdict.invalid(BLOCKED, i);
                case CORNER:
                    return PathVerdict.invalid(CORNER, i);
                default:
                    throw new IllegalStateException("unknown segment check " + c);
            }
        }
        return PathVerdict.VALID;
    }
}
