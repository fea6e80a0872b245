package dev.navserver.nav.smooth;

import java.util.Objects;

/**
 * Outcome of {@link PathValidator#check}: the path is valid, or the first problem met walking it and where.
 * Immutable.
 *
 * <p><b>Index convention</b> (the one {@code path_valid.badSegment} carries on the wire): segment {@code i} joins
 * points {@code i} and {@code i+1}. A bad segment {@code i} reports {@code i}; a bad point {@code i} reports the
 * segment ending at it, {@code i - 1}, or {@code 0} for the first point; {@link Reason#EMPTY} reports {@code -1}.
 *
 * @param ok         whether the path is valid; then {@code badSegment} is {@code -1} and {@code reason} null
 * @param badSegment the first bad segment, per the convention above; {@code -1} when valid or empty
 * @param reason     why the path is invalid; null when valid
 */
public record PathCheck(boolean ok, int badSegment, Reason reason) {
    /** The result of a valid path. */
    public static final PathCheck OK = new PathCheck(true, -1, null);

    /** Why a path is invalid. {@link #wire()} is the name sent in {@code path_valid.reason} and reported by the bots. */
    public enum Reason {
        /** The path has no point. */
        EMPTY("empty"),
        /** A point lies outside the map, or a segment touches a cell outside it (runs along the map's outer edge). */
        OFF_MAP("off_map"),
        /** A point lies on a cell the agent may not stand on, or a segment crosses the interior of such a cell. */
        BLOCKED("blocked"),
        /** A segment touches a blocked cell only at its border or a vertex: it cuts a corner. */
        CORNER("corner"),
        /** A point's y differs from the map origin's y by more than the validator's tolerance (when it checks y). */
        WRONG_Y("wrong_y");

        private final String wire;

        Reason(String wire) {
            this.wire = wire;
        }

        /** The reason's name on the wire and in reports, e.g. {@code off_map}. */
        public String wire() {
            return wire;
        }
    }

    /**
     * @throws IllegalArgumentException when the fields disagree: a valid result with a reason or segment, an invalid
     *                                  one without a reason, {@code EMPTY} with a segment, another reason without one
     */
    public PathCheck {
        if (ok) {
            if (reason != null || badSegment != -1) {
                throw new IllegalArgumentException("a valid path has no reason and no bad segment");
            }
        } else {
            Objects.requireNonNull(reason, "reason");
            if (reason == Reason.EMPTY ? badSegment != -1 : badSegment < 0) {
                throw new IllegalArgumentException("reason " + reason + " with bad segment " + badSegment);
            }
        }
    }

    /** The result of a path without points. */
    public static PathCheck empty() {
        return new PathCheck(false, -1, Reason.EMPTY);
    }

    /**
     * An invalid result.
     *
     * @param reason     not {@link Reason#EMPTY} (use {@link #empty()})
     * @param badSegment {@code >= 0}, per the class's index convention
     */
    public static PathCheck failed(Reason reason, int badSegment) {
        return new PathCheck(false, badSegment, reason);
    }
}
