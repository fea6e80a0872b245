package dev.navserver.bots;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.search.SearchStatus;
import dev.navserver.nav.smooth.PathCheck;
import dev.navserver.nav.smooth.PathValidator;
import dev.navserver.nav.smooth.WorldPath;
import dev.navserver.protocol.PathStatus;
import dev.navserver.protocol.message.Vec3;
import java.util.List;

/**
 * Checks a {@code nav_path} against the map the bot loaded. Its status must be {@code ok}, {@code partial} or
 * {@code unreachable} ({@link #BAD_STATUS}); an {@code unreachable} path may be empty. Its points are then checked by
 * the engine's {@link PathValidator} on the map's default grid, with y required to be the map origin's y within
 * {@link #Y_TOLERANCE_METERS}; failures carry the {@link PathCheck.Reason#wire()} names the server's
 * {@code validate_path} uses. The first point is the monster's position and may lie anywhere inside its cell.
 *
 * <p>Immutable and thread-safe: the map is only read.
 */
public final class PathChecker {
    /** The status is not {@code ok}, {@code partial} or {@code unreachable}. */
    public static final String BAD_STATUS = "bad_status";
    /** A {@code nav_path} whose {@code seq} is not greater than the last one of the same monster. */
    public static final String SEQ_NOT_INCREASING = "seq_not_increasing";

    /** A {@code nav_path} whose {@code mapVersion} is newer than every {@code map_patch} the bot received. */
    public static final String VERSION_AHEAD = "version_ahead";

    /** Largest accepted difference between a point's y and the map origin's y, metres. */
    public static final double Y_TOLERANCE_METERS = 1e-6;

    private final GridMap map;
    private final PathValidator validator;

    public PathChecker(GridMap map) {
        this.map = map;
        this.validator = PathValidator.checkingHeight(map.navGrid(), Y_TOLERANCE_METERS);
    }

    public GridMap map() {
        return map;
    }

    /**
     * Checks a received {@code nav_path}'s path: its points are checked as they are, without a copy into
     * {@link Vec3}s.
     */
    public PathVerdict check(WorldPath path) {
        return check(path.status(), path.toPackedArray());
    }

    /**
     * Checks one path given as wire values (tests, and statuses no {@link WorldPath} can hold, such as an empty
     * {@code ok}).
     *
     * @param status the {@code nav_path}'s status
     * @param points its points, Unity world metres, in path order
     */
    public PathVerdict check(String status, List<Vec3> points) {
        return check(status == null ? null : PathStatus.parse(status), Vec3.pack(points));
    }

    /** @param status null when the wire status is no path status */
    private PathVerdict check(SearchStatus status, double[] xyz) {
        boolean unreachable = status == SearchStatus.UNREACHABLE;
        if (!unreachable && status != SearchStatus.FOUND && status != SearchStatus.PARTIAL) {
            return PathVerdict.invalid(BAD_STATUS, -1);
        }
        if (unreachable && xyz.length == 0) {
            return PathVerdict.VALID;
        }
        return PathVerdict.of(validator.check(xyz));
    }
}
