package dev.navserver.server.world;

/**
 * What a {@link Behaviour} may ask of its world: the clock, movement orders for its monster, the world's players and
 * routes, walkable points, and events for authority sessions. Tick thread only.
 */
interface Brain {
    /** World time, seconds. */
    double now();

    /** A uniformly distributed number in {@code [0, 1)}. */
    double random();

    /** {@code chase.moveThresholdMeters}. */
    double moveThresholdMeters();

    /** {@code chase.navIntervalSeconds}. */
    double navIntervalSeconds();

    /** Sends the monster to a point (XZ metres): ends any chase movement, plans at once. */
    void walkTo(Monster m, double x, double z);

    /** Stops the monster where it stands. */
    void standStill(Monster m);

    /** Starts the chase machinery on a player (the monster joins the player's chasers). */
    void startChase(Monster m, Player target);

    /** Ends the chase machinery (leaves the player's chasers and local navigation). */
    void stopChase(Monster m);

    /** Whether its walk to its goal has ended: at the end of its path (complete or partial), no plan in flight. */
    boolean reached(Monster m);

    /** {@link #reached} at the end of a complete path. */
    boolean reachedGoal(Monster m);

    /** Whether the player is still in the world. */
    boolean present(Player p);

    /** The world's route of that name, or null. */
    Route route(String name);

    /** A random walkable point (XZ) of the monster's island within {@code radius} m of (cx, cz), or null. */
    double[] randomPointNear(Monster m, double cx, double cz, double radius);

    /** The walkable point (XZ) of the monster's island nearest (x, z), or null. */
    double[] walkablePointNear(Monster m, double x, double z);

    /**
     * Tells the world's authority sessions ({@code monster_event}).
     *
     * @param target a player name or null; {@code route} and {@code index} (>= 0) for {@code waypoint} only
     */
    void event(Monster m, String event, String target, String route, int index);
}
