package dev.navserver.bots;

import dev.navserver.nav.smooth.PathCheck;
import java.util.Objects;

/**
 * Outcome of {@link PathChecker#check}: valid, or the first problem found and where. Immutable.
 *
 * @param problem    {@code null} when the path is valid, else {@link PathChecker#BAD_STATUS} or a
 *                   {@link PathCheck.Reason#wire()} name
 * @param badSegment the first bad segment as in {@link PathCheck#badSegment()}; {@code -1} when valid or not tied to
 *                   a segment
 */
public record PathVerdict(String problem, int badSegment) {
    /** The verdict of a valid path. */
    public static final PathVerdict VALID = new PathVerdict(null, -1);

    /** A failed verdict. */
    public static PathVerdict invalid(String problem, int badSegment) {
        return new PathVerdict(Objects.requireNonNull(problem, "problem"), badSegment);
    }

    /** The verdict of the engine's check of the points. */
    public static PathVerdict of(PathCheck check) {
        return check.ok() ? VALID : invalid(check.reason().wire(), check.badSegment());
    }

    public boolean valid() {
        return problem == null;
    }
}
