package dev.navserver.bots;

/**
 * Outcome of {@link PathChecker#check}: valid, or the first problem found and where. Immutable.
 *
 * @param problem {@code null} when the path is valid, else one of the {@code PathChecker} problem constants
 * @param index   for point problems the point's index, for segment problems the segment's index (segment {@code i}
 *                joins points {@code i} and {@code i+1}); {@code -1} when valid or not tied to a point
 */
public record PathVerdict(String problem, int index) {
    /** The verdict of a valid path. */
    public static final PathVerdict VALID = new PathVerdict(null, -1);

    /** A failed verdict. */
    public static PathVerdict invalid(String problem, int index) {
        return new PathVerdict(java.util.Objects.requireNonNull(problem, "problem"), index);
    }

    public boolean valid() {
        return problem == null;
    }
}
