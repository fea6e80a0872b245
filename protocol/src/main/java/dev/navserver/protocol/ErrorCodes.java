package dev.navserver.protocol;

/** Values of the {@code code} field of an {@code error} message. See {@code docs/protocol.md} for when each is sent. */
public final class ErrorCodes {
    /** The line is not valid UTF-8, not JSON, nested too deeply, or holds more than one JSON value. */
    public static final String BAD_JSON = "bad_json";
    /** Valid JSON that is not an object, or an object without a string {@code type}. */
    public static final String BAD_MESSAGE = "bad_message";
    /** A {@code type} this protocol version does not know. */
    public static final String UNKNOWN_TYPE = "unknown_type";
    /** A field is missing, of the wrong JSON type, of the wrong length, non-finite or out of range. */
    public static final String BAD_FIELD = "bad_field";
    /** A message that needs a session arrived before {@code hello}. */
    public static final String NOT_WELCOMED = "not_welcomed";
    /** A second {@code hello} on a connection. */
    public static final String ALREADY_WELCOMED = "already_welcomed";
    /**
     * {@code hello}, {@code map_edit}, {@code monster_spawn} or {@code route} names a map the server has not loaded
     * (or an authority's {@code player_pos} carries a {@code player} while the session has no map).
     */
    public static final String UNKNOWN_MAP = "unknown_map";
    /**
     * A cluster serves the map named in {@code hello}, but no node owns it at the moment (it is being moved or
     * loaded): retry later. Followed by {@code bye} reason {@code unavailable}.
     */
    public static final String MAP_UNAVAILABLE = "map_unavailable";
    /**
     * A position ({@code pos}, {@code home}, a route point) is outside the map, or a {@code map_edit} rectangle is
     * not entirely on it.
     */
    public static final String OUT_OF_BOUNDS = "out_of_bounds";
    /**
     * A position is on a blocked cell: a {@code spawn}'s or {@code monster_spawn}'s {@code pos} or {@code home}, a
     * {@code move_to} or {@code teleport} {@code pos}, a {@code route} point.
     */
    public static final String BLOCKED = "blocked";
    /** {@code spawn} while {@code chase.allowClientSpawn} is false. */
    public static final String SPAWN_DISABLED = "spawn_disabled";
    /** A line longer than {@code server.maxFrameBytes}; it was discarded. */
    public static final String FRAME_TOO_LONG = "frame_too_long";
    /** The client sends faster than {@code server.maxMessagesPerSecond} or overflows its inbox. */
    public static final String RATE_LIMITED = "rate_limited";
    /** {@code server.maxConnections} reached; the connection is closed after this error. */
    public static final String SERVER_FULL = "server_full";
    /**
     * {@code hello} carried a {@code token} that is not the server's {@code server.authorityToken} (or the server
     * has none); the connection is closed after this error and a {@code bye} with reason {@code unauthorized}.
     */
    public static final String UNAUTHORIZED = "unauthorized";
    /**
     * A player session sent a message only authority sessions may send ({@code map_edit}, {@code monster_spawn},
     * {@code monster_command}, {@code route}, {@code player_leave}, a {@code player_pos} with {@code player});
     * the session stays open.
     */
    public static final String FORBIDDEN = "forbidden";
    /** A {@code map_edit} covers more cells than {@code maps.maxEditCells}; nothing was applied. */
    public static final String EDIT_TOO_LARGE = "edit_too_large";
    /**
     * A {@code group_path_query} asks for more goals {@code spacingMeters} apart than fit on the walkable ground
     * around {@code to}; no paths were planned.
     */
    public static final String NO_ROOM = "no_room";
    /**
     * A {@code monster_command} names a monster that does not exist on the session's map (never spawned, despawned,
     * or on another map).
     */
    public static final String UNKNOWN_MONSTER = "unknown_monster";
    /**
     * A {@code monster_command}'s {@code target} ({@code chase}, {@code follow}, {@code flee}) or a
     * {@code player_leave}'s {@code player} is no player on the monster's (the session's) map.
     */
    public static final String UNKNOWN_TARGET = "unknown_target";
    /**
     * A {@code monster_spawn}'s patrol behaviour or a {@code monster_command patrol} names a route the map does not
     * have.
     */
    public static final String UNKNOWN_ROUTE = "unknown_route";
    /** A {@code monster_spawn}'s {@code kind} is not in {@code monsters.kinds} (nor {@code default}). */
    public static final String UNKNOWN_KIND = "unknown_kind";
    /**
     * A valid {@code map_edit} (or admin API edit) could not be written to the durable edit log (disk full, I/O
     * error); nothing was applied or published and the map stays at its version. Retrying later may succeed.
     */
    public static final String EDIT_NOT_DURABLE = "edit_not_durable";
    /** The server failed while handling a valid request; the request had no effect. */
    public static final String INTERNAL = "internal";

    private ErrorCodes() {
    }
}
