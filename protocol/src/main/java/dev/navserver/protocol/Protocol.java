package dev.navserver.protocol;

/**
 * Version and wire limits of the navserver NDJSON protocol. Limits are enforced by the decoders in
 * {@link dev.navserver.protocol.json}; a value outside them decodes to a {@code bad_field} error.
 */
public final class Protocol {
    /** Protocol version sent in {@code hello} and {@code welcome}. */
    public static final int VERSION = 1;

    /** Default maximum length of one line in bytes, excluding its {@code \n} or {@code \r\n} terminator. */
    public static final int DEFAULT_MAX_FRAME_BYTES = 65536;

    /** Maximum JSON nesting depth of a line (objects and arrays, the top-level object counts as 1). */
    public static final int MAX_NESTING_DEPTH = 32;

    /**
     * Largest accepted absolute value of a position coordinate, metres. Anything larger (1e308, say) is
     * rejected as {@code bad_field} before it reaches a map transform.
     */
    public static final double MAX_ABS_COORDINATE_METERS = 1.0e7;

    /** Largest accepted {@code seq}, {@code playerSeq} or other counter: 2^53 - 1, exact in a JSON double. */
    public static final long MAX_COUNTER = (1L << 53) - 1;

    /** Maximum length in chars of {@code player}, {@code map}, {@code session}, {@code monster} and similar names. */
    public static final int MAX_NAME_CHARS = 64;

    /** Maximum length in chars of {@code hello.token} (the longest {@code server.authorityToken} allowed). */
    public static final int MAX_TOKEN_CHARS = 256;

    /** Maximum number of points in a client's {@code validate_path}. */
    public static final int MAX_VALIDATE_POINTS = 4096;

    /** Maximum number of units ({@code from} positions) in one {@code group_path_query}. */
    public static final int MAX_GROUP_UNITS = 256;

    /**
     * Largest accepted {@code spacingMeters} of a {@code group_path_query}, metres. 256 goals 50 m apart already
     * need a square kilometre of walkable ground.
     */
    public static final double MAX_GROUP_SPACING_METERS = 50.0;

    /** Maximum number of edits in one {@code map_edit}. */
    public static final int MAX_EDITS = 1024;

    /** Largest accepted {@code radiusMeters} of a wander behaviour or command, metres; it must also be {@code > 0}. */
    public static final double MAX_WANDER_RADIUS_METERS = 10000.0;

    /** Largest accepted absolute value of each component of a {@code follow} command's {@code offset}, metres. */
    public static final double MAX_FOLLOW_OFFSET_METERS = 10000.0;

    /** Minimum number of points of a {@code route}. */
    public static final int MIN_ROUTE_POINTS = 2;

    /** Maximum number of points of a {@code route}. */
    public static final int MAX_ROUTE_POINTS = 256;

    /** Largest accepted {@code waitSeconds} of a {@code route}, seconds. */
    public static final double MAX_ROUTE_WAIT_SECONDS = 3600.0;

    private Protocol() {
    }
}
